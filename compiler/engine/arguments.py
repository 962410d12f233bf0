"""The arguments of the public API checked: seats, component numbers, seeds. Each check
raises `ArgumentError` naming the argument; a number must be an integer (of any integer
type, numpy's too, never a bool) within its range, so a negative one never counts from the
end of a list. They guard the calls a caller makes, never the engine's own move loop."""
from __future__ import annotations

import operator
from typing import Any

from .errors import ArgumentError


def integer(value: Any, argument: str, what: str) -> int:
    """`value` as an int; ArgumentError unless it is an integer (bool is not)."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise ArgumentError(argument, f"expected {what}, got {_shown(value)}")


def in_range(value: Any, argument: str, low: int, high: int, what: str) -> int:
    """`value` as an int from `low` to `high - 1`, `what` naming what it counts."""
    n = integer(value, argument, what)
    if not low <= n < high:
        raise ArgumentError(argument, f"expected {what} from {low} to {high - 1}, got {n}")
    return n


def seat(game, value: Any, argument: str = "player") -> int:
    """A seat of `game` (a city: classic's 2-player variant has the Free City's too)."""
    return in_range(value, argument, 0, game.t.n_seats, "a seat")


def component(game, value: Any, argument: str = "component", end: int | None = None,
              what: str = "a component number") -> int:
    """A component's number below `end` (default: every component of the game)."""
    t = game.t
    return in_range(value, argument, 0, t.N if end is None else end, what)


def building_or_stage(game, value: Any, argument: str = "component") -> int:
    """The number of a building or of a Wonder stage (classic)."""
    t = game.t
    n = component(game, value, argument)
    if t.NB <= n < t.stage0:
        raise ArgumentError(argument, f"expected a building or a Wonder stage, got {t.ids[n]!r}")
    return n


def seed(value: Any) -> int:
    """A seed: any integer (taken modulo 2**64)."""
    return integer(value, "seed", "an integer seed")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
