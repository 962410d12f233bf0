"""Decisions several seats take at once (classic 7 Wonders: every player picks a card).

A simultaneous node is `(kind, seat, mask)`: `mask` has a bit per seat that chooses, and
`seat` is the next of them still to choose, so `current_player` names one seat at a time
and a turn-based caller (PettingZoo's AEC loop, a record, `apply`) drives it like any other
decision. Each choice is kept hidden in `game.sim_choices` (-1: none yet); once the last
seat has chosen, the kind's resolver runs once with every choice, in seat order, so no
choice can depend on another. A caller that moves all seats together (OpenSpiel's
simultaneous-move games) asks `game.choosing()` for the seats still to choose and
`game.legal_actions_for(seat)` for each, then applies the joint action with
`game.apply_joint({seat: action})`. `observation(player)` shows which seats have chosen,
never what (core/simultaneous.py's `visible_choices`).

A mechanic registers such a kind with `simultaneous_kind(name, owner, resolve)`, lists the
legal choices of a seat with `legal_at`, and queues the node with `node(kind, seats)`.
"""
from __future__ import annotations

from typing import Callable

from .kinds import HANDLERS, IS_SIMULTANEOUS, KIND_NAMES, LEGAL, kind
from ..arguments import seat as checked_seat
from ..errors import IllegalActionError

NOT_CHOSEN = -1
RESOLVE: dict[int, Callable] = {}  # kind -> resolve(game, node, choices)
# node -> the node of the next seat to choose (None after the last): a few per kind, as
# masks hold at most a few seats.
_NEXT: dict[tuple[int, int, int], tuple[int, int, int] | tuple[()]] = {}


def simultaneous_kind(name: str, owner: str, resolve: Callable, prompt: str = "") -> int:
    """Register a simultaneous node kind; `resolve(game, node, choices)` runs once every
    seat of the node's mask has chosen (`choices[seat]` is that seat's action, -1 for seats
    that were not asked). `prompt` as for `kind`."""
    number = kind(name, owner, simultaneous=True, prompt=prompt)
    RESOLVE[number] = resolve
    HANDLERS[number] = _collect
    return number


def node(kind_number: int, seats) -> tuple[int, int, int]:
    """The node in which every seat of `seats` chooses at once."""
    seats = sorted(seats)
    if not seats:
        raise ValueError("a simultaneous decision needs at least one seat")
    mask = 0
    for s in seats:
        mask |= 1 << s
    return (kind_number, seats[0], mask)


def seats_of(mask: int, count: int) -> list[int]:
    return [s for s in range(count) if mask >> s & 1]


def _collect(game, node, action: int) -> None:
    """The handler of every simultaneous kind: keep the choice; resolve after the last.
    The seats choose in order (`seat` is the first still to choose, those after it have not
    chosen), so the next node asks the next seat of the mask: worked out once per node."""
    game.sim_choices[node[1]] = action
    after = _NEXT.get(node)
    if after is None:
        after = _NEXT[node] = _next_node(node) or ()  # (): the last seat, kept as known
    if after:
        game.stack.append(after)
        return
    made = game.sim_choices
    game.sim_choices = [NOT_CHOSEN] * len(made)
    RESOLVE[node[0]](game, node, made)


def _next_node(node: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """The node asking the seat of `node`'s mask after its seat; None after the last."""
    kind_number, seat, mask = node
    later = mask >> (seat + 1)
    if not later:
        return None
    return (kind_number, seat + 1 + ((later & -later).bit_length() - 1), mask)


def choosing(game) -> tuple[int, ...]:
    """The seats that decide now: at a simultaneous node, every seat still to choose; at a
    player node, its seat; none at chance nodes or once the game is over."""
    if game.result is not None or not game.stack:
        return ()
    kind_number, seat, mask = game.stack[-1]
    if IS_SIMULTANEOUS[kind_number]:
        return tuple(s for s in seats_of(mask, len(game.sim_choices))
                     if game.sim_choices[s] == NOT_CHOSEN)
    return (seat,) if seat >= 0 else ()


def visible_choices(game, player: int) -> list[bool | int | None]:
    """Per seat, what `player` may know of the pending simultaneous choices: its own action
    once chosen, for another seat only that it has chosen (True); False for a seat still to
    choose, None for seats not asked (all None when no such decision is under way)."""
    out: list[bool | int | None] = [None] * len(game.sim_choices)
    if game.result is not None or not game.stack or not IS_SIMULTANEOUS[game.stack[-1][0]]:
        return out
    mask = game.stack[-1][2]
    for s in seats_of(mask, len(out)):
        chosen = game.sim_choices[s]
        out[s] = False if chosen == NOT_CHOSEN else chosen if s == player else True
    return out


def choices_from_json(value, stack, count: int, action, fail) -> list[int]:
    """The choices of a loaded state (`simultaneous` of its JSON, None when absent): the
    seats the waiting simultaneous decision asks choose in order, so those before the one
    it waits for have chosen, and no other. `action(value, path)` reads an action id;
    `fail(path, message)` makes the error."""
    top = stack[-1] if stack else None
    if top is not None and IS_SIMULTANEOUS[top[0]] and not 0 <= top[1] < count:
        return [NOT_CHOSEN] * count  # no seat waits: the stack's check refuses the state
    if value is None:
        if top is not None and IS_SIMULTANEOUS[top[0]] and top[2] & ((1 << top[1]) - 1):
            raise fail("simultaneous", f"the decision waits for seat {top[1]}, so the seats "
                                       "before it have chosen: their choices are missing")
        return [NOT_CHOSEN] * count
    if not isinstance(value, list) or len(value) != count:
        raise fail("simultaneous", f"expected an array of {count} entries")
    if top is None or not IS_SIMULTANEOUS[top[0]]:
        raise fail("simultaneous", "choices are kept only while a simultaneous decision waits")
    _, seat, mask = top
    out = []
    for s, a in enumerate(value):
        if a is None:
            if mask >> s & 1 and s < seat:
                raise fail(f"simultaneous[{s}]", f"seat {s} chooses before seat {seat}, "
                                                 "whose choice the decision waits for")
            out.append(NOT_CHOSEN)
        elif not (mask >> s & 1) or s >= seat:
            raise fail(f"simultaneous[{s}]", f"seat {s} has no choice to make yet")
        else:
            out.append(action(a, f"simultaneous[{s}]"))
    return out


def illegal_choice(game) -> str | None:
    """Why a loaded state's hidden choice cannot be, or None: each seat that has chosen at the
    waiting simultaneous decision chose one of its legal actions (all choose on the same
    position, so the one they have now)."""
    top = game.stack[-1] if game.stack and game.result is None else None
    if top is None or not IS_SIMULTANEOUS[top[0]]:
        return None
    for seat, action in enumerate(game.sim_choices):
        if action != NOT_CHOSEN and action not in LEGAL[top[0]](game, seat, top[2]):
            return (f"simultaneous[{seat}]: action {action} is not one seat {seat} may take "
                    f"at this {KIND_NAMES[top[0]]} decision")
    return None


class SimultaneousDecisions:
    """The public side of simultaneous decisions, a mixin of `Game`."""

    __slots__ = ()

    def choosing(self) -> tuple[int, ...]:
        """The seats that decide now (several at a simultaneous decision)."""
        return choosing(self)

    def legal_actions_for(self, seat: int) -> list[int]:
        """The actions `seat` may take now: [] unless it is among `choosing()`; ArgumentError
        if it is not a seat."""
        if seat not in choosing(self):
            checked_seat(self, seat, "seat")
            return []
        kind_number, current, arg = self.stack[-1]
        if seat == current:
            return list(self.legal_actions())
        return LEGAL[kind_number](self, seat, arg)

    def apply_joint(self, actions: dict[int, int]) -> None:
        """Apply one action for each seat of `choosing()` (a joint action), in seat order.
        All or nothing: IllegalActionError before any is applied unless `actions` is a dict
        naming exactly those seats, each with a legal action."""
        seats = choosing(self)
        joint_seats_check(seats, actions)
        self._check_joint(seats, actions)
        for seat in seats:
            self.apply(actions[seat])

    def _check_joint(self, seats, actions: dict[int, int]) -> None:
        """Raise the engine's own IllegalActionError for the first illegal action of a joint
        action, leaving this game as it is (the actions are tried on a clone)."""
        if all(actions[seat] in self.legal_actions_for(seat) for seat in seats):
            return
        trial = self.clone()
        for seat in sorted(seats):
            trial.apply(actions[seat])


def joint_seats_check(seats, actions) -> None:
    """IllegalActionError unless `actions` is a dict naming exactly `seats` (apply_joint)."""
    if not isinstance(actions, dict):
        raise IllegalActionError(actions, "a joint action is a dict of seat: action")
    if set(actions) != set(seats):
        named = sorted(actions, key=repr)
        raise IllegalActionError(actions, f"a joint action names the seats {sorted(seats)}, "
                                 f"got {named}")
