"""The verbs of the effect DSL: one module per verb, each registered in `VERBS`.

A verb module holds one frozen dataclass (see `wondersmith.dsl.effect.Effect`) that owns
its schema, parsing, phrase, icons, diff wording, the names it uses and the code it compiles
to. Every module of this package is loaded: adding a verb is adding its module (and its docs).
`tests/test_verbs.py` proves every verb implements every part; docs/compiler.md, "Adding a
verb", says how to add one.
"""
from __future__ import annotations

import importlib
import pkgutil

from wondersmith.dsl.effect import VERBS, Effect, collected_attributes, parse_effect, verb

# The order of the schema, the docs' verb table and the gathered attributes of generated
# classes: these first, then any other module of the package by name (list a new verb here to
# place it elsewhere).
ORDER = (
    # ongoing
    "produce", "produce_one_of", "trade_price", "discount", "shield_bonus", "science",
    "science_choice", "wonders_play_again", "collect_trade_spend", "play_seventh_card",
    "free_build",
    # on build
    "coins", "lose_coins", "shields", "play_again", "destroy", "build_from_discard",
    "take_token",
    # end of the game, triggered
    "points", "copy_guild", "whenever",
)

MODULES = ORDER + tuple(sorted(
    m.name for m in pkgutil.iter_modules(__path__) if m.name not in ORDER))

for _name in MODULES:
    importlib.import_module(f"{__name__}.{_name}")

# Verbs written bare: those without a value, and those whose bare form means a default value.
BARE_VERBS = tuple(name for name, cls in VERBS.items()
                   if cls.VALUE_SCHEMA is None or getattr(cls, "ALSO_BARE", False))
VALUE_VERBS = tuple(name for name, cls in VERBS.items() if cls.VALUE_SCHEMA is not None)

__all__ = ["BARE_VERBS", "MODULES", "ORDER", "VALUE_VERBS", "VERBS", "Effect",
           "collected_attributes", "parse_effect", "verb"]
