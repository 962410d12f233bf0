"""Guild backs in `card_structure`: their state, what a seat sees of them, and records made
before them (7 Wonders Duel); how they are dealt: card_structure/deal.py.

State: `guild_back`, a slot of card_structure's `structure` field, per slot True for a
face-down slot showing a guild back (JSON: each face-down slot's `"back"`, "age" or
"guild"). The kinds are found by name: they are registered after this module is loaded.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import number
from ...errors import EngineError
from .deal import free_slots, guilds_in_deck

if TYPE_CHECKING:
    from ...core.game import GameState

AGE, GUILD = "age", "guild"  # a face-down slot's back in JSON


# State: JSON, defaults, checks ------------------------------------------------------------

def shows_back(g: GameState, s: int, face_up: bool, taken: bool) -> bool:
    """A slot shows its back: dealt face down in the current Age, still face down and there."""
    st = g.t.structures.get(g.age)
    return st is not None and st[2][s] and not face_up and not taken


def load_backs(g: GameState, slots: list[dict], face_up: list[bool], taken: list[bool],
               read) -> list[bool]:
    """`guild_back` from the slots' `back`: every face-down slot states it or none does; with
    none stated, the guilds in the deck lie on the first face-down slots (`default_backs`)."""
    back = [False] * len(slots)
    stated = [s for s, slot in enumerate(slots) if "back" in slot]
    for s in stated:
        value = slots[s]["back"]
        if value not in (AGE, GUILD):
            raise read.fail(f"structure[{s}].back",
                            f"expected 'age' or 'guild', got {read.short(value)}")
        if not shows_back(g, s, face_up[s], taken[s]):
            raise read.fail(f"structure[{s}].back", "only a card dealt face down and still "
                            "face down in the structure shows its back")
        back[s] = value == GUILD
    showing = [s for s in range(len(slots)) if shows_back(g, s, face_up[s], taken[s])]
    if stated and len(stated) != len(showing):
        s = next(s for s in showing if s not in stated)
        raise read.fail(f"structure[{s}]", "missing field 'back': state the back of every "
                        "face-down card, or of none")
    if not stated:
        for s in default_backs(g, showing):
            back[s] = True
    return back


def default_backs(g: GameState, showing: list[int]) -> list[int]:
    """The guild backs of a position that states none: the guilds of the deck (less one per
    `guild_back` node pending) on the first face-down slots, in slot order; none while the
    set-up has cards to draw or deal first."""
    if _setup_pending(g):
        return []
    pending = sum(1 for kind, _, _ in g.stack if kind == number("guild_back"))
    guilds = guilds_in_deck(g.t, g.pool)
    return showing[:max(0, min(guilds, len(showing)) - pending)]


def _setup_pending(g: GameState) -> bool:
    """The set-up still draws or deals cards before laying the guild backs."""
    t = g.t
    early = {number(k) for k in ("age", "leave_out", "guild", "place_guild_backs")}
    deal = number("deal")
    down = t.structures[g.age][2] if g.age in t.structures else ()
    # A slot out of range is refused by the stack's checks, which run after this one.
    return any(kind in early or kind == deal and 0 <= arg < len(down) and not down[arg]
               for kind, _, arg in g.stack)


def check_backs(g: GameState) -> str | None:
    """The guild backs agree with the deck and with the decisions pending: each guild back
    hides a guild of the deck, each Age back another card."""
    t = g.t
    if g.age not in t.structures:
        return None
    showing = [s for s in t.face_down_slots[g.age] if not g.face_up[s] and not g.taken[s]]
    guild_backs = sum(1 for s in showing if g.guild_back[s])
    pending = sum(1 for kind, _, _ in g.stack if kind == number("guild_back"))
    if _setup_pending(g):
        if guild_backs or pending:
            return ("structure: guild backs are laid once the set-up has drawn and dealt "
                    "its face-up cards")
        kinds = {kind for kind, _, _ in g.stack}
        if number("age") in kinds:  # the next Age's set-up, not this one's
            return None
        deal = number("deal")
        due = {arg for kind, _, arg in g.stack if kind == deal}
        for slot, down in enumerate(t.structures[g.age][2]):
            if not down and not g.face_up[slot] and not g.taken[slot] and slot not in due:
                return (f"structure[{slot}]: a face-up slot of Age {g.age}'s structure, not "
                        "dealt, and no deal waits for it")
        if g.age == t.guild_age and t.guilds and number("place_guild_backs") not in kinds:
            return (f"stack: Age {g.age}'s set-up lays the guild backs once its face-up cards "
                    "are dealt, and no place_guild_backs decision waits for that")
        return None
    guilds = guilds_in_deck(t, g.pool)
    if guild_backs + pending > guilds:
        return (f"structure: {guild_backs + pending} face-down cards show a guild back (or "
                f"will), but the deck (pool) holds {guilds} guild{'s' * (guilds != 1)}")
    if pending > len(showing) - guild_backs:
        return f"stack: {pending} guild backs to lay, but only {len(showing) - guild_backs} face-down slots show no guild back"
    others = len(g.pool) - guilds
    age_backs = len(showing) - guild_backs - pending
    if age_backs > others:
        return (f"structure: {age_backs} face-down cards show an Age back, but the deck "
                f"(pool) holds only {others} card{'s' * (others != 1)} that are not guilds")
    return None


# What a seat sees -----------------------------------------------------------------------------

def backs_seen(g: GameState, player: int) -> list[float]:
    """Per slot of the largest structure: (Age back, guild back) of a face-down card, (0, 0)
    for a face-up card, a taken or an empty slot."""
    v = [0.0] * (2 * g.t.n_slots)
    st = g.t.structures.get(g.age)
    if st is not None:
        for s, down in enumerate(st[2]):
            if down and not g.face_up[s] and not g.taken[s]:
                v[2 * s + g.guild_back[s]] = 1.0
    return v


# Records of format 1 (before guild backs) -------------------------------------------------------

def record_gaps(game: GameState, later: list) -> list[int]:
    """The `guild_back` outcomes a record of format 1 lacks, when `game`, replaying it, waits
    at the first of them; `later`: the record's actions still to replay. A slot turned up
    as a guild in the rest of the Age had a guild back; the guilds never turned up lie on
    the face-down slots never turned over, in slot order. [] at any other decision."""
    t = game.t
    back_kind, deal = number("guild_back"), number("deal")
    if game.result is not None or not game.stack or game.stack[-1][0] != back_kind:
        return []
    count = 0
    while count < len(game.stack) and game.stack[-1 - count][0] == back_kind:
        count += 1
    probe = game.clone()  # the rest of the Age, replayed with any card on any back
    del probe.stack[-count:]
    probe._legal = None
    probe._advance()
    age, guilds = probe.age, []
    down = t.structures[age][2]
    for action in later:
        if probe.result is not None or probe.age != age:
            break
        try:
            a = probe.parse_action(action) if isinstance(action, str) else action
            kind, _, s = probe.stack[-1]
            if kind == deal and down[s] and t.CH_CARD <= a < t.CH_CARD + t.NB \
                    and a - t.CH_CARD in probe.pool:
                if t.is_guild[a - t.CH_CARD]:
                    guilds.append(s)
                probe._apply_unchecked(a)  # a guild on an Age back: the backs are not laid
                probe._advance()
            else:
                probe.apply(a)
        except (EngineError, TypeError):  # the replay itself reports a bad action
            break
    unseen = [s for s in free_slots(game) if not probe.face_up[s] and not probe.taken[s]]
    chosen = (guilds + [s for s in unseen if s not in guilds])[:count]
    return [t.CH_BACK + s for s in sorted(chosen)]
