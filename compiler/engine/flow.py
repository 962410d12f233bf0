"""What each decision does once it is taken: one handler per node kind.

`HANDLERS[kind](game, node, action)` applies a player action or chance outcome;
`INTERNAL[kind](game, node)` resolves an internal node. Effects that need a choice queue
nodes in `game._buffer`; once an action's effects are done the buffer is pushed so its
nodes are resolved in data order, before the end of the turn (rulings 13 and 21).
"""
from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .nodes import (CHANCE, K_AGE, K_BOARD, K_DEAL, K_DESTROY, K_DRAFT, K_DRAFT_LAST,
                    K_END_TURN, K_FIRST, K_GUILD, K_LEAVE, K_LIB_DRAW, K_LIB_PICK, K_PAIR,
                    K_PLAY, K_REVEAL, K_REVIVE, K_START, UNBUILT)
from .sampler import draw
from .military import weaker
from .scoring import final_result

if TYPE_CHECKING:
    from .state import Game

def _on_first(g: Game, node, action: int) -> None:
    t = g.t
    first = action - t.CH_SEAT
    g.first_player = first
    after = t.seating.after
    todo = [(K_BOARD, CHANCE, 0)] * t.setup.board_tokens
    for rnd in t.setup.wonder_draft:  # each pick names a seat relative to the first player
        todo += [(K_REVEAL, CHANCE, 0)] * len(rnd)
        todo += [(K_DRAFT, after(first, rel), 0) for rel in rnd[:-1]]
        todo.append((K_DRAFT_LAST, after(first, rnd[-1]), 0))
    todo.append((K_AGE, CHANCE, 1))
    g.stack.append((K_PLAY, first, 0))
    g.stack.extend(reversed(todo))
    if g.auto_chance:  # draw the board tokens at once, as their chance nodes would
        seed, k, box, base = g.seed, g.chance_count, g.box_tokens, t.CH_TOKEN
        for _ in range(t.setup.board_tokens):
            k += 1
            tok = box.pop(draw(seed, k, len(box)))
            g.board_tokens.append(tok)
            g.history.append(base + tok)
            g.stack.pop()
        g.board_tokens.sort()
        g.chance_count = k


def _on_board(g: Game, node, action: int) -> None:
    tok = action - g.t.CH_TOKEN
    g.box_tokens.remove(tok)
    g.board_tokens.append(tok)
    g.board_tokens.sort()


def _on_reveal(g: Game, node, action: int) -> None:
    w = action - g.t.CH_WONDER
    g.wonder_pool.remove(w)
    g.draft.append(w)


def _on_draft(g: Game, node, action: int) -> None:
    w = action - g.t.PICK_WONDER
    g.draft.remove(w)
    _take_wonder(g, node[1], w)


def _on_draft_last(g: Game, node) -> None:
    _take_wonder(g, node[1], g.draft.pop())


def _take_wonder(g: Game, p: int, w: int) -> None:
    g.wonders[p].append(w)
    g.wonder_tuck[p].append(UNBUILT)
    if g.wonders_built_total < g.t.setup.max_wonders_built:
        insort(g.unbuilt[p], w)


def _on_age(g: Game, node) -> None:
    t = g.t
    age = node[2]
    cover0, covers, face_down, slots = t.structures[age]
    n = len(slots)
    g.age = age
    g.slot_card = [-1] * n
    g.face_up = [False] * n
    g.taken = [False] * n
    g.cover = list(cover0)
    g.accessible = [s for s in range(n) if cover0[s] == 0]
    g.to_reveal = []
    g.remaining = n
    g.slot_of = [-1] * t.NB
    g.pool = sorted(t.age_decks[age])
    g.guild_pool = sorted(t.guilds) if age == t.setup.guild_age else []
    g.left_out.append([])
    if g.auto_chance:
        _auto_setup_age(g, face_down)
        return
    todo = [(K_LEAVE, CHANCE, 0)] * t.setup.removed_cards_per_age
    if g.guild_pool:
        todo += [(K_GUILD, CHANCE, 0)] * t.setup.guilds_drawn
    todo += [(K_DEAL, CHANCE, s) for s in range(n) if not face_down[s]]
    g.stack.extend(reversed(todo))


def _auto_setup_age(g: Game, face_down) -> None:
    """The chance outcomes of an Age's set-up drawn in one go: the same outcomes, in the
    same order and recorded the same way, as resolving its chance nodes one by one."""
    t = g.t
    seed, k, hist, pool = g.seed, g.chance_count, g.history, g.pool
    base = t.CH_CARD
    left = g.left_out[-1]
    for _ in range(t.setup.removed_cards_per_age):
        k += 1
        c = pool.pop(draw(seed, k, len(pool)))
        left.append(c)
        hist.append(base + c)
    if g.guild_pool:
        guilds = g.guild_pool
        for _ in range(t.setup.guilds_drawn):
            k += 1
            c = guilds.pop(draw(seed, k, len(guilds)))
            pool.append(c)
            hist.append(base + c)
        pool.sort()
    slot_card, face_up, slot_of = g.slot_card, g.face_up, g.slot_of
    for s, down in enumerate(face_down):
        if not down:
            k += 1
            c = pool.pop(draw(seed, k, len(pool)))
            slot_card[s] = c
            face_up[s] = True
            slot_of[c] = s
            hist.append(base + c)
    g.chance_count = k


def _on_leave(g: Game, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.pool.remove(c)
    g.left_out[-1].append(c)


def _on_guild(g: Game, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.guild_pool.remove(c)
    g.pool.append(c)
    g.pool.sort()


def _on_deal(g: Game, node, action: int) -> None:
    c = action - g.t.CH_CARD
    s = node[2]
    g.pool.remove(c)
    g.slot_card[s] = c
    g.face_up[s] = True
    g.slot_of[c] = s


def _on_play(g: Game, node, action: int) -> None:
    t = g.t
    p = node[1]
    if action < t.DISCARD:
        c, w = action, -1
    elif action < t.WONDER:
        c, w = action - t.DISCARD, -2
    else:
        w, c = divmod(action - t.WONDER, t.NB)
    # Take the card from the structure (inlined _take_slot: this runs every turn).
    s = g.slot_of[c]
    taken = g.taken
    taken[s] = True
    g.remaining -= 1
    accessible = g.accessible
    accessible.remove(s)
    cover = g.cover
    for u in t.covers[g.age][s]:
        cover[u] -= 1
        if cover[u] == 0 and not taken[u]:
            accessible.append(u)
            if not g.face_up[u]:
                g.to_reveal.append(u)
    replay = False
    if w == -1:
        chain = bool(t.chain_from[c] & g.chains[p])
        if not chain:
            g._pay(p, c)
        g._build_building(p, c, chain)
    elif w == -2:
        cc = g.color_count[p]
        gain = t.discard_coins
        for i in t.discard_bonus_colors:
            gain += t.discard_bonus * cc[i]
        g.coins[p] += gain
        g.discard.append(c)
    else:
        g._pay(p, t.wonder0 + w)
        replay = g._build_wonder(p, w, c)
    if g.result is not None:
        return
    if g._buffer:
        g.stack.append((K_END_TURN, p, 1 if replay else 0))
        g._flush()
    else:  # nothing to decide first: end the turn now rather than through the stack
        _end_turn(g, p, replay)


def _on_end_turn(g: Game, node) -> None:
    _end_turn(g, node[1], node[2])


def _end_turn(g: Game, p: int, replay) -> None:
    if g.remaining == 0:
        if g.age >= g.t.ages:
            g.result = final_result(g)
            g.stack.clear()
            return
        chooser = next_age_chooser(g, p)
        g.stack.append((K_START, chooser, 0))
        g.stack.append((K_AGE, CHANCE, g.age + 1))
        return
    g.stack.append(g.t.play_node[p if replay else g.t.next_seat[p]])
    if g.to_reveal:
        if g.auto_chance:  # turn them over now, exactly as their chance nodes would
            seed, k, pool, base = g.seed, g.chance_count, g.pool, g.t.CH_CARD
            g.to_reveal.sort()
            for s in g.to_reveal:
                k += 1
                c = pool.pop(draw(seed, k, len(pool)))
                g.slot_card[s] = c
                g.face_up[s] = True
                g.slot_of[c] = s
                g.history.append(base + c)
            g.chance_count = k
        else:
            g.stack.extend((K_DEAL, CHANCE, s) for s in sorted(g.to_reveal, reverse=True))
        g.to_reveal.clear()


def next_age_chooser(g: Game, last: int) -> int:
    """Who chooses the next Age's starting player, by the data's `next_age` rule (ruling
    24): the player the pawn leans towards; with the pawn in the centre, the last player."""
    t = g.t
    if t.next_age_chooser == "weaker_military":
        seat = weaker(g)
        if seat >= 0:
            return seat
    if t.next_age_tie == "last_player":
        return last
    raise AssertionError(t.next_age_tie)  # pragma: no cover (the schema allows no other)


def _on_pair(g: Game, node, action: int) -> None:
    tok = action - g.t.TAKE
    g.board_tokens.remove(tok)
    g._gain_token(node[1], tok)
    g._flush()


def _on_lib_draw(g: Game, node, action: int) -> None:
    g.drawn.append(action - g.t.CH_TOKEN)


def _on_lib_pick(g: Game, node, action: int) -> None:
    tok = action - g.t.TAKE
    g.box_tokens.remove(tok)
    g.drawn = []
    g._gain_token(node[1], tok)
    g._flush()


def _on_destroy(g: Game, node, action: int) -> None:
    c = action - g.t.DESTROY
    for q in g.t.neighbours[node[1]]:
        if c in g.city[q]:
            g.city[q].remove(c)
            break
    g.discard.append(c)
    g._recompute()


def _on_revive(g: Game, node, action: int) -> None:
    c = action - g.t.REVIVE
    g.discard.remove(c)
    g._build_building(node[1], c, chain=False)
    g._flush()


def _on_start(g: Game, node, action: int) -> None:
    chooser = node[1]
    # The chooser starts, or lets the opponent start (an opponent-seated rule).
    g.stack.append(g.t.play_node[chooser if action == g.t.START else g.t.neighbours[chooser][0]])


HANDLERS = [None] * 17
HANDLERS[K_FIRST] = _on_first
HANDLERS[K_BOARD] = _on_board
HANDLERS[K_REVEAL] = _on_reveal
HANDLERS[K_DRAFT] = _on_draft
HANDLERS[K_LEAVE] = _on_leave
HANDLERS[K_GUILD] = _on_guild
HANDLERS[K_DEAL] = _on_deal
HANDLERS[K_PLAY] = _on_play
HANDLERS[K_PAIR] = _on_pair
HANDLERS[K_DESTROY] = _on_destroy
HANDLERS[K_REVIVE] = _on_revive
HANDLERS[K_LIB_DRAW] = _on_lib_draw
HANDLERS[K_LIB_PICK] = _on_lib_pick
HANDLERS[K_START] = _on_start
INTERNAL = [None] * 17
INTERNAL[K_DRAFT_LAST] = _on_draft_last
INTERNAL[K_AGE] = _on_age
INTERNAL[K_END_TURN] = _on_end_turn
