"""Mechanic `conflicts`: military conflicts at the end of each Age (ruling 20).

Reads `conflicts`: `victory` (the token of Age I, II, III) and `defeat` (every Age). When an
Age ends (after its last turn and its end-of-turn effects, hand_draft), each city compares
its shields (buildings and Wonder stages) with each neighbour: more takes that Age's victory
token, fewer a defeat token, equal nothing. The tokens score as "military"; `count_defeats`
counts a city's defeat tokens (Strategists Guild). State: `conflict_tokens`, each seat's
token values in the order taken, declared in `FIELDS`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.fields import StateField, lists_copy
from ...core.rules import RulesError, checked
from ...games.classic.positions import CONFLICTS as POSITION  # noqa: F401 (its part of a position)
from ...games.classic.view import CONFLICTS as VIEW  # noqa: F401 (what a seat sees: core/views.py)

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "conflicts"


@dataclass(frozen=True)
class Config:
    victory: tuple[int, ...]  # conflicts.victory: the victory token of each Age
    defeat: int  # conflicts.defeat
    at: str = "end_of_age"  # conflicts.at

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        conflicts = rules["conflicts"]
        return cls(tuple(conflicts["victory"]), conflicts["defeat"], conflicts.get("at", "end_of_age"))


def extend_tables(t) -> None:
    if t.config[NAME].at != "end_of_age":  # checked when a game is set up
        raise RulesError("conflicts.at: the engine resolves conflicts at the end of each Age")


def _load(g: GameState, value, read):
    path = "mechanics.conflicts.conflict_tokens"
    config = g.t.config[NAME]
    allowed = {*config.victory, config.defeat}
    tokens = read.list(value, path, g.t.n_seats)
    if len(tokens) != g.t.n_seats:
        raise read.fail(path, f"expected {g.t.n_seats} lists")
    out = []
    for p, held in enumerate(tokens):
        values = []
        for i, x in enumerate(read.list(held, f"{path}[{p}]", 2 * len(config.victory))):
            if type(x) is not int or x not in allowed:
                raise read.fail(f"{path}[{p}][{i}]", f"expected one of {sorted(allowed)}, got {x!r:.40}")
            values.append(x)
        out.append(values)
    return out


def _check(g: GameState) -> str | None:
    ended = g.age - 1 if g.result is None else g.age
    for p, held in enumerate(g.conflict_tokens):
        if len(held) > len(g.t.neighbours[p]) * max(ended, 0):
            return (f"mechanics.conflicts.conflict_tokens[{p}]: {len(held)} tokens after "
                    f"{max(ended, 0)} Ages of conflicts")
    return None


FIELDS = (StateField("conflict_tokens", lambda g: [[] for _ in g.t.seats], lists_copy,
                     lambda g, v: [list(x) for x in v], _load, _check,
                     "per seat: the values of its conflict tokens"),)


class Conflicts:
    __slots__ = ()

    def shields(self, player: int) -> int:
        """Shields of `player`'s city: its buildings and built Wonder stages."""
        shield = self.t.shields.__getitem__
        return sum(map(shield, self.city[player])) + sum(map(shield, self._board_components(player)))

    def _age_ends(self, age: int) -> None:
        super()._age_ends(age)
        t = self.t
        config = t.config[NAME]
        strength = [self.shields(p) for p in t.seats]
        for p in t.seats:
            for q in t.neighbours[p]:
                if strength[p] > strength[q]:
                    self.conflict_tokens[p].append(config.victory[age - 1])
                elif strength[p] < strength[q]:
                    self.conflict_tokens[p].append(config.defeat)

    def _military_points(self, player: int) -> int:
        return sum(self.conflict_tokens[player])

    def count_defeats(self, player: int) -> int:
        defeat = self.t.config[NAME].defeat
        return sum(1 for x in self.conflict_tokens[player] if x == defeat)


MIXIN = Conflicts
