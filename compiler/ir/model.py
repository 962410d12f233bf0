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
    kind = "building"


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
    cards: int
    colors: tuple[tuple[str, int], ...]


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
    """The game's fixed rules from schema-valid game.yaml data (no cards yet)."""
    setup = data["setup"]
    first_game = setup.get("first_game_wonders")
    discard_bonus = data["discard"].get("bonus", {})
    science = data["science"]
    return Game(
        id=data["id"],
        name=data["name"],
        players=data["players"],
        seating=data["seating"],
        mechanics=tuple(data["mechanics"]),
        raw_resources=tuple(data["resources"]["raw"]),
        manufactured_resources=tuple(data["resources"]["manufactured"]),
        colors=tuple(data["colors"]),
        science_symbols=tuple(data["science_symbols"]),
        ages=tuple(AgeDeck(a["age"], a["cards"], tuple(a["colors"].items()))
                   for a in data["ages"]),
        setup=Setup(
            starting_coins=setup["starting_coins"],
            board_tokens=setup["board_tokens"],
            removed_cards_per_age=setup["removed_cards_per_age"],
            guild_age=setup["guilds"]["age"],
            guilds_drawn=setup["guilds"]["count"],
            guild_color=setup["guilds"]["color"],
            max_wonders_built=setup["max_wonders_built"],
            wonder_draft=tuple(tuple(r) for r in setup["wonder_draft"]),
            first_game_wonders=(tuple(first_game["first"]), tuple(first_game["second"]))
            if first_game else (),
        ),
        trade_base_price=data["trade"]["base_price"],
        trade_raised_by=tuple(data["trade"]["raised_by"]),
        trade_raise_per_unit=data["trade"]["raise_per_unit"],
        discard_coins=data["discard"]["coins"],
        discard_bonus=discard_bonus.get("amount", 0),
        discard_bonus_colors=tuple(discard_bonus.get("colors", ())),
        supremacy_at=data["military"]["supremacy_at"],
        zones=tuple(Zone(z["from"], z["to"], z["points"], z.get("loot", 0))
                    for z in data["military"]["zones"]),
        science_pair_takes_token=science["pair_takes_token"],
        science_pair_size=science["pair_size"],
        science_supremacy=science["supremacy"],
        science_cards_per_symbol=science["cards_per_symbol"],
        coins_per_point=data["scoring"]["coins_per_point"],
        tie_break=data["scoring"]["tie_break"],
        next_age_chooser=data["next_age"]["chooser"],
        next_age_tie=data["next_age"]["tie"],
        structures=tuple(
            Structure(s["age"], tuple(Row(tuple(r["columns"]), r.get("face_down", False))
                                      for r in s["rows"]))
            for s in data["structures"]
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
