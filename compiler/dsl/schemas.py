"""JSON Schemas for the rules data, generated from the effect vocabulary.

`wondersmith schema` writes them to `schema/`; a test proves the files there are current, so
the schema editors see and the vocabulary the compiler runs cannot drift apart. Three schemas are
written by hand and ship as package data (`compiler/dsl/schema/`): the locale files', the
engine state's and the diff report's; `schema/` gets a copy of them too. The schemas use
JSON Schema 2020-12 but only keywords draft-07 tooling also understands (yaml-language-server).
"""
from __future__ import annotations

import json
import keyword
from pathlib import Path
from typing import Any

from wondersmith import resources
from wondersmith.atomic import write_text
from wondersmith.codegen.export import VERSION as EXPORT_VERSION
from wondersmith.dsl import rules_keys, vocabulary as v
from wondersmith.engine.mechanics.catalogue import NEXT_AGE_CHOOSERS, NEXT_AGE_TIES, SEATINGS
from wondersmith.ir.migrations import FORMAT_KEY, FORMAT_VERSION

DIALECT = "https://json-schema.org/draft/2020-12/schema"


# Ids become Python names in generated code (a card `none` would be `class None`), so the
# words Python reserves are refused; only the lowercase spellings can match ID_PATTERN.
RESERVED_IDS = tuple(sorted({w.lower() for w in keyword.kwlist}))

# Characters a name must not hold: C0 and C1 controls, and the invisible format characters
# that hide or reorder text (soft hyphen, zero-width and direction marks, line and paragraph
# separators, bidi embeddings, overrides and isolates, word joiners, BOM, annotation marks).
# A fixed list, not a Unicode category, so the schema is the same on every Python version;
# BMP only, because JSON Schema regexes write astral characters differently per dialect.
INVISIBLE_RANGES = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x061C, 0x061C),
    (0x180E, 0x180E), (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064),
    (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
)
_INVISIBLE_CLASS = "".join(f"\\u{a:04X}" + (f"-\\u{b:04X}" if b != a else "")
                           for a, b in INVISIBLE_RANGES)
# No invisible character anywhere (a newline is one, so `.` never stops early), then some
# visible one. No `$`: in Python's regexes it also matches before a final newline.
NAME_PATTERN = f"^(?!.*[{_INVISIBLE_CLASS}]).*\\S"


# Ids name classes, files and keys (64: far past any real id, whose longest in Duel is 21);
# names are printed on cards and sheets (80: two lines of a card's title band at most).
MAX_ID_LENGTH = 64
MAX_NAME_LENGTH = 80


def _id(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": v.ID_PATTERN, "maxLength": MAX_ID_LENGTH,
            "not": {"enum": list(RESERVED_IDS)}, "description": description}


def _symbol(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": v.SYMBOL_PATTERN, "maxLength": MAX_ID_LENGTH,
            "description": description}


def _name(what: str) -> dict[str, Any]:
    return {"type": "string", "pattern": NAME_PATTERN, "maxLength": MAX_NAME_LENGTH,
            "description": f"The {what}'s English name: visible text, without control, "
                           "zero-width or bidirectional characters"}


COST = {
    "type": "object",
    "description": "What construction costs: coins and resource units. Omit for a free card.",
    "additionalProperties": False,
    "properties": {
        "coins": v._count(1, "Coins paid to the bank"),
        **{r: v._count(1, f"Units of {r}") for r in v.RESOURCES},
    },
}

EFFECTS = {
    "type": "array",
    "items": {"$ref": "#/$defs/effect"},
    "description": "What the card does. See docs/dsl.md for every verb.",
}


def cards_schema() -> dict[str, Any]:
    building = {
        "type": "object",
        "description": "A building card (Age card or guild).",
        "required": ["id", "name", "color"],
        "additionalProperties": False,
        "properties": {
            "id": _id("Stable snake_case identifier, unique in the game"),
            "name": _name("card"),
            "color": v._enum(v.COLORS, "The card's colour"),
            "cost": {"$ref": "#/$defs/cost"},
            "copies": {"type": "array", "minItems": 1, "uniqueItems": True,
                       "items": v._count(2, "The player count printed on a copy (\"3+\")"),
                       "description": "One number per printed copy, ascending: a game of N "
                                      "players uses the copies printed for N or fewer "
                                      "(7 Wonders). Omit for a card used at every count"},
            "chain_gives": _symbol("Chain symbol printed on this card: a later card with "
                                   "this symbol in `chain_from` is free for you"),
            "chain_from": _symbol("Chain symbol that makes this card free when your city has "
                                  "the earlier card that gives it"),
            "effects": {"$ref": "#/$defs/effects"},
        },
    }
    wonder = {
        "type": "object",
        "description": "A Wonder (7 Wonders Duel) built by tucking an Age card under it.",
        "required": ["id", "name", "cost"],
        "additionalProperties": False,
        "properties": {
            "id": _id("Stable snake_case identifier, unique in the game"),
            "name": _name("Wonder"),
            "cost": {"$ref": "#/$defs/cost"},
            "effects": {"$ref": "#/$defs/effects"},
        },
    }
    token = {
        "type": "object",
        "description": "A progress token.",
        "required": ["id", "name"],
        "additionalProperties": False,
        "properties": {
            "id": _id("Stable snake_case identifier, unique in the game"),
            "name": _name("token"),
            "effects": {"$ref": "#/$defs/effects"},
        },
    }
    stage = {
        "type": "object",
        "description": "One stage of a Wonder board (7 Wonders), built in order.",
        "additionalProperties": False,
        "properties": {
            "cost": {"$ref": "#/$defs/cost"},
            "effects": {"$ref": "#/$defs/effects"},
        },
    }
    board = {
        "type": "object",
        "description": "A Wonder board with two sides of stages (7 Wonders).",
        "required": ["id", "name", "produces", "sides"],
        "additionalProperties": False,
        "properties": {
            "id": _id("Stable snake_case identifier, unique in the game"),
            "name": _name("board"),
            "produces": {**v.Produce.VALUE_SCHEMA,
                         "description": "The resource the board itself produces"},
            "sides": {
                "type": "object",
                "description": "Side A and side B",
                "required": ["a", "b"],
                "additionalProperties": False,
                "properties": {
                    side: {
                        "type": "object",
                        "description": f"Side {side.upper()}",
                        "required": ["stages"],
                        "additionalProperties": False,
                        "properties": {"stages": {"type": "array", "minItems": 1,
                                                  "items": {"$ref": "#/$defs/stage"},
                                                  "description": "Stages, in building order"}},
                    }
                    for side in ("a", "b")
                },
            },
        },
    }
    return {
        "$schema": DIALECT,
        "title": "wondersmith card data",
        "description": "A file of cards, Wonders, progress tokens or Wonder boards of one game.",
        "type": "object",
        "minProperties": 1,
        "additionalProperties": False,
        "properties": {
            "age": v._count(1, "The Age of every building in this file"),
            "buildings": {"type": "array", "items": {"$ref": "#/$defs/building"},
                          "description": "Building cards"},
            "wonders": {"type": "array", "items": {"$ref": "#/$defs/wonder"},
                        "description": "Wonders"},
            "tokens": {"type": "array", "items": {"$ref": "#/$defs/token"},
                       "description": "Progress tokens"},
            "boards": {"type": "array", "items": {"$ref": "#/$defs/board"},
                       "description": "Wonder boards (7 Wonders)"},
        },
        "if": {"required": ["buildings"]},
        "then": {"required": ["age"]},
        "$defs": {
            "building": building,
            "wonder": wonder,
            "token": token,
            "board": board,
            "stage": stage,
            "cost": COST,
            "effects": EFFECTS,
            "effect": v.effect_schema(),
        },
    }


def dsl_schema() -> dict[str, Any]:
    """The effect vocabulary alone, for tools that embed effects in their own documents."""
    return {
        "$schema": DIALECT,
        "title": "wondersmith effect DSL",
        "description": "One effect of the wondersmith effect DSL.",
        "$ref": "#/$defs/effect",
        "$defs": {"effect": v.effect_schema()},
    }


def game_schema() -> dict[str, Any]:
    count = v._count
    zone = {
        "type": "object",
        "description": "A zone of the military track, by distance from the centre.",
        "required": ["from", "to", "points"],
        "additionalProperties": False,
        "properties": {
            "from": count(0, "First distance from the centre in the zone"),
            "to": count(0, "Last distance from the centre in the zone"),
            "points": count(0, "VP for the player the pawn is on the far side of"),
            "loot": count(1, "Coins the opponent loses when the pawn first enters the zone"),
        },
    }
    row = {
        "type": "object",
        "description": "A row of the structure. A slot is covered by the slots of the next "
                       "row one column to its left or right.",
        "required": ["columns"],
        "additionalProperties": False,
        "properties": {
            "columns": {"type": "array", "minItems": 1,
                        "items": count(0, "Slot position in half-card widths"),
                        "description": "Slot positions, left to right, in half-card widths"},
            "face_down": {"type": "boolean", "default": False,
                          "description": "Cards of this row are dealt face down"},
        },
    }
    age = {
        "type": "object",
        "description": "What each Age's deck holds, checked against the card files.",
        "required": ["age"],
        "additionalProperties": False,
        "properties": {
            "age": count(1, "The Age"),
            **rules_keys.age_properties(),
            "cards": count(1, "Buildings in the Age's deck (guilds apart)"),
            "colors": {"type": "object", "description": "Buildings per colour",
                       "additionalProperties": False,
                       "properties": {c: count(0, f"{c} buildings") for c in v.COLORS}},
        },
    }
    structure = {
        "type": "object",
        "description": "The layout of an Age's cards, from the far end to the players.",
        "required": ["age", "rows"],
        "additionalProperties": False,
        "properties": {"age": count(1, "The Age"),
                       "rows": {"type": "array", "minItems": 1, "items": row,
                                "description": "Rows from the far end to the players"}},
    }
    seat = v._enum(("first", "second"), "Who picks: the first or the second player")
    return {
        "$schema": DIALECT,
        "title": "wondersmith game",
        "description": "A game's fixed rules: players, resources, set-up, track, structures.",
        "type": "object",
        "required": [FORMAT_KEY, "id", "name", "players", "seating", "mechanics", "resources",
                     "colors", "science_symbols", "ages", "setup", "trade", "discard",
                     "science", "scoring"],
        # Keys one mechanic reads are required when the game lists it (docs/dsl.md).
        "allOf": rules_keys.mechanic_requirements(),
        "additionalProperties": False,
        "properties": {
            FORMAT_KEY: {"type": "integer", "const": FORMAT_VERSION,
                         "description": "The version of the data format of every file of the "
                                        "game. wondersmith reads older versions through "
                                        "migrations; `wondersmith migrate` rewrites them."},
            "id": _id("The game's id; also the name of its folder under cards/"),
            "name": _name("game"),
            "players": rules_keys.players_schema(),
            "seating": v._enum(tuple(SEATINGS), "How the seats sit: `opponent` (exactly two "
                               "seats, each the other's only neighbour: Duel) or `circle` (N "
                               "seats around a table, each with a left and a right neighbour)"),
            "mechanics": {"type": "array", "minItems": 1, "uniqueItems": True,
                          "items": {"type": "string", "pattern": v.ID_PATTERN,
                                    "maxLength": MAX_ID_LENGTH,
                                    "description": "A rule mechanic of the engine, by name: "
                                                   + ", ".join(rules_keys.KNOWN)},
                          "description": "The rule mechanics the engine composes for this "
                                         "game, in order (docs/engine.md)"},
            "resources": {
                "type": "object", "description": "The game's resources",
                "required": ["raw", "manufactured"], "additionalProperties": False,
                "properties": {
                    "raw": v._resources("Raw materials (brown cards)"),
                    "manufactured": v._resources("Manufactured goods (grey cards)"),
                },
            },
            "colors": {"type": "array", "items": v._enum(v.COLORS, "A colour"),
                       "uniqueItems": True, "description": "Card colours in this game"},
            "science_symbols": {"type": "array", "uniqueItems": True,
                                "items": v._enum(v.SCIENCE_SYMBOLS, "A symbol"),
                                "description": "Scientific symbols in this game"},
            "ages": {"type": "array", "minItems": 1, "items": age,
                     "description": "Each Age's deck"},
            "setup": {
                "type": "object", "description": "Set-up",
                "required": ["starting_coins", "guilds"],
                "additionalProperties": False,
                "properties": {
                    "starting_coins": count(0, "Coins each player starts with"),
                    "board_tokens": count(0, "Progress tokens laid on the board"),
                    "removed_cards_per_age": count(0, "Cards of each Age deck left in the box"),
                    "guilds": {"type": "object", "description": "Guilds shuffled into an Age",
                               "required": ["age", "count", "color"],
                               "additionalProperties": False,
                               "properties": {"age": count(1, "The Age"),
                                              "count": rules_keys.guild_count_schema(),
                                              "printed": count(1, "Guilds in the box"),
                                              "color": v._enum(v.COLORS, "The guilds' colour: "
                                                               "buildings of this colour are "
                                                               "guilds, not Age cards")}},
                    "max_wonders_built": count(1, "Wonders that can be built in a game"),
                    "boards": rules_keys.boards_schema(),
                    "wonder_draft": {"type": "array", "minItems": 1,
                                     "description": "Draft rounds: who takes each revealed Wonder",
                                     "items": {"type": "array", "minItems": 1, "items": seat}},
                    "first_game_wonders": {
                        "type": "object", "description": "Suggested Wonders for a first game",
                        "required": ["first", "second"], "additionalProperties": False,
                        "properties": {s: {"type": "array", "items": _id("A Wonder id"),
                                           "description": f"The {s} player's Wonders"}
                                       for s in ("first", "second")},
                    },
                },
            },
            "trade": {
                "type": "object", "description": "Buying missing resources",
                "required": ["base_price"],
                "additionalProperties": False,
                "properties": {
                    "base_price": count(0, "Coins per unit before the neighbours' production"),
                    "raised_by": {"type": "array", "items": v._enum(v.COLORS, "A colour"),
                                  "description": "Colours whose printed production raises "
                                                 "the neighbours' price"},
                    "raise_per_unit": count(0, "Coins each unit a neighbour produces (from "
                                               "`raised_by` cards) adds to the price of that "
                                               "resource"),
                    **rules_keys.trade_properties(),
                },
            },
            "discard": {
                "type": "object", "description": "Discarding a card for coins",
                "required": ["coins"], "additionalProperties": False,
                "properties": {
                    "coins": count(0, "Coins for a discarded card"),
                    "bonus": {"type": "object", "description": "Extra coins per own building",
                              "required": ["amount", "colors"], "additionalProperties": False,
                              "properties": {"amount": count(1, "Coins per building"),
                                             "colors": v._colors("Colours counted")}},
                },
            },
            "military": {
                "type": "object", "description": "The military track",
                "required": ["supremacy_at", "zones"], "additionalProperties": False,
                "properties": {
                    "supremacy_at": count(1, "Distance from the centre that wins at once"),
                    "zones": {"type": "array", "minItems": 1, "items": zone,
                              "description": "Zones from the centre outwards"},
                },
            },
            "science": {
                "type": "object", "description": "Science",
                "additionalProperties": False,
                "properties": {
                    **rules_keys.science_properties(),
                    "pair_takes_token": {"type": "boolean",
                                         "description": "A pair of identical symbols takes a "
                                                        "progress token from the board"},
                    "pair_size": count(2, "Identical symbols that make a pair"),
                    "supremacy": count(1, "Different symbols that win at once"),
                    "cards_per_symbol": count(1, "Green cards that carry each card symbol"),
                },
            },
            "scoring": {
                "type": "object", "description": "End-of-game scoring",
                "required": ["coins_per_point", "tie_break"], "additionalProperties": False,
                "properties": {
                    "coins_per_point": count(1, "Coins per victory point"),
                    "tie_break": v._enum((*v.COLORS, "coins"),
                                         "Who wins a tie: most VP from buildings of this "
                                         "colour, or `coins`: most coins (then the victory "
                                         "is shared)"),
                },
            },
            "next_age": {
                "type": "object", "description": "Who starts each Age after the first",
                "required": ["chooser", "tie"], "additionalProperties": False,
                "properties": {
                    "chooser": v._enum(tuple(NEXT_AGE_CHOOSERS),
                                       "Who chooses the player who starts: "
                                       + "; ".join(f"`{k}`: {d}"
                                                   for k, d in NEXT_AGE_CHOOSERS.items())),
                    "tie": v._enum(tuple(NEXT_AGE_TIES),
                                   "Who chooses when no player is the chooser: "
                                   + "; ".join(f"`{k}`: {d}" for k, d in NEXT_AGE_TIES.items())),
                },
            },
            "structures": {"type": "array", "minItems": 1, "items": structure,
                           "description": "The structure of each Age"},
            "turn": rules_keys.turn_schema(),
            "conflicts": rules_keys.conflicts_schema(),
            "two_player_variant": rules_keys.two_player_variant_schema(),
        },
    }


def export_schema() -> dict[str, Any]:
    """The canonical JSON export (`wondersmith export GAME --format json`)."""
    count = v._count
    rules = game_schema()["properties"]  # the rule sections are defined once, there

    def obj(description: str, props: dict[str, Any], required: list[str] | None = None) -> dict:
        return {"type": "object", "description": description, "additionalProperties": False,
                "required": list(props) if required is None else required, "properties": props}

    def strings(description: str) -> dict[str, Any]:
        return {"type": "array", "items": {"type": "string"}, "description": description}

    ident = {"type": "string", "pattern": v.ID_PATTERN, "description": "Stable identifier"}
    name = {"type": "string", "description": "English name"}
    cost = {"type": "object", "description": "Coins and resource units; empty when free",
            "additionalProperties": count(1, "Units"), "propertyNames": {
                "enum": ["coins", *v.RESOURCES]}}
    effect = obj("One effect, as the DSL writes it", {
        "verb": {**v._enum(tuple(v.VERBS), "The verb (docs/dsl.md)")},
        "timing": v._enum(v.TIMINGS, "When it acts"),
        "value": {"description": "The verb's value as written in the DSL, defaults omitted; "
                                 "null for verbs without a value"},
    })
    effects = {"type": "array", "items": effect, "description": "Effects, in data order"}
    symbol = {"type": ["string", "null"], "description": "A chain symbol, or null"}
    stage = obj("A Wonder stage", {"id": ident, "stage": count(1, "Its place on the side"),
                                   "cost": cost, "effects": effects})
    side = {"type": "array", "minItems": 1, "items": stage,
            "description": "The side's stages, in building order"}
    # The rule sections, as the rules record writes them (its Ages are `ages`, above); those
    # the game schema does not require belong to the game's mechanics.
    sections = [s for s in rules_keys.SECTIONS if s != "ages"]
    optional = tuple(s for s in sections if s not in game_schema()["required"])
    board = obj("A Wonder board", {
        "id": ident, "name": name,
        "produces": {**cost, "description": "The board's own production"},
        "sides": obj("Side A and side B", {"a": side, "b": side})})
    document = obj("The ruleset", {
        "format": {"const": "wondersmith-ruleset", "description": "Format name"},
        "version": {"const": EXPORT_VERSION, "description": (
            "Format version (3: the rule sections as game.yaml writes them; 4: player counts, "
            "and 7 Wonders' hands, copies, boards and their sections)")},
        "game": obj("The game", {
            "id": ident, "name": name, "players": count(2, "Players (the fewest)"),
            "player_counts": {"type": "array", "minItems": 1, "items": count(2, "Players"),
                              "description": "Every player count the game is played at"}}),
        "seating": rules["seating"],
        "mechanics": rules["mechanics"],
        "source_hash": {"type": "string", "description": "Hash of the data files"},
        "resources": obj("Resources", {"raw": strings("Raw materials"),
                                       "manufactured": strings("Manufactured goods")}),
        "colors": strings("Card colours"),
        "science_symbols": strings("Science symbols"),
        # Each Age as game.yaml writes it: a deck of `cards` by colour (Duel), or the
        # printed cards and the hands dealt (7 Wonders).
        "ages": rules["ages"],
        # The rule sections, exactly as game.yaml writes them: the game schema's own.
        **{section: rules[section] for section in sections},
        "structures": {"type": "array", "description": "Each Age's layout", "items": obj(
            "A structure", {
                "age": count(1, "Age"),
                "rows": {"type": "array", "description": "Rows, far end first",
                         "items": obj("A row", {
                             "columns": {"type": "array", "items": count(0, "Column"),
                                         "description": "Half-card positions"},
                             "face_down": {"type": "boolean", "description": "Dealt face "
                                                                             "down"}})},
                "slots": {"type": "array", "description": "Every slot, row by row",
                          "items": obj("A slot", {
                              "row": count(0, "Row index"), "column": count(0, "Column"),
                              "face_down": {"type": "boolean", "description": "Face down"},
                              "covered_by": {"type": "array", "items": count(0, "Slot"),
                                             "description": "Indices of covering slots"}})},
            })},
        "buildings": {"type": "array", "description": "Building cards", "items": obj(
            "A building", {"id": ident, "name": name, "age": count(1, "Age"),
                           "color": {"type": "string", "description": "Colour"},
                           "copies": {"type": "array", "items": count(2, "Players"),
                                      "description": "The player count printed on each "
                                                     "copy (7 Wonders); absent: one copy"},
                           "cost": cost, "chain_gives": symbol, "chain_from": symbol,
                           "effects": effects},
            ["id", "name", "age", "color", "cost", "chain_gives", "chain_from", "effects"])},
        "wonders": {"type": "array", "description": "Wonders", "items": obj(
            "A Wonder", {"id": ident, "name": name, "cost": cost, "effects": effects})},
        "tokens": {"type": "array", "description": "Progress tokens", "items": obj(
            "A token", {"id": ident, "name": name, "effects": effects})},
        "boards": {"type": "array", "description": "Wonder boards (7 Wonders)",
                   "items": board},
    })
    document["required"] = [k for k in document["required"] if k not in (*optional, "boards")]
    return {
        "$schema": DIALECT,
        "title": "wondersmith ruleset export",
        "description": "A whole ruleset as one JSON document, keys in a fixed order.",
        **document,
    }


SCHEMAS = {
    "cards.schema.json": cards_schema,
    "game.schema.json": game_schema,
    "dsl.schema.json": dsl_schema,
    "export.schema.json": export_schema,
}


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


# Hand-written schemas, read from the installed package.
WRITTEN = ("diff.schema.json", "locale.schema.json", "state.schema.json")


def packaged(name: str) -> str:
    """The text of a hand-written schema of the package (`WRITTEN`)."""
    return resources.read_text("wondersmith.dsl", "schema", name)


def expected_files() -> dict[str, str]:
    """Every schema file of `schema/`, by name, with its exact text."""
    files = {name: render(build()) for name, build in SCHEMAS.items()}
    files.update((name, packaged(name)) for name in WRITTEN)
    return dict(sorted(files.items()))


def write(schema_dir: Path) -> list[Path]:
    schema_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in expected_files().items():
        path = schema_dir / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text(path, text)
            written.append(path)
    return written
