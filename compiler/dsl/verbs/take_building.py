"""`take_building`: take a building of the opponent's city into yours (Agora's Foreclosure;
mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl import words
from wondersmith.dsl.effect import Translator, verb
from wondersmith.dsl.picked import PickedEffect, colors_value


@verb
@dataclass(frozen=True)
class TakeBuilding(PickedEffect):
    VERB = "take_building"
    SUMMARY = ("Take a building of these colours from your opponent's city and add it to "
               "yours: its ongoing effects are yours, its effects on build are not played.")
    EXAMPLE = "take_building: {colors: [brown, grey]}"
    VALUE_SCHEMA = colors_value("The buildings that may be taken")
    DOES = "take a {colors} building of the opponent"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Take a {color} card of your opponent's city and add it "
                                  "to yours"),
                        color=words.colors_or(t, self.colors))
