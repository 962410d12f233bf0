"""The typed intermediate form: a validated game, ready for code generation and rendering.

Everything downstream (code generation, export, sheets, diff) reads these frozen dataclasses,
never raw YAML. `Loc`s record where each item was written, for diagnostics.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wondersmith.dsl.vocabulary import Effect, parse_effect


@dataclass(frozen=True)
class Loc:
    file: str
    line: int
    column: int


NOWHERE = Loc("", 0, 0)


@dataclass(frozen=True)
class Cost:
    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()  # in the game's resource order

    @staticmethod
    def parse(data: dict[str, int] | None, order: tuple[str, ...]) -> "Cost":
        data = dict(data or {})
        coins = data.pop("coins", 0)
        rank = {r: i for i, r in enumerate(order)}
        return Cost(coins, tuple(sorted(data.items(), key=lambda kv: rank.get(kv[0], 99))))

    @property
    def free(self) -> bool:
        return not self.coins and not self.resources

    def units(self, resource: str) -> int:
        return dict(self.resources).get(resource, 0)

    def data(self) -> dict[str, int]:
        return ({"coins": self.coins} if self.coins else {}) | dict(self.resources)


def _effects(data: list[Any] | None) -> tuple[Effect, ...]:
    return tuple(parse_effect(e) for e in data or ())


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    age: int
    color: str
    cost: Cost
    chain_gives: str | None
    chain_from: str | None
    effects: tuple[Effect, ...]
    loc: Loc = field(default=NOWHERE, compare=False)
    field_locs: dict[str, Loc] = field(default_factory=dict, compare=False, repr=False)
    copies: tuple[int, ...] = ()  # the player count printed on each copy; () for one copy
    kind = "building"

    def copies_at(self, players: int) -> int:
        """Copies in a game of `players` (a card without `copies` is one copy)."""
        return sum(1 for n in self.copies if n <= players) if self.copies else 1


@dataclass(frozen=True)
class Wonder:
    id: str
    name: str
    cost: Cost
    effects: tuple[Effect, ...]
    loc: Loc = field(default=NOWHERE, compare=False)
    field_locs: dict[str, Loc] = field(default_factory=dict, compare=False, repr=False)
    kind = "wonder"


@dataclass(frozen=True)
class Token:
    id: str
    name: str
    effects: tuple[Effect, ...]
    loc: Loc = field(default=NOWHERE, compare=False)
    field_locs: dict[str, Loc] = field(default_factory=dict, compare=False, repr=False)
    kind = "token"


@dataclass(frozen=True)
class Stage:
    cost: Cost
    effects: tuple[Effect, ...]


def stage_id_of(board: str, side: str, number: int) -> str:
    """The id of a Wonder stage: "<board>_<side>_<n>", n from 1 (`gizah_b_4`)."""
    return f"{board}_{side}_{number}"


@dataclass(frozen=True)
class Board:
    """A Wonder board of 7 Wonders: its own production and two sides of stages."""

    id: str
    name: str
    produces: tuple[tuple[str, int], ...]
    sides: tuple[tuple[str, tuple[Stage, ...]], ...]
    loc: Loc = field(default=NOWHERE, compare=False)
    field_locs: dict[str, Loc] = field(default_factory=dict, compare=False, repr=False)
    kind = "board"


@dataclass(frozen=True)
class AgeDeck:
    age: int
    cards: int  # 0 when the game does not declare it (no `card_structure`)
    colors: tuple[tuple[str, int], ...]
    printed: int = 0  # cards printed, guilds included (7 Wonders); 0: not declared
    hand: int = 0  # cards dealt to each player (7 Wonders); 0: no hands
    pass_to: str = ""  # where hands go after each turn: left, right; "": no hands


@dataclass(frozen=True)
class Row:
    columns: tuple[int, ...]
    face_down: bool = False


@dataclass(frozen=True)
class Structure:
    age: int
    rows: tuple[Row, ...]

    @property
    def slots(self) -> int:
        return sum(len(r.columns) for r in self.rows)


@dataclass(frozen=True)
class Zone:
    first: int
    last: int
    points: int
    loot: int = 0


@dataclass(frozen=True)
class Setup:
    starting_coins: int
    board_tokens: int
    removed_cards_per_age: int
    guild_age: int
    guilds_drawn: int
    guild_color: str
    max_wonders_built: int
    wonder_draft: tuple[tuple[str, ...], ...]
    first_game_wonders: tuple[tuple[str, ...], ...] = ()
    guilds_players_plus: int | None = None  # guilds drawn = players + this (7 Wonders)
    guilds_printed: int = 0  # guilds in the box; 0: not declared
    boards: "BoardDeal | None" = None  # how Wonder boards are dealt (7 Wonders)

    def guilds_at(self, players: int) -> int:
        """Guilds drawn in a game of `players`."""
        if self.guilds_players_plus is not None:
            return players + self.guilds_players_plus
        return self.guilds_drawn


@dataclass(frozen=True)
class BoardDeal:
    count: int
    deal: str  # random or chosen
    side: str  # random or chosen


@dataclass(frozen=True)
class Conflicts:
    """Military conflicts between neighbours at the end of each Age (7 Wonders)."""

    at: str
    victory: tuple[int, ...]  # the victory token of each Age
    defeat: int
    tokens_in_box: int = 0


@dataclass(frozen=True)
class ScienceSets:
    """Science scored by squares and sets (7 Wonders)."""

    identical: str
    set_size: int
    set_points: int
    wildcards: str


@dataclass(frozen=True)
class TwoPlayerVariant:
    """The rulebook's 2-player variant (7 Wonders): its settings as written."""

    players: int
    deck_players: int
    settings: tuple[tuple[str, Any], ...] = ()  # the other keys, in data order


@dataclass(frozen=True)
class Game:
    id: str
    name: str
    players: int
    seating: str
    mechanics: tuple[str, ...]
    raw_resources: tuple[str, ...]
    manufactured_resources: tuple[str, ...]
    colors: tuple[str, ...]
    science_symbols: tuple[str, ...]
    ages: tuple[AgeDeck, ...]
    setup: Setup
    trade_base_price: int
    trade_raised_by: tuple[str, ...]
    trade_raise_per_unit: int
    discard_coins: int
    discard_bonus: int
    discard_bonus_colors: tuple[str, ...]
    supremacy_at: int
    zones: tuple[Zone, ...]
    science_pair_takes_token: bool
    science_pair_size: int
    science_supremacy: int
    science_cards_per_symbol: int
    coins_per_point: int
    tie_break: str
    next_age_chooser: str
    next_age_tie: str
    structures: tuple[Structure, ...]
    buildings: tuple[Building, ...] = ()
    wonders: tuple[Wonder, ...] = ()
    tokens: tuple[Token, ...] = ()
    boards: tuple[Board, ...] = ()
    source_hash: str = ""
    loc: Loc = field(default=NOWHERE, compare=False)
    # 7 Wonders (seating: circle); the defaults are a game that does not use them.
    players_max: int = 0  # the most players, when `players` gives a range; 0: exactly players
    turn_simultaneous: bool = False
    turns_per_age: int = 0  # 0: until the Age's cards run out
    trade_from: str = ""  # "neighbours": sellers are the left and right cities
    trade_sellable: tuple[str, ...] = ()
    trade_income_spendable: str = ""
    conflicts: Conflicts | None = None
    science_sets: ScienceSets | None = None
    two_player_variant: TwoPlayerVariant | None = None

    @property
    def player_counts(self) -> range:
        """Every player count the game is played at."""
        return range(self.players, max(self.players, self.players_max) + 1)

    @property
    def resources(self) -> tuple[str, ...]:
        return self.raw_resources + self.manufactured_resources

    def components(self) -> tuple[Building | Wonder | Token | Board, ...]:
        return (*self.buildings, *self.wonders, *self.tokens, *self.boards)

    def guilds(self) -> tuple[Building, ...]:
        return tuple(b for b in self.buildings if b.color == self.setup.guild_color)

    def age_cards(self, age: int) -> tuple[Building, ...]:
        """The Age deck's buildings, guilds apart."""
        return tuple(b for b in self.buildings
                     if b.age == age and b.color != self.setup.guild_color)


def parse_game(data: dict[str, Any], loc: Loc = NOWHERE) -> Game:
    """The game's fixed rules from schema-valid game.yaml data (no cards yet). Keys only some
    mechanics read may be absent; they read as zero or empty."""
    setup = data["setup"]
    first_game = setup.get("first_game_wonders")
    discard_bonus = data["discard"].get("bonus", {})
    science = data["science"]
    military = data.get("military", {})
    next_age = data.get("next_age", {})
    trade = data["trade"]
    players = data["players"]
    ranged = isinstance(players, dict)
    guild_count = setup["guilds"]["count"]
    per_player = isinstance(guild_count, dict)
    turn = data.get("turn", {})
    boards = setup.get("boards")
    conflicts = data.get("conflicts")
    variant = data.get("two_player_variant")
    return Game(
        id=data["id"],
        name=data["name"],
        players=players["min"] if ranged else players,
        players_max=players["max"] if ranged else 0,
        seating=data["seating"],
        mechanics=tuple(data["mechanics"]),
        raw_resources=tuple(data["resources"]["raw"]),
        manufactured_resources=tuple(data["resources"]["manufactured"]),
        colors=tuple(data["colors"]),
        science_symbols=tuple(data["science_symbols"]),
        ages=tuple(AgeDeck(a["age"], a.get("cards", 0), tuple(a.get("colors", {}).items()),
                           a.get("printed", 0), a.get("hand", 0), a.get("pass", ""))
                   for a in data["ages"]),
        setup=Setup(
            starting_coins=setup["starting_coins"],
            board_tokens=setup.get("board_tokens", 0),
            removed_cards_per_age=setup.get("removed_cards_per_age", 0),
            guild_age=setup["guilds"]["age"],
            guilds_drawn=0 if per_player else guild_count,
            guild_color=setup["guilds"]["color"],
            max_wonders_built=setup.get("max_wonders_built", 0),
            wonder_draft=tuple(tuple(r) for r in setup.get("wonder_draft", ())),
            first_game_wonders=(tuple(first_game["first"]), tuple(first_game["second"]))
            if first_game else (),
            guilds_players_plus=guild_count["players_plus"] if per_player else None,
            guilds_printed=setup["guilds"].get("printed", 0),
            boards=BoardDeal(boards["count"], boards["deal"], boards["side"]) if boards else None,
        ),
        trade_base_price=trade["base_price"],
        trade_raised_by=tuple(trade.get("raised_by", ())),
        trade_raise_per_unit=trade.get("raise_per_unit", 0),
        trade_from=trade.get("from", ""),
        trade_sellable=tuple(trade.get("sellable", ())),
        trade_income_spendable=trade.get("income_spendable", ""),
        turn_simultaneous=turn.get("simultaneous", False),
        turns_per_age=turn.get("per_age", 0),
        conflicts=Conflicts(conflicts["at"], tuple(conflicts["victory"]), conflicts["defeat"],
                            conflicts.get("tokens_in_box", 0)) if conflicts else None,
        science_sets=ScienceSets(science["identical"], science["set_size"],
                                 science["set_points"], science["wildcards"])
        if "set_size" in science else None,
        two_player_variant=TwoPlayerVariant(
            variant["players"], variant["deck_players"],
            tuple((k, tuple(x) if isinstance(x, list) else x) for k, x in variant.items()
                  if k not in ("players", "deck_players"))) if variant else None,
        discard_coins=data["discard"]["coins"],
        discard_bonus=discard_bonus.get("amount", 0),
        discard_bonus_colors=tuple(discard_bonus.get("colors", ())),
        supremacy_at=military.get("supremacy_at", 0),
        zones=tuple(Zone(z["from"], z["to"], z["points"], z.get("loot", 0))
                    for z in military.get("zones", ())),
        science_pair_takes_token=science.get("pair_takes_token", False),
        science_pair_size=science.get("pair_size", 0),
        science_supremacy=science.get("supremacy", 0),
        science_cards_per_symbol=science.get("cards_per_symbol", 0),
        coins_per_point=data["scoring"]["coins_per_point"],
        tie_break=data["scoring"]["tie_break"],
        next_age_chooser=next_age.get("chooser", ""),
        next_age_tie=next_age.get("tie", ""),
        structures=tuple(
            Structure(s["age"], tuple(Row(tuple(r["columns"]), r.get("face_down", False))
                                      for r in s["rows"]))
            for s in data.get("structures", ())
        ),
        loc=loc,
    )


def parse_building(data: dict[str, Any], age: int, order: tuple[str, ...],
                   loc: Loc = NOWHERE, field_locs: dict[str, Loc] | None = None) -> Building:
    return Building(
        id=data["id"], name=data["name"], age=age, color=data["color"],
        cost=Cost.parse(data.get("cost"), order),
        chain_gives=data.get("chain_gives"), chain_from=data.get("chain_from"),
        effects=_effects(data.get("effects")), loc=loc, field_locs=field_locs or {},
        copies=tuple(data.get("copies", ())),
    )


def parse_wonder(data: dict[str, Any], order: tuple[str, ...], loc: Loc = NOWHERE,
                 field_locs: dict[str, Loc] | None = None) -> Wonder:
    return Wonder(data["id"], data["name"], Cost.parse(data.get("cost"), order),
                  _effects(data.get("effects")), loc, field_locs or {})


def parse_token(data: dict[str, Any], loc: Loc = NOWHERE,
                field_locs: dict[str, Loc] | None = None) -> Token:
    return Token(data["id"], data["name"], _effects(data.get("effects")), loc, field_locs or {})


def parse_board(data: dict[str, Any], order: tuple[str, ...], loc: Loc = NOWHERE,
                field_locs: dict[str, Loc] | None = None) -> Board:
    sides = tuple(
        (side, tuple(Stage(Cost.parse(s.get("cost"), order), _effects(s.get("effects")))
                     for s in data["sides"][side]["stages"]))
        for side in ("a", "b")
    )
    return Board(data["id"], data["name"], tuple(data["produces"].items()), sides, loc,
                 field_locs or {})
