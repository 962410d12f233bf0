"""`swap_building`: swap a building with the opponent's (Agora's Coercion; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl import words
from wondersmith.dsl.effect import Translator, verb
from wondersmith.dsl.picked import PickedEffect, colors_value


@verb
@dataclass(frozen=True)
class SwapBuilding(PickedEffect):
    VERB = "swap_building"
    SUMMARY = ("Take a building of these colours from your opponent's city and give them one of "
               "yours of the same colour in exchange.")
    EXAMPLE = "swap_building: {colors: [blue, green]}"
    VALUE_SCHEMA = colors_value("The buildings that may be swapped")
    DOES = "swap a {colors} building with the opponent"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Take a {color} card of your opponent's city and give them one"
                                  " of yours of the same colour"),
                        color=words.colors_or(t, self.colors))
