"""The typed intermediate form: a validated game, ready for code generation and rendering.

Everything downstream (code generation, export, sheets, diff) reads these frozen dataclasses,
never raw YAML. `Loc`s record where each item was written, for diagnostics. The game-level
rules are one value, `Game.rules`: the rules record of `wondersmith.ir.rules`, read typed
through the engine's configs (`Game.config`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wondersmith.dsl.vocabulary import Effect, parse_effect
from wondersmith.ir.rules import config as _config, record as _record


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
    structures: tuple[Structure, ...]
    # The rule sections of game.yaml, as validated plain data (`wondersmith.ir.rules`).
    rules: dict[str, Any] = field(default_factory=dict)
    buildings: tuple[Building, ...] = ()
    wonders: tuple[Wonder, ...] = ()
    tokens: tuple[Token, ...] = ()
    boards: tuple[Board, ...] = ()
    source_hash: str = ""
    loc: Loc = field(default=NOWHERE, compare=False)
    players_max: int = 0  # the most players, when `players` gives a range; 0: exactly players

    def config(self, mechanic: str) -> Any:
        """The typed view of the rules `mechanic` reads: the engine's own config of it
        (`wondersmith.ir.rules.CORE`: the core's). RulesError when the record cannot give
        it."""
        return _config(self.rules, mechanic)

    @property
    def guild_color(self) -> str:
        return self.rules["setup"]["guilds"]["color"]

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
        return tuple(b for b in self.buildings if b.color == self.guild_color)

    def age_cards(self, age: int) -> tuple[Building, ...]:
        """The Age deck's buildings, guilds and senators apart."""
        apart = (self.guild_color, self.senator_color)
        return tuple(b for b in self.buildings if b.age == age and b.color not in apart)

    @property
    def senator_color(self) -> str | None:
        """The colour of the cards shuffled into every Age (Agora's senators), or None."""
        senators = (self.rules.get("senate") or {}).get("senators")
        return senators["color"] if senators else None

    def senators_at(self, age: int) -> int:
        """The senators shuffled into `age`'s deck (`senate.senators.per_age`)."""
        senators = (self.rules.get("senate") or {}).get("senators")
        per_age = senators["per_age"] if senators else ()
        return per_age[age - 1] if 0 < age <= len(per_age) else 0


def parse_game(data: dict[str, Any], loc: Loc = NOWHERE) -> Game:
    """The game's fixed rules from schema-valid game.yaml data (no cards yet)."""
    players = data["players"]
    ranged = isinstance(players, dict)
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
        ages=tuple(AgeDeck(a["age"], a.get("cards", 0), tuple(a.get("colors", {}).items()))
                   for a in data["ages"]),
        rules=_record(data),
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
