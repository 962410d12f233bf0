"""What every bot shares: the interface, and the views of a decision that several seats take
at once (whose hidden choices a bot must not read)."""
from __future__ import annotations

from typing import Collection, Protocol

from ..core.simultaneous import visible_choices
from ..state import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, seat: int | None = None, allowed: Collection[int] | None = None) -> int:
        """A legal action for `seat` (default `game.current_player`), one of
        `game.choosing()`; never called at chance nodes. `allowed`: the only actions it may
        pick (some of the legal ones, e.g. an experiment barring a card); default all."""


def _restrict(legal: list[int], allowed: Collection[int] | None) -> list[int]:
    return legal if allowed is None else [a for a in legal if a in allowed]


def is_simultaneous(game: Game, seat: int) -> bool:
    """True while `seat` still has its own choice to make at a decision several seats take
    at once. A seat that has chosen and is asked again acts for another city (the 2-player
    variant's Free City): a decision of its own, taken while the others' choices stay hidden."""
    choices = visible_choices(game, seat)
    return seat < len(choices) and choices[seat] is False


def _half_chosen(game: Game) -> bool:
    """True while a simultaneous decision has some choices in and waits for others."""
    return any(v is not None and v is not False for v in visible_choices(game, 0))


def unchosen_view(game: Game, seat: int) -> Game:
    """`game` as `seat` may search it at a simultaneous decision: a copy in which no other
    seat has chosen yet (their choices are hidden from `seat`, so a search must not read
    them). Without such choices, a plain clone."""
    others_chose = any(v is True for v in visible_choices(game, seat))
    if not others_chose:
        return game.clone()
    data = game.to_json()  # forget the choices through the state's public JSON form
    waiting = data["stack"][-1]
    mask = waiting["arg"]
    waiting["player"] = min(s for s in range(len(data["players"])) if mask >> s & 1)
    data.pop("simultaneous")
    return type(game).from_json(game.ruleset, data)


def _legal(game: Game, seat: int | None) -> list[int]:
    if seat is None or seat == game.current_player:
        return game.legal_actions()
    return game.legal_actions_for(seat)
