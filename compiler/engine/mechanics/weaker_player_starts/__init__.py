"""Mechanic `weaker_player_starts`: who starts each Age after the first (Duel, ruling 24).

Reads `next_age`: with `chooser: weaker_military` the player towards whose capital the
conflict pawn stands chooses who starts, themself or the opponent; with `tie: last_player`,
when the pawn is in the centre, the player who played the Age's last card chooses. Registers
the decision `choose_start` (actions `start self` / `start opponent`). Seating: opponent;
needs `military_track` (the pawn).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.actions import BETWEEN_AGES, Actions
from ...core.rules import checked
from ...core.kinds import TURN, handles, kind, legal_at, stands
from ...core.texts import add_texts
from ...games.duel import texts as duel_texts
from ..card_structure import K_PLAY
from ..card_structure.state import turn_check
from ..military_track import weaker

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "weaker_player_starts"


@dataclass(frozen=True)
class Config:
    chooser: str  # next_age.chooser
    tie: str  # next_age.tie

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        return cls(rules["next_age"]["chooser"], rules["next_age"]["tie"])


K_START = kind("choose_start", NAME, prompt="choose who starts the next Age")


def _start_check(g: GameState, i: int, node) -> str | None:
    if not g.age:
        return ": choose_start comes after an Age, not before Age I"
    return turn_check(g, i, node)


stands(K_START, TURN, _start_check)


# Its action ids (core/actions.py): the chooser starts the next Age, or lets the opponent.
ACTIONS = (Actions("START", BETWEEN_AGES, lambda t: 1), Actions("START_OTHER", BETWEEN_AGES, lambda t: 1))


def extend_tables(t) -> None:
    add_texts(t, duel_texts.start_text, duel_texts.start_parse, duel_texts.START_FORMS)


class WeakerPlayerStarts:
    __slots__ = ()

    def _next_age_starter(self, last: int) -> tuple:
        return (K_START, next_age_chooser(self, last), 0)


def next_age_chooser(g: GameState, last: int) -> int:
    """Who chooses the next Age's starting player, by the data's `next_age` rule."""
    rule = g.t.config[NAME]
    if rule.chooser == "weaker_military":
        seat = weaker(g)
        if seat >= 0:
            return seat
    if rule.tie == "last_player":
        return last
    raise AssertionError(rule.tie)  # pragma: no cover (the schema allows no other)


@legal_at(K_START)
def _options(g: GameState, player: int, arg: int) -> list[int]:
    return [g.t.START, g.t.START_OTHER]


@handles(K_START)
def _on_start(g: GameState, node, action: int) -> None:
    chooser = node[1]
    # The chooser starts, or lets the opponent (the one other seat) start.
    starter = chooser if action == g.t.START else g.t.neighbours[chooser][0]
    g.stack.append((K_PLAY, starter, 0))


MIXIN = WeakerPlayerStarts
