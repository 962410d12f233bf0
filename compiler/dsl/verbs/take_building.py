"""`take_building`: take a building of the opponent's city into yours (Agora's Foreclosure;
mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, colors_schema


@verb
@dataclass(frozen=True)
class TakeBuilding(Effect):
    colors: tuple[str, ...]
    VERB = "take_building"
    TIMING = ON_BUILD
    SUMMARY = ("Take a building of these colours from your opponent's city and add it to yours: "
               "its ongoing effects are yours, its effects on build are not played.")
    EXAMPLE = "take_building: {colors: [brown, grey]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "The buildings that may be taken",
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
        return t.format(t.gettext("Take a {color} card of your opponent's city and add it to "
                                  "yours"),
                        color=words.colors_or(t, self.colors))

    def describe(self) -> str:
        return f"take a {' or '.join(self.colors)} building of the opponent"

    def uses(self) -> Iterator[Use]:
        for i, c in enumerate(self.colors):
            yield Use(COLOUR, c, f"take_building.colors.{i}")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.take_building(player, {out.flat(self.colors)})"]
