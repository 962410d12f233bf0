"""The registry of node kinds: every decision the flow can wait for, numbered on registration.

Flow is a stack of *nodes* `(kind, player, arg)`: the top one is the decision being waited
for. A *player* node waits for one seat's action, a *chance* node for a chance outcome, an
*internal* node is resolved at once, and a *simultaneous* node collects one hidden choice from
each of several seats (core/simultaneous.py). The core and each mechanic register the kinds
they own with `kind(...)`, which gives each its number (its index in the tables below), and
attach what resolves it with `handles`, what is legal at it with `legal_at` and, for chance
kinds, where its outcomes come from with `outcomes_from`. Kinds are numbered in the order of
registration, so the same code always numbers them alike; a state names kinds by name in
JSON, never by number.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

CHANCE = -1  # the "player" of a chance node
TERMINAL = -4  # current_player once the game is over
SIMULTANEOUS = -2  # the "player" of a node that several seats decide at once

UNBUILT = -1  # wonder_tuck value of a Wonder not built yet
REMOVED = -2  # a Wonder out of the game after the last one allowed was built (ruling 18)

KIND_NAMES: list[str] = []
PROMPTS: list[str] = []  # each decision in words, for a player ("choose a card from your hand")
OWNER: list[str] = []  # the mechanic (or "core") that registered each kind
IS_CHANCE: list[bool] = []
IS_INTERNAL: list[bool] = []
IS_SIMULTANEOUS: list[bool] = []
HANDLERS: list[Callable[..., None] | None] = []  # (game, node, action): a player or chance node
INTERNAL: list[Callable[..., None] | None] = []  # (game, node): an internal node
LEGAL: list[Callable[..., list[int]] | None] = []  # (game, player, arg) -> legal action ids
OUTCOMES: list[Callable[..., tuple[list[int], int]] | None] = []  # chance: (game) -> (items, base)


def kind(name: str, owner: str, *, chance: bool = False, internal: bool = False,
         simultaneous: bool = False, prompt: str = "") -> int:
    """Register a node kind named `name` (unique) for mechanic `owner`; its number. `prompt`
    words a player's decision of this kind (default: the name, spaced)."""
    if name in KIND_NAMES:
        raise ValueError(f"node kind {name!r} is already registered by {OWNER[KIND_NAMES.index(name)]}")
    if chance + internal + simultaneous > 1:
        raise ValueError(f"node kind {name!r}: chance, internal and simultaneous exclude each other")
    KIND_NAMES.append(name)
    PROMPTS.append(prompt or name.replace("_", " "))
    OWNER.append(owner)
    IS_CHANCE.append(chance)
    IS_INTERNAL.append(internal)
    IS_SIMULTANEOUS.append(simultaneous)
    HANDLERS.append(None)
    INTERNAL.append(None)
    LEGAL.append(None)
    OUTCOMES.append(None)
    return len(KIND_NAMES) - 1


# The one decision `Game` lists the legal actions of without dispatch (its `_legal_play`)
# and stops at first when resolving internal nodes: the one a game meets most, Duel's turn
# (`play`, marked by card_structure). state.py reads it once the mechanics are imported.
FAST_TURN = -1


def fast_turn(number: int) -> None:
    """Mark kind `number` as the fast decision (above); one kind at most."""
    global FAST_TURN
    if FAST_TURN not in (-1, number):
        raise ValueError(f"node kind {KIND_NAMES[FAST_TURN]!r} is already the fast decision")
    FAST_TURN = number


def handles(number: int) -> Callable[[Callable], Callable]:
    """Decorator: the function resolves nodes of kind `number`."""
    def attach(fn: Callable) -> Callable:
        (INTERNAL if IS_INTERNAL[number] else HANDLERS)[number] = fn
        return fn
    return attach


def legal_at(number: int) -> Callable[[Callable], Callable]:
    """Decorator: the function lists the legal action ids at nodes of kind `number`."""
    def attach(fn: Callable) -> Callable:
        LEGAL[number] = fn
        return fn
    return attach


def outcomes_from(number: int) -> Callable[[Callable], Callable]:
    """Decorator for a chance kind: `fn(game)` gives (items, base), the outcomes being
    `base + item` for each item, in order; sampling picks one without building the list."""
    def attach(fn: Callable) -> Callable:
        OUTCOMES[number] = fn
        LEGAL[number] = lambda game, player, arg: [base + x for items, base in (fn(game),)
                                                    for x in items]
        return fn
    return attach


# Why an action is not legal at a node of a kind, in the words of the mechanic that owns it
# (`Game.apply`'s IllegalActionError; legal.py asks the kind's explainer first).
WHY_NOT: dict[int, Callable[..., str | None]] = {}  # (game, player, arg, action) -> or None


def explains(number: int) -> Callable[[Callable], Callable]:
    """Decorator: `fn(game, player, arg, action)` says why `action` is not legal at a node
    of kind `number` (a card covered, a Wonder not owned...), or None to leave it to the
    core ("waiting for player 1 to decide: play")."""
    def attach(fn: Callable) -> Callable:
        WHY_NOT[number] = fn
        return fn
    return attach


def number(name: str) -> int:
    """The number of the kind named `name`; KeyError if none is registered."""
    try:
        return KIND_NAMES.index(name)
    except ValueError:
        raise KeyError(name) from None


def by_owner(owners: Any) -> tuple[int, ...]:
    """The kinds the core and the mechanics `owners` registered, in number order."""
    wanted = {"core", *owners}
    return tuple(k for k, owner in enumerate(OWNER) if owner in wanted)


# Where a node of each kind may stand in the stack of a loaded state (state_checks.py reads
# this; the flow itself never does): at the bottom as the decision a turn waits on, in the
# set-up before the first Age, once an Age is under way, anywhere above the bottom (the
# default, so a mechanic that declares nothing still round-trips through JSON), or as the
# start of the next Age above the turn that opens it (`OPENING`, one at a time: a node below
# it resolves once that Age has started, one above it now; Duel's `age`).
TURN, SETUP, AGES, ANYWHERE, OPENING = "turn", "setup", "ages", "anywhere", "opening"
PLACE: dict[int, str] = {}
STATE_CHECK: dict[int, Callable[..., str | None]] = {}  # (game, index, node) -> problem or None


def stands(number: int, place: str, check: Callable[..., str | None] | None = None) -> None:
    """Declare where nodes of kind `number` may stand in a stack and, optionally, `check`:
    given (game, index, node) of a loaded state, what is wrong with that node, or None."""
    if place not in (TURN, SETUP, AGES, ANYWHERE, OPENING):
        raise ValueError(f"node kind {KIND_NAMES[number]!r}: unknown place {place!r}")
    if number in PLACE:
        raise ValueError(f"node kind {KIND_NAMES[number]!r}: its place is already declared")
    PLACE[number] = place
    if check is not None:
        STATE_CHECK[number] = check


def no_arg(game, index: int, node) -> str | None:
    """The check of a kind whose nodes take no argument (their `arg` is 0)."""
    if node[2]:
        return f".arg: {KIND_NAMES[node[0]]} takes no argument (0), got {node[2]}"
    return None


# How a node's `arg` is written in a state's JSON when not as the integer `arg` (Duel's
# `destroy` names its colours): serialize.py reads this, by kind.

class ArgJson(NamedTuple):
    """A kind's `arg` in JSON under `key`: `save(game, arg)` gives the value, `load(game,
    value, path, read)` reads it back (`read`: serialize.py's reader, errors naming `path`)."""

    key: str
    save: Callable[..., Any]
    load: Callable[..., int]


ARG_JSON: dict[int, ArgJson] = {}


def arg_in_json(number: int, key: str, save: Callable[..., Any], load: Callable[..., int]) -> None:
    """Declare that nodes of kind `number` write their `arg` in JSON as `key` (not `arg`)."""
    if key in ("kind", "player", "arg"):
        raise ValueError(f"node kind {KIND_NAMES[number]!r}: {key!r} is a key every node has")
    if number in ARG_JSON:
        raise ValueError(f"node kind {KIND_NAMES[number]!r}: its arg's JSON is already declared")
    ARG_JSON[number] = ArgJson(key, save, load)
