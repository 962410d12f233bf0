"""What a mechanic may know of the game that composes it: the `GameState` protocol.

A game's class is built from the mechanics' mixins and the core's `state.Game`
(mechanics/__init__.py `game_class`), so a mechanic that named that class would name what is
composed from it. Mechanics annotate the game with `GameState` instead: the state the core
keeps for every game, typed; the fields each mechanic declares (core/fields.py) and the
methods of the other mixins, which differ from one composition to the next, as `Any`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..scoring import Result
    from ..tables import Tables


class GameState(Protocol):
    """One game, as the mechanics composed into it see it."""

    t: Tables  # the ruleset's tables at the game's player count
    seed: int
    auto_chance: bool  # chance outcomes sampled as soon as they are due
    chance_count: int  # chance outcomes drawn so far
    history: list[int]  # the action ids applied, in order
    stack: list[tuple]  # the decisions due, the next one last: (kind, argument...)
    result: Result | None  # None until the game is over
    coins: list[int]  # by seat
    city: list[list[int]]  # by seat, the buildings it holds
    age: int  # the current Age (0 before the first)
    pool: list[int]  # the current Age's deck
    guild_pool: list[int]  # the guilds not drawn
    discard: list[int]  # the discard pile

    def __getattr__(self, name: str) -> Any:
        """A mechanic's field or another mixin's method: what exists depends on the
        mechanics composed."""
