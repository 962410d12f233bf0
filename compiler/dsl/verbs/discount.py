"""`discount`: future constructions of a kind cost fewer resource units."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import DISCOUNT_TARGETS, ONGOING, count_schema, enum_schema


@verb
@dataclass(frozen=True)
class Discount(Effect):
    units: int
    target: str
    VERB = "discount"
    TIMING = ONGOING
    SUMMARY = ("Future constructions of the target cost this many resource units fewer, "
               "chosen to save the most coins; coin costs are never reduced.")
    EXAMPLE = "discount: {resources: 2, for: wonders}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "A discount on resources.",
        "required": ["resources", "for"],
        "additionalProperties": False,
        "properties": {
            "resources": count_schema(1, "Resource units waived on each construction"),
            "for": enum_schema(DISCOUNT_TARGETS, "Wonders, or buildings of one colour"),
        },
    }
    COLLECTS = ("discounts",)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["resources"], value["for"])

    def value(self) -> Any:
        return {"resources": self.units, "for": self.target}

    def phrase(self, t: Translator, opponent: bool) -> str:
        template = t.ngettext(
            "Your {target} cost {n} resource less to build, of your choice",
            "Your {target} cost {n} resources less to build, of your choice", self.units)
        return t.format(template, target=words.discount_target(t, self.target), n=self.units)

    def describe(self) -> str:
        target = "Wonders" if self.target == "wonders" else f"{self.target} buildings"
        return f"{words.plural(self.units, 'resource')} off {target}"

    def uses(self) -> Iterator[Use]:
        if self.target != "wonders":
            yield Use(COLOUR, self.target, "discount.for")

    def compile(self, out: ClassWriter) -> None:
        out.collect("discounts", (self.target, self.units))
