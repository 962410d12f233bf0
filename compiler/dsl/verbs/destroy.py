"""`destroy`: put a building of another city in the discard pile."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import CITY, COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, city_schema, colors_schema


@verb
@dataclass(frozen=True)
class Destroy(Effect):
    colors: tuple[str, ...]
    who: str = "neighbours"
    VERB = "destroy"
    TIMING = ON_BUILD
    SUMMARY = "Choose a building of these colours in another city and put it in the discard pile."
    EXAMPLE = "destroy: {colors: [brown]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "What may be destroyed.",
        "required": ["colors"],
        "additionalProperties": False,
        "properties": {
            "colors": colors_schema("Colours of the building to destroy"),
            "who": city_schema("neighbours", "Whose city"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["colors"]), value.get("who", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"colors": list(self.colors)}
        if self.who != "neighbours":
            out["who"] = self.who
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Discard a {color} card of your choice {where}"),
                        color=words.colors_or(t, self.colors),
                        where=words.where(t, self.who, opponent))

    def describe(self) -> str:
        return f"destroy a {' or '.join(self.colors)} building of {self.who}"

    def uses(self) -> Iterator[Use]:
        yield from (Use(COLOUR, c, f"destroy.colors.{i}") for i, c in enumerate(self.colors))
        yield Use(CITY, self.who, "destroy.who")

    def statements(self, out: ClassWriter) -> list[str]:
        if self.who != "neighbours":
            raise out.fail(f"destroy in {out.shown(self.who)} is not supported yet")
        return [f"game.destroy(player, {out.flat(self.colors)})"]
