"""Mechanic `hand_draft`: classic 7 Wonders' Ages of hands chosen from at once (rulings 2-7).

Reads `ages` (hand size and pass direction of each Age), `setup.guilds` (colour, Age and
`players_plus`), `turn.per_age` and `discard.coins`. Each Age deals `hand` cards to every
seat from the copies printed for N players or fewer (`Card.copies`; ruling 2), Age III with
N + `players_plus` guilds drawn unseen from the box. A turn is one simultaneous decision
(core/simultaneous.py; ruling 4): every seat builds a card of its hand, builds its board's
next Wonder stage with it, or discards it for coins; the choices resolve together (below),
then hands pass (ruling 7). After `turn.per_age` turns the last card of each hand is
discarded face down, unless the seat plays it (Babylon B, wonder_boards).

How a turn resolves, in this order: every seat pays what its play costs (the payments to
neighbours are part of the action: neighbour_trade) and the neighbours receive their coins;
every card is placed (built, tucked under a stage or discarded for coins); then the cards'
and stages' effects on build run in seat order, so a count over the neighbours (Vineyard,
Bazar) sees what they built this very turn; then, on the last turn, the 7th cards are
discarded; then the end-of-turn effects (Halikarnassos); then the hands pass, or the Age
ends (`_age_ends`: conflicts) and the next one is dealt. Legal plays are judged on the
coins each seat holds when the turn starts, so coins received during a turn are spent from
the next one (ruling 12). Action ids: games/classic/actions.py; texts: games/classic/texts.py;
positions: games/classic/positions.py. State: `hands` (each seat's cards) and `free_used` (the
Olympia A free build of this Age, per seat), declared in `FIELDS` with what the legal plays
derive from the cities: `held_names` and `offers` (what each cost costs each seat, kept
until what it pays changes).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import itemgetter, or_
from typing import TYPE_CHECKING, Any, Mapping

from ...core.fields import StateField, list_copy, lists_copy
from ...core.kinds import AGES, CHANCE, TURN, handles, kind, legal_at, outcomes_from, stands
from ...core.rules import RulesError, checked
from ...core.sampler import hashes
from ...core.simultaneous import node as simultaneous_node, simultaneous_kind
from ...scoring import final_result
from ...games.classic import actions
from ...games.classic.actions import ACTIONS  # noqa: F401 (its action ids: core/actions.py)
from ...games.classic.positions import HAND_DRAFT as POSITION  # noqa: F401 (its part of a position)
from ...games.classic.texts import add_classic_texts
from ...games.classic.view import HAND_DRAFT as VIEW  # noqa: F401 (what a seat sees: core/views.py)
from .checks import (age_check, check_hands, check_played_out, choose_check,
                     seat_check)

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "hand_draft"


@dataclass(frozen=True)
class Config:
    hand: tuple[int, ...]  # ages[].hand: cards dealt to each seat, per Age
    passes: tuple[str, ...]  # ages[].pass: "left" or "right", per Age
    turns: int  # turn.per_age: cards played from a hand; the rest are discarded
    guild_age: int  # setup.guilds.age
    guild_color: str  # setup.guilds.color
    guilds_plus: int  # setup.guilds.count.players_plus: N + this many guilds
    discard_coins: int  # discard.coins

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        ages, guilds = rules["ages"], rules["setup"]["guilds"]
        return cls(tuple(a["hand"] for a in ages), tuple(a["pass"] for a in ages),
                   rules["turn"]["per_age"], guilds["age"], guilds["color"],
                   guilds["count"]["players_plus"], rules["discard"]["coins"])


def extend_tables(t) -> None:
    """The decks at this player count, and classic's action ids (games/classic/actions.py)."""
    config = t.config[NAME]
    # Values the engine plays are checked when a game is set up (the compiler writes any text
    # as a literal; the schema refuses others first).
    for direction in config.passes:
        if direction not in ("left", "right"):
            raise RulesError(f"ages[].pass: 'left' or 'right', not {direction!r:.60}")
    # The decks are those of the seats: in the 2-player variant, of the two players and the
    # Free City, whose hand is the draw pile (free_city checks `deck_players` says so).
    n = t.deck_players = t.n_seats
    guild_color = t.color_index[config.guild_color]
    t.hand_size = config.hand
    t.hand_turns = config.turns
    t.pass_left = tuple(direction == "left" for direction in config.passes)
    # Per Age, the hands the seats receive (passing left: from the right), for _pass_hands.
    t.pass_hands = tuple(itemgetter(*sources) if len(sources) > 1 else itemgetter(slice(None))
                         for sources in (t.seating.right if left else t.seating.left
                                         for left in t.pass_left))
    t.classic_guild_color = t.guild_color = guild_color  # the core checks a guild pool by it
    t.classic_guild_age = config.guild_age
    t.classic_guilds_drawn = n + config.guilds_plus
    t.classic_discard_coins = config.discard_coins
    t.classic_guilds = [c for c in range(t.NB) if t.color[c] == guild_color]
    # The deck of an Age: each card once per copy printed for n players or fewer.
    t.decks = {age: sorted(c for c in range(t.NB) if t.age[c] == age and t.color[c] != guild_color
                           for copy in getattr(t.classes[c], "copies", ()) if copy <= n)
               for age in range(1, t.ages + 1)}
    for age, deck in t.decks.items():
        size = len(deck) + (t.classic_guilds_drawn if age == config.guild_age else 0)
        if size < config.hand[age - 1] * t.n_seats:
            raise ValueError(f"Age {age} deals {size} cards for {n} players, fewer than "
                             f"{config.hand[age - 1]} to each of {t.n_seats} seats")
    names = {}
    t.name_of = [names.setdefault(name, len(names)) for name in t.names]
    t.name_bit = [1 << i for i in t.name_of]  # HandDraft.held_names
    t.every_seat_chooses = simultaneous_node(K_CHOOSE, t.seats)  # HandDraft._open_turn
    actions.cost_tables(t)
    actions.lay_out(t)
    add_classic_texts(t)


# State owned by this mechanic --------------------------------------------------------------

def _save_hands(g: GameState, hands):
    return [[g.t.ids[c] for c in hand] for hand in hands]


def _load_hands(g: GameState, value, read):
    t = g.t
    hands = read.list(value, "mechanics.hand_draft.hands", t.n_seats)
    if len(hands) != t.n_seats:
        raise read.fail("mechanics.hand_draft.hands", f"expected {t.n_seats} hands")
    return [sorted(read.ids(h, f"mechanics.hand_draft.hands[{p}]", read.building))
            for p, h in enumerate(hands)]


def _load_free(g: GameState, value, read):
    path = "mechanics.hand_draft.free_used"
    used = read.list(value, path, g.t.n_seats)
    if len(used) != g.t.n_seats:
        raise read.fail(path, f"expected {g.t.n_seats} entries")
    return [read.bool(x, f"{path}[{p}]") for p, x in enumerate(used)]


FIELDS = (
    StateField("hands", lambda g: [[] for _ in g.t.seats], lists_copy, _save_hands, _load_hands,
               check_hands, "each seat's hand, sorted", check_derived=check_played_out),
    StateField("free_used", lambda g: [False] * g.t.n_seats, list_copy,
               lambda g, v: list(v), _load_free, None,
               "per seat: the free build of this Age is used (Olympia A)"),
    StateField("held_names", lambda g: [0] * g.t.n_seats, list_copy,
               doc="per seat: the names of its buildings (Tables.name_bit), derived"),
    StateField("stage_next", lambda g: [actions.NO_STAGE] * g.t.n_seats, list_copy,
               doc="per seat: (its next Wonder stage or -1, a free build unlocked), derived"),
    # Per seat, per cost id, what it costs the seat now (Plays._offers; None: not known yet):
    # derived. A seat's list is replaced, never cleared, when what it pays changes, so clones
    # may share one.
    StateField("offers", lambda g: [], list_copy,  # made by HandDraft._recompute
               doc="per seat, per cost: its offers (derived)"),
)


# Node kinds ------------------------------------------------------------------------------

K_AGE_START = kind("deal_age", NAME, internal=True)
K_DRAW_GUILD = kind("draw_guild", NAME, chance=True)
K_DEAL_HAND = kind("deal_hand", NAME, chance=True)
K_TURN_END = kind("turn_end", NAME, internal=True)
TURN_END = (K_TURN_END, CHANCE, 0)  # waits below the choices effects leave for the end of a turn


def _resolve(g: GameState, node, choices) -> None:
    g._resolve_plays(choices)


K_CHOOSE = simultaneous_kind("choose", NAME, _resolve, prompt="play a card from the hand")


# Each kind at rest at the bottom of the stack is a turn: the choice, the end of a turn that
# waits for the end-of-turn effects above it, or the next Age waiting for the set-up above.
stands(K_CHOOSE, TURN, choose_check)
stands(K_TURN_END, TURN)
stands(K_AGE_START, TURN, age_check)
stands(K_DEAL_HAND, AGES, seat_check)
stands(K_DRAW_GUILD, AGES)


@handles(K_AGE_START)
def _on_age(g: GameState, node) -> None:
    t = g.t
    age = node[2]
    g.age = age
    g.pool = list(t.decks[age])
    if age == 1:  # the guilds wait in the box, unseen, until drawn for their Age
        g.guild_pool = list(t.classic_guilds)
    g.free_used = [False] * t.n_seats
    g._open_turn()
    guilds = t.classic_guilds_drawn if age == t.classic_guild_age else 0
    if not g.auto_chance:
        deals = [(K_DEAL_HAND, CHANCE, p) for p in t.seats for _ in range(t.hand_size[age - 1])]
        g.stack.extend(reversed([(K_DRAW_GUILD, CHANCE, 0)] * guilds + deals))
        return
    # The same outcomes, in the same order and recorded alike, as the nodes one by one: the
    # k-th outcome draws item (hash k * items left) >> 64 (core/sampler.draw), every hash
    # read from one block.
    size, k, total = t.hand_size[age - 1], g.chance_count, t.hand_size[age - 1] * t.n_seats
    h = hashes(g.seed, k + guilds + total)
    drawn = _draws(g.guild_pool, h[k:k + guilds])  # the guilds, in their Age
    if drawn:
        g.pool += drawn
        g.pool.sort()
    dealt = _draws(g.pool, h[k + guilds:k + guilds + total])
    g.history += map(t.CH_CARD.__add__, drawn + dealt)
    g.hands = [sorted(dealt[i:i + size]) for i in range(0, total, size)]  # seat by seat
    g.chance_count = k + guilds + total


def _draws(items: list, block) -> list:
    """Items taken out of `items`, one per hash of `block`: (hash * items left) >> 64."""
    pop, n = items.pop, len(items)
    return [pop((x * m) >> 64) for x, m in zip(block, range(n, n - len(block), -1))]


@outcomes_from(K_DRAW_GUILD)
def _guilds(g: GameState):
    return g.guild_pool, g.t.CH_CARD


@handles(K_DRAW_GUILD)
def _on_guild(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.guild_pool.remove(c)
    g.pool.append(c)
    g.pool.sort()


@outcomes_from(K_DEAL_HAND)
def _deck(g: GameState):
    return g.pool, g.t.CH_CARD


@legal_at(K_DEAL_HAND)
def _deck_outcomes(g: GameState, player: int, arg: int) -> list[int]:
    return sorted({g.t.CH_CARD + c for c in g.pool})  # two copies of a card: one outcome


@handles(K_DEAL_HAND)
def _on_deal(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.pool.remove(c)
    hand = g.hands[node[2]]
    hand.append(c)
    hand.sort()


@legal_at(K_CHOOSE)
def _plays(g: GameState, player: int, arg: int) -> list[int]:
    return g._legal_plays(player)


@handles(K_TURN_END)
def _on_turn_end(g: GameState, node) -> None:
    t = g.t
    most = max(map(len, g.hands))
    if most > 1:
        g._pass_hands()
        g._open_turn()
        return
    if most:
        holding = [p for p in t.seats if g.hands[p]]
        g.stack.append(simultaneous_node(K_CHOOSE, holding))  # a 7th card played (ruling 16)
        return
    g._age_ends(g.age)
    if g.age >= t.ages:
        g.result = final_result(g)
        g.stack.clear()
        return
    g.stack.append((K_AGE_START, CHANCE, g.age + 1))


class HandDraft(actions.Plays):
    """The turn of classic 7 Wonders; the plays themselves are in games/classic/actions.py."""

    __slots__ = ()

    def _first_turn(self, first: int):
        return (K_AGE_START, CHANCE, 1)

    def _open_turn(self) -> None:
        """Queue a turn: every seat chooses at once (free_city queues its draw above it)."""
        self.stack.append(self.t.every_seat_chooses)

    def _pass_hands(self) -> None:
        """After a turn, each hand goes to the next seat in the Age's direction (ruling 7;
        free_city: across the Border card)."""
        self.hands = [*self.t.pass_hands[self.age - 1](self.hands)]

    def _recompute(self) -> None:
        super()._recompute()
        self.offers = [[None] * len(self.t.costs) for _ in self.t.seats]
        bit = self.t.name_bit.__getitem__
        self.held_names = [reduce(or_, map(bit, city), 0) for city in self.city]

    def _hands_seen(self, player: int) -> tuple[int, ...]:
        """The seats whose hands `player` sees: its own (free_city: and the pile, while the
        holder plays its last card for the Free City)."""
        return (player,)

    def _hand_sizes_agree(self) -> bool:
        """Between decisions every hand holds as many cards (free_city: but its draw)."""
        return len({len(h) for h in self.hands}) <= 1

    def _age_ends(self, age: int) -> None:
        """The end of an Age, once every hand is played (conflicts adds its tokens)."""

    def _resolve_plays(self, choices) -> None:
        t = self.t
        on_build = t.on_build
        for p, comp in self._place_plays(choices):  # in seat order, once every card is placed
            if on_build[comp] is not None:
                on_build[comp](self, p)
        hands = self.hands
        if 1 in map(len, hands):  # the last turn: the 7th card is discarded face down
            for p in t.seats:
                hand = hands[p]
                if len(hand) == 1 and choices[p] >= 0 and not self._plays_seventh(p):
                    self.discard.append(hand.pop())
        if self._buffer:  # effects left choices for the end of the turn: they come first
            self.stack.append(TURN_END)
            self._flush_end_of_turn()
            if self.stack[-1] is not TURN_END:
                return
            self.stack.pop()
        _on_turn_end(self, TURN_END)  # the usual turn: it ends at once, not through _advance

    def _flush_end_of_turn(self) -> None:
        """Queue what effects left for the end of the turn (build_from_discard)."""
        self._flush()

    def _plays_seventh(self, player: int) -> bool:
        """The seat plays its 7th card instead of discarding it (wonder_boards: Babylon B)."""
        return False

    def _tucked_cards(self) -> list[list[int]]:
        """Cards under Wonder stages, per seat (wonder_boards)."""
        return []


MIXIN = HandDraft
