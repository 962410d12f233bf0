"""Effects that pick one card of some colours (Agora's conspiracies: a building taken, swapped
or built from the structure). The verb's own module words it; this holds what is alike: the
value `{colors: [...]}`, its parsing, the names it uses, and the engine verb of the same name
it compiles to (`game.<verb>(player, colors)`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Use
from wondersmith.dsl.terms import ON_BUILD, colors_schema


def colors_value(description: str) -> dict[str, Any]:
    """The value schema of such a verb: the colours of the cards that may be picked."""
    return {"type": "object", "description": description, "required": ["colors"],
            "additionalProperties": False,
            "properties": {"colors": colors_schema("The colours of the cards that may be "
                                                   "chosen")}}


@dataclass(frozen=True)
class PickedEffect(Effect):
    colors: tuple[str, ...]
    TIMING = ON_BUILD
    DOES = ""  # the diff's words: "take a {colors} building of the opponent"

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["colors"]))

    def value(self) -> Any:
        return {"colors": list(self.colors)}

    def describe(self) -> str:
        return self.DOES.format(colors=" or ".join(self.colors))

    def uses(self) -> Iterator[Use]:
        for i, c in enumerate(self.colors):
            yield Use(COLOUR, c, f"{self.VERB}.colors.{i}")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.{self.VERB}(player, {out.flat(self.colors)})"]
