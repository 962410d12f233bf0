"""`discount`: future constructions of a kind cost fewer resource units, or fewer cost
symbols (a coin cost counting as one symbol: Agora's decrees)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import (CIRCLE, DISCOUNT_TARGETS, ONGOING, count_schema,
                                   enum_schema)


@verb
@dataclass(frozen=True)
class Discount(Effect):
    units: int
    target: str
    coins: bool = False  # `symbols`: the whole coin cost may be waived as one of them
    VERB = "discount"
    TIMING = ONGOING
    SUMMARY = ("Future constructions of the target cost this many resource units fewer, "
               "chosen to save the most coins; coin costs are never reduced. With `symbols` "
               "instead of `resources`, the coin cost counts as one symbol: this many "
               "resource units, or the coin cost and one unit fewer, whichever saves more.")
    EXAMPLE = "discount: {resources: 2, for: wonders}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "A discount on resources, or on cost symbols.",
        "required": ["for"],
        "oneOf": [{"required": ["resources"]}, {"required": ["symbols"]}],
        "additionalProperties": False,
        "properties": {
            "resources": count_schema(1, "Resource units waived on each construction"),
            "symbols": count_schema(1, "Cost symbols waived on each construction: resource "
                                    "units, the coin cost counting as one"),
            "for": enum_schema(DISCOUNT_TARGETS, "Wonders, or buildings of one colour"),
        },
    }
    COLLECTS = ("discounts", "coin_symbols")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        if "symbols" in value:
            return cls(value["symbols"], value["for"], coins=True)
        return cls(value["resources"], value["for"])

    def value(self) -> Any:
        return {"symbols" if self.coins else "resources": self.units, "for": self.target}

    def phrase(self, t: Translator, opponent: bool) -> str:
        target = words.discount_target(t, self.target)
        if self.coins:
            template = t.ngettext(
                "Your {target} ignore {n} cost symbol: a resource of your choice, or the "
                "coin cost",
                "Your {target} ignore {n} cost symbols: resources of your choice, or the "
                "coin cost as one", self.units)
            return t.format(template, target=target, n=self.units)
        template = t.ngettext(
            "Your {target} cost {n} resource less to build, of your choice",
            "Your {target} cost {n} resources less to build, of your choice", self.units)
        return t.format(template, target=target, n=self.units)

    def describe(self) -> str:
        target = "Wonders" if self.target == "wonders" else f"{self.target} buildings"
        if self.coins:
            return f"{words.plural(self.units, 'cost symbol')} off {target}"
        return f"{words.plural(self.units, 'resource')} off {target}"

    def uses(self) -> Iterator[Use]:
        if self.target != "wonders":
            yield Use(COLOUR, self.target, "discount.for")

    def compile(self, out: ClassWriter) -> None:
        if self.coins and out.seating == CIRCLE:
            raise out.fail("a coin cost waived as a cost symbol is played only with the "
                           "bank's prices of a two-player game")
        out.collect("discounts", (self.target, self.units))
        if self.coins:  # the engine may waive the coin cost instead of one of the units
            out.collect("coin_symbols", self.target)
