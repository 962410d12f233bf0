"""The JSON Schema of the canonical export (`wondersmith export GAME --format json`); its rule
sections are `game_schema`'s, written once there."""
from __future__ import annotations

from typing import Any

from wondersmith.codegen.export import VERSION as EXPORT_VERSION
from wondersmith.dsl import rules_keys, vocabulary as v
from wondersmith.dsl.game_schema import game_schema
from wondersmith.dsl.schema_parts import DIALECT


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
