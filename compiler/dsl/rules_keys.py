"""The rule sections of game.yaml, which keys each rule mechanic reads, and the schema of the
circle-seating keys.

`SECTIONS` names the sections that hold rules, in the order the rules record
(`wondersmith.ir.rules.record`, `RULESET.rules`, the export) writes them.

A key that only one mechanic gives a meaning to (Duel's military track, a classic hand's pass
direction) is required only when the game lists that mechanic, so a game of 7 Wonders does not
carry Duel's structures and Duel does not carry classic's hands. `REQUIRED_KEYS` is that map;
`schemas.game_schema` turns it into `if mechanics contains ... then required ...` clauses.
"""
from __future__ import annotations

from typing import Any

from wondersmith.dsl.terms import COLORS, count_schema, enum_schema
from wondersmith.engine.mechanics.catalogue import MECHANICS, About

# The sections of game.yaml that hold rules, in the order the rules record writes them (the
# keys inside a section in the order game.yaml writes them). Every game has setup, trade,
# discard, science and scoring; the others belong to the mechanics that read them.
SECTIONS = ("ages", "setup", "turn", "trade", "discard", "military", "conflicts", "science",
            "scoring", "next_age", "two_player_variant", "senate", "conspiracies")
# The keys of an Age that are rules (hands, the cards printed): the record's `ages`. `cards`
# and `colors` say what the deck holds, the cards' layout (`model.AgeDeck`), not rules.
AGE_RULES = ("printed", "hand", "pass")

# The mechanics the data may name: the engine's (`catalogue.MECHANICS`).
KNOWN: dict[str, About] = MECHANICS

# For each mechanic, the keys it needs of game.yaml: its `About.reads`, declared once, in the
# engine's catalogue.
REQUIRED_KEYS: dict[str, tuple[tuple[str, ...], ...]] = {m: a.reads for m, a in MECHANICS.items() if a.reads}


def _lists(mechanic: str) -> dict[str, Any]:
    return {"required": ["mechanics"],
            "properties": {"mechanics": {"contains": {"const": mechanic}}}}


def mechanic_requirements() -> list[dict[str, Any]]:
    """`if mechanics lists M then M's keys are required`, one clause per mechanic."""
    clauses = []
    for mechanic, keys in REQUIRED_KEYS.items():
        # The descriptions say why a key is required (a missing key's hint quotes them).
        why = {"description": f"Read by mechanic '{mechanic}'"}
        top = [k[0] for k in keys if len(k) == 1]
        props: dict[str, Any] = {k: why for k in top}
        for section, *names in (k for k in keys if len(k) > 1):
            required = {"required": names, "properties": {n: why for n in names}}
            if section == "ages[]":
                props["ages"] = {"items": required}
            else:
                props[section] = required
        clauses.append({"if": _lists(mechanic),
                        "then": {"required": list(props), "properties": props}})
    return clauses


# The circle-seating keys ------------------------------------------------------------------

PASS_DIRECTIONS = ("left", "right")
SELLABLE = (*COLORS, "board")  # colours of buildings, or the board's own starting resource


def players_schema() -> dict[str, Any]:
    return {"description": "Number of players: a whole number, or the range {min, max}",
            "oneOf": [count_schema(2, "Number of players"),
                      {"type": "object", "required": ["min", "max"],
                       "additionalProperties": False,
                       "description": "The range of player counts",
                       "properties": {"min": count_schema(2, "Fewest players"),
                                      "max": count_schema(2, "Most players")}}]}


def guild_count_schema() -> dict[str, Any]:
    return {"description": "Guilds drawn: a whole number, or the number of players plus some",
            "oneOf": [count_schema(0, "Guilds drawn"),
                      {"type": "object", "required": ["players_plus"],
                       "additionalProperties": False,
                       "description": "The number of players plus `players_plus`",
                       "properties": {"players_plus": count_schema(0, "Guilds drawn beyond "
                                                                      "one a player")}}]}


def boards_schema() -> dict[str, Any]:
    how = ("random", "chosen")
    return {"type": "object", "description": "How the Wonder boards are dealt",
            "required": ["count", "deal", "side"], "additionalProperties": False,
            "properties": {"count": count_schema(1, "Boards in the box"),
                           "deal": enum_schema(how, "Boards dealt at random or chosen"),
                           "side": enum_schema(how, "Side A or B at random or chosen")}}


def turn_schema() -> dict[str, Any]:
    return {"type": "object", "description": "How a turn is played",
            "required": ["simultaneous", "per_age"], "additionalProperties": False,
            "properties": {"simultaneous": {"type": "boolean", "description": "Every seat "
                                            "chooses, then all choices resolve together"},
                           "per_age": count_schema(1, "Turns in an Age; the cards left in "
                                                      "each hand after them are discarded")}}


def conflicts_schema() -> dict[str, Any]:
    return {"type": "object", "description": "Military conflicts between neighbours",
            "required": ["at", "victory", "defeat"], "additionalProperties": False,
            "properties": {
                "at": enum_schema(("end_of_age",), "When conflicts are resolved"),
                "victory": {"type": "array", "minItems": 1,
                            "items": count_schema(0, "VP of the victory token"),
                            "description": "The victory token of each Age, in Age order"},
                "defeat": {"type": "integer", "minimum": -99, "maximum": 0,
                           "description": "VP of the defeat token (zero or less)"},
                "tokens_in_box": count_schema(1, "Conflict tokens in the box")}}


def age_properties() -> dict[str, Any]:
    return {"printed": count_schema(1, "Cards printed for the Age, guilds included"),
            "hand": count_schema(1, "Cards dealt to each player"),
            "pass": enum_schema(PASS_DIRECTIONS, "Where hands go after each turn")}


def trade_properties() -> dict[str, Any]:
    return {"from": enum_schema(("neighbours",), "Who sells: the left and right neighbours"),
            "sellable": {"type": "array", "minItems": 1, "uniqueItems": True,
                         "items": enum_schema(SELLABLE, "A colour, or `board`"),
                         "description": "Production a neighbour may buy: that of buildings "
                                        "of these colours, and `board` for the board's own "
                                        "resource (never Wonder stages)"},
            "income_spendable": enum_schema(("same_turn", "next_turn"),
                                            "When coins received in a turn can be spent")}


def science_properties() -> dict[str, Any]:
    return {"identical": enum_schema(("squared",), "Points per symbol: its count squared"),
            "set_size": count_schema(2, "Different symbols that make a set"),
            "set_points": count_schema(1, "VP per set"),
            "wildcards": enum_schema(("chosen_at_end",), "When a wildcard symbol is chosen")}


def two_player_variant_schema() -> dict[str, Any]:
    return {
        "type": "object", "additionalProperties": False,
        "description": "The rulebook's 2-player variant (the Free City)",
        "required": ["players", "deck_players"],
        "properties": {
            "players": count_schema(2, "Players of the variant"),
            "deck_players": count_schema(2, "The deck is that of this many players"),
            "free_city": {"type": "boolean", "description": "A third board played by both "
                                                           "players in turn"},
            "cards": {"type": "array", "uniqueItems": True,
                      "items": enum_schema(("border", "free_city"), "A variant card"),
                      "description": "The variant's own cards"},
            "draw_pile": count_schema(1, "Cards of the Free City's draw pile"),
            "free_city_coins": count_schema(0, "Coins the Free City starts with"),
            "free_city_card_starts": enum_schema(("left_of_free_city", "right_of_free_city"),
                                                 "Who holds the Free City card first"),
            "free_city_discards": enum_schema(("only_when_nothing_buildable", "freely"),
                                              "When the Free City's card may be discarded"),
            "free_city_builds_chains": enum_schema(("always", "when_chosen"),
                                                   "Whether a free chained build is taken"),
            "free_city_last_card": enum_schema(("discarded", "played"),
                                               "The draw pile's last card on the last turn"),
        },
    }


# The senate (7 Wonders Duel: Agora; mechanic `senate`) ----------------------------------------

DECREE_FACES = ("face_up", "face_down")


def senate_schema() -> dict[str, Any]:
    chamber = {"type": "object", "description": "A chamber of the Senate, in board order "
               "(a cube moves only to the chamber next to it)",
               "required": ["section", "points", "decree"], "additionalProperties": False,
               "properties": {
                   "section": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                               "maxLength": 40, "not": {"const": "any"},
                               "description": "The section it belongs to (a Politician "
                               "places cubes in the chambers of its section; not `any`, "
                               "which means every chamber)"},
                   "points": count_schema(0, "VP at the end of the game for its controller"),
                   "decree": enum_schema(DECREE_FACES, "Its Decree at set-up: `face_up`, or "
                                         "`face_down` until the chamber is first controlled")}}
    step = {"type": "object", "required": ["cards", "actions"], "additionalProperties": False,
            "description": "From this many buildings of the colour on, this many actions",
            "properties": {"cards": count_schema(0, "Buildings of the colour in the city"),
                           "actions": count_schema(1, "Senate actions")}}
    return {"type": "object", "description": "The Senate: chambers controlled by the most "
            "influence cubes, their Decrees and points, political supremacy",
            "required": ["cubes", "chambers", "decrees", "supremacy", "actions"],
            "additionalProperties": False,
            "properties": {
                "cubes": count_schema(1, "Influence cubes each player has"),
                "chambers": {"type": "array", "minItems": 1, "maxItems": 32, "items": chamber,
                             "description": "The chambers, in board order"},
                "decrees": {"type": "array", "minItems": 1, "uniqueItems": True,
                            "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$",
                                      "maxLength": 64},
                            "description": "The tokens that are Decrees (ids of `tokens`); "
                                           "one is drawn at random for each chamber"},
                "supremacy": count_schema(1, "Chambers controlled at once that win the game "
                                             "(political supremacy)"),
                "actions": {"type": "object", "required": ["color", "steps"],
                            "additionalProperties": False,
                            "description": "Senate actions a Politician gives (`influence` "
                                           "without `actions`), by the buildings of a colour",
                            "properties": {
                                "color": enum_schema(COLORS, "The colour counted"),
                                "steps": {"type": "array", "minItems": 1, "items": step,
                                          "description": "Ascending by `cards`, the first "
                                                         "at 0"}}},
                "senators": {"type": "object", "required": ["color", "per_age"],
                             "additionalProperties": False,
                             "description": "Senators: the buildings of a colour, kept out "
                                            "of the Age decks and shuffled into them once "
                                            "each Age's cards are left out; one costs as "
                                            "many coins as the senators its buyer has",
                             "properties": {
                                 "color": enum_schema(COLORS, "The senators' colour"),
                                 "per_age": {"type": "array", "minItems": 1, "maxItems": 9,
                                             "items": count_schema(0, "Senators"),
                                             "description": "Senators shuffled into each "
                                                            "Age, in Age order"}}},
            }}


# The conspiracies (7 Wonders Duel: Agora; mechanic `conspiracies`) ---------------------------

def conspiracies_schema() -> dict[str, Any]:
    token_id = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 64}
    return {"type": "object", "description": "Agora's conspiracies: a deck of them, drawn by "
            "a conspire, prepared under a card of the structure, triggered at a turn's start",
            "required": ["deck", "draw"], "additionalProperties": False,
            "properties": {
                "deck": {"type": "array", "minItems": 2, "uniqueItems": True,
                         "items": token_id,
                         "description": "The tokens that are conspiracies (ids of `tokens`), "
                                        "shuffled into a deck at set-up"},
                "draw": count_schema(1, "Conspiracies a conspire draws: one is kept, the "
                                        "others go back on the top or the bottom of the deck"),
            }}
