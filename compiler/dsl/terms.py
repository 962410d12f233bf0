"""The nouns of the effect DSL: timings, the names a game may declare, and schema builders.

Every verb module (`wondersmith.dsl.verbs`) builds its value schema from these, so the words a
designer writes are spelled and bounded the same in every verb.
"""
from __future__ import annotations

from typing import Any

# Timings: when an effect acts.
ONGOING = "ongoing"  # while the card is in the city (production, prices, discounts, symbols)
ON_BUILD = "on_build"  # once, when the card is built
TRIGGERED = "triggered"  # each time an event happens after the card is built
END_GAME = "end_game"  # when the game is scored
TIMINGS = (ONGOING, ON_BUILD, TRIGGERED, END_GAME)

# Names the schema offers for completion. A game declares which of them it uses in game.yaml,
# and the semantic checks hold every file to its game's declaration.
RESOURCES = ("wood", "clay", "stone", "ore", "glass", "papyrus", "loom")
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple",
          "senator")  # Agora's senators: a card type of their own, white or black
SCIENCE_SYMBOLS = (
    "armillary_sphere", "wheel", "sundial", "mortar", "plumb_level", "quill", "law",  # Duel
    "compass", "gear", "tablet",  # 7 Wonders
)
# Seatings (`wondersmith.engine.mechanics.catalogue`): they change what some verbs compile to.
OPPONENT, CIRCLE = "opponent", "circle"

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
COUNTABLES = ("cards", "wonders", "tokens", "coins", "defeat_tokens", "age", "cubes")
COUNTABLE_DOCS = {
    "cards": "buildings of the listed colours (cards tucked under Wonders do not count)",
    "wonders": "Wonders built; in a game with Wonder boards (7 Wonders), Wonder stages built",
    "tokens": "progress tokens owned",
    "coins": "coins in the treasury",
    "defeat_tokens": "military defeat tokens held (the tokens, not their value; 7 Wonders)",
    "age": "the current Age (1, 2 or 3; counted in no city: `in` stays `self`)",
    "cubes": "influence cubes on the Senate's board (7 Wonders Duel: Agora; mechanic senate)",
}
DISCOUNT_TARGETS = ("wonders", *COLORS)
TOKEN_SOURCES = ("box", "board")
EVENTS = ("chain_build", "build", "wonder")
EVENT_DOCS = {"chain_build": "you build a building for free through its chain symbol",
              "build": "a building is built (by you, or with `by: anyone` by any player; "
                       "`colors` or `cards` narrow it)",
              "wonder": "a Wonder is built (by you, or with `by: anyone` by any player)"}
BUILDERS = ("self", "anyone")  # whose builds a `whenever` counts

ID_PATTERN = "^[a-z][a-z0-9_]*$"
SYMBOL_PATTERN = "^[a-z][a-z0-9_]*$"

# The upper bound of every whole number in the data (docs/dsl.md, "Numbers"): each is a count of
# printed things or a price; the largest in the Duel data is 23 (cards in an Age). 99 leaves
# room for variants and catches slips such as 10^9 shields, which end every game at once.
MAX_COUNT = 99


def enum_schema(values: tuple[str, ...], description: str) -> dict[str, Any]:
    return {"type": "string", "enum": list(values), "description": description}


def count_schema(n: int = 1, description: str = "A whole number") -> dict[str, Any]:
    return {"type": "integer", "minimum": n, "maximum": MAX_COUNT, "description": description}


def colors_schema(description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": enum_schema(COLORS, "A card colour"),
        "description": description,
    }


def resources_schema(description: str, min_items: int = 1) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": min_items,
        "uniqueItems": True,
        "items": enum_schema(RESOURCES, "A resource"),
        "description": description,
    }


def city_schema(default: str, description: str) -> dict[str, Any]:
    return {**enum_schema(CITIES, description), "default": default}
