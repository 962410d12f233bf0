"""Effect text: each verb's own phrase (`Effect.phrase`), translated through gettext.

Nothing here is written per card or per verb: a new card with known verbs needs no new
translation, and a new verb brings its phrase in its own module (`wondersmith.dsl.verbs`).
The nouns (resources, colours, symbols, cities) are the DSL's (`wondersmith.dsl.words`);
this module adds the sheet's colour headings.
"""
from __future__ import annotations

from wondersmith.dsl.effect import Effect
from wondersmith.dsl.words import (coins, color_adjective, colors_or, counted, discount_target,
                                   points, resource_name, resource_units, science_name, where,
                                   who)
from wondersmith.render.i18n import Text, Translator

__all__ = ["coins", "color_adjective", "color_heading", "colors_or", "counted",
           "discount_target", "effect_text", "points", "resource_name", "resource_units",
           "science_name", "where", "who"]


def color_heading(t: Translator, color: str) -> Text:
    """The heading of a colour's group of cards on the sheet."""
    names = {
        "brown": t.gettext("Raw materials (brown cards)"),
        "grey": t.gettext("Manufactured goods (grey cards)"),
        "blue": t.gettext("Civilian buildings (blue cards)"),
        "green": t.gettext("Scientific buildings (green cards)"),
        "yellow": t.gettext("Commercial buildings (yellow cards)"),
        "red": t.gettext("Military buildings (red cards)"),
        "purple": t.gettext("Guilds (purple cards)"),
        "senator": t.gettext("Senators (Politicians and Conspirators)"),
    }
    return names.get(color, Text(color, True))


def effect_text(t: Translator, effect: Effect, opponent: bool = True) -> Text:
    """The text of one effect. `opponent`: the game's seating is `opponent` (two players
    facing each other: 7 Wonders Duel); else seats around a table, with neighbours."""
    return effect.phrase(t, opponent)  # type: ignore[return-value]  # the Translator's Text
