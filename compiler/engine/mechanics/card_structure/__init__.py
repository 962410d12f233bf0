"""Mechanic `card_structure`: each Age dealt into a structure of overlapping rows (Duel).

Reads `ages`, `setup.removed_cards_per_age`, `setup.guilds`, `discard` and `structures`. A
turn is one `play` decision: build a reachable card, discard it for coins, or tuck it under
a Wonder to build the Wonder; face-down cards turn over once nothing covers them (ruling 23).
Turns pass to the next seat (`Seating.next_seat`); when an Age's structure is empty the next
Age is set up, and who starts it is `_next_age_starter` (by default the next seat; the
mechanic `weaker_player_starts` replaces it). Registers `age`, `end_turn` and
`place_guild_backs` (internal), `leave_out`, `guild`, `deal` and `guild_back` (chance),
`play`, `destroy` and `discard_pile`; provides the verbs `destroy` and `build_from_discard`.
In an Age whose deck holds cards with a back of their own (the guilds; Agora's senators), the
set-up lays their backs on face-down slots once the face-up cards are dealt, and a face-down
card is drawn by its back (card_structure/deal.py); another mechanic adds a back with
`deal.add_back` and `backs.lays_backs`.
"""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.fields import STATE, StateField, list_copy, lists_copy, same
from ...core.rules import checked
from ...core.kinds import (AGES, CHANCE, OPENING, TURN as TURN_PLACE, arg_in_json, explains,
                           fast_turn, handles, kind, legal_at, no_arg, outcomes_from, stands)
from ...core.seats import MAX_SEATS
from ...core.texts import add_components, add_texts
from ...core.views import Feature, Hidden, Place, Redraw, single
from ...scoring import final_result
from . import backs, deal
from ...games.duel import texts as duel_texts
from .deal import reveal
from .tables import flatten
from .plays import StructurePlays, take_card
from .actions import (ACTIONS, index_plays, why_not_destroy,  # noqa: F401 (its ids)
                      why_not_play, why_not_revive)
from .state import (age_check, check_due, check_played_out, deal_check,
                    destroy_check, end_turn_check, face_down_count,
                    face_up_cards, hide_left_out, left_out_places, load_colors,
                    load_left_out, load_structure, load_to_reveal, redraw_deck,
                    save_colors, save_structure, structure_places, turn_check)
from ...games.duel.positions import STRUCTURE as POSITION  # noqa: F401 (its part of a position)

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "card_structure"


@dataclass(frozen=True)
class Config:
    removed_cards_per_age: int  # setup.removed_cards_per_age
    guild_age: int  # setup.guilds.age
    guilds_drawn: int  # setup.guilds.count
    guild_color: str  # setup.guilds.color
    discard_coins: int  # discard.coins
    discard_bonus: int  # discard.bonus.amount, per own building of
    discard_bonus_colors: tuple[str, ...]  # discard.bonus.colors

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        setup, discard = rules["setup"], rules["discard"]
        bonus = discard.get("bonus") or {}
        return cls(setup["removed_cards_per_age"], setup["guilds"]["age"],
                   setup["guilds"]["count"], setup["guilds"]["color"], discard["coins"],
                   bonus.get("amount", 0), tuple(bonus.get("colors", ())))


K_AGE = kind("age", NAME, internal=True)
K_LEAVE = kind("leave_out", NAME, chance=True)
K_GUILD = kind("guild", NAME, chance=True)
K_DEAL = kind("deal", NAME, chance=True)
K_PLAY = kind("play", NAME, prompt="take a card of the structure")
fast_turn(K_PLAY)  # Game lists a turn's plays without dispatch (core/kinds.py)
K_END_TURN = kind("end_turn", NAME, internal=True)
K_DESTROY = kind("destroy", NAME, prompt="destroy a card of the opponent")
K_REVIVE = kind("discard_pile", NAME, prompt="build a discarded card for free")
K_BACKS = kind("place_guild_backs", NAME, internal=True)  # after the kinds above: their
K_BACK = kind("guild_back", NAME, chance=True)  # numbers stay as before guild backs
for _kind, _place, _check in (
        (K_PLAY, TURN_PLACE, turn_check), (K_END_TURN, TURN_PLACE, end_turn_check),
        (K_AGE, OPENING, age_check), (K_LEAVE, AGES, no_arg), (K_GUILD, AGES, no_arg),
        (K_DEAL, AGES, deal_check), (K_DESTROY, AGES, destroy_check), (K_REVIVE, AGES, no_arg),
        (K_BACKS, AGES, no_arg)):
    stands(_kind, _place, _check)  # where each may stand in a loaded state's stack
arg_in_json(K_DESTROY, "colors", save_colors, load_colors)  # JSON names the colours
for _kind, _why in ((K_PLAY, why_not_play), (K_DESTROY, why_not_destroy), (K_REVIVE, why_not_revive),
                   (K_DEAL, deal.why_not_deal)):
    explains(_kind)(_why)  # why an action is not legal there, in words
backs.lays_backs(K_BACK)  # its outcomes, the slots showing an Age back
# A turn node per seat, shared: nodes are immutable, and a turn is pushed every move.
TURN = tuple((K_PLAY, p, 0) for p in range(MAX_SEATS))


def extend_tables(t) -> None:
    """What the handlers read every turn or Age, worked out once per ruleset: its decks,
    structures and numbers; per Age, the slots open when it is dealt; its action ids'; what
    the deals read (card_structure/deal.py)."""
    flatten(t, t.config[NAME])  # its decks, structures and numbers (card_structure/tables.py)
    # Functions `(game, seat, plays)` by which a mechanic listed later appends plays of its
    # own to a turn's (Agora's conspiracies), in id order; `_other_play` resolves them.
    t.more_plays = ()
    t.open_at_start = {age: tuple(s for s, n in enumerate(st[0]) if n == 0)  # nothing covers
                       for age, st in t.structures.items()}
    index_plays(t)
    deal.lay_out(t)
    add_texts(t, duel_texts.structure_text, duel_texts.structure_parse,
              duel_texts.STRUCTURE_FORMS)  # its actions' words (core/texts.py)
    add_components(t, duel_texts.structure_component)


class CardStructure(StructurePlays):
    __slots__ = ()

    @property
    def accessible(self) -> list[int]:
        """The slots within reach (nothing covers them), ascending; a turn reads `reach`."""
        cover, taken = self.cover, self.taken
        return [s for s in range(len(cover)) if not cover[s] and not taken[s]]

    def _setup_nodes(self, first: int) -> list:
        return [*super()._setup_nodes(first), (K_AGE, CHANCE, 1)]

    def _first_turn(self, first: int):
        return TURN[first]

    def _next_age_starter(self, last: int) -> tuple:
        """The node that decides who starts the next Age: by default the next seat does."""
        return TURN[self.t.next_seat[last]]

    def destroy(self, player: int, colors: tuple[str, ...]) -> None:
        mask = self._color_mask(colors)
        if self._destroy_targets(player, mask):
            self._buffer.append((K_DESTROY, player, mask))

    def play_again(self, player: int) -> None:
        """`player` plays another turn after this one: read, and reset, at the end of the
        build being played (a triggered `play_again`, such as Agora's decree after a
        Conspirator); -1 when no effect gave one."""
        self._again = player

    def build_from_discard(self, player: int) -> None:
        if self.discard:
            self._buffer.append((K_REVIVE, player, 0))

    def _color_mask(self, colors: tuple[str, ...]) -> int:
        ci = self.t.color_index
        mask = 0
        for c in colors:
            mask |= 1 << ci[c]
        return mask

    def _destroy_targets(self, player: int, mask: int) -> list[int]:
        color = self.t.color
        city = self.city
        return sorted(c for q in self.t.neighbours[player] for c in city[q]
                      if (1 << color[c]) & mask)


@handles(K_AGE)
def _on_age(g: GameState, node) -> None:
    t = g.t
    age = node[2]
    cover0, covers, face_down, slots = t.structures[age]
    n = len(slots)
    g.age = age
    g.slot_card = [-1] * n
    g.face_up = [False] * n
    g.taken = [False] * n
    g.cover = list(cover0)
    g.reach = []
    g.to_reveal = []
    g.remaining = n
    g.slot_of = [-1] * t.NB
    g.back = [deal.AGE_BACK] * n
    g.pool = sorted(t.age_decks[age])
    g.guild_pool = sorted(t.guilds) if age == t.guild_age else []
    g.left_out.append([])
    if g.auto_chance:
        deal.auto_setup_age(g)
        return
    todo = [(K_LEAVE, CHANCE, 0)] * t.removed_cards_per_age
    if g.guild_pool:
        todo += [(K_GUILD, CHANCE, 0)] * t.guilds_drawn
    todo += g._shuffle_in_nodes(age)  # another mechanic's cards (Agora's senators)
    todo += [(K_DEAL, CHANCE, s) for s in range(n) if not face_down[s]]
    if age in t.back_ages:
        todo.append((K_BACKS, CHANCE, 0))  # the backs, once the face-up cards are dealt
    g.stack.extend(reversed(todo))


@outcomes_from(K_LEAVE)
def _deck(g: GameState):
    return g.pool, g.t.CH_CARD


@outcomes_from(K_DEAL)
def _deal_deck(g: GameState):
    return deal.deal_deck(g, g.stack[-1][2]), g.t.CH_CARD


@handles(K_LEAVE)
def _on_leave(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.pool.remove(c)
    g.left_out[-1].append(c)


@outcomes_from(K_GUILD)
def _guilds(g: GameState):
    return g.guild_pool, g.t.CH_CARD


@handles(K_GUILD)
def _on_guild(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.guild_pool.remove(c)
    g.pool.append(c)
    g.pool.sort()


@handles(K_DEAL)
def _on_deal(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    s = node[2]
    g.pool.remove(c)
    g.slot_card[s] = c
    g.face_up[s] = True
    g.back[s] = deal.AGE_BACK  # face up: its face shows what it is
    g.slot_of[c] = s
    if g.cover[s] == 0 and not g.taken[s]:  # within reach
        insort(g.reach, c)


@handles(K_BACKS)
def _on_place_backs(g: GameState, node) -> None:
    g.stack.extend(reversed(deal.backs_nodes(g)))


@legal_at(K_PLAY)
def _playable(g: GameState, player: int, arg: int) -> list[int]:
    return g._legal_play(player)


@handles(K_PLAY)
def _on_play(g: GameState, node, action: int) -> bool | None:
    """Play `action`; True when the next turn is due at once. `apply` then lists its plays
    (the next `apply` checks against them); a bot's trial (`apply_legal`) never asks for
    them, so they are not listed here."""
    t = g.t
    p = node[1]
    if action >= t.structure_plays_end:  # a play another mechanic adds (Agora's conspiracies)
        return g._other_play(node, action)
    c, w = t.play_decoded[action]  # the card, and the Wonder or -1 to build, -2 to discard
    take_card(g, c)
    replay = False
    if w == -1:
        chain = t.chain_from[c] & g.chains[p]
        if not chain:
            g._pay(p, c)
        g._build_building(p, c, chain)
        if g._again >= 0:  # an effect of this build gave a seat another turn (play_again)
            replay, g._again = g._again == p, -1
    elif w == -2:
        cc = g.color_count[p]
        gain = t.discard_coins + g.discard_extra[p]
        for i in t.discard_bonus_colors:
            gain += t.discard_bonus * cc[i]
        g.coins[p] += gain
        g.discard.append(c)
    else:
        g._pay(p, t.wonder0 + w)
        replay = g._build_wonder(p, w, c)
        if g._again >= 0:
            replay, g._again = replay or g._again == p, -1
    if g.result is not None:
        return None
    if g._buffer:
        g.stack.append((K_END_TURN, p, 1 if replay else 0))
        g._flush()
    elif g.remaining:  # nothing to decide first: end the turn now (_end_turn's usual case)
        q = p if replay else t.next_seat[p]
        g.stack.append(TURN[q])
        if g.to_reveal:
            reveal(g)
            if not g.auto_chance:  # its deals are due first
                return None
        return True
    else:
        _end_turn(g, p, replay)
    return None


@handles(K_END_TURN)
def _on_end_turn(g: GameState, node) -> None:
    _end_turn(g, node[1], node[2])


def _end_turn(g: GameState, p: int, replay) -> None:
    t = g.t
    if g.remaining == 0:
        if g.age >= t.ages:
            g.result = final_result(g)
            g.stack.clear()
            return
        g.stack.append(g._next_age_starter(p))
        g.stack.append((K_AGE, CHANCE, g.age + 1))
        return
    g.stack.append(TURN[p if replay else t.next_seat[p]])
    if g.to_reveal:
        reveal(g)


@legal_at(K_DESTROY)
def _targets(g: GameState, player: int, arg: int) -> list[int]:
    return [g.t.DESTROY + c for c in g._destroy_targets(player, arg)]


@handles(K_DESTROY)
def _on_destroy(g: GameState, node, action: int) -> None:
    c = action - g.t.DESTROY
    for q in g.t.neighbours[node[1]]:
        if c in g.city[q]:
            g._lose(q, c)
            break
    g.discard.append(c)


@legal_at(K_REVIVE)
def _discarded(g: GameState, player: int, arg: int) -> list[int]:
    return sorted(g.t.REVIVE + c for c in g.discard)


@handles(K_REVIVE)
def _on_revive(g: GameState, node, action: int) -> None:
    c = action - g.t.REVIVE
    g.discard.remove(c)
    g._build_building(node[1], c, chain=False)
    g._flush()


# State owned by this mechanic (reading and checking it: card_structure/state.py) ----------

FIELDS = (
    StateField("structure", lambda g: ([], [], [], [], 0, [-1] * g.t.NB, [], []),
               (list_copy, list_copy, list_copy, list_copy, same, list_copy, list_copy,
                list_copy), save_structure, load_structure, check_due, json=STATE, order=170,
               slots=("slot_card", "face_up", "taken", "cover", "remaining",
                      "slot_of", "back", "reach"), places=structure_places,
               check_derived=check_played_out,
               doc="the current Age's slots, row by row from the far end, and the backs its "
                   "face-down cards show"),
    StateField("to_reveal", lambda g: [], list_copy, lambda g, v: list(v), load_to_reveal,
               json=STATE, order=180, doc="face-down slots uncovered this turn"),
    StateField("left_out", lambda g: [], lists_copy,
               lambda g, v: [[g.t.ids[c] for c in age] for age in v], load_left_out,
               json=STATE, order=210, places=left_out_places,
               doc="per Age started, the cards left out of it"),
)

# What a seat sees (core/views.py): the discard pile (face up), the structure's face-up
# cards, how many are face down and the back each shows, the deck's size; this Age's cards
# left out are hidden.
VIEW = (
    Place("discard", 4, lambda g, p: g.discard),
    Place("reachable", 5, face_up_cards(True)),
    Place("covered face up", 6, face_up_cards(False)),
    Feature("face down", 430, single, face_down_count),
    Feature("backs", 435, lambda t: len(t.backs) * t.n_slots, backs.backs_seen),
    Feature("deck", 440, single, lambda g, p: [len(g.pool) / 10.0]),
    Hidden("left_out", 10, hide_left_out),
    Redraw("deck", 10, redraw_deck),
)
RECORD_GAPS = backs.record_gaps  # the backs a record made before them lacks (records.py)
MIXIN = CardStructure
