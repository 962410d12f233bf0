"""`collect_trade_spend`: you receive the coins other players pay the bank for trading."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import CITY, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ONGOING, city_schema


@verb
@dataclass(frozen=True)
class CollectTradeSpend(Effect):
    source: str = "neighbours"
    VERB = "collect_trade_spend"
    TIMING = ONGOING
    SUMMARY = "You receive the coins these players pay the bank for trading."
    EXAMPLE = "collect_trade_spend: {from: neighbours}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Whose trading spend you collect.",
        "additionalProperties": False,
        "properties": {"from": city_schema("neighbours", "Whose spend")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value.get("from", "neighbours"))

    def value(self) -> Any:
        return {} if self.source == "neighbours" else {"from": self.source}

    def phrase(self, t: Translator, opponent: bool) -> str:
        if opponent:
            return t.gettext("You receive the coins your opponent pays the bank for resources")
        return t.format(t.gettext("You receive the coins paid for trading {where}"),
                        where=words.where(t, self.source, opponent))

    def describe(self) -> str:
        return f"collect what {self.source} pay for trade"

    def uses(self) -> Iterator[Use]:
        yield Use(CITY, self.source, "collect_trade_spend.from")

    def compile(self, out: ClassWriter) -> None:
        if self.source != "neighbours":
            raise out.fail(f"collect_trade_spend from {out.shown(self.source)} is not "
                           "supported yet")
        out.set("collect_trade_spend", True)
