"""Mechanic `free_city`: the 1st-edition rulebook's 2-player variant of 7 Wonders (ruling 22).

`Game(ruleset, players=2)` on a ruleset whose data declares `two_player_variant` adds this
mechanic to the ruleset's own (`composition`). The procedure, step by step, and its sources:
docs/sources.md, "the 2-player variant"; how a caller sees it: docs/engine.md.

**Seats.** The game has three cities in a circle: the players are seats 0 and 1 and the Free
City is seat 2 (`Tables.free_city`), so the Free City is the left neighbour of seat 0 and
the right neighbour of seat 1, and the two players are each other's other neighbour, across
the Border card. The other classic mechanics play the three cities as they play any three:
the 3-player deck (21 cards an Age, 5 guilds), a board for each, trade, conflicts and
scoring. `game.players` is 2: only seats 0 and 1 ever decide.

**What this mechanic adds.**

- The draw pile is the Free City's hand: hand_draft deals it 7 cards face down like any hand,
  and nobody sees it.
- The Free City card (`free_city_holder`, a state field) starts with the player to the left
  of the Free City (`free_city_card_starts`). Each turn its holder first draws a card of the
  pile (chance node `free_city_draw`: the pile is shuffled, so the card is any of it, equally
  likely). The turn's simultaneous decision asks all three seats; the Free City's seat comes
  last and is decided by the holder (`current_player` and `choosing()` name the holder), from
  the holder's hand without the card the holder chose for their own city.
- The Free City's legal plays are a city's legal plays with the variant's two limits: a card
  it can build through its chain may only be built (`free_city_builds_chains: always`), and a
  card may be discarded only when no card of the hand can be built or used for a Wonder
  stage (`free_city_discards: only_when_nothing_buildable`, D-C12). Its payments are the
  holder's choice among the ways to pay (neighbour_trade), whatever they cost.
- Resolution: the Free City's card joins the others (hand_draft places every card before any
  effect runs, so "the Free City's card first" and "all together" give the same game).
- Passing: the two players swap hands across the Border card, the pile stays, and the Free
  City card changes hands with the cards. After the 6th turn nothing passes: the card stays
  with the player who holds it into the next Age (D-C10).
- The 6th turn: the pile's last card is the Free City's 7th card and is discarded with the
  players' (hand_draft's rule for every hand), unless the Free City plays it
  (`free_city_last_card: played`, or Babylon B's stage 2 on the Free City's board: D-C9), in
  which case the player holding the Free City card plays it for the Free City.
- The result: the Free City is scored like any city (`result.scores[2]`) but wins nothing:
  the winner is the player with the most VP, then the most coins, else a shared victory
  (D-C8).

Every choice the Free City's board asks during a turn (Halikarnassos's build from the
discard pile) is a node of seat 2, decided by the holder; choices made when scoring
(wildcards, Olympia B's guild) are made to score the most, as for a player.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...arguments import seat as checked_seat
from ...core.fields import StateField
from ...core.simultaneous import joint_seats_check
from ...core.kinds import AGES, CHANCE, LEGAL, handles, kind, outcomes_from, stands
from ...core.rules import RulesError, checked
from ...games.classic import actions
from ...games.classic.positions import FREE_CITY as POSITION  # noqa: F401 (its part of a position)
from .texts import draw_text, parse_text
from ..hand_draft import K_CHOOSE, K_DEAL_HAND

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "free_city"
VARIANT = "two_player_variant"  # the rules section this mechanic reads


@dataclass(frozen=True)
class Config:
    players: int  # two_player_variant.players: the players who decide (2)
    deck_players: int  # the deck of this many players: the players and the Free City
    draw_pile: int  # cards of the Free City's pile: its hand, dealt like the players'
    coins: int  # free_city_coins (default: setup.starting_coins)
    card_starts: str  # free_city_card_starts: "left_of_free_city" or "right_of_free_city"
    discards: str  # free_city_discards: "only_when_nothing_buildable" or "freely"
    builds_chains: str  # free_city_builds_chains: "always" or "when_chosen"
    last_card: str  # free_city_last_card: "discarded" or "played"

    def __post_init__(self) -> None:
        checked(self)
        if self.deck_players != self.players + 1:
            raise RulesError(f"{VARIANT}.deck_players: the deck of the {self.players} players "
                             f"and the Free City ({self.players + 1}), not {self.deck_players}")
        for key, value, known in (
                ("free_city_card_starts", self.card_starts,
                 ("left_of_free_city", "right_of_free_city")),
                ("free_city_discards", self.discards, ("only_when_nothing_buildable", "freely")),
                ("free_city_builds_chains", self.builds_chains, ("always", "when_chosen")),
                ("free_city_last_card", self.last_card, ("discarded", "played"))):
            if value not in known:
                raise RulesError(f"{VARIANT}.{key}: one of {', '.join(known)}, not {value!r}")

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        variant = rules.get(VARIANT)
        if not variant:
            raise RulesError(f"the game declares no {VARIANT}: it has no Free City")
        if variant.get("free_city", True) is not True:
            raise RulesError(f"{VARIANT}.free_city: the engine plays the variant with its "
                             "Free City")
        hands = {a["hand"] for a in rules["ages"]}
        pile = variant.get("draw_pile", min(hands))
        if hands != {pile}:
            sizes = ", ".join(map(str, sorted(hands)))
            raise RulesError(f"{VARIANT}.draw_pile: the pile is the Free City's hand, dealt like "
                             f"the players' ({sizes} cards), not {pile}")
        return cls(variant["players"], variant["deck_players"], pile,
                   variant.get("free_city_coins", rules["setup"]["starting_coins"]),
                   variant.get("free_city_card_starts", "left_of_free_city"),
                   variant.get("free_city_discards", "only_when_nothing_buildable"),
                   variant.get("free_city_builds_chains", "always"),
                   variant.get("free_city_last_card", "discarded"))


def variant_players(ruleset) -> int | None:
    """The number of players of the ruleset's 2-player variant; None if it declares none."""
    variant = ruleset.rules.get(VARIANT) if hasattr(ruleset.rules, "get") else None
    return variant.get("players") if variant and ruleset.seating == "circle" else None


def composition(ruleset, players: int | None) -> tuple[tuple[str, ...], int]:
    """(mechanics, cities) of a game of `ruleset` at `players` (None: the default count):
    the ruleset's own, one city a player; at the variant's count, this mechanic as well and
    a city more, the Free City."""
    mechanics = ruleset.mechanics
    if NAME in mechanics:
        raise RulesError(f"mechanics: {NAME} is not listed in game.yaml; the engine adds it at "
                         f"the player count of {VARIANT}")
    if players is None or players == ruleset.players:  # every new game of Duel: kept short
        return mechanics, ruleset.players
    if players == variant_players(ruleset):
        return (*mechanics, NAME), players + 1
    return mechanics, players


def players_in_state(ruleset, data: Any) -> int | None:
    """The number of players of a saved state (JSON): the cities it lists, but one less in a
    state that keeps this mechanic's fields (the Free City is a city, not a player); None
    when it lists none."""
    cities = data.get("players") if isinstance(data, dict) else None
    if not isinstance(cities, list):
        return None
    saved = data.get("mechanics")
    return variant_players(ruleset) if isinstance(saved, dict) and NAME in saved else len(cities)


def extend_tables(t) -> None:
    config = t.config[NAME]
    t.free_city = config.players  # the Free City's seat: after the players'
    t.free_city_players = tuple(range(config.players))
    left = config.card_starts == "left_of_free_city"
    t.free_city_first_holder = (t.seating.left if left else t.seating.right)[t.free_city]
    to_text, parse = t.action_texts  # classic_texts', read in the Free City's hands
    t.action_texts = (lambda g, a, seat=None: draw_text(g, a) or to_text(g, a, seat),
                      lambda g, text, seat=None: parse_text(g, text, parse, seat))


# State owned by this mechanic --------------------------------------------------------------

def _load_holder(g: GameState, value, read):
    last = len(g.t.free_city_players) - 1
    return read.int(value, "mechanics.free_city.free_city_holder", 0, last)


def _check_drawn(g: GameState) -> str | None:
    """At a turn under way (its choice waits, no draw pending) the holder has drawn: the
    holder's hand and the pile do not both hold as many cards as the other player's."""
    kinds = {k for k, _, _ in g.stack}
    if g.result is not None or K_DRAW in kinds or K_CHOOSE not in kinds:
        return None  # drawn or to draw, or between turns (the next turn's draw comes then)
    if K_DEAL_HAND in kinds:
        return ("stack: the holder of the Free City card draws from the pile once the hands "
                "are dealt, and no free_city_draw waits")
    a, b = g.t.free_city_players
    holder = g.free_city_holder
    n = len(g.hands[b if holder == a else a])
    if n and len(g.hands[holder]) == n == len(g.hands[g.t.free_city]):
        return ("mechanics.free_city.free_city_holder: the holder has not drawn from the pile "
                "this turn, and no free_city_draw waits")
    return None


FIELDS = (
    StateField("free_city_holder", lambda g: g.t.free_city_first_holder, save=lambda g, v: v,
               load=_load_holder, check=_check_drawn, doc="the player holding the Free City card"),
)


# Node kinds ------------------------------------------------------------------------------

K_DRAW = kind("free_city_draw", NAME, chance=True)


def _draw_check(g: GameState, i: int, node) -> str | None:
    """The holder draws, once a turn, from a pile that holds a card."""
    if node[2] != g.free_city_holder:
        return f".arg: the holder of the Free City card (seat {g.free_city_holder}) draws, not {node[2]}"
    if any(k == K_DRAW for k, _, _ in g.stack[i + 1:]):
        return ": the holder draws once a turn, and stack holds two draws"
    if not g.hands[g.t.free_city] and not any(k == K_DEAL_HAND for k, _, _ in g.stack[i + 1:]):
        return ": the Free City's pile holds no card to draw"
    return None


stands(K_DRAW, AGES, _draw_check)


@outcomes_from(K_DRAW)
def _pile(g: GameState):
    return g.hands[g.t.free_city], g.t.CH_CARD


@handles(K_DRAW)
def _on_draw(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.hands[g.t.free_city].remove(c)
    hand = g.hands[node[2]]
    hand.append(c)
    hand.sort()


class FreeCity:
    """The Free City's seat, played by the holder of the Free City card."""

    __slots__ = ()

    # Who decides ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        seat = super().current_player
        return self.free_city_holder if seat == self.t.free_city else seat

    def choosing(self) -> tuple[int, ...]:
        """The players who decide now: at a turn, the Free City's seat only once every other
        seat has chosen, and then in the name of the Free City card's holder."""
        seats = super().choosing()
        fc = self.t.free_city
        if fc not in seats:
            return seats
        if len(seats) > 1:
            return tuple(s for s in seats if s != fc)
        return (self.free_city_holder,)

    def legal_actions_for(self, seat: int) -> list[int]:
        if seat not in self.choosing():
            checked_seat(self, seat, "seat")
            return []
        if seat == self.current_player:
            return list(self.legal_actions())
        kind_number, _, arg = self.stack[-1]
        return LEGAL[kind_number](self, seat, arg)

    def apply_joint(self, actions_by_seat: dict[int, int]) -> None:
        seats = self.choosing()
        joint_seats_check(seats, actions_by_seat)
        self._check_joint(seats, actions_by_seat)
        for seat in sorted(seats):
            self.apply(actions_by_seat[seat])

    # Set-up, turns, passing ------------------------------------------------------------------

    def _setup_nodes(self, first: int) -> list:
        self.coins[self.t.free_city] = self.t.config[NAME].coins  # the Free City's treasury
        return super()._setup_nodes(first)

    def _open_turn(self) -> None:
        """Before anyone chooses, the holder draws the top card of the pile."""
        super()._open_turn()
        self.stack.append((K_DRAW, CHANCE, self.free_city_holder))

    def _pass_hands(self) -> None:
        """Across the Border card: the players swap hands, the Free City card goes with the
        holder's cards, and the pile stays."""
        a, b = self.t.free_city_players
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        self.free_city_holder = b if self.free_city_holder == a else a

    def _hand_sizes_agree(self) -> bool:
        """Every hand and the pile hold as many cards, but once the holder has drawn: one
        card more in the holder's hand, one less in the pile."""
        a, b = self.t.free_city_players
        holder = self.free_city_holder
        other = b if holder == a else a
        n = len(self.hands[other])
        sizes = len(self.hands[holder]), len(self.hands[self.t.free_city])
        return sizes in ((n, n), (n + 1, n - 1))

    def _hands_seen(self, player: int) -> tuple[int, ...]:
        """The holder plays the pile's last card for the Free City (`_plays_from_pile`), so
        it sees that card while it chooses the Free City's play: a search must not redraw
        the card it is about to play."""
        fc = self.t.free_city
        if (player == self.free_city_holder and self.result is None
                and self.stack[-1][0] == K_CHOOSE and self.stack[-1][1] == fc
                and self._plays_from_pile()):
            return (player, fc)
        return (player,)

    def _ranked(self) -> tuple[int, ...]:
        return self.t.free_city_players

    # The Free City's plays -------------------------------------------------------------------

    def _plays_from_pile(self) -> bool:
        """Every hand is played (the players hold a 7th card at most): the Free City plays the
        pile's last card, its own 7th card, instead of a card of the holder's hand."""
        return all(len(self.hands[p]) <= 1 for p in self.t.free_city_players)

    def _free_city_hand(self) -> list[int]:
        """The cards the Free City chooses from: the holder's hand without the holder's own
        choice, or the pile's last card (`_plays_from_pile`)."""
        fc, holder = self.t.free_city, self.free_city_holder
        if self._plays_from_pile():
            return self.hands[fc]
        hand = list(self.hands[holder])
        own = self.sim_choices[holder]
        if own >= 0:
            hand.remove(actions.decode(self.t, own)[1])
        return hand

    def _legal_plays(self, p: int, hand=None) -> list[int]:
        if p != self.t.free_city or hand is not None:
            return super()._legal_plays(p, hand)
        return self._free_city_limits(super()._legal_plays(p, self._free_city_hand()))

    def _free_city_limits(self, plays: list[int]) -> list[int]:
        """The variant's limits on the Free City's plays: a card it can build through its
        chain is built; a card is discarded only when no card of the hand can be played."""
        t = self.t
        config = t.config[NAME]
        fc = t.free_city
        held = {t.name_of[c] for c in self.city[fc]}
        modes: dict[int, set[int]] = {}
        for a in plays:
            mode, c, _, _ = actions.decode(t, a)
            modes.setdefault(c, set()).add(mode)
        # Step 7 (D-C12): the Free City discards only when it can play no card of the hand,
        # neither as a building nor as a Wonder stage.
        playable = any(m - {actions.DISCARD} for m in modes.values())
        out = []
        for a in plays:
            mode, c, _, _ = actions.decode(t, a)
            chained = t.chain_from[c] & self.chains[fc] and t.name_of[c] not in held
            if chained and config.builds_chains == "always" and mode != actions.BUILD:
                continue
            if mode == actions.DISCARD and playable and config.discards == "only_when_nothing_buildable":
                continue
            out.append(a)
        return out

    def _resolve_plays(self, choices) -> None:
        """The Free City's card leaves the holder's hand for its own before the plays are
        placed (hand_draft places each seat's card from that seat's hand)."""
        fc = self.t.free_city
        if choices[fc] >= 0 and not self._plays_from_pile():
            c = actions.decode(self.t, choices[fc])[1]
            self.hands[self.free_city_holder].remove(c)
            self.hands[fc].append(c)
            self.hands[fc].sort()
        super()._resolve_plays(choices)

    def _plays_seventh(self, player: int) -> bool:
        if player == self.t.free_city and self.t.config[NAME].last_card == "played":
            return True
        return super()._plays_seventh(player)


MIXIN = FreeCity
