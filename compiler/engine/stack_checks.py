"""The pending decisions of a loaded state: the stack checks of `Game.from_json`.

The flow is a stack of nodes; a loaded one must be a flow the engine can resolve. What may
stand where follows the registered node kinds, not one game's flow: each kind declares its
place (`kinds.stands`: the bottom turn, the set-up before Age I, an Age under way, or
anywhere above the bottom) and may add a check of its own node. A mechanic that declares
nothing gets the checks every kind has (chance nodes are decided by chance, player nodes by
a seat, simultaneous ones ask a mask of seats), so its decisions round-trip through JSON,
and the loader still refuses a state in which no action is legal. The built-in kinds'
declarations are below. The stack holds at most one `age` node: a node below it resolves
once that Age has started, one above it now.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .core.kinds import AGES, ANYWHERE, PLACE, SETUP, STATE_CHECK, TURN, by_owner, stands
from .errors import StateFormatError
from .nodes import (CHANCE, IS_CHANCE, IS_INTERNAL, IS_SIMULTANEOUS, K_AGE, K_BOARD, K_DEAL,
                    K_DESTROY, K_DRAFT, K_DRAFT_LAST, K_END_TURN, K_FIRST, K_GUILD, K_LEAVE,
                    K_LIB_DRAW, K_LIB_PICK, K_PAIR, K_PLAY, K_REVEAL, K_REVIVE, K_START,
                    KIND_NAMES)

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
    ages = [i for i, node in enumerate(stack) if node[0] == K_AGE]
    if len(ages) > 1:
        raise fail(f"stack[{ages[1]}]: one Age starts at a time, and stack[{ages[0]}] starts one")
    opening = ages[0] if ages else -1
    for i, node in enumerate(stack):
        kind, player, arg = node
        name = KIND_NAMES[kind]
        place = PLACE.get(kind, ANYWHERE)
        if i and place == TURN:
            raise fail(f"stack[{i}]: {name} can only be the bottom decision")
        if 0 < i < opening and place != ANYWHERE:  # the built-in flow queues none there
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


# The checks of the built-in kinds: each returns what is wrong with the node at stack[i]
# (the path's rest, then the message), or None.

def _no_arg(g: Game, i: int, node) -> str | None:
    if node[2]:
        return f".arg: {KIND_NAMES[node[0]]} takes no argument (0), got {node[2]}"
    return None


def age_pending(g: Game) -> bool:
    return any(kind == K_AGE for kind, _, _ in g.stack)


def _first(g: Game, i: int, node) -> str | None:
    if len(g.stack) > 1 or g.age:
        return ": first_player is the only decision of a game not yet set up"
    return _no_arg(g, i, node)


def _turn(g: Game, i: int, node) -> str | None:
    """A turn (play, choose_start) is on a card of the structure, or of the Age to come."""
    if not g.remaining and not age_pending(g):
        return f": {KIND_NAMES[node[0]]}, but no card is left in the structure"
    return _no_arg(g, i, node)


def _start(g: Game, i: int, node) -> str | None:
    if not g.age:
        return ": choose_start comes after an Age, not before Age I"
    return _turn(g, i, node)


def _end_turn(g: Game, i: int, node) -> str | None:
    if node[1] < 0:
        return f".player: end_turn is decided by a seat, not {node[1]}"
    if node[2] > 1:
        return ".arg: end_turn's argument is 1 if the player plays again, else 0"
    return None


def _age(g: Game, i: int, node) -> str | None:
    _, player, arg = node
    if player != CHANCE:
        return f".player: age has player -1, not {player}"
    if g.stack[0][0] in (K_FIRST, K_END_TURN):
        return (f": an Age starts above the turn that opens it, not above "
                f"{KIND_NAMES[g.stack[0][0]]}")
    if arg != g.age + 1 or arg > g.t.ages:
        return f".arg: the next Age is {g.age + 1}, not {arg}"
    if g.age and g.remaining:
        return f": Age {arg} starts only once Age {g.age}'s structure is empty"
    return None


def _deal(g: Game, i: int, node) -> str | None:
    arg = node[2]
    if arg >= len(g.slot_card) or g.taken[arg] or g.face_up[arg] \
            or any(k == K_DEAL and a == arg for k, _, a in g.stack[:i]):
        return f".arg: structure[{arg}] is not a slot waiting for a card"
    return None


def _destroy(g: Game, i: int, node) -> str | None:
    if not g._destroy_targets(node[1], node[2]):
        return ": no building of those colours to destroy in the opponent's city"
    return None


for _kind, _place, _check in (
        (K_FIRST, TURN, _first), (K_PLAY, TURN, _turn), (K_START, TURN, _start),
        (K_END_TURN, TURN, _end_turn), (K_AGE, ANYWHERE, _age),
        (K_BOARD, SETUP, _no_arg), (K_REVEAL, SETUP, _no_arg), (K_DRAFT, SETUP, _no_arg),
        (K_DRAFT_LAST, SETUP, _no_arg), (K_LEAVE, AGES, _no_arg), (K_GUILD, AGES, _no_arg),
        (K_DEAL, AGES, _deal), (K_DESTROY, AGES, _destroy), (K_REVIVE, AGES, _no_arg),
        (K_PAIR, AGES, _no_arg), (K_LIB_DRAW, AGES, _no_arg), (K_LIB_PICK, AGES, _no_arg)):
    stands(_kind, _place, _check)
