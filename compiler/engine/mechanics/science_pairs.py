"""Mechanic `science_pairs`: science symbols (Duel, rulings 11 and 21).

Reads `science`: `pair_size` identical symbols from buildings take a progress token from the
board when `pair_takes_token` (once per symbol; a token's symbol never completes a pair), and
`supremacy` different symbols win at once. Needs `progress_tokens` for the board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..core.rules import checked

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


class SciencePairs:
    __slots__ = ()

    # The functions themselves, not wrappers: a Python call fewer on every build.
    _gain_symbol = gain_symbol


MIXIN = SciencePairs
