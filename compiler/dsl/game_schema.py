"""The JSON Schema of `game.yaml`: the game's identity, colours, resources, and its rules record
(each mechanic's section comes from `rules_keys`)."""
from __future__ import annotations

import copy
from typing import Any

from wondersmith.dsl import rules_keys, vocabulary as v
from wondersmith.dsl.schema_parts import DIALECT, MAX_ID_LENGTH, _id, _name, closed_object
from wondersmith.engine.mechanics.catalogue import NEXT_AGE_CHOOSERS, NEXT_AGE_TIES, SEATINGS
from wondersmith.ir.migrations import FORMAT_KEY, FORMAT_VERSION


def game_schema() -> dict[str, Any]:
    count = v._count
    zone = closed_object("A zone of the military track, by distance from the centre.", {
        "from": count(0, "First distance from the centre in the zone"),
        "to": count(0, "Last distance from the centre in the zone"),
        "points": count(0, "VP for the player the pawn is on the far side of"),
        "loot": count(1, "Coins the opponent loses when the pawn first enters the zone"),
        "token": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 64,
                  "description": "A token of `tokens` whose effects the player who pushed the "
                                 "pawn resolves when it first enters the zone (Agora's "
                                 "military tokens)"},
    }, ["from", "to", "points"])
    row = closed_object("A row of the structure. A slot is covered by the slots of the next "
                        "row one column to its left or right.", {
        "columns": {"type": "array", "minItems": 1,
                    "items": count(0, "Slot position in half-card widths"),
                    "description": "Slot positions, left to right, in half-card widths"},
        "face_down": {"type": "boolean", "default": False,
                      "description": "Cards of this row are dealt face down"},
    }, ["columns"])
    age = closed_object("What each Age's deck holds, checked against the card files.", {
        "age": count(1, "The Age"),
        **rules_keys.age_properties(),
        "cards": count(1, "Buildings in the Age's deck (guilds apart)"),
        "colors": closed_object("Buildings per colour",
                                {c: count(0, f"{c} buildings") for c in v.COLORS}),
    }, ["age"])
    structure = closed_object("The layout of an Age's cards, from the far end to the players.", {
        "age": count(1, "The Age"),
        "rows": {"type": "array", "minItems": 1, "items": row,
                 "description": "Rows from the far end to the players"},
    }, ["age", "rows"])
    seat = v._enum(("first", "second"), "Who picks: the first or the second player")
    mechanic = {"type": "string", "pattern": v.ID_PATTERN, "maxLength": MAX_ID_LENGTH,
                "description": "A rule mechanic of the engine, by name: "
                               + ", ".join(rules_keys.KNOWN)}
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
            "extends": _id("The game this one extends (docs/designer-guide.md, \"A fan "
                           "expansion\"): its base, a game of the same folder of games"),
            "added_mechanics": {"type": "array", "minItems": 1, "uniqueItems": True,
                                "items": mechanic,
                                "description": "An extension's mechanics, after the "
                                               "base's (`mechanics:` restates the whole "
                                               "list instead)"},
            "replaces": {"type": "array", "minItems": 1, "uniqueItems": True,
                         "items": _id("A base component's id"),
                         "description": "The base's components an extension's card files "
                                        "give anew, by id"},
            "mechanics": {"type": "array", "minItems": 1, "uniqueItems": True,
                          "items": mechanic,
                          "description": "The rule mechanics the engine composes for this "
                                         "game, in order (docs/engine.md)"},
            "resources": closed_object("The game's resources", {
                "raw": v._resources("Raw materials (brown cards)"),
                "manufactured": v._resources("Manufactured goods (grey cards)"),
            }, ["raw", "manufactured"]),
            "colors": {"type": "array", "items": v._enum(v.COLORS, "A colour"),
                       "uniqueItems": True, "description": "Card colours in this game"},
            "science_symbols": {"type": "array", "uniqueItems": True,
                                "items": v._enum(v.SCIENCE_SYMBOLS, "A symbol"),
                                "description": "Scientific symbols in this game"},
            "ages": {"type": "array", "minItems": 1, "items": age,
                     "description": "Each Age's deck"},
            "setup": closed_object("Set-up", {
                "starting_coins": count(0, "Coins each player starts with"),
                "board_tokens": count(0, "Progress tokens laid on the board"),
                "removed_cards_per_age": count(0, "Cards of each Age deck left in the box"),
                "guilds": closed_object("Guilds shuffled into an Age", {
                    "age": count(1, "The Age"),
                    "count": rules_keys.guild_count_schema(),
                    "printed": count(1, "Guilds in the box"),
                    "color": v._enum(v.COLORS, "The guilds' colour: buildings of this colour "
                                               "are guilds, not Age cards"),
                }, ["age", "count", "color"]),
                "max_wonders_built": count(1, "Wonders that can be built in a game"),
                "boards": rules_keys.boards_schema(),
                "wonder_draft": {"type": "array", "minItems": 1,
                                 "description": "Draft rounds: who takes each revealed Wonder",
                                 "items": {"type": "array", "minItems": 1, "items": seat}},
                "first_game_wonders": closed_object("Suggested Wonders for a first game", {
                    s: {"type": "array", "items": _id("A Wonder id"),
                        "description": f"The {s} player's Wonders"} for s in ("first", "second")
                }, ["first", "second"]),
            }, ["starting_coins", "guilds"]),
            "trade": closed_object("Buying missing resources", {
                "base_price": count(0, "Coins per unit before the neighbours' production"),
                "raised_by": {"type": "array", "items": v._enum(v.COLORS, "A colour"),
                              "description": "Colours whose printed production raises the "
                                             "neighbours' price"},
                "raise_per_unit": count(0, "Coins each unit a neighbour produces (from "
                                           "`raised_by` cards) adds to the price of that "
                                           "resource"),
                **rules_keys.trade_properties(),
            }, ["base_price"]),
            "discard": closed_object("Discarding a card for coins", {
                "coins": count(0, "Coins for a discarded card"),
                "bonus": closed_object("Extra coins per own building", {
                    "amount": count(1, "Coins per building"),
                    "colors": v._colors("Colours counted"),
                }, ["amount", "colors"]),
            }, ["coins"]),
            "military": closed_object("The military track", {
                "supremacy_at": count(1, "Distance from the centre that wins at once"),
                "zones": {"type": "array", "minItems": 1, "items": zone,
                          "description": "Zones from the centre outwards"},
            }, ["supremacy_at", "zones"]),
            "science": closed_object("Science", {
                **rules_keys.science_properties(),
                "pair_takes_token": {"type": "boolean",
                                     "description": "A pair of identical symbols takes a "
                                                    "progress token from the board"},
                "pair_size": count(2, "Identical symbols that make a pair"),
                "supremacy": count(1, "Different symbols that win at once"),
                "cards_per_symbol": count(1, "Green cards that carry each card symbol"),
            }),
            "scoring": closed_object("End-of-game scoring", {
                "coins_per_point": count(1, "Coins per victory point"),
                "tie_break": v._enum((*v.COLORS, "coins"),
                                     "Who wins a tie: most VP from buildings of this colour, "
                                     "or `coins`: most coins (then the victory is shared)"),
            }, ["coins_per_point", "tie_break"]),
            "next_age": closed_object("Who starts each Age after the first", {
                "chooser": v._enum(tuple(NEXT_AGE_CHOOSERS),
                                   "Who chooses the player who starts: "
                                   + "; ".join(f"`{k}`: {d}" for k, d in NEXT_AGE_CHOOSERS.items())),
                "tie": v._enum(tuple(NEXT_AGE_TIES),
                               "Who chooses when no player is the chooser: "
                               + "; ".join(f"`{k}`: {d}" for k, d in NEXT_AGE_TIES.items())),
            }, ["chooser", "tie"]),
            "structures": {"type": "array", "minItems": 1, "items": structure,
                           "description": "The structure of each Age"},
            "turn": rules_keys.turn_schema(),
            "conflicts": rules_keys.conflicts_schema(),
            "two_player_variant": rules_keys.two_player_variant_schema(),
            "senate": rules_keys.senate_schema(),
            "conspiracies": rules_keys.conspiracies_schema(),
        },
    }


def extension_schema() -> dict[str, Any]:
    """The schema an editor checks an extension's own game.yaml against (`extends:`; the
    loader checks the resolved game against `game_schema`): the same keys, but only the
    extension's own are required, since every mapping merges over the base's key by key."""
    schema = copy.deepcopy(game_schema())
    schema["title"] = "wondersmith game extension"
    schema["description"] = ("A game that extends another: only what it adds or changes "
                             "(docs/dsl.md, \"A game that extends another\").")
    del schema["allOf"]  # a mechanic's keys may be the base's
    _merging(schema)
    schema["required"] = [FORMAT_KEY, "id", "name", "extends"]
    return schema


def _merging(node: dict[str, Any]) -> None:
    """No key required in a mapping that merges over the base's (lists are written whole)."""
    node.pop("required", None)
    for sub in (*node.get("properties", {}).values(), *node.get("anyOf", ())):
        if isinstance(sub, dict):
            _merging(sub)
