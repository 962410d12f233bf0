"""Mechanic `wonder_limit`: at most `setup.max_wonders_built` Wonders in the whole game.

Once the last allowed Wonder is built, every unbuilt Wonder leaves the game (ruling 18):
it is marked removed and can no longer be built.
"""
from __future__ import annotations

from ..core.kinds import REMOVED, UNBUILT

from dataclasses import dataclass
from typing import Any, Mapping

from ..core.rules import checked

NAME = "wonder_limit"


@dataclass(frozen=True)
class Config:
    max_wonders_built: int  # setup.max_wonders_built

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        return cls(rules["setup"]["max_wonders_built"])


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


MIXIN = WonderLimit
