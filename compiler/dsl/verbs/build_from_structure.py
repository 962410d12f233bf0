"""`build_from_structure`: build a card of the structure's far row for free (Agora's Property
Fraud; mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl import words
from wondersmith.dsl.effect import Translator, verb
from wondersmith.dsl.picked import PickedEffect, colors_value


@verb
@dataclass(frozen=True)
class BuildFromStructure(PickedEffect):
    VERB = "build_from_structure"
    SUMMARY = ("Build for free a face-up card of these colours from the row of the structure "
               "farthest from the players (covered or not).")
    EXAMPLE = "build_from_structure: {colors: [brown, grey, blue]}"
    VALUE_SCHEMA = colors_value("The cards that may be built")
    DOES = "build a {colors} card of the far row for free"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Build for free a {color} card of the row of the structure "
                                  "farthest from the players"),
                        color=words.colors_or(t, self.colors))
