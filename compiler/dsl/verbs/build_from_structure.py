"""`build_from_structure`: build a card of the structure's far row for free (Agora's Property Fraud;
mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, colors_schema


@verb
@dataclass(frozen=True)
class BuildFromStructure(Effect):
    colors: tuple[str, ...]
    VERB = "build_from_structure"
    TIMING = ON_BUILD
    SUMMARY = ("Build for free a face-up card of these colours from the row of the structure "
               "farthest from the players (covered or not).")
    EXAMPLE = "build_from_structure: {colors: [brown, grey, blue]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "The cards that may be built",
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
        return t.format(t.gettext("Build for free a {color} card of the row of the structure "
                                  "farthest from the players"),
                        color=words.colors_or(t, self.colors))

    def describe(self) -> str:
        return f"build a {' or '.join(self.colors)} card of the far row for free"

    def uses(self) -> Iterator[Use]:
        for i, c in enumerate(self.colors):
            yield Use(COLOUR, c, f"build_from_structure.colors.{i}")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.build_from_structure(player, {out.flat(self.colors)})"]
