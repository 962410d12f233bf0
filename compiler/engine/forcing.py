"""Forcing chance outcomes while the others are sampled: `Game.resolve_chance(force=[...])`.

The chance events up to the next player decision are resolved in turn. A forced outcome
(an action id, or a text) is applied at the first event that can give it; a text that names
its event (`deal Altar to player 3`, `board Olympia side b to player 2`, Duel's `deal Stone
Reserve to slot 19`) waits for that event: reading it at another one raises
OtherEventError, which carries the outcome's id there (notation: each mechanic's texts).

Every other event is sampled as `sample_chance` would, unless the seed's outcome would leave
a waiting forced outcome impossible (the seed deals Olympia to player 0, or Stone Reserve
to the cards left out of the Age): then it is drawn again, from the outcomes that leave every
waiting one possible. An event that can bring a waiting outcome's item within reach (a guild
drawn into classic's Age III deck, before `deal Scientists Guild to player 3`) takes it when
nothing else would. "Possible" is read at the waiting event's own node on the stack: how many
of its outcomes are the forced one, before and after the candidate outcome is applied to a
copy of the game. No mechanic is named here: the outcomes, their handlers and the texts are
the mechanics' own (core/kinds.py `OUTCOMES`, `HANDLERS`).

Sampling stays deterministic: an event draws with the seed's hash for it, and a draw again
uses what is left of that hash (the low 64 bits of `h * n`, spread evenly over 2**64 in steps
of n whatever the first draw was: a second draw among m items is uniform to within about
n * m / 2**64), so the same seed and the same forced list give the same game,
and with nothing forced (or nothing waiting) every outcome is exactly `sample_chance`'s.
"""
from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from .core.kinds import CHANCE, HANDLERS, IS_CHANCE, IS_INTERNAL, KIND_NAMES, OUTCOMES
from .core.sampler import M64, hashes
from .errors import EngineError, IllegalActionError, NotationError, OtherEventError
from .legal import _action_id

if TYPE_CHECKING:
    from .state import Game


class _Forced:
    """One forced outcome: as given, and what resolving has learnt about it."""

    __slots__ = ("given", "named", "reason")

    def __init__(self, given) -> None:
        self.given = given  # an action id or a text
        self.named = False  # a text seen to name another event than a pending one
        self.reason = ""  # why it could not be applied at the event it names

    def __str__(self) -> str:
        return repr(self.given)


def outcomes(force) -> list:
    """`force` as a list of outcomes: one text or action id alone is one outcome."""
    if isinstance(force, (str, bool)):
        return [force]
    try:
        return [operator.index(force)]
    except TypeError:
        pass
    try:
        return list(force)
    except TypeError:
        raise TypeError("force: an outcome (a text or an action id) or a list of them, not "
                        f"{type(force).__name__}") from None


def resolve(game: Game, force) -> None:
    """`Game.resolve_chance`: on an error the game is left as it was before the call."""
    waiting = [_Forced(outcome if isinstance(outcome, str) else _action_id(outcome))
               for outcome in outcomes(force)]
    for forced in waiting:  # unreadable texts are refused before anything is applied
        _read(game, forced)
    if not waiting:  # nothing can fail: no copy to restore
        while game.result is None and game.current_player == CHANCE:
            game.apply(game.sample_chance())
        return
    before = game.clone()
    try:
        _resolve(game, waiting)
    except EngineError:
        before._copy_into(game)
        raise


def _read(game: Game, forced: _Forced) -> tuple[int | None, int | None]:
    """(the outcome at the pending event, None if it names another; its id at that other
    event, if known). NotationError if a text names nothing."""
    given = forced.given
    if not isinstance(given, str):
        return given, None
    try:
        return game.parse_action(given), None
    except OtherEventError as elsewhere:
        forced.named = True
        return None, elsewhere.action


def _resolve(game: Game, waiting: list[_Forced]) -> None:
    applied: list[_Forced] = []
    while game.result is None and game.current_player == CHANCE:
        reads = [(forced, *_read(game, forced)) for forced in waiting]
        later = [(forced, there) for forced, action, there in reads
                 if action is None and there is not None]
        legal = game.legal_actions()
        for forced, action, _ in reads:
            if action is None:
                continue
            if action in legal:
                broken = _breaks(game, action, _watch(game, later))
                if broken is not None:
                    raise IllegalActionError(forced.given, f"contradicts the forced {broken} "
                                             f"(once {forced} is applied, {broken} cannot happen)")
                waiting.remove(forced)
                applied.append(forced)
                game.apply(action)
                break
            if not forced.reason:
                forced.reason = _why_not(game, action)
                if forced.named:  # its own event (it waited for it), and it cannot happen
                    _impossible(forced, applied)
        else:
            game.apply(_sample(game, _watch(game, later)))
    if waiting:
        forced = waiting[0]
        if forced.named and forced.reason:
            _impossible(forced, applied)
        node = game.stack[-1] if game.result is None else None
        decision = "the game's end" if node is None else \
            f"{KIND_NAMES[node[0]].replace('_', ' ')} (player {node[1]})"
        raise IllegalActionError(forced.given, "no chance event before the next decision "
                                 f"({decision}) could give it")


def _why_not(game: Game, action: int) -> str:
    """Why the pending event cannot give `action`, in the mechanic's words, and what it can."""
    src, _ = OUTCOMES[game.stack[-1][0]](game)
    return f"{game._why_illegal(action)}; it is none of the {len(set(src))} outcomes left there"


def _impossible(forced: _Forced, applied: list[_Forced]) -> None:
    after = f" (after the forced {', '.join(map(str, applied))})" if applied else ""
    raise IllegalActionError(forced.given, f"impossible at its event: {forced.reason}{after}")


def _node_of(probe: Game, stack: list, text: str) -> int | None:
    """Where on the stack the chance event `text` names waits, or None if no chance event
    before the next decision is on the stack yet (one an internal node will push, say)."""
    for i in range(len(stack) - 2, -1, -1):
        kind = stack[i][0]
        if IS_INTERNAL[kind]:
            continue
        if not IS_CHANCE[kind]:
            return None
        probe.stack = stack[:i + 1]
        try:
            probe.parse_action(text)
        except NotationError:  # OtherEventError, or a text its own event only reads
            continue
        return i
    return None


def _count(probe: Game, stack: list, i: int, action: int) -> int:
    """How many of the items the event at `stack[i]` draws from give `action`, in `probe`."""
    probe.stack = stack[:i + 1]
    src, base = OUTCOMES[stack[i][0]](probe)
    return src.count(action - base)


def _with(game: Game, action: int) -> Game:
    """A copy of the game with `action` applied to the pending event (nothing resolved after)."""
    probe = game.clone()
    node = probe.stack.pop()
    HANDLERS[node[0]](probe, node, action)
    return probe


def _watch(game: Game, later: list) -> list:
    """The waiting outcomes to keep possible: (forced, id, its node, how many of the items
    its event draws from must stay, how many there are now). One whose event is not on the
    stack yet is not watched."""
    if not later:
        return []
    probe, stack = game.clone(), game.stack
    need: dict[int, int] = {}
    for _, action in later:
        need[action] = need.get(action, 0) + 1
    watched = []
    for forced, action in later:
        i = _node_of(probe, stack, forced.given)
        if i is not None:
            now = _count(probe, stack, i, action)
            watched.append((forced, action, i, need[action], now))
    return watched


def _breaks(game: Game, action: int, watched: list) -> _Forced | None:
    """The first watched outcome that applying `action` leaves less within reach than it
    needs (or than it is now, if fewer: two outcomes wanting one card cannot both happen,
    and the first of them must still be able to)."""
    watched = [w for w in watched if w[4]]
    if not watched:
        return None
    probe, stack = _with(game, action), game.stack
    for forced, wanted, i, need, now in watched:
        if _count(probe, stack, i, wanted) < min(need, now):
            return forced
    return None


def _sample(game: Game, watched: list) -> int:
    """The outcome of the pending event: the item a watched outcome needs if this event
    brings it within reach and nothing else has; else the seed's, unless it leaves a watched
    outcome impossible (then drawn again from the other items)."""
    if not watched:
        return game.sample_chance()
    src, base = OUTCOMES[game.stack[-1][0]](game)
    stack = game.stack
    for _, wanted, i, need, now in watched:
        if now < need and wanted - base in src and \
                _count(_with(game, wanted), stack, i, wanted) > now:
            return wanted
    k = game.chance_count
    left = list(src)
    h = hashes(game.seed, k + 1)[k]
    while left:
        h *= len(left)
        x = left[h >> 64]  # the first time, the seed's: `sample_chance`
        h &= M64  # what is left of the hash: the next draw's
        if _breaks(game, base + x, watched) is None:
            return base + x
        left = [y for y in left if y != x]
    kind = KIND_NAMES[stack[-1][0]].replace("_", " ")
    first = watched[0][0]
    raise IllegalActionError(first.given, f"every outcome of an earlier chance event ({kind}) "
                             "would leave one of the forced outcomes impossible: "
                             + ", ".join(str(w[0]) for w in watched))
