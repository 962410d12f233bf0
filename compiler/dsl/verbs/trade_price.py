"""`trade_price`: a fixed price for each unit of some resources bought in trade, or a price
lowered by some coins with a floor (Agora's trade decrees)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import (CITY, RESOURCE, ClassWriter, Effect, Translator, Use,
                                    verb)
from wondersmith.dsl.terms import (CIRCLE, ONGOING, city_schema, count_schema,
                                   resources_schema)


@verb
@dataclass(frozen=True)
class TradePrice(Effect):
    resources: tuple[str, ...]
    price: int  # the fixed price; 0 with `less`
    source: str = "neighbours"
    less: int = 0  # coins off the price the rules give, never below `at_least`
    at_least: int = 0
    VERB = "trade_price"
    TIMING = ONGOING
    SUMMARY = ("Fixes the price of each unit of these resources bought in trade; or, with "
               "`less`, lowers the price the rules give by so many coins, never below "
               "`at_least` (a price a card fixes stays as fixed).")
    EXAMPLE = "trade_price: {resources: [stone], price: 1}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Resources whose trading price is fixed.",
        "required": ["resources"],
        "oneOf": [{"required": ["price"]}, {"required": ["less"]}],
        "dependencies": {"at_least": ["less"]},
        "additionalProperties": False,
        "properties": {
            "resources": resources_schema("The resources whose price is fixed"),
            "price": count_schema(0, "Coins per unit"),
            "less": count_schema(1, "Coins off the price per unit (7 Wonders Duel: the bank's)"),
            "at_least": count_schema(0, "The lowest price `less` may bring a unit to"),
            "from": city_schema("neighbours", "Whom the resources are bought from (7 Wonders: "
                                "left or right neighbour; 7 Wonders Duel: the bank, priced by "
                                "the opponent)"),
        },
    }
    COLLECTS = ("trade_prices", "neighbour_prices", "trade_cuts")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["resources"]), value.get("price", 0),
                   value.get("from", "neighbours"), value.get("less", 0),
                   value.get("at_least", 0))

    def value(self) -> Any:
        out: dict[str, Any] = {"resources": list(self.resources)}
        if self.less:
            out["less"] = self.less
            if self.at_least:
                out["at_least"] = self.at_least
        else:
            out["price"] = self.price
        if self.source != "neighbours":
            out["from"] = self.source
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        names = t.join([words.resource_name(t, r) for r in self.resources])
        if self.less:
            template = t.ngettext(
                "You pay {n} coin less for each unit of {resources} you buy, never less than "
                "{floor}",
                "You pay {n} coins less for each unit of {resources} you buy, never less than "
                "{floor}", self.less)
            return t.format(template, n=self.less, resources=names, floor=self.at_least)
        if opponent:  # the Duel: resources come from the bank, priced by the opponent
            template = t.ngettext(
                "You buy {resources} from the bank for {n} coin per unit",
                "You buy {resources} from the bank for {n} coins per unit", self.price)
            return t.format(template, resources=names, n=self.price)
        template = t.ngettext("You buy {resources} {where} for {n} coin per unit",
                              "You buy {resources} {where} for {n} coins per unit",
                              self.price)
        return t.format(template, resources=names, n=self.price,
                        where=words.where(t, self.source, opponent))

    def describe(self) -> str:
        if self.less:
            return (f"buy {' / '.join(self.resources)} {words.plural(self.less, 'coin')} "
                    f"cheaper, at least {self.at_least}"
                    + ("" if self.source == "neighbours" else f" from {self.source}"))
        return (f"buy {' / '.join(self.resources)} at {words.plural(self.price, 'coin')}"
                + ("" if self.source == "neighbours" else f" from {self.source}"))

    def uses(self) -> Iterator[Use]:
        yield from (Use(RESOURCE, r, f"trade_price.resources.{i}")
                    for i, r in enumerate(self.resources))
        yield Use(CITY, self.source, "trade_price.from")

    def compile(self, out: ClassWriter) -> None:
        if self.less:
            if out.seating == CIRCLE or self.source != "neighbours":
                raise out.fail("a price lowered by `less` is played only on the bank's prices "
                               "of a two-player game (`from: neighbours`)")
            out.collect("trade_cuts", *((out.resource_index(r), self.less, self.at_least)
                                        for r in self.resources))
            return
        if out.seating == CIRCLE:  # 7 Wonders: the price paid to the left or right neighbour
            sides = ("left", "right") if self.source == "neighbours" else (self.source,)
            if not set(sides) <= {"left", "right"}:
                raise out.fail(f"trade prices from {out.shown(self.source)} mean nothing in "
                               "a circle of cities")
            out.collect("neighbour_prices", *((out.resource_index(r), self.price, side)
                                              for side in sides for r in self.resources))
            return
        if self.source != "neighbours":  # 7 Wonders Duel: the bank, priced by the opponent
            raise out.fail(f"trade prices from {out.shown(self.source)} mean nothing in a "
                           "two-player game (buy from `neighbours`: the bank)")
        out.collect("trade_prices", *((out.resource_index(r), self.price)
                                      for r in self.resources))
