"""`swap_building`: swap a building with the opponent's (Agora's Coercion; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, colors_schema


@verb
@dataclass(frozen=True)
class SwapBuilding(Effect):
    colors: tuple[str, ...]
    VERB = "swap_building"
    TIMING = ON_BUILD
    SUMMARY = ("Take a building of these colours from your opponent's city and give them one of "
               "yours of the same colour in exchange.")
    EXAMPLE = "swap_building: {colors: [blue, green]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "The buildings that may be swapped",
        "required": ["colors"],
        "additionalProperties": False,
        "properties": {"colors": colors_schema("The colours of the cards that may be chosen")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["colors"]))

    def value(self) -> Any:
        return {"colors": list(self.colors)}

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Take a {color} card of your opponent's city and give them one"
                                  " of yours of the same colour"),
                        color=words.colors_or(t, self.colors))

    def describe(self) -> str:
        return f"swap a {' or '.join(self.colors)} building with the opponent"

    def uses(self) -> Iterator[Use]:
        for i, c in enumerate(self.colors):
            yield Use(COLOUR, c, f"swap_building.colors.{i}")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.swap_building(player, {out.flat(self.colors)})"]
