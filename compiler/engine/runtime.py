"""What compiled rules are made of: the contract between `generated/<game>/` and the engine.

The compiler turns every card, Wonder and progress token into a subclass of `Card`.
Static effects become class attributes that the engine's rules read (production, trade
prices, shields, science, fixed VP...). Effects that compute something or happen in an
order become straight-line methods (`on_build`, `end_points`, `on_chain_build`) that
call the *game verbs* listed in `GameVerbs`. The engine implements those verbs on its
state object; generated code never touches the state any other way.

This module imports nothing from the rest of the toolkit, so the engine and the
generated packages can be embedded without the compiler.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

# Kinds of component.
BUILDING = "building"
WONDER = "wonder"
TOKEN = "token"
BOARD = "board"  # a Wonder board of 7 Wonders: its starting resource and two sides of stages
STAGE = "stage"  # one stage of a side of a Wonder board


class GameVerbs(Protocol):
    """The verbs compiled effect methods call. `player` is a seat index.

    Counting verbs take `colors` as a tuple of colour names. Choices that follow an
    effect (which card to destroy, which discarded card to build, which token to keep)
    are queued by the verb and become decisions of their own in the engine.
    """

    def neighbours(self, player: int) -> tuple[int, ...]:
        """Seats adjacent to `player`; in a two-player game, the opponent alone."""

    def gain_coins(self, player: int, amount: int) -> None: ...

    def lose_coins(self, player: int, amount: int) -> None:
        """Pay `amount` to the bank, down to 0 coins."""

    def count_cards(self, player: int, colors: tuple[str, ...]) -> int:
        """Buildings of these colours in the city (cards under Wonders do not count)."""

    def count_wonders(self, player: int) -> int:
        """Wonders built in the city; in a game with Wonder boards, Wonder stages built."""

    def count_defeats(self, player: int) -> int:
        """Defeat tokens held by the city (the tokens, not their value; 7 Wonders)."""

    def count_tokens(self, player: int) -> int:
        """Progress tokens owned by the city."""

    def count_coins(self, player: int) -> int: ...

    def count_cubes(self, player: int) -> int:
        """Influence cubes of `player` on the Senate's board (mechanic `senate`)."""
    def one_of(self, player: int, card_id: str, choice: int) -> None:
        """`player` chooses one option of the card's `choice`-th `one_of` effect; the
        option's effects are the card's method `choice_<choice>_<option>`."""

    def destroy(self, player: int, colors: tuple[str, ...]) -> None:
        """`player` chooses one building of these colours in a neighbour's city to discard."""

    def build_from_discard(self, player: int, when: str = "at_once") -> None:
        """`player` chooses a card of the discard pile and builds it for free: at once, or
        with `when="end_of_turn"` after every seat's move and the turn's discards
        (7 Wonders' Halikarnassos)."""

    def take_token(self, player: int, source: str, draw: int) -> None:
        """`player` keeps one of `draw` progress tokens drawn at random from `source` (0:
        every token there)."""

    def current_age(self) -> int:
        """The Age being played (0 before Age I)."""

    def play_again(self, player: int) -> None:
        """`player`, whose turn it is, plays another turn after this one (card_structure)."""

    def influence(self, player: int, section: str, actions: int) -> None:
        """`player` takes Senate actions in `section`'s chambers (`any`: all): `actions`, or
        with 0 as many as the game's `senate.actions` gives (mechanic `senate`)."""

    def move_decree(self, player: int) -> None:
        """`player` moves a chamber's original Decree under another chamber's Decree
        (Agora's Insider Influence; mechanic `senate`)."""

    # Agora's conspiracies (mechanic `conspiracies`): each verb asks its decision only when
    # it has a choice to offer.
    def conspire(self, player: int) -> None:
        """`player` draws conspiracies, keeps one and puts the others back on the top or
        the bottom of the deck (all kept with a token of `keep_all_conspiracies`)."""

    def trigger_unprepared(self, player: int) -> None:
        """`player` may trigger a conspiracy held and not prepared (Curia Julia)."""

    def take_wonder(self, player: int) -> None:
        """`player` takes a Wonder the opponent has not built into their own hand."""

    def take_coins(self, player: int, divisor: int) -> None:
        """`player` takes 1/`divisor` of the opponent's coins, rounded up."""

    def lock_token(self, player: int) -> None:
        """`player` locks away a progress token of the board, the opponent's or the box."""

    def build_from_structure(self, player: int, colors: tuple[str, ...]) -> None:
        """`player` builds for free a face-up card of these colours in the structure's far
        row."""

    def build_left_out(self, player: int) -> None:
        """`player` builds for free a card left out of the Ages played so far."""

    def discard_from_structure(self, player: int, cards: int) -> None:
        """`player` puts up to `cards` reachable cards in the discard pile (the first one
        must be)."""

    def take_building(self, player: int, colors: tuple[str, ...]) -> None:
        """`player` takes a building of these colours from the opponent's city."""

    def swap_building(self, player: int, colors: tuple[str, ...]) -> None:
        """`player` swaps a building of these colours with one of the same colour of the
        opponent's."""

    def destroy_wonder(self, player: int) -> None:
        """`player` removes a Wonder the opponent built from the game."""
    def place_influence(self, player: int, section: str, cubes: int, optional: bool) -> None:
        """`player` places `cubes` influence cubes one at a time in `section`'s chambers
        (`any`: all); `optional`: they may stop early (mechanic `senate`)."""

    def move_influence(self, player: int, actions: int, optional: bool) -> None:
        """`player` moves one of their cubes to the chamber beside it, `actions` times."""

    def remove_influence(self, player: int, cubes: int) -> None:
        """`player` removes `cubes` of the opponent's cubes, one at a time."""


class Card:
    """A component with a cost and effects. Class attributes hold the static effects.

    Resource vectors (`cost`, `produces`) hold units per resource, in the order of the
    ruleset's `resources`; `produces_one_of` holds, for each choice effect, the resource
    indices it may produce.

    A Wonder board (kind `BOARD`, 7 Wonders) has `id`, `name`, `produces` (its starting
    resource) and `sides`: (("a", (Stage, ...)), ("b", (...))), its stage classes in building
    order. A stage (kind `STAGE`) has `id` "<board>_<side>_<n>", the board's `name`, `board`,
    `side`, `stage` (from 1), a cost and effects like any card.
    """

    id: str = ""
    name: str = ""
    kind: str = BUILDING
    age: int = 0  # 0 for Wonders and progress tokens
    color: str = ""  # "" for Wonders and progress tokens
    cost_coins: int = 0
    cost: tuple[int, ...] = ()
    chain_gives: str | None = None
    chain_from: str | None = None
    # The player count printed on each copy of a building (7 Wonders); a game of N players
    # uses the copies numbered N or less. () for one copy (Duel, guilds).
    copies: tuple[int, ...] = ()

    # Wonder boards and their stages (7 Wonders).
    sides: tuple[tuple[str, tuple[type["Card"], ...]], ...] = ()  # kind BOARD
    board: str = ""  # kind STAGE: the board's id
    side: str = ""  # kind STAGE: "a" or "b"
    stage: int = 0  # kind STAGE: its place on the side, from 1

    # Ongoing effects.
    produces: tuple[int, ...] = ()
    produces_one_of: tuple[tuple[int, ...], ...] = ()
    trade_prices: tuple[tuple[int, int], ...] = ()  # (resource index, fixed price)
    discounts: tuple[tuple[str, int], ...] = ()  # ("wonders" or a colour, resource units)
    shield_bonus: tuple[tuple[str, int], ...] = ()  # (colour, extra shields per building)
    science: str | None = None
    wonders_play_again: bool = False
    keep_all_conspiracies: bool = False  # Agora's Organized Crime (mechanic conspiracies)
    collect_trade_spend: bool = False
    # 7 Wonders: prices when buying from a neighbour, (resource index, price, "left" or
    # "right"); `trade_prices` stays the bank price of 7 Wonders Duel.
    neighbour_prices: tuple[tuple[int, int, str], ...] = ()
    science_choice: tuple[str, ...] = ()  # one of these symbols, chosen when scoring
    play_seventh_card: bool = False  # the last card of each Age's hand may be played
    free_build_per_age: bool = False  # once per Age, build a structure for free
    copy_guild: str = ""  # "neighbours": score one neighbour's guild as the owner's
    free_senators: bool = False  # senators cost the owner nothing (Agora's Corruption)
    # Agora's Decrees (and any card): discounts whose target's coin cost may be waived as one
    # of their units (`discount: {symbols: N}`, the targets as `discounts` names them); bank
    # prices lowered, (resource index, coins less, lowest price); coins more per discard;
    # buildings more counted for Senate actions; the neighbours' chain symbols as one's own.
    coin_symbols: tuple[str, ...] = ()
    trade_cuts: tuple[tuple[int, int, int], ...] = ()
    discard_extra: int = 0
    senate_cards: int = 0
    neighbour_chains: bool = False
    # `whenever` of the events build and wonder: (event, anyone's builds, colours, building
    # ids), each acted out by the method `on_trigger_<index>(game, owner)`.
    triggers: tuple[tuple[str, bool, tuple[str, ...], tuple[str, ...]], ...] = ()
    # Per `one_of` effect, its options in words; option k of choice j is the method
    # `choice_<j>_<k>(game, player)`.
    choices: tuple[tuple[str, ...], ...] = ()

    # Effects on build that the engine applies in its fixed order.
    shields: int = 0
    play_again: bool = False

    # End-of-game scoring: fixed points; counted points come from `end_points`.
    points: int = 0

    # The compiler sets these to True when it generates the method, so the engine's hot
    # path can skip calls that would do nothing.
    has_on_build: bool = False
    has_end_points: bool = False
    has_on_chain_build: bool = False
    has_on_draft: bool = False

    def on_build(self, game: GameVerbs, player: int) -> None:
        """Immediate effects, in data order (coins, coin loss, destroy, ...)."""

    def end_points(self, game: GameVerbs, player: int) -> int:
        """Counted victory points at the end of the game (beyond `points`)."""
        return 0

    def on_chain_build(self, game: GameVerbs, player: int) -> None:
        """Triggered when `player` builds a building for free through a chain."""

    def on_draft(self, game: GameVerbs, player: int) -> None:
        """A Wonder's effects when `player` takes it in the draft (Agora's Knossos)."""


@dataclass(frozen=True)
class StructureRow:
    columns: tuple[int, ...]  # slot positions in half-card widths
    face_down: bool = False


@dataclass(frozen=True)
class Structure:
    """The layout of one Age. Row 0 is the far end; the last row is nearest the players.

    A slot is covered by the slots of the next row whose column is one half-card away.
    """

    age: int
    rows: tuple[StructureRow, ...]

    def slots(self) -> tuple[tuple[int, int], ...]:
        """(row, column) of every slot, row by row, left to right."""
        return tuple((r, c) for r, row in enumerate(self.rows) for c in row.columns)

    def covered_by(self) -> tuple[tuple[int, ...], ...]:
        """For each slot index, the indices of the slots that cover it."""
        slots = self.slots()
        index = {slot: i for i, slot in enumerate(slots)}
        return tuple(
            tuple(index[(r + 1, c + d)] for d in (-1, 1) if (r + 1, c + d) in index)
            for r, c in slots
        )


@dataclass(frozen=True)
class Ruleset:
    """Everything the engine needs to play one game, as compiled from its data."""

    game: str
    name: str
    players: int
    seating: str  # "opponent" or "circle"
    mechanics: tuple[str, ...]  # the engine's rule mechanics for this game, in order
    resources: tuple[str, ...]
    raw_resources: tuple[str, ...]
    colors: tuple[str, ...]
    science_symbols: tuple[str, ...]
    ages: int
    buildings: tuple[type[Card], ...]
    wonders: tuple[type[Card], ...]
    tokens: tuple[type[Card], ...]
    structures: tuple[Structure, ...]
    # The rules record: the rule sections of game.yaml as validated plain data, written by
    # the compiler: 7 Wonders Duel's setup, trade, discard, military, science, scoring,
    # next_age; 7 Wonders' ages (printed, hand, pass), setup (boards; guilds with
    # players_plus), turn, trade (from, sellable, income_spendable), discard, conflicts,
    # science (identical, set_size, set_points, wildcards), scoring, two_player_variant. The core
    # and each mechanic read their part into a frozen config (Tables.core, Tables.config).
    rules: Mapping[str, Any]
    source_hash: str = ""
    # 7 Wonders: the Wonder boards (kind BOARD, data order; their stages are reached through
    # `sides`, and are not in `wonders`), and every player count the game is played at
    # (() when built by hand: `(players,)`).
    boards: tuple[type[Card], ...] = ()
    player_counts: tuple[int, ...] = ()
    by_id: dict[str, type[Card]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.player_counts:
            object.__setattr__(self, "player_counts", (self.players,))
        stages = (stage for board in self.boards for _, side in board.sides for stage in side)
        for card in (*self.buildings, *self.wonders, *self.tokens, *self.boards, *stages):
            self.by_id[card.id] = card
