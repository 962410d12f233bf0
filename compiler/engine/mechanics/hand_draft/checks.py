"""The checks of a loaded state that the mechanic `hand_draft` owns (hand_draft.py registers
them): hands and the deals still due, the copies of each card, the guilds left in the box,
and who chooses at a turn. Kinds are read by name (`kinds.number`): hand_draft registers them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import number

if TYPE_CHECKING:
    from ...core.game import GameState


def check_hands(g: GameState) -> str | None:
    deal = number("deal_hand")
    dealing = any(k == deal for k, _, _ in g.stack)
    if dealing and g.result is None:
        problem = check_dealing(g)
        if problem:
            return problem
    elif not g._hand_sizes_agree() and g.result is None and not seventh_pending(g):
        return "mechanics.hand_draft.hands: every hand holds as many cards, except a 7th card kept"
    if g.age:
        return check_cards(g)
    return None


def check_dealing(g: GameState) -> str | None:
    """An Age being dealt: each hand and the deals still due to it make a full hand, and the
    deck (with the guilds still to draw into it, in the order the stack resolves them) holds
    a card for every deal."""
    t = g.t
    size = t.hand_size[g.age - 1] if g.age else 0
    deal, draw = number("deal_hand"), number("draw_guild")
    due = [0] * t.n_seats
    deck, guilds = len(g.pool), len(g.guild_pool)
    for i in range(len(g.stack) - 1, -1, -1):  # in the order they resolve
        kind, _, arg = g.stack[i]
        if kind == draw:
            if not guilds:
                return f"stack[{i}]: draw_guild draws from guild_pool, and no guild is left"
            guilds -= 1
            deck += 1
        elif kind == deal:
            if not deck:
                return f"stack[{i}]: deal_hand deals from the deck (pool), and no card is left"
            deck -= 1
            due[arg] += 1
    for p in t.seats:
        if len(g.hands[p]) + due[p] != size:
            return (f"mechanics.hand_draft.hands[{p}]: {len(g.hands[p])} cards in hand and "
                    f"{due[p]} still to deal, not the {size} of an Age {g.age} hand")
    return None


def check_cards(g: GameState) -> str | None:
    """Every copy of the cards dealt so far is in exactly one place (hands, cities, under
    stages, discard pile, deck): no more copies of a card than the decks hold."""
    t = g.t
    held: dict[int, int] = {}
    places = [*g.hands, *g.city, g.discard, g.pool, *g._tucked_cards()]
    for cards in places:
        for c in cards:
            held[c] = held.get(c, 0) + 1
    limit: dict[int, int] = {}
    for age in range(1, g.age + 1):
        for c in t.decks[age]:
            limit[c] = limit.get(c, 0) + 1
    for c in t.classic_guilds:
        limit[c] = 1 if g.age >= t.classic_guild_age else 0
    for c, n in held.items():
        if n > limit.get(c, 0):
            return (f"{t.ids[c]!r} appears {n} times in the hands, cities, stages, discard pile "
                    f"and deck; Ages 1 to {g.age} hold {limit.get(c, 0)}")
    for c in g.guild_pool:
        if c in held:
            return f"guild_pool: {t.ids[c]!r} is also in play"
    # The box holds a guild for every draw still to come: those pending, or before the
    # guilds' Age, all it draws.
    draw = number("draw_guild")
    due = sum(1 for k, _, _ in g.stack if k == draw)
    if g.age < t.classic_guild_age:
        due += t.classic_guilds_drawn
    if len(g.guild_pool) < due:
        return (f"guild_pool: {len(g.guild_pool)} guilds in the box, and {due} are still to "
                f"be drawn from it")
    return None


def check_played_out(g: GameState) -> str | None:
    if g.result is not None and g.result.victory == "civilian" and any(g.hands):
        return f"result: a civilian victory comes at the end of Age {g.t.ages}, once every hand is played"
    return None


def choose_check(g: GameState, i: int, node) -> str | None:
    """Every seat that holds cards (or is still being dealt some) chooses, and no other."""
    deal = number("deal_hand")
    due = {arg for k, _, arg in g.stack if k == deal}
    for p in g.t.seats:
        holds = bool(g.hands[p]) or p in due
        if holds != bool(node[2] >> p & 1):
            return (f".arg: seat {p} has no card to choose from" if not holds else
                    f".arg: seat {p} holds cards, so it chooses too (mask {node[2]} leaves it out)")
    first = (node[2] & -node[2]).bit_length() - 1  # the first seat asked
    if i < len(g.stack) - 1 and node[1] != first:  # waiting below: no seat has chosen yet
        return f".player: no seat has chosen yet, so the decision waits for seat {first}, not {node[1]}"
    return None


def age_check(g: GameState, i: int, node) -> str | None:
    if node[2] != g.age + 1 or node[2] > g.t.ages:
        return f".arg: the next Age is {g.age + 1}, not {node[2]}"
    if any(g.hands):
        return f": Age {node[2]} is dealt once every hand is played"
    return None


def seat_check(g: GameState, i: int, node) -> str | None:
    return None if 0 <= node[2] < g.t.n_seats else f".arg: no seat {node[2]}"


def seventh_pending(g: GameState) -> bool:
    """A 7th card is kept (ruling 16): its choice, or the end of the 6th turn that asks for
    it, waits, and no hand holds more than that card."""
    waiting = {number("choose"), number("turn_end")}
    return any(k in waiting for k, _, _ in g.stack) and max(map(len, g.hands)) == 1
