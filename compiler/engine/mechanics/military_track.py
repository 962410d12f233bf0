"""Mechanic `military_track`: the tug-of-war conflict pawn (Duel, rulings 19 and 20).

Reads `military` (`supremacy_at` and the `zones` with their VP and loot). Shields push the
pawn towards the opponent's capital; entering a looting zone costs the opponent its coins
once; reaching `supremacy_at` wins at once. The track has two ends, so the mechanic is
two-sided by nature: it plays with `seating: opponent` only (the schema and WS320 refuse it
elsewhere). `game.pawn` is signed: positive means towards the capital of the seat whose
`Tables.pawn_side` is -1.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..core.rules import checked

NAME = "military_track"


@dataclass(frozen=True)
class Zone:
    first: int  # distance from the centre, inclusive
    last: int
    points: int
    loot: int = 0  # coins the opponent loses when the pawn enters the zone

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
            Zone(z["from"], z["to"], z["points"], z.get("loot", 0)) for z in military["zones"]))


def advance_pawn(game, player: int, shields: int) -> None:
    """Move the pawn `shields` spaces towards `player`'s opponent.

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
    if new >= t.supremacy_at:
        game._win(player, "military")


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


class MilitaryTrack:
    __slots__ = ()

    # The functions themselves, not wrappers: a Python call fewer on every build.
    _shields = advance_pawn
    _military_points = military_points


MIXIN = MilitaryTrack
