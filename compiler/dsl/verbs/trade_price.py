"""`trade_price`: a fixed price for each unit of some resources bought in trade."""
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
    price: int
    source: str = "neighbours"
    VERB = "trade_price"
    TIMING = ONGOING
    SUMMARY = "Fixes the price of each unit of these resources bought in trade."
    EXAMPLE = "trade_price: {resources: [stone], price: 1}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Resources whose trading price is fixed.",
        "required": ["resources", "price"],
        "additionalProperties": False,
        "properties": {
            "resources": resources_schema("The resources whose price is fixed"),
            "price": count_schema(0, "Coins per unit"),
            "from": city_schema("neighbours", "Whom the resources are bought from (7 Wonders: "
                                "left or right neighbour; 7 Wonders Duel: the bank, priced by "
                                "the opponent)"),
        },
    }
    COLLECTS = ("trade_prices", "neighbour_prices")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value["resources"]), value["price"], value.get("from", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"resources": list(self.resources), "price": self.price}
        if self.source != "neighbours":
            out["from"] = self.source
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        names = t.join([words.resource_name(t, r) for r in self.resources])
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
        return (f"buy {' / '.join(self.resources)} at {words.plural(self.price, 'coin')}"
                + ("" if self.source == "neighbours" else f" from {self.source}"))

    def uses(self) -> Iterator[Use]:
        yield from (Use(RESOURCE, r, f"trade_price.resources.{i}")
                    for i, r in enumerate(self.resources))
        yield Use(CITY, self.source, "trade_price.from")

    def compile(self, out: ClassWriter) -> None:
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
