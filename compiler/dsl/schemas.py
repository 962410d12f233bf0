"""JSON Schemas for the rules data, generated from the effect vocabulary.

`wondersmith schema` writes them to `schema/`; a test proves the files there are current, so
the schema editors see and the vocabulary the compiler runs cannot drift apart. Three schemas are
written by hand and ship as package data (`compiler/dsl/schema/`): the locale files', the
engine state's and the diff report's; `schema/` gets a copy of them too. The schemas use
JSON Schema 2020-12 but only keywords draft-07 tooling also understands (yaml-language-server).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wondersmith import resources
from wondersmith.atomic import write_text
from wondersmith.dsl import vocabulary as v
from wondersmith.dsl.export_schema import export_schema
from wondersmith.dsl.game_schema import extension_schema, game_schema
from wondersmith.dsl.schema_parts import (  # noqa: F401 (the names other modules read here)
    DIALECT, INVISIBLE_RANGES, MAX_ID_LENGTH, MAX_NAME_LENGTH, NAME_PATTERN, RESERVED_IDS, _id, _name,
    _symbol, closed_object)


COST = closed_object("What construction costs: coins and resource units. Omit for a free card.", {
    "coins": v._count(1, "Coins paid to the bank"),
    **{r: v._count(1, f"Units of {r}") for r in v.RESOURCES},
})

EFFECTS = {
    "type": "array",
    "items": {"$ref": "#/$defs/effect"},
    "description": "What the card does. See docs/dsl.md for every verb.",
}


def cards_schema() -> dict[str, Any]:
    ident = _id("Stable snake_case identifier, unique in the game")
    cost, effects = {"$ref": "#/$defs/cost"}, {"$ref": "#/$defs/effects"}
    building = closed_object("A building card (Age card or guild).", {
        "id": ident,
        "name": _name("card"),
        "color": v._enum(v.COLORS, "The card's colour"),
        "cost": cost,
        "copies": {"type": "array", "minItems": 1, "uniqueItems": True,
                   "items": v._count(2, "The player count printed on a copy (\"3+\")"),
                   "description": "One number per printed copy, ascending: a game of N "
                                  "players uses the copies printed for N or fewer "
                                  "(7 Wonders). Omit for a card used at every count"},
        "chain_gives": _symbol("Chain symbol printed on this card: a later card with "
                               "this symbol in `chain_from` is free for you"),
        "chain_from": _symbol("Chain symbol that makes this card free when your city has "
                              "the earlier card that gives it"),
        "effects": effects,
    }, ["id", "name", "color"])
    wonder = closed_object("A Wonder (7 Wonders Duel) built by tucking an Age card under it.",
                           {"id": ident, "name": _name("Wonder"), "cost": cost, "effects": effects},
                           ["id", "name", "cost"])
    token = closed_object("A progress token.",
                          {"id": ident, "name": _name("token"), "effects": effects}, ["id", "name"])
    stage = closed_object("One stage of a Wonder board (7 Wonders), built in order.",
                          {"cost": cost, "effects": effects})
    board = closed_object("A Wonder board with two sides of stages (7 Wonders).", {
        "id": ident,
        "name": _name("board"),
        "produces": {**v.Produce.VALUE_SCHEMA,
                     "description": "The resource the board itself produces"},
        "sides": closed_object("Side A and side B", {
            side: closed_object(f"Side {side.upper()}", {
                "stages": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/stage"},
                           "description": "Stages, in building order"},
            }, ["stages"])
            for side in ("a", "b")
        }, ["a", "b"]),
    }, ["id", "name", "produces", "sides"])
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




SCHEMAS = {
    "cards.schema.json": cards_schema,
    "game.schema.json": game_schema,
    "extension.schema.json": extension_schema,
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
