"""Mechanic `wonder_limit`: at most `setup.max_wonders_built` Wonders in the whole game.

Once the last allowed Wonder is built, every unbuilt Wonder leaves the game (ruling 18):
it is marked removed and can no longer be built, even if a built one leaves the game later
(Agora's Sabotage). A loaded state's Wonders must agree with the limit (`CHECKS`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.kinds import REMOVED, UNBUILT
from ...core.rules import checked

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "wonder_limit"


@dataclass(frozen=True)
class Config:
    max_wonders_built: int  # setup.max_wonders_built

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        return cls(rules["setup"]["max_wonders_built"])


def extend_tables(t) -> None:
    t.max_wonders_built = t.config[NAME].max_wonders_built


class WonderLimit:
    __slots__ = ()

    def _wonder_built(self, player: int, wonder: int) -> None:
        t = self.t
        if self.wonders_built_total >= t.max_wonders_built:
            for q in t.seats:
                tuck = self.wonder_tuck[q]
                for i, x in enumerate(tuck):
                    if x == UNBUILT:
                        tuck[i] = REMOVED
            self.unbuilt = t.seating.per_seat([])
        else:
            self.unbuilt[player].remove(wonder)


def check_limit(g: GameState) -> str | None:
    """The Wonders built, unbuilt and removed in a loaded state agree with the limit."""
    tucks = [x for p in g.t.seats for x in g.wonder_tuck[p]]
    built = sum(1 for x in tucks if x >= 0)
    limit = g.t.max_wonders_built
    if built > limit:
        return f"{built} Wonders are built; at most {limit} can be"
    if built == limit and UNBUILT in tucks:
        return f"{limit} Wonders are built, so the last unbuilt one is 'removed', not 'unbuilt'"
    if built + _out_of_every_city(g) < limit and REMOVED in tucks:
        return f"a Wonder is 'removed' but only {built} of {limit} Wonders are built"
    return None


def _out_of_every_city(g: GameState) -> int:
    """The Wonders no longer anywhere: built, then taken out of the game by another
    mechanic (Agora's Sabotage, ruling 18), which leaves the last one removed. Those a
    position written by hand leaves out count too: they cannot be told apart."""
    listed = sum(len(w) for w in g.wonders)
    listed += len(getattr(g, "wonder_pool", ())) + len(getattr(g, "draft", ()))
    return g.t.NW - listed


MIXIN = WonderLimit
CHECKS = (check_limit,)  # run on a loaded state (state_checks.py)
