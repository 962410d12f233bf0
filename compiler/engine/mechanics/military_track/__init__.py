"""Mechanic `military_track`: the tug-of-war conflict pawn (Duel, rulings 19 and 20).

Reads `military` (`supremacy_at` and the `zones` with their VP, loot and token). Shields push
the pawn towards the opponent's capital; entering a looting zone costs the opponent its coins
once; entering a zone with a `token` (7 Wonders Duel: Agora's military tokens, agora-rulings
25) has the player the pawn moved away from resolve that token's effects once, the choices
they ask queued as any card's; reaching `supremacy_at` wins at once. Every move of the pawn
is `advance_pawn` (the game's `_shields`): a card's, a Wonder's or a conspiracy's shields, and
a shield Decree gained or lost (senate/decrees.py), whoever's action moved it (ruling 24). The track has two ends, so the mechanic is
two-sided by nature: it plays with `seating: opponent` only (the schema and WS320 refuse it
elsewhere). `game.pawn` is signed: positive means towards the capital of the seat whose
`Tables.pawn_side` is -1.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...core.fields import SEAT, STATE, StateField, lists_copy
from ...core.rules import RulesError, checked
from ..progress_tokens import keeps_out
from ...core.views import Feature, single
from ...games.duel.positions import MILITARY as POSITION  # noqa: F401 (its part of a position)

NAME = "military_track"


@dataclass(frozen=True)
class Zone:
    first: int  # distance from the centre, inclusive
    last: int
    points: int
    loot: int = 0  # coins the opponent loses when the pawn enters the zone
    token: str = ""  # a token whose effects the pusher resolves when the pawn enters it

    def __post_init__(self) -> None:
        checked(self)


@dataclass(frozen=True)
class Config:
    supremacy_at: int  # military.supremacy_at: the distance that wins at once
    zones: tuple[Zone, ...]  # military.zones, from the centre outwards

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        military = rules["military"]
        return cls(military["supremacy_at"], tuple(
            Zone(z["from"], z["to"], z["points"], z.get("loot", 0), z.get("token", ""))
            for z in military["zones"]))


def extend_tables(t) -> None:
    """The track's numbers as the move loop reads them: each seat's side of the pawn, the
    loot zones, the VP at each distance from the centre."""
    config = t.config[NAME]
    # Two-sided: the first seat pushes the pawn towards the positive end (the other seat's
    # capital), the other seat towards the negative end.
    t.pawn_side = tuple(1 if p == t.seats[0] else -1 for p in t.seats)
    t.supremacy_at = config.supremacy_at
    t.zones = config.zones
    t.loot_zones = tuple((z.first, z.loot) for z in config.zones if z.loot or z.token)
    tokens = []  # per loot zone, the component of its token, or -1
    for z in config.zones:
        if z.token:
            comp = t.index.get(z.token, -1)
            if not t.token0 <= comp < t.token0 + t.NT:
                raise RulesError(f"military.zones: {z.token!r} is not a token of the game")
            tokens.append(comp)
        elif z.loot:
            tokens.append(-1)
    t.loot_tokens = tuple(tokens)
    t.points_at = [0] * (config.supremacy_at + 1)
    for z in config.zones:
        for d in range(z.first, min(z.last, config.supremacy_at) + 1):
            t.points_at[d] = z.points
    if config.zones:  # the capital, past the last zone: the pawn went through that zone
        t.points_at[config.supremacy_at] = max(config.zones, key=lambda z: z.last).points


def advance_pawn(game, player: int, shields: int) -> None:
    """Move the pawn `shields` spaces away from `player`, towards its opponent's capital:
    `player` resolves the military tokens the pawn reaches (ruling 24), whoever's action
    moved it.

    A loot token is taken when the pawn *enters* its zone; one move may enter several zones.
    """
    t = game.t
    sign = t.pawn_side[player]
    old = game.pawn * sign
    new = old + shields
    if new > t.supremacy_at:
        new = t.supremacy_at
    game.pawn = new * sign
    opponent = t.neighbours[player][0]  # the track is two-sided: the one opponent
    used = game.loot_used[opponent]
    for i, (first, loot) in enumerate(t.loot_zones):
        if old < first <= new and not used[i]:
            used[i] = True
            coins = game.coins[opponent] - loot
            game.coins[opponent] = coins if coins > 0 else 0
            token = t.loot_tokens[i]
            if token >= 0:  # its choices come after the move, as a card's (`_buffer`)
                t.objects[token].on_build(game, player)
    if new >= t.supremacy_at:
        game._win(player, "military")


# A military token is resolved where the pawn reaches it, never laid out as a progress token.
keeps_out(NAME, lambda t: tuple(c - t.token0 for c in t.loot_tokens if c >= 0))


def military_points(game, player: int) -> int:
    """VP of the zone the pawn stands in, for the player it has moved away from."""
    lead = game.pawn * game.t.pawn_side[player]
    return game.t.points_at[lead] if lead > 0 else 0


def weaker(game) -> int:
    """The seat towards whose capital the pawn stands, or -1 with the pawn in the centre."""
    t = game.t
    for p in t.seats:
        if game.pawn * t.pawn_side[p] < 0:
            return p
    return -1


# State owned by this mechanic: the pawn, and per seat the looting tokens used on its side ----

def _load_pawn(g, value, read) -> int:
    return read.int(value, "pawn", -g.t.supremacy_at, g.t.supremacy_at)


def _load_loot(g, values, read) -> list[list[bool]]:
    zones = len(g.t.loot_zones)
    out = []
    for p, loot in enumerate(values):
        path = f"players[{p}].loot_lost"
        loot = read.list(loot, path, zones)
        if len(loot) != zones:
            raise read.fail(path, f"expected {zones} entries, got {len(loot)}")
        out.append([read.bool(x, f"{path}[{i}]") for i, x in enumerate(loot)])
    return out


def _check_track(g) -> str | None:
    """The looting tokens behind the pawn are used; the pawn on a capital ended the game."""
    t = g.t
    for p in t.seats:
        lead = g.pawn * t.pawn_side[p]
        opponent = t.neighbours[p][0]  # the track is two-sided
        for i, (first, _loot) in enumerate(t.loot_zones):
            if lead >= first and not g.loot_used[opponent][i]:
                return (f"players[{opponent}].loot_lost[{i}]: the pawn stands beyond that "
                        "looting zone, so its token is used")
    res = g.result
    if res is None:
        if abs(g.pawn) >= t.supremacy_at:
            return "pawn: it stands on a capital, so the game is over (result)"
    elif res.victory == VICTORY:
        if res.winner is None or g.pawn * t.pawn_side[res.winner] < t.supremacy_at:
            return "result: a military victory needs the pawn on the loser's capital"
    return None


VICTORY = "military"  # the victory this mechanic can end the game with
FIELDS = (
    StateField("pawn", lambda g: 0, save=lambda g, v: v, load=_load_pawn, json=STATE,
               order=80, check_derived=_check_track,
               doc="spaces from the centre, positive towards the capital of pawn_side -1"),
    StateField("loot_lost", lambda g: [[False] * len(g.t.loot_zones) for _ in g.t.seats],
               lists_copy, lambda g, v: [list(x) for x in v], _load_loot, json=SEAT,
               order=40, slots=("loot_used",),
               doc="per seat, per looting zone on its side (nearest the centre first): used"),
)


def _seen_loot(g, player: int) -> list[float]:
    """Per looting zone, whether the seat's token is used; then whether another seat's is."""
    n = len(g.t.loot_zones)
    others = [q for q in g.t.seats if q != player]
    return ([float(g.loot_used[player][k]) for k in range(n)]
            + [float(any(g.loot_used[q][k] for q in others)) for k in range(n)])


def _seen_lead(g, player: int) -> list[float]:
    """How far the pawn stands towards the other capital, as a share of the way."""
    t = g.t
    return [g.pawn * t.pawn_side[player] / t.supremacy_at if t.supremacy_at else 0.0]


# What a seat sees (core/views.py): the looting tokens used, and the pawn.
VIEW = (Feature("loot", 300, lambda t: 2 * len(t.loot_zones), _seen_loot),
        Feature("pawn", 410, single, _seen_lead))


class MilitaryTrack:
    __slots__ = ()

    # The functions themselves, not wrappers: a Python call fewer on every build.
    _shields = advance_pawn
    _military_points = military_points


MIXIN = MilitaryTrack
