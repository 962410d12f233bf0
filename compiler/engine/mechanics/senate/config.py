"""The Senate's part of the rules record (game.yaml's `senate`), parsed once per ruleset."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...core.rules import RulesError, checked
from .senators import Senators

ANY = "any"  # `influence: {section: any}`: every chamber


@dataclass(frozen=True)
class Chamber:
    section: str
    points: int
    face_up: bool

    def __post_init__(self) -> None:
        checked(self)


@dataclass(frozen=True)
class Step:
    cards: int  # from this many buildings of senate.actions.color on
    actions: int  # this many Senate actions

    def __post_init__(self) -> None:
        checked(self)


@dataclass(frozen=True)
class Config:
    cubes: int  # senate.cubes: each player's
    chambers: tuple[Chamber, ...]  # senate.chambers, in board order
    decrees: tuple[str, ...]  # senate.decrees: token ids
    supremacy: int  # senate.supremacy: chambers controlled that win at once
    action_color: str  # senate.actions.color
    action_steps: tuple[Step, ...]  # senate.actions.steps
    senators: Senators | None = None  # senate.senators (senate/senators.py)

    def __post_init__(self) -> None:
        checked(self)
        if self.supremacy > len(self.chambers):
            raise RulesError(f"senate.supremacy: {self.supremacy} chambers, but the Senate has "
                             f"{len(self.chambers)}")
        if len(self.decrees) < len(self.chambers):
            raise RulesError(f"senate.decrees: {len(self.decrees)} Decrees for "
                             f"{len(self.chambers)} chambers")
        if any(c.section == ANY for c in self.chambers):
            raise RulesError(f"senate.chambers: {ANY!r} means every chamber, not a section")
        cards = [step.cards for step in self.action_steps]
        if not cards or cards[0] != 0 or cards != sorted(set(cards)):
            raise RulesError("senate.actions.steps: ascending by `cards`, the first at 0")

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        s = rules["senate"]
        return cls(s["cubes"], tuple(Chamber(c["section"], c["points"], c["decree"] == "face_up")
                                     for c in s["chambers"]),
                   tuple(s["decrees"]), s["supremacy"], s["actions"]["color"],
                   tuple(Step(step["cards"], step["actions"]) for step in s["actions"]["steps"]),
                   Senators.parse(s))
