"""`produce`: resources the city produces every turn."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import (RESOURCE, ClassWriter, Effect, Icon, Translator, Use,
                                    verb)
from wondersmith.dsl.terms import ONGOING, RESOURCES, count_schema


@verb
@dataclass(frozen=True)
class Produce(Effect):
    resources: tuple[tuple[str, int], ...]
    VERB = "produce"
    TIMING = ONGOING
    SUMMARY = "Produces these resources every turn."
    EXAMPLE = "produce: {wood: 2}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Units produced, by resource.",
        "minProperties": 1,
        "additionalProperties": False,
        "properties": {r: count_schema(1, f"Units of {r}") for r in RESOURCES},
    }
    COLLECTS = ("produces",)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value.items()))

    def value(self) -> Any:
        return dict(self.resources)

    def phrase(self, t: Translator, opponent: bool) -> str:
        items = [words.resource_units(t, r, n) for r, n in self.resources]
        return t.format(t.gettext("Produces {resources} each turn"), resources=t.join(items))

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon(r, words.resource_name(t, r), n) for r, n in self.resources]

    def describe(self) -> str:
        return "produce " + " and ".join(f"{n} {r}" for r, n in self.resources)

    def uses(self) -> Iterator[Use]:
        return (Use(RESOURCE, r, f"@produce.{r}") for r, _ in self.resources)

    def compile(self, out: ClassWriter) -> None:
        for r, units in self.resources:
            out.units("produces", r, units)
