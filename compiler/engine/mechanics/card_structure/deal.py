"""How `card_structure` deals: an Age's set-up drawn in one go, face-down cards turned over
by their backs, and the backs laid (7 Wonders Duel, Agora).

A face-down card shows a back: its Age's, or the back of a deck kept apart from the Age
decks that has one of its own (`Tables.backs`): Duel's guilds (purple, drawn into
`setup.guilds.age`: docs/sources.md, "Age III"), Agora's senators (grey, shuffled into every
Age: `senate.senators`, agora-rulings 2). Both players see which face-down slots hold such a
card, though not which. The engine deals them as the table shows them: once the face-up cards
are dealt, one chance outcome per card of such a deck still in the deck names the face-down
slot its back lies on (`guild back in slot 12`, `senator back in slot 3`; ids
`back_base[b] + slot`), the guilds first, and turning a card over draws among the cards of
its slot's back left in the deck. In an Age with none of them every face-down slot shows the
Age's back and a card turned over is drawn from the whole deck, as before backs existed.
Their state, view and records: card_structure/backs.py.

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

AGE_BACK = 0  # a slot's back: an index of `Tables.backs`, the Age's first


def slots(t) -> int:
    """The slots of the largest structure: the size of a range of back ids (`CH_BACK`, a
    guild's back laid on a slot: card_structure/actions.py; the last range of its ids, so
    no other id moved)."""
    return max((len(st.slots()) for st in t.ruleset.structures), default=0)


def lay_out(t) -> None:
    """What the deals read: the backs (the Age's, the guilds'), each card's back, the Ages
    whose decks hold cards of a back of their own, where those cards are numbered; per Age,
    the slots dealt face down."""
    t.n_slots = slots(t)
    t.is_guild = [t.color[c] == t.guild_color for c in range(t.NB)]
    t.backs, t.back_kind, t.back_base, t.card_back = ("age",), (-1,), (-1,), [AGE_BACK] * t.NB
    t.back_ages, t.back_ages_of = frozenset(), (frozenset(),)
    t.back_runs = ()
    if t.guilds:
        add_back(t, "guild", number("guild_back"), t.CH_BACK, t.guilds, (t.guild_age,))
    t.face_down_slots = {age: tuple(s for s, down in enumerate(st[2]) if down)
                         for age, st in t.structures.items()}


def add_back(t, name: str, kind: int, base: int, cards, ages) -> None:
    """A deck kept apart from the Age decks shows a back of its own, `name` ("guild",
    "senator"): its `cards` show it face down in the structures of `ages`, laid on a slot by
    the chance kind `kind` with ids `base + slot` (a mechanic that shuffles such cards in
    calls it from its `extend_tables`, after card_structure's; `backs.lays_backs(kind)`
    gives the kind its handlers)."""
    b = len(t.backs)
    t.backs, t.back_kind, t.back_base = (*t.backs, name), (*t.back_kind, kind), (*t.back_base, base)
    for c in cards:
        t.card_back[c] = b
    t.back_ages_of = (*t.back_ages_of, frozenset(ages))
    t.back_ages = t.back_ages | t.back_ages_of[b]
    # Cards of a back numbered in one run (Duel's guilds, Agora's senators) are a run of the
    # sorted deck too: found by bisection, not by looking at each card (`back_runs`, per
    # back of its own its (first, end) ids; None if one is not a run).
    cards = sorted(cards)
    run = bool(cards) and cards == list(range(cards[0], cards[-1] + 1))
    t.back_runs = (*t.back_runs, (cards[0], cards[-1] + 1)) \
        if run and t.back_runs is not None else None


def _spans(t, pool: list[int]) -> list[tuple[int, int]]:
    """Per back of its own, where its cards are in the (sorted) deck: `pool[lo:hi]`."""
    return [(bisect_left(pool, first), bisect_left(pool, end)) for first, end in t.back_runs]


def _age_card(spans: list[tuple[int, int]], i: int) -> int:
    """The place in the deck of its `i`-th card showing an Age back: past the runs before it."""
    for lo, hi in sorted(spans):
        if i < lo:
            break
        i += hi - lo
    return i


def deal_deck(g: GameState, s: int) -> list[int]:
    """The cards slot `s` can get: in an Age with backs of their own, a slot dealt face down
    gets a card of the back it shows; any other slot, any card of the deck."""
    t, pool = g.t, g.pool
    if g.age not in t.back_ages or not t.structures[g.age][2][s]:
        return pool
    b = g.back[s]
    if t.back_runs is None:  # look at each card
        card_back = t.card_back
        return [c for c in pool if card_back[c] == b]
    spans = _spans(t, pool)
    if b:
        lo, hi = spans[b - 1]
        return pool[lo:hi]
    return [pool[_age_card(spans, i)] for i in range(len(pool) - sum(hi - lo for lo, hi in spans))]


def cards_of_back(t, pool: list[int], b: int) -> int:
    """How many cards of back `b` the deck `pool` holds."""
    if t.back_runs is None:
        card_back = t.card_back
        return sum(1 for c in pool if card_back[c] == b)
    spans = _spans(t, pool)
    if b:
        return spans[b - 1][1] - spans[b - 1][0]
    return len(pool) - sum(hi - lo for lo, hi in spans)


def draw_by_back(g: GameState, s: int, h: int) -> int:
    """Turn over slot `s` of an Age with backs of their own with the hash `h`: the card,
    taken from the deck, `deal_deck(g, s)[(h * n) >> 64]` (without building the list when
    the cards of each back of their own are numbered in one run)."""
    t, pool, back = g.t, g.pool, g.back
    if t.back_runs is None or not t.structures[g.age][2][s]:
        deck = deal_deck(g, s)
        c = deck[(h * len(deck)) >> 64]
        pool.remove(c)
        back[s] = AGE_BACK  # face up: its face shows what it is
        return c
    spans = _spans(t, pool)
    b = back[s]
    back[s] = AGE_BACK
    if b:
        lo, hi = spans[b - 1]
        return pool.pop(lo + ((h * (hi - lo)) >> 64))
    i = (h * (len(pool) - sum(hi - lo for lo, hi in spans))) >> 64
    return pool.pop(_age_card(spans, i))


def free_slots(g: GameState) -> list[int]:
    """The face-down slots still in the structure showing an Age back, in slot order: the
    outcomes of a node laying a back (`guild_back`, `senator_back`)."""
    face_up, taken, back = g.face_up, g.taken, g.back
    return [s for s in g.t.face_down_slots.get(g.age, ())
            if not face_up[s] and not taken[s] and not back[s]]


def to_place(g: GameState, b: int) -> int:
    """How many backs `b` the set-up lays once the face-up cards are dealt: one per card of
    that back in the deck without one yet (fewer only in a position with more such cards
    than slots)."""
    laid = sum(1 for x in g.back if x == b)
    return max(0, min(cards_of_back(g.t, g.pool, b) - laid, len(free_slots(g))))


def backs_nodes(g: GameState) -> list:
    """The nodes laying the backs of their own once an Age's face-up cards are dealt, in the
    order they resolve: the guilds' first, then the others in the order they were added."""
    t = g.t
    return [(t.back_kind[b], CHANCE, 0) for b in range(1, len(t.backs)) for _ in range(to_place(g, b))]


def auto_backs(g: GameState, k: int) -> int:
    """Lay the backs of a set-up that has just dealt its face-up cards (so every slot dealt
    face down is free) now, drawing from the seed from chance count `k` on exactly as the
    nodes would one by one (`auto_setup_age`); the count after."""
    t = g.t
    free = list(t.face_down_slots[g.age])
    hist, back = g.history, g.back
    for b in range(1, len(t.backs)):
        n = min(cards_of_back(t, g.pool, b), len(free))
        if not n:
            continue
        h = hashes(g.seed, k + n)
        base = t.back_base[b]
        for _ in range(n):
            s = free.pop((h[k] * len(free)) >> 64)  # draw(seed, k + 1, len(free))
            k += 1
            back[s] = b
            hist.append(base + s)
    return k


def why_not_back(g: GameState, player: int, arg: int, action: int) -> str | None:
    """Why a back cannot lie on a slot (core/kinds.explains: `guild_back`, `senator_back`)."""
    t = g.t
    b = t.back_kind.index(g.stack[-1][0]) if g.stack else 0
    base = t.back_base[b] if b else -1
    if not base <= action < base + t.n_slots:
        return None
    return (f"slot {action - base} is not a face-down slot without a "
            f"{' or '.join(t.backs[1:])} back (free: {', '.join(map(str, free_slots(g))) or 'none'})")


def why_not_deal(g: GameState, player: int, s: int, action: int) -> str | None:
    """Why a card does not fit the back of slot `s` (core/kinds.explains: `deal`), or None."""
    t = g.t
    if not t.CH_CARD <= action < t.CH_CARD + t.NB or action - t.CH_CARD not in g.pool \
            or g.pool is deal_deck(g, s):
        return None
    c = action - t.CH_CARD
    name, shown, own = t.names[c], g.back[s], t.card_back[c]
    if shown:
        return (f"slot {s} shows a {t.backs[shown]} back, so its card is a {t.backs[shown]}: "
                f"{name} is not")
    return f"slot {s} shows an Age back, so its card is not a {t.backs[own]}: {name} is one"


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
    g.chance_count = auto_backs(g, k) if g.age in t.back_ages else k


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
    by_back = g.age in t.back_ages  # its face-down cards are drawn by their backs
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
