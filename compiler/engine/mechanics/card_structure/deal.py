"""How `card_structure` deals: an Age's set-up drawn in one go, face-down cards turned over
by their backs, and the guild backs (7 Wonders Duel).

Guild cards have a back of their own (purple), so once the Age that draws guilds
(`setup.guilds.age`, Duel's Age III) is laid out, both players see which face-down slots
hold a guild, though not which guild (docs/sources.md, "Age III"). The engine deals them as
the table shows them: once the face-up cards are dealt, one chance outcome per guild still
in the deck names the face-down slot its back lies on (`guild back in slot 12`, ids
`CH_BACK + slot`), and turning a card over draws from the guilds left in the deck if its
slot shows a guild back, from the other cards otherwise. In an Age without guilds every
face-down slot shows the Age's back and a card turned over is drawn from the whole deck, as
before guild backs existed. Their state, view and records: card_structure/backs.py.

Drawing in one go (here, and card_structure's turn-ups) gives the same outcomes, in the same
order and recorded the same way, as resolving the chance nodes one by one (`draw(seed, k + 1, n)` is
`(hashes(seed, k + 1)[k] * n) >> 64`). The kinds are found by name: they are registered
after this module is loaded.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from typing import TYPE_CHECKING

from ...core.kinds import CHANCE, number
from ...core.sampler import hashes

if TYPE_CHECKING:
    from ...core.game import GameState


def slots(t) -> int:
    """The slots of the largest structure: the size of `CH_BACK`, a guild's back laid on a
    slot (card_structure/actions.py; the last range of ids, so no other id moved)."""
    return max((len(st.slots()) for st in t.ruleset.structures), default=0)


def lay_out(t) -> None:
    """What the deals read: per building, whether it is a guild; where the guilds are
    numbered; per Age, the slots dealt face down."""
    t.n_slots = slots(t)
    t.is_guild = [t.color[c] == t.guild_color for c in range(t.NB)]
    # Guilds numbered in one run (Duel's are) are a run of the sorted deck too: found by
    # bisection, not by looking at each card (card_structure turns cards over by their backs).
    guilds = t.guilds
    run = bool(guilds) and guilds == list(range(guilds[0], guilds[-1] + 1))
    t.guild_run = (guilds[0], guilds[-1] + 1) if run else None
    t.face_down_slots = {age: tuple(s for s, down in enumerate(st[2]) if down)
                         for age, st in t.structures.items()}


def deal_deck(g: GameState, s: int) -> list[int]:
    """The cards slot `s` can get: in the Age with guilds, a slot dealt face down gets a guild
    if it shows a guild back, another card if not; any other slot, any card of the deck."""
    t, pool = g.t, g.pool
    if g.age != t.guild_age or not t.structures[g.age][2][s]:
        return pool
    if t.guild_run is None:  # guilds numbered apart: look at each card
        is_guild, want = t.is_guild, g.guild_back[s]
        return [c for c in pool if is_guild[c] == want]
    lo, hi = _guilds_in(t, pool)
    return pool[lo:hi] if g.guild_back[s] else pool[:lo] + pool[hi:]


def guilds_in_deck(t, pool: list[int]) -> int:
    """How many guilds the deck `pool` holds."""
    if t.guild_run is None:
        return sum(1 for c in pool if t.is_guild[c])
    lo, hi = _guilds_in(t, pool)
    return hi - lo


def _guilds_in(t, pool: list[int]) -> tuple[int, int]:
    """Where the guilds are in the (sorted) deck: `pool[lo:hi]`, when they are numbered in
    one run (`Tables.guild_run`)."""
    first, end = t.guild_run
    return bisect_left(pool, first), bisect_left(pool, end)


def draw_by_back(g: GameState, s: int, h: int) -> int:
    """Turn over slot `s` of the Age with guilds with the hash `h`: the card, taken from the
    deck, `deal_deck(g, s)[(h * n) >> 64]` without building the list."""
    t, pool, back = g.t, g.pool, g.guild_back
    run = t.guild_run
    if run is None or not t.structures[g.age][2][s]:
        deck = deal_deck(g, s)
        c = deck[(h * len(deck)) >> 64]
        pool.remove(c)
        back[s] = False  # face up: its face shows what it is
        return c
    lo, hi = bisect_left(pool, run[0]), bisect_left(pool, run[1])  # the deck's guilds
    if back[s]:
        back[s] = False
        return pool.pop(lo + ((h * (hi - lo)) >> 64))
    i = (h * (len(pool) - hi + lo)) >> 64
    return pool.pop(i if i < lo else i + hi - lo)


def free_slots(g: GameState) -> list[int]:
    """The face-down slots still in the structure with no guild back, in slot order: the
    outcomes of a `guild_back` chance node."""
    face_up, taken, back = g.face_up, g.taken, g.guild_back
    return [s for s in g.t.face_down_slots.get(g.age, ())
            if not face_up[s] and not taken[s] and not back[s]]


def to_place(g: GameState) -> int:
    """How many guild backs the set-up lays once the face-up cards are dealt: one per guild
    in the deck without one yet (fewer only in a position with more guilds than slots)."""
    guilds = guilds_in_deck(g.t, g.pool) - sum(g.guild_back)
    return max(0, min(guilds, len(free_slots(g))))


def auto_backs(g: GameState, k: int) -> int:
    """Lay the guild backs of a set-up that has just dealt its face-up cards (so every slot
    dealt face down is free) now, drawing from the seed from chance count `k` on exactly as
    the `guild_back` nodes would one by one (`auto_setup_age`); the count after."""
    free = list(g.t.face_down_slots[g.age])
    n = min(guilds_in_deck(g.t, g.pool), len(free))
    if n:
        h = hashes(g.seed, k + n)
        hist, back, base = g.history, g.guild_back, g.t.CH_BACK
        for _ in range(n):
            s = free.pop((h[k] * len(free)) >> 64)  # draw(seed, k + 1, len(free))
            k += 1
            back[s] = True
            hist.append(base + s)
    return k


def why_not_back(g: GameState, player: int, arg: int, action: int) -> str | None:
    """Why a guild back cannot lie on a slot (core/kinds.explains: `guild_back`)."""
    t = g.t
    if not t.CH_BACK <= action < t.CH_BACK + t.n_slots:
        return None
    return (f"slot {action - t.CH_BACK} is not a face-down slot without a guild back "
            f"(free: {', '.join(map(str, free_slots(g))) or 'none'})")


def why_not_deal(g: GameState, player: int, s: int, action: int) -> str | None:
    """Why a card does not fit the back of slot `s` (core/kinds.explains: `deal`), or None."""
    t = g.t
    if not t.CH_CARD <= action < t.CH_CARD + t.NB or action - t.CH_CARD not in g.pool \
            or g.pool is deal_deck(g, s):
        return None
    name = t.names[action - t.CH_CARD]
    if g.guild_back[s]:
        return f"slot {s} shows a guild back, so its card is a guild: {name} is not"
    return f"slot {s} shows an Age back, so its card is not a guild: {name} is one"


def auto_setup_age(g: GameState) -> None:
    """The chance outcomes of an Age's set-up drawn in one go: the same outcomes, in the
    same order and recorded the same way, as resolving its chance nodes one by one."""
    t = g.t
    k, hist, pool = g.chance_count, g.history, g.pool
    dealt = t.dealt_slots[g.age]
    extra, n_extra = g._shuffled_in(g.age)
    h = hashes(g.seed, k + t.removed_cards_per_age + t.guilds_drawn + n_extra + len(dealt))
    base = t.CH_CARD
    left = g.left_out[-1]
    with_guilds = bool(g.guild_pool)
    for _ in range(t.removed_cards_per_age):
        c = pool.pop((h[k] * len(pool)) >> 64)  # draw(seed, k + 1, len(pool))
        k += 1
        left.append(c)
        hist.append(base + c)
    if g.guild_pool:
        guilds = g.guild_pool
        for _ in range(t.guilds_drawn):
            c = guilds.pop((h[k] * len(guilds)) >> 64)
            k += 1
            pool.append(c)
            hist.append(base + c)
        pool.sort()
    if n_extra:  # drawn as the shuffling-in mechanic's chance nodes would, one by one
        for _ in range(n_extra):
            c = extra.pop((h[k] * len(extra)) >> 64)
            k += 1
            pool.append(c)
            hist.append(base + c)
        pool.sort()
    slot_card, face_up, slot_of = g.slot_card, g.face_up, g.slot_of
    for s in dealt:
        c = pool.pop((h[k] * len(pool)) >> 64)
        k += 1
        slot_card[s] = c
        face_up[s] = True
        slot_of[c] = s
        hist.append(base + c)
    g.reach = sorted([slot_card[s] for s in t.open_at_start[g.age] if face_up[s]])
    g.chance_count = auto_backs(g, k) if with_guilds else k


def reveal(g: GameState) -> None:
    """Turn over the cards uncovered this turn (card_structure's turn-ups): now, exactly as
    their chance nodes would, or through those nodes when chance is not sampled
    automatically."""
    to_reveal = g.to_reveal
    if not g.auto_chance:
        deal = number("deal")
        g.stack.extend((deal, CHANCE, s) for s in sorted(to_reveal, reverse=True))
        to_reveal.clear()
        return
    t = g.t
    k, pool = g.chance_count, g.pool
    h = hashes(g.seed, k + len(to_reveal))
    if len(to_reveal) > 1:
        to_reveal.sort()
    by_back = g.age == t.guild_age  # its face-down cards are drawn by their backs
    for s in to_reveal:
        if by_back:
            c = draw_by_back(g, s, h[k])
        else:
            c = pool.pop((h[k] * len(pool)) >> 64)  # draw(seed, k + 1, len(pool))
        k += 1
        g.slot_card[s] = c
        g.face_up[s] = True
        g.slot_of[c] = s
        insort(g.reach, c)
        g.history.append(t.CH_CARD + c)
    g.chance_count = k
    to_reveal.clear()
