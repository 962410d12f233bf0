"""`produce_one_of`: one unit of one of several resources each turn, chosen when paying."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import (RESOURCE, ClassWriter, Effect, Icon, Translator, Use,
                                    verb)
from wondersmith.dsl.terms import ONGOING, resources_schema


@verb
@dataclass(frozen=True)
class ProduceOneOf(Effect):
    resources: tuple[str, ...]
    VERB = "produce_one_of"
    TIMING = ONGOING
    SUMMARY = "Produces one unit of one of these resources each turn, chosen when paying."
    EXAMPLE = "produce_one_of: [wood, clay, stone]"
    VALUE_SCHEMA = resources_schema("The resources to choose from", min_items=2)
    COLLECTS = ("produces_one_of",)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value))

    def value(self) -> Any:
        return list(self.resources)

    def phrase(self, t: Translator, opponent: bool) -> str:
        items = [words.resource_units(t, r, 1) for r in self.resources]
        return t.format(t.gettext("Produces {resources} each turn, your choice"),
                        resources=t.join(items, style="or"))

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon(r, words.resource_name(t, r)) for r in self.resources]

    def describe(self) -> str:
        return "produce one of " + " / ".join(self.resources)

    def uses(self) -> Iterator[Use]:
        return (Use(RESOURCE, r, f"produce_one_of.{i}") for i, r in enumerate(self.resources))

    def compile(self, out: ClassWriter) -> None:
        out.collect("produces_one_of", tuple(out.resource_index(r) for r in self.resources))
