"""The pending decisions of a loaded state: the stack checks of `Game.from_json`.

The flow is a stack of nodes; a loaded one must be a flow the engine can resolve. What may
stand where follows the registered node kinds, not one game's flow: each kind declares its
place (`kinds.stands`: the bottom turn, the set-up before Age I, an Age under way, or
anywhere above the bottom) and may add a check of its own node. A mechanic that declares
nothing gets the checks every kind has (chance nodes are decided by chance, player nodes by
a seat, simultaneous ones ask a mask of seats), so its decisions round-trip through JSON,
and the loader still refuses a state in which no action is legal. Each mechanic declares its
kinds' places and checks where it registers them; the core's kind, `first_player`, is
below. The stack holds at most one node that opens the next Age (place `OPENING`, Duel's
`age`): a node below it resolves once that Age has started, one above it now.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .core.flow import K_FIRST
from .core.kinds import (AGES, ANYWHERE, CHANCE, IS_CHANCE, IS_INTERNAL, IS_SIMULTANEOUS,
                         KIND_NAMES, OPENING, PLACE, SETUP, STATE_CHECK, TURN, by_owner, no_arg,
                         stands)
from .errors import StateFormatError

if TYPE_CHECKING:
    from .state import Game


def fail(message: str) -> StateFormatError:
    return StateFormatError(message)


def check_stack(g: Game) -> None:
    """The pending decisions as a flow: a turn at the bottom, at most one Age about to start,
    and every node where its kind may stand (`kinds.stands`) and as its own check wants."""
    t = g.t
    stack = g.stack
    if g.result is not None:
        if stack:
            raise fail("stack: a finished game has no pending decision")
        return
    if not stack:
        raise fail("stack: a game that is not over needs a pending decision")
    bottom = stack[0][0]
    if PLACE.get(bottom) != TURN:
        turns = ", ".join(KIND_NAMES[k] for k in by_owner(type(g).MECHANICS) if PLACE.get(k) == TURN)
        raise fail(f"stack[0]: the bottom of the stack is a turn ({turns}), "
                    f"not {KIND_NAMES[bottom]}")
    if (g.first_player < 0) != (bottom == K_FIRST):
        raise fail("first_player: -1 exactly while the first player is being drawn")
    ages = [i for i, node in enumerate(stack) if PLACE.get(node[0]) == OPENING]
    if len(ages) > 1:
        raise fail(f"stack[{ages[1]}]: one Age starts at a time, and stack[{ages[0]}] starts one")
    opening = ages[0] if ages else -1
    for i, node in enumerate(stack):
        kind, player, arg = node
        name = KIND_NAMES[kind]
        place = PLACE.get(kind, ANYWHERE)
        if i and place == TURN:
            raise fail(f"stack[{i}]: {name} can only be the bottom decision")
        if 0 < i < opening and place not in (ANYWHERE, OPENING):  # the built-in flow queues none there
            raise fail(f"stack[{i}]: {name} cannot wait below the start of Age {g.age + 1}")
        # A node below a pending Age resolves once that Age has started; one above it, now.
        if i < opening:
            phase = AGES
        elif not g.age:
            phase = SETUP
        else:
            phase = "between" if ages else AGES
        if place == SETUP and phase != SETUP:
            raise fail(f"stack[{i}]: {name} belongs to the set-up, before Age I")
        if place == AGES and phase == SETUP:
            raise fail(f"stack[{i}]: {name} cannot happen before Age I")
        if place == AGES and phase == "between":
            raise fail(f"stack[{i}]: {name} cannot happen between Ages, once Age {g.age}'s "
                        "structure is empty")
        if IS_SIMULTANEOUS[kind]:  # the seats asked, the one waited for
            if not 0 < arg < 1 << t.n_seats or not 0 <= player < t.n_seats \
                    or not arg >> player & 1:
                raise fail(f"stack[{i}]: {name} asks the seats of mask {arg} and waits for "
                            f"one of them, not {player}")
        elif IS_CHANCE[kind]:
            if player != CHANCE:
                raise fail(f"stack[{i}].player: {name} has player -1, not {player}")
        elif not IS_INTERNAL[kind] and player < 0:
            raise fail(f"stack[{i}].player: {name} is decided by a seat, not {player}")
        check = STATE_CHECK.get(kind)
        problem = check(g, i, node) if check is not None else None
        if problem:
            raise fail(f"stack[{i}]{problem}")


# The core's own kind (the mechanics declare theirs where they register them).

def _first(g: Game, i: int, node) -> str | None:
    if len(g.stack) > 1 or g.age:
        return ": first_player is the only decision of a game not yet set up"
    return no_arg(g, i, node)


stands(K_FIRST, TURN, _first)
