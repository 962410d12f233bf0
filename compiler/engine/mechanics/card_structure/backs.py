"""The backs face-down cards show in `card_structure`: their state, what a seat sees of
them, the nodes laying them, and records made before them (7 Wonders Duel's guilds, Agora's
senators); how they are dealt: card_structure/deal.py.

State: `back`, a slot of card_structure's `structure` field, per slot the index in
`Tables.backs` ("age", "guild", "senator") of the back a face-down slot shows (JSON: each
face-down slot's `"back"`, by name). The kinds are found by name: they are registered after
this module is loaded.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import AGES, handles, explains, no_arg, number, outcomes_from, stands
from ...errors import EngineError
from .deal import AGE_BACK, cards_of_back, free_slots, why_not_back

if TYPE_CHECKING:
    from ...core.game import GameState


def lays_backs(kind: int) -> None:
    """Give the chance kind `kind` that lays a back of its own (`deal.add_back`) its
    handlers: its outcomes are the face-down slots showing an Age back, in slot order."""
    @outcomes_from(kind)
    def _slots(g: GameState):
        t = g.t
        return free_slots(g), t.back_base[t.back_kind.index(kind)]

    @handles(kind)
    def _lay(g: GameState, node, action: int) -> None:
        t = g.t
        b = t.back_kind.index(kind)
        g.back[action - t.back_base[b]] = b

    explains(kind)(why_not_back)
    stands(kind, AGES, no_arg)


# State: JSON, defaults, checks ------------------------------------------------------------

def shows_back(g: GameState, s: int, face_up: bool, taken: bool) -> bool:
    """A slot shows its back: dealt face down in the current Age, still face down and there."""
    st = g.t.structures.get(g.age)
    return st is not None and st[2][s] and not face_up and not taken


def load_backs(g: GameState, slots: list[dict], face_up: list[bool], taken: list[bool],
               read) -> list[int]:
    """`back` from the slots' `back`: every face-down slot states it or none does; with
    none stated, the cards of each back of its own in the deck lie on the first face-down
    slots (`default_backs`)."""
    names = g.t.backs
    back = [AGE_BACK] * len(slots)
    stated = [s for s, slot in enumerate(slots) if "back" in slot]
    for s in stated:
        value = slots[s]["back"]
        if value not in names:
            expected = " or ".join(filter(None, (", ".join(map(repr, names[:-1])), repr(names[-1]))))
            raise read.fail(f"structure[{s}].back", f"expected {expected}, got {read.short(value)}")
        if not shows_back(g, s, face_up[s], taken[s]):
            raise read.fail(f"structure[{s}].back", "only a card dealt face down and still "
                            "face down in the structure shows its back")
        back[s] = names.index(value)
    showing = [s for s in range(len(slots)) if shows_back(g, s, face_up[s], taken[s])]
    if stated and len(stated) != len(showing):
        s = next(s for s in showing if s not in stated)
        raise read.fail(f"structure[{s}]", "missing field 'back': state the back of every "
                        "face-down card, or of none")
    if not stated:
        default_backs(g, showing, back)
    return back


def default_backs(g: GameState, showing: list[int], back: list[int]) -> None:
    """The backs of a position that states none: the cards of each back of its own in the
    deck (less one per node laying it pending), the guilds first, on the first face-down
    slots, in slot order; none while the set-up has cards to draw or deal first."""
    if _setup_pending(g):
        return
    t = g.t
    free = iter(showing)
    for b in range(1, len(t.backs)):
        pending = sum(1 for kind, _, _ in g.stack if kind == t.back_kind[b])
        for _ in range(cards_of_back(t, g.pool, b) - pending):
            s = next(free, None)
            if s is None:
                return
            back[s] = b


def _setup_pending(g: GameState) -> bool:
    """The set-up still draws or deals cards before laying the backs."""
    t = g.t
    early = {number(k) for k in ("age", "leave_out", "guild", "place_guild_backs")}
    deal = number("deal")
    down = t.structures[g.age][2] if g.age in t.structures else ()
    # A slot out of range is refused by the stack's checks, which run after this one.
    return any(kind in early or kind == deal and 0 <= arg < len(down) and not down[arg]
               for kind, _, arg in g.stack)


def check_backs(g: GameState) -> str | None:
    """The backs agree with the deck and with the decisions pending: each back of its own
    hides a card of its deck, each Age back another card."""
    t = g.t
    if g.age not in t.structures:
        return None
    names = t.backs
    showing = [s for s in t.face_down_slots[g.age] if not g.face_up[s] and not g.taken[s]]
    laid = [sum(1 for s in showing if g.back[s] == b) for b in range(len(names))]
    pending = [sum(1 for kind, _, _ in g.stack if kind == t.back_kind[b]) if b else 0
               for b in range(len(names))]
    if _setup_pending(g):
        early = next((b for b in range(1, len(names)) if laid[b] or pending[b]), 0)
        if early:
            return (f"structure: {names[early]} backs are laid once the set-up has drawn and "
                    "dealt its face-up cards")
        kinds = {kind for kind, _, _ in g.stack}
        if number("age") in kinds:  # the next Age's set-up, not this one's
            return None
        deal = number("deal")
        due = {arg for kind, _, arg in g.stack if kind == deal}
        for slot, down in enumerate(t.structures[g.age][2]):
            if not down and not g.face_up[slot] and not g.taken[slot] and slot not in due:
                return (f"structure[{slot}]: a face-up slot of Age {g.age}'s structure, not "
                        "dealt, and no deal waits for it")
        if g.age in t.back_ages and number("place_guild_backs") not in kinds:
            own = " and ".join(n for n, ages in zip(names, t.back_ages_of) if g.age in ages)
            return (f"stack: Age {g.age}'s set-up lays the {own} backs once its face-up cards "
                    "are dealt, and no place_guild_backs decision waits for that")
        return None
    for b in range(1, len(names)):
        cards = cards_of_back(t, g.pool, b)
        if laid[b] + pending[b] > cards:
            return (f"structure: {laid[b] + pending[b]} face-down cards show a {names[b]} back "
                    f"(or will), but the deck (pool) holds {cards} {names[b]}{'s' * (cards != 1)}")
    to_lay = sum(pending)
    if to_lay > laid[AGE_BACK]:
        what = " or ".join(n for b, n in enumerate(names) if pending[b])
        return (f"stack: {to_lay} {what} backs to lay, but only {laid[AGE_BACK]} face-down "
                f"slots show no {what} back")
    others = cards_of_back(t, g.pool, AGE_BACK)
    age_backs = laid[AGE_BACK] - to_lay
    if age_backs > others:
        apart = " or ".join(f"{n}s" for n in names[1:])
        return (f"structure: {age_backs} face-down cards show an Age back, but the deck "
                f"(pool) holds only {others} card{'s' * (others != 1)} that are not {apart}")
    return None


# What a seat sees -----------------------------------------------------------------------------

def backs_seen(g: GameState, player: int) -> list[float]:
    """Per slot of the largest structure, one number per back (`Tables.backs`: the Age's,
    the guilds', the senators'): 1 for the back a face-down card shows; all 0 for a face-up
    card, a taken or an empty slot."""
    n = len(g.t.backs)
    v = [0.0] * (n * g.t.n_slots)
    st = g.t.structures.get(g.age)
    if st is not None:
        for s, down in enumerate(st[2]):
            if down and not g.face_up[s] and not g.taken[s]:
                v[n * s + g.back[s]] = 1.0
    return v


# Records made before the backs ----------------------------------------------------------------

def record_gaps(game: GameState, later: list) -> list[int]:
    """The outcomes laying backs that a record made before them lacks (format 1: the guild
    backs; Agora's records before the senators' backs), when `game`, replaying it, waits at
    the first of them and the record's next action does not lay one; `later`: the record's
    actions still to replay. A slot turned up as a card of a back of its own in the rest of
    the Age had that back; the cards never turned up lie on the face-down slots never turned
    over, in slot order. [] at any other decision."""
    t = game.t
    deal = number("deal")
    if game.result is not None or not game.stack or game.stack[-1][0] not in t.back_kind \
            or _lays_a_back(game, later):
        return []
    count = 0
    while count < len(game.stack) and game.stack[-1 - count][0] in t.back_kind:
        count += 1
    kinds = [kind for kind, _, _ in reversed(game.stack[-count:])]  # in the order they resolve
    probe = game.clone()  # the rest of the Age, replayed with any card on any back
    del probe.stack[-count:]
    probe._legal = None
    probe._advance()
    age, turned_up = probe.age, []
    down = t.structures[age][2]
    for action in later:
        if probe.result is not None or probe.age != age:
            break
        try:
            a = probe.parse_action(action) if isinstance(action, str) else action
            kind, _, s = probe.stack[-1]
            if kind == deal and down[s] and t.CH_CARD <= a < t.CH_CARD + t.NB \
                    and a - t.CH_CARD in probe.pool:
                turned_up.append((s, t.card_back[a - t.CH_CARD]))
                probe._apply_unchecked(a)  # any card on any back: the backs are not laid
                probe._advance()
            else:
                probe.apply(a)
        except (EngineError, TypeError):  # the replay itself reports a bad action
            break
    unseen = [s for s in free_slots(game) if not probe.face_up[s] and not probe.taken[s]]
    out = []
    for b in dict.fromkeys(t.back_kind.index(kind) for kind in kinds):
        count = kinds.count(t.back_kind[b])
        chosen = [s for s, of in turned_up if of == b]
        chosen = (chosen + [s for s in unseen if s not in chosen])[:count]
        unseen = [s for s in unseen if s not in chosen]
        out += [t.back_base[b] + s for s in sorted(chosen)]
    return out


def _lays_a_back(game: GameState, later: list) -> bool:
    """The record's next action is an outcome of the back pending (it has its backs)."""
    if not later:
        return True
    try:
        a = game.parse_action(later[0]) if isinstance(later[0], str) else later[0]
    except EngineError:
        return False
    return a in game.legal_actions()
