"""Mechanic `science_pairs`: science symbols (Duel, rulings 11 and 21).

Reads `science`: `pair_size` identical symbols from buildings take a progress token from the
board when `pair_takes_token` (once per symbol; a token's symbol never completes a pair), and
`supremacy` different symbols win at once. Needs `progress_tokens` for the board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...core.fields import SEAT, StateField, list_copy
from ...core.rules import checked
from ...core.views import Feature
from ...games.duel.positions import PAIRS as POSITION  # noqa: F401 (its part of a position)

NAME = "science_pairs"


@dataclass(frozen=True)
class Config:
    pair_takes_token: bool  # science.pair_takes_token
    pair_size: int  # science.pair_size
    supremacy: int  # science.supremacy: different symbols that win at once

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        science = rules["science"]
        return cls(science["pair_takes_token"], science["pair_size"], science["supremacy"])


def extend_tables(t) -> None:
    """The numbers `gain_symbol` reads on every symbol gained."""
    config = t.config[NAME]
    t.pair_size = config.pair_size
    t.pair_reward = config.pair_takes_token
    t.science_supremacy = config.supremacy


def gain_symbol(game, player: int, symbol: int, from_building: bool) -> None:
    """Add a symbol to the city; queue the pair reward or end the game as the rules say."""
    counts = game.sci[player]
    counts[symbol] += 1
    n = counts[symbol]
    t = game.t
    if n == 1:
        game.sci_distinct[player] += 1
        if game.sci_distinct[player] >= t.science_supremacy:
            game._win(player, "scientific")
    elif n == t.pair_size and from_building and t.pair_reward:
        bit = 1 << symbol
        if not game.pairs_done[player] & bit:
            game.pairs_done[player] |= bit
            game._offer_board_token(player)


# State owned by this mechanic: per seat, a bit per symbol whose pair took a token ---------

def _save_pairs(g, done: list[int]) -> list[list[str]]:
    symbols = g.t.symbols
    return [[s for i, s in enumerate(symbols) if d >> i & 1] for d in done]


def _load_pairs(g, values, read) -> list[int]:
    symbols = {s: i for i, s in enumerate(g.t.symbols)}
    out = []
    for p, listed in enumerate(values):
        path = f"players[{p}].pairs_rewarded"
        done = 0
        for i, s in enumerate(read.list(listed, path, len(symbols))):
            if not isinstance(s, str) or s not in symbols:
                raise read.fail(f"{path}[{i}]", f"unknown science symbol {read.short(s)}")
            if done >> symbols[s] & 1:
                raise read.fail(f"{path}[{i}]", f"{s!r} is listed twice")
            done |= 1 << symbols[s]
        out.append(done)
    return out


def _check_supremacy(g) -> str | None:
    """Enough different symbols ended the game (the counts are rebuilt from the cities)."""
    t = g.t
    res = g.result
    if res is None:
        for p in t.seats:
            if g.sci_distinct[p] >= t.science_supremacy:
                return (f"players[{p}] has {g.sci_distinct[p]} different science symbols, "
                        "so the game is over (result)")
    elif res.victory == VICTORY:
        if res.winner is None or g.sci_distinct[res.winner] < t.science_supremacy:
            return f"result: a scientific victory needs {t.science_supremacy} different symbols"
    return None


VICTORY = "scientific"  # the victory this mechanic can end the game with
FIELDS = (
    StateField("pairs_rewarded", lambda g: [0] * g.t.n_seats, list_copy, _save_pairs,
               _load_pairs, json=SEAT, order=50, slots=("pairs_done",),
               check_derived=_check_supremacy,
               doc="per seat: the symbols whose pair already took a token"),
)


def _seen_pairs(g, player: int) -> list[float]:
    """Per symbol, whether the seat's pair took a token; then whether another seat's did."""
    done, n = g.pairs_done, len(g.t.symbols)
    others = [q for q in g.t.seats if q != player]
    return ([float(done[player] >> k & 1) for k in range(n)]
            + [float(any(done[q] >> k & 1 for q in others)) for k in range(n)])


VIEW = (Feature("pairs", 200, lambda t: 2 * len(t.symbols), _seen_pairs),)  # core/views.py


class SciencePairs:
    __slots__ = ()

    # The functions themselves, not wrappers: a Python call fewer on every build.
    _gain_symbol = gain_symbol


MIXIN = SciencePairs
