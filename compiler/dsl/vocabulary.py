"""The effect DSL in one import: the closed vocabulary of verbs and the names they use.

An effect in YAML is a one-key mapping `{verb: value}`, or the bare verb name for verbs that
take no value. Each verb lives in its own module of `wondersmith.dsl.verbs` and owns
everything about it (schema, parsing, phrase, icons, diff wording, checks, code); the
registry `VERBS` is the single source of truth: `wondersmith.dsl.schemas` generates the JSON
Schemas in `schema/` from it, and the loader parses data into its dataclasses.

This module gathers the registry, the nouns (`wondersmith.dsl.terms`), counted amounts
(`wondersmith.dsl.amount`) and the verb classes under one name for the rest of the toolkit.
"""
from __future__ import annotations

from typing import Any

from wondersmith.dsl.amount import AMOUNT_SCHEMA, Amount, Count, CountedEffect
from wondersmith.dsl.effect import Effect, Icon, Use, parse_effect
from wondersmith.dsl.terms import (CITIES, CITY_DOCS, COLORS, COUNTABLE_DOCS, COUNTABLES,
                                   DISCOUNT_TARGETS, END_GAME, EVENT_DOCS, EVENTS, ID_PATTERN,
                                   MAX_COUNT, ON_BUILD, ONGOING, OPPONENT_CITIES, RESOURCES,
                                   SCIENCE_SYMBOLS, SYMBOL_PATTERN, TIMINGS, TOKEN_SOURCES,
                                   TRIGGERED, city_schema as _who, colors_schema as _colors,
                                   count_schema as _count, enum_schema as _enum,
                                   resources_schema as _resources)
from wondersmith.dsl.verbs import BARE_VERBS, VALUE_VERBS, VERBS, verb
from wondersmith.dsl.verbs.build_from_discard import BuildFromDiscard
from wondersmith.dsl.verbs.coins import Coins
from wondersmith.dsl.verbs.collect_trade_spend import CollectTradeSpend
from wondersmith.dsl.verbs.destroy import Destroy
from wondersmith.dsl.verbs.discount import Discount
from wondersmith.dsl.verbs.lose_coins import LoseCoins
from wondersmith.dsl.verbs.play_again import PlayAgain
from wondersmith.dsl.verbs.play_seventh_card import PlaySeventhCard
from wondersmith.dsl.verbs.points import Points
from wondersmith.dsl.verbs.produce import Produce
from wondersmith.dsl.verbs.produce_one_of import ProduceOneOf
from wondersmith.dsl.verbs.science import Science
from wondersmith.dsl.verbs.science_choice import ScienceChoice
from wondersmith.dsl.verbs.shield_bonus import ShieldBonus
from wondersmith.dsl.verbs.shields import Shields
from wondersmith.dsl.verbs.take_token import TakeToken
from wondersmith.dsl.verbs.trade_price import TradePrice
from wondersmith.dsl.verbs.whenever import Whenever
from wondersmith.dsl.verbs.wonders_play_again import WondersPlayAgain

__all__ = [
    "AMOUNT_SCHEMA", "Amount", "BARE_VERBS", "BuildFromDiscard", "CITIES", "CITY_DOCS",
    "COLORS", "COUNTABLES", "COUNTABLE_DOCS", "Coins", "CollectTradeSpend", "Count",
    "CountedEffect", "DISCOUNT_TARGETS", "Destroy", "Discount", "END_GAME", "EVENTS",
    "EVENT_DOCS", "Effect", "ID_PATTERN", "Icon", "LoseCoins", "MAX_COUNT", "ONGOING",
    "ON_BUILD", "OPPONENT_CITIES", "PlayAgain", "PlaySeventhCard", "Points", "Produce",
    "ProduceOneOf", "RESOURCES", "SCIENCE_SYMBOLS", "SYMBOL_PATTERN", "Science",
    "ScienceChoice", "ShieldBonus", "Shields", "TIMINGS", "TOKEN_SOURCES", "TRIGGERED",
    "TakeToken", "TradePrice", "Use", "VALUE_VERBS", "VERBS", "Whenever", "WondersPlayAgain",
    "effect_schema", "parse_effect", "verb", "_colors", "_count", "_enum", "_resources",
    "_who",
]


def effect_schema() -> dict[str, Any]:
    """The schema of one effect: a bare verb, or a one-key mapping {verb: value}, read from
    the registry as it is now."""
    bare = list(BARE_VERBS)
    valued = [name for name, cls in VERBS.items() if cls.VALUE_SCHEMA is not None]
    return {
        "description": "An effect: a bare verb such as `play_again`, or a one-key mapping "
                       "such as `coins: 4`.",
        "anyOf": [
            {
                "type": "string",
                "enum": bare,
                "description": "A verb that takes no value: " + "; ".join(
                    f"{v}: {VERBS[v].SUMMARY}" for v in bare),
            },
            {
                "type": "object",
                "minProperties": 1,
                "maxProperties": 1,
                "additionalProperties": False,
                "properties": {
                    name: {**VERBS[name].VALUE_SCHEMA,
                           "description": f"[{VERBS[name].TIMING}] {VERBS[name].SUMMARY}"}
                    for name in valued
                },
            },
        ],
    }
