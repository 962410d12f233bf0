"""The effect DSL: a closed vocabulary of verbs, each with its timing, value schema and typed form.

This registry is the single source of truth: `wondersmith.dsl.schemas` generates the JSON Schemas in
`schema/` from it, the loader parses data into these dataclasses, and the code generator and
renderers dispatch on them. An effect in YAML is a one-key mapping `{verb: value}`, or the bare
verb name for verbs that take no value.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

# Timings: when an effect acts.
ONGOING = "ongoing"  # while the card is in the city (production, prices, discounts, symbols)
ON_BUILD = "on_build"  # once, when the card is built
TRIGGERED = "triggered"  # each time an event happens after the card is built
END_GAME = "end_game"  # when the game is scored
TIMINGS = (ONGOING, ON_BUILD, TRIGGERED, END_GAME)

# Names the schema offers for completion. A game declares which of them it uses in game.yaml,
# and the semantic checks hold every file to its game's declaration.
RESOURCES = ("wood", "clay", "stone", "ore", "glass", "papyrus", "loom")
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
SCIENCE_SYMBOLS = (
    "armillary_sphere", "wheel", "sundial", "mortar", "plumb_level", "quill", "law",  # Duel
    "compass", "gear", "tablet",  # 7 Wonders
)
# City selectors. In a two-player game your only neighbour is your opponent.
CITIES = ("self", "neighbours", "left", "right", "most")
CITY_DOCS = {
    "self": "your city",
    "neighbours": "your neighbours' cities, added up (in 7 Wonders Duel: your opponent's)",
    "left": "your left neighbour's city (7 Wonders)",
    "right": "your right neighbour's city (7 Wonders)",
    "most": "the city, yours or a neighbour's, that has the most of what is counted",
}
OPPONENT_CITIES = ("neighbours", "left", "right")
COUNTABLES = ("cards", "wonders", "tokens", "coins")
COUNTABLE_DOCS = {
    "cards": "buildings of the listed colours (cards tucked under Wonders do not count)",
    "wonders": "Wonders built",
    "tokens": "progress tokens owned",
    "coins": "coins in the treasury",
}
DISCOUNT_TARGETS = ("wonders", *COLORS)
TOKEN_SOURCES = ("box", "board")
EVENTS = ("chain_build",)
EVENT_DOCS = {"chain_build": "you build a building for free through its chain symbol"}

ID_PATTERN = "^[a-z][a-z0-9_]*$"
SYMBOL_PATTERN = "^[a-z][a-z0-9_]*$"


def _enum(values: tuple[str, ...], description: str) -> dict[str, Any]:
    return {"type": "string", "enum": list(values), "description": description}


# The upper bound of every whole number in the data (docs/dsl.md, "Numbers"): each is a count of
# printed things or a price; the largest in the Duel data is 23 (cards in an Age). 99 leaves
# room for variants and catches slips such as 10^9 shields, which end every game at once.
MAX_COUNT = 99


def _count(n: int = 1, description: str = "A whole number") -> dict[str, Any]:
    return {"type": "integer", "minimum": n, "maximum": MAX_COUNT, "description": description}


def _colors(description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": _enum(COLORS, "A card colour"),
        "description": description,
    }


def _resources(description: str, min_items: int = 1) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": min_items,
        "uniqueItems": True,
        "items": _enum(RESOURCES, "A resource"),
        "description": description,
    }


def _who(default: str, description: str) -> dict[str, Any]:
    return {**_enum(CITIES, description), "default": default}


# ---------------------------------------------------------------------------------------------
# Counted amounts: "2 coins per Wonder", "1 VP per 3 coins in the richest city".


@dataclass(frozen=True)
class Count:
    """What an amount is multiplied by: units of something counted in a chosen city."""

    per: str
    colors: tuple[str, ...] = ()
    city: str = "self"
    every: int = 1


@dataclass(frozen=True)
class Amount:
    """A fixed number, or `value` for each `count.every` units of what `count` counts."""

    value: int
    count: Count | None = None

    @staticmethod
    def parse(data: Any) -> "Amount":
        if isinstance(data, int):
            return Amount(data)
        return Amount(
            data.get("amount", 1),
            Count(
                per=data["per"],
                colors=tuple(data.get("colors", ())),
                city=data.get("in", "self"),
                every=data.get("every", 1),
            ),
        )

    def data(self) -> Any:
        if self.count is None:
            return self.value
        out: dict[str, Any] = {}
        if self.value != 1:
            out["amount"] = self.value
        out["per"] = self.count.per
        if self.count.colors:
            out["colors"] = list(self.count.colors)
        if self.count.city != "self":
            out["in"] = self.count.city
        if self.count.every != 1:
            out["every"] = self.count.every
        return out


AMOUNT_SCHEMA: dict[str, Any] = {
    "description": "A whole number, or an amount counted per unit of something in a city.",
    "anyOf": [
        _count(0, "A fixed amount"),
        {
            "type": "object",
            "description": "`amount` for each `every` units of `per` counted in the city `in`.",
            "required": ["per"],
            "additionalProperties": False,
            "properties": {
                "amount": {**_count(1, "How much for each unit counted"), "default": 1},
                "per": _enum(COUNTABLES, "What is counted: " + "; ".join(
                    f"{k}: {v}" for k, v in COUNTABLE_DOCS.items())),
                "colors": _colors("With `per: cards`: the colours of the buildings counted"),
                "in": _who("self", "Whose city is counted: " + "; ".join(
                    f"{k}: {v}" for k, v in CITY_DOCS.items())),
                "every": {**_count(1, "Units per step, e.g. 3 for 'per 3 coins'"), "default": 1},
            },
            "if": {"properties": {"per": {"const": "cards"}}},
            "then": {"required": ["colors"]},
            "else": {"not": {"required": ["colors"]}},
        },
    ],
}


# ---------------------------------------------------------------------------------------------
# The verbs.


class Effect:
    """Base of every verb. Subclasses are frozen dataclasses registered in VERBS."""

    VERB: ClassVar[str]
    TIMING: ClassVar[str]
    SUMMARY: ClassVar[str]
    EXAMPLE: ClassVar[str]
    VALUE_SCHEMA: ClassVar[dict[str, Any] | None] = None  # None: a bare verb, no value

    @classmethod
    def parse(cls, value: Any) -> "Effect":
        return cls()  # verbs without a value

    def value(self) -> Any:
        """The YAML value of this effect (None for a bare verb)."""
        return None

    def data(self) -> Any:
        """This effect as it is written in YAML."""
        return self.VERB if self.VALUE_SCHEMA is None else {self.VERB: self.value()}


VERBS: dict[str, type[Effect]] = {}


def verb(cls: type[Effect]) -> type[Effect]:
    VERBS[cls.VERB] = cls
    return cls


@verb
@dataclass(frozen=True)
class Produce(Effect):
    resources: tuple[tuple[str, int], ...]
    VERB = "produce"
    TIMING = ONGOING
    SUMMARY = "Produces these resources every turn."
    EXAMPLE = "produce: {wood: 2}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Units produced, by resource.",
        "minProperties": 1,
        "additionalProperties": False,
        "properties": {r: _count(1, f"Units of {r}") for r in RESOURCES},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value.items()))

    def value(self) -> Any:
        return dict(self.resources)


@verb
@dataclass(frozen=True)
class ProduceOneOf(Effect):
    resources: tuple[str, ...]
    VERB = "produce_one_of"
    TIMING = ONGOING
    SUMMARY = "Produces one unit of one of these resources each turn, chosen when paying."
    EXAMPLE = "produce_one_of: [wood, clay, stone]"
    VALUE_SCHEMA = _resources("The resources to choose from", min_items=2)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value))

    def value(self) -> Any:
        return list(self.resources)


@verb
@dataclass(frozen=True)
class TradePrice(Effect):
    resources: tuple[str, ...]
    price: int
    source: str = "neighbours"
    VERB = "trade_price"
    TIMING = ONGOING
    SUMMARY = "Fixes the price of each unit of these resources bought in trade."
    EXAMPLE = "trade_price: {resources: [stone], price: 1}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Resources whose trading price is fixed.",
        "required": ["resources", "price"],
        "additionalProperties": False,
        "properties": {
            "resources": _resources("The resources whose price is fixed"),
            "price": _count(0, "Coins per unit"),
            "from": _who("neighbours", "Whom the resources are bought from (7 Wonders: "
                         "left or right neighbour; 7 Wonders Duel: the bank, priced by "
                         "the opponent)"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["resources"]), value["price"], value.get("from", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"resources": list(self.resources), "price": self.price}
        if self.source != "neighbours":
            out["from"] = self.source
        return out


@verb
@dataclass(frozen=True)
class Discount(Effect):
    units: int
    target: str
    VERB = "discount"
    TIMING = ONGOING
    SUMMARY = ("Future constructions of the target cost this many resource units fewer, "
               "chosen to save the most coins; coin costs are never reduced.")
    EXAMPLE = "discount: {resources: 2, for: wonders}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "A discount on resources.",
        "required": ["resources", "for"],
        "additionalProperties": False,
        "properties": {
            "resources": _count(1, "Resource units waived on each construction"),
            "for": _enum(DISCOUNT_TARGETS, "Wonders, or buildings of one colour"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["resources"], value["for"])

    def value(self) -> Any:
        return {"resources": self.units, "for": self.target}


@verb
@dataclass(frozen=True)
class ShieldBonus(Effect):
    amount: int
    colors: tuple[str, ...]
    VERB = "shield_bonus"
    TIMING = ONGOING
    SUMMARY = "Buildings of these colours built from now on give extra shields."
    EXAMPLE = "shield_bonus: {amount: 1, colors: [red]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Extra shields on later buildings.",
        "required": ["amount", "colors"],
        "additionalProperties": False,
        "properties": {
            "amount": _count(1, "Extra shields per building"),
            "colors": _colors("Colours of the buildings that get them"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["amount"], tuple(value["colors"]))

    def value(self) -> Any:
        return {"amount": self.amount, "colors": list(self.colors)}


@verb
@dataclass(frozen=True)
class Science(Effect):
    symbol: str
    VERB = "science"
    TIMING = ONGOING
    SUMMARY = "A scientific symbol in the city."
    EXAMPLE = "science: wheel"
    VALUE_SCHEMA = _enum(SCIENCE_SYMBOLS, "The symbol")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.symbol


@verb
@dataclass(frozen=True)
class ScienceChoice(Effect):
    symbols: tuple[str, ...]
    VERB = "science_choice"
    TIMING = ONGOING
    SUMMARY = "One scientific symbol of these, chosen when the game is scored (7 Wonders)."
    EXAMPLE = "science_choice: [compass, gear, tablet]"
    VALUE_SCHEMA = {
        "type": "array",
        "minItems": 2,
        "uniqueItems": True,
        "items": _enum(SCIENCE_SYMBOLS, "A symbol"),
        "description": "The symbols to choose from",
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value))

    def value(self) -> Any:
        return list(self.symbols)


@verb
@dataclass(frozen=True)
class WondersPlayAgain(Effect):
    VERB = "wonders_play_again"
    TIMING = ONGOING
    SUMMARY = ("Every Wonder built from now on gives another turn; a Wonder that already "
               "does gives one, not two.")
    EXAMPLE = "wonders_play_again"


@verb
@dataclass(frozen=True)
class CollectTradeSpend(Effect):
    source: str = "neighbours"
    VERB = "collect_trade_spend"
    TIMING = ONGOING
    SUMMARY = "You receive the coins these players pay the bank for trading."
    EXAMPLE = "collect_trade_spend: {from: neighbours}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Whose trading spend you collect.",
        "additionalProperties": False,
        "properties": {"from": _who("neighbours", "Whose spend")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value.get("from", "neighbours"))

    def value(self) -> Any:
        return {} if self.source == "neighbours" else {"from": self.source}


@verb
@dataclass(frozen=True)
class PlaySeventhCard(Effect):
    VERB = "play_seventh_card"
    TIMING = ONGOING
    SUMMARY = "At the end of each Age you may play the last card of your hand (7 Wonders)."
    EXAMPLE = "play_seventh_card"


@dataclass(frozen=True)
class CountedEffect(Effect):
    """A verb whose value is an amount, fixed or counted."""

    amount: Amount
    VALUE_SCHEMA = AMOUNT_SCHEMA

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(Amount.parse(value))

    def value(self) -> Any:
        return self.amount.data()


@verb
@dataclass(frozen=True)
class Coins(CountedEffect):
    VERB = "coins"
    TIMING = ON_BUILD
    SUMMARY = "Take coins from the bank."
    EXAMPLE = "coins: {amount: 2, per: wonders}"


@verb
@dataclass(frozen=True)
class LoseCoins(Effect):
    amount: int
    who: str = "neighbours"
    VERB = "lose_coins"
    TIMING = ON_BUILD
    SUMMARY = "Other players pay coins to the bank, down to 0."
    EXAMPLE = "lose_coins: {amount: 3}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Coins that others lose.",
        "required": ["amount"],
        "additionalProperties": False,
        "properties": {
            "amount": _count(1, "Coins each of them loses"),
            "who": _who("neighbours", "Who loses them"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["amount"], value.get("who", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"amount": self.amount}
        if self.who != "neighbours":
            out["who"] = self.who
        return out


@verb
@dataclass(frozen=True)
class Shields(Effect):
    amount: int
    VERB = "shields"
    TIMING = ON_BUILD
    SUMMARY = "Military shields: the conflict pawn moves this many spaces towards the opponent."
    EXAMPLE = "shields: 2"
    VALUE_SCHEMA = _count(1, "Shields")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.amount


@verb
@dataclass(frozen=True)
class PlayAgain(Effect):
    VERB = "play_again"
    TIMING = ON_BUILD
    SUMMARY = "Take another turn right after this one."
    EXAMPLE = "play_again"


@verb
@dataclass(frozen=True)
class Destroy(Effect):
    colors: tuple[str, ...]
    who: str = "neighbours"
    VERB = "destroy"
    TIMING = ON_BUILD
    SUMMARY = "Choose a building of these colours in another city and put it in the discard pile."
    EXAMPLE = "destroy: {colors: [brown]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "What may be destroyed.",
        "required": ["colors"],
        "additionalProperties": False,
        "properties": {
            "colors": _colors("Colours of the building to destroy"),
            "who": _who("neighbours", "Whose city"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["colors"]), value.get("who", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"colors": list(self.colors)}
        if self.who != "neighbours":
            out["who"] = self.who
        return out


@verb
@dataclass(frozen=True)
class BuildFromDiscard(Effect):
    VERB = "build_from_discard"
    TIMING = ON_BUILD
    SUMMARY = "Choose a card of the discard pile and build it for free."
    EXAMPLE = "build_from_discard"


@verb
@dataclass(frozen=True)
class TakeToken(Effect):
    source: str
    draw: int = 1
    VERB = "take_token"
    TIMING = ON_BUILD
    SUMMARY = "Draw progress tokens at random from the source, keep one and return the rest."
    EXAMPLE = "take_token: {from: box, draw: 3}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Where the tokens come from.",
        "required": ["from"],
        "additionalProperties": False,
        "properties": {
            "from": _enum(TOKEN_SOURCES, "box: the tokens left out at set-up; board: those on the board"),
            "draw": {**_count(1, "Tokens drawn to choose from"), "default": 1},
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["from"], value.get("draw", 1))

    def value(self) -> Any:
        out: dict[str, Any] = {"from": self.source}
        if self.draw != 1:
            out["draw"] = self.draw
        return out


@verb
@dataclass(frozen=True)
class Points(CountedEffect):
    VERB = "points"
    TIMING = END_GAME
    SUMMARY = "Victory points when the game is scored."
    EXAMPLE = "points: {amount: 1, per: cards, colors: [yellow], in: most}"


@verb
@dataclass(frozen=True)
class Whenever(Effect):
    event: str
    effects: tuple[Effect, ...]
    VERB = "whenever"
    TIMING = TRIGGERED
    SUMMARY = "Each time the event happens from now on, apply these on-build effects."
    EXAMPLE = "whenever: {event: chain_build, effects: [coins: 4]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "A trigger.",
        "required": ["event", "effects"],
        "additionalProperties": False,
        "properties": {
            "event": _enum(EVENTS, "The event: " + "; ".join(
                f"{k}: {v}" for k, v in EVENT_DOCS.items())),
            "effects": {
                "type": "array",
                "minItems": 1,
                "items": {"$ref": "#/$defs/effect"},
                "description": "On-build effects applied each time",
            },
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["event"], tuple(parse_effect(e) for e in value["effects"]))

    def value(self) -> Any:
        return {"event": self.event, "effects": [e.data() for e in self.effects]}


BARE_VERBS = tuple(name for name, cls in VERBS.items() if cls.VALUE_SCHEMA is None)
VALUE_VERBS = tuple(name for name, cls in VERBS.items() if cls.VALUE_SCHEMA is not None)


def parse_effect(data: Any) -> Effect:
    """An effect from schema-valid YAML data."""
    if isinstance(data, str):
        return VERBS[data].parse(None)
    ((name, value),) = data.items()
    return VERBS[name].parse(value)


def effect_schema() -> dict[str, Any]:
    """The schema of one effect: a bare verb, or a one-key mapping {verb: value}."""
    return {
        "description": "An effect: a bare verb such as `play_again`, or a one-key mapping "
                       "such as `coins: 4`.",
        "anyOf": [
            {
                "type": "string",
                "enum": list(BARE_VERBS),
                "description": "A verb that takes no value: " + "; ".join(
                    f"{v}: {VERBS[v].SUMMARY}" for v in BARE_VERBS),
            },
            {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "additionalProperties": False,
                "properties": {
                    name: {**VERBS[name].VALUE_SCHEMA,
                           "description": f"[{VERBS[name].TIMING}] {VERBS[name].SUMMARY}"}
                    for name in VALUE_VERBS
                },
            },
        ],
    }
