"""Counted amounts: "2 coins per Wonder", "1 VP per 3 coins in the richest city".

The value of `coins` and `points` (`CountedEffect`): a fixed number, or so much for each unit
of something counted in a chosen city. The amount owns its schema, its words, its diff wording
and the expression it compiles to.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import CITY, COLOUR, ClassWriter, Effect, Translator, Use
from wondersmith.dsl.terms import (CITY_DOCS, COUNTABLE_DOCS, COUNTABLES, city_schema,
                                   colors_schema, count_schema, enum_schema)
from wondersmith.dsl import words


@dataclass(frozen=True)
class Count:
    """What an amount is multiplied by: units of something counted in a chosen city."""

    per: str
    colors: tuple[str, ...] = ()
    city: str = "self"
    every: int = 1


@dataclass(frozen=True)
class Amount:
    """A fixed number, or `value` for each `count.every` units of what `count` counts."""

    value: int
    count: Count | None = None

    @staticmethod
    def parse(data: Any) -> "Amount":
        if isinstance(data, int):
            return Amount(data)
        return Amount(
            data.get("amount", 1),
            Count(
                per=data["per"],
                colors=tuple(data.get("colors", ())),
                city=data.get("in", "self"),
                every=data.get("every", 1),
            ),
        )

    def data(self) -> Any:
        if self.count is None:
            return self.value
        out: dict[str, Any] = {}
        if self.value != 1:
            out["amount"] = self.value
        out["per"] = self.count.per
        if self.count.colors:
            out["colors"] = list(self.count.colors)
        if self.count.city != "self":
            out["in"] = self.count.city
        if self.count.every != 1:
            out["every"] = self.count.every
        return out

    def phrase(self, t: Translator, unit: str, opponent: bool) -> str:
        """`unit` ("2 coins") alone, or counted: "2 coins for each Wonder in your city"."""
        if self.count is None:
            return unit
        return words.counted(t, unit, self.count, opponent)

    def describe(self) -> str:
        return describe_amount(self.data())

    def code(self, out: ClassWriter, player: str = "player") -> str:
        """The Python expression of the amount, for a method of the card's class; a count
        `in: self` counts in the city of `player` (a name of the method's code)."""
        if self.count is None:
            return out.whole(self.value)
        count = self.count
        counters = {"wonders": "game.count_wonders", "tokens": "game.count_tokens",
                    "coins": "game.count_coins", "defeat_tokens": "game.count_defeats",
                    "cubes": "game.count_cubes"}
        if count.per == "cards":
            colors = out.flat(count.colors)  # data text: never part of a format template

            def measure(p: str) -> str:
                return f"game.count_cards({p}, {colors})"
        elif count.per == "age":  # the game's, counted in no city
            if count.city != "self":
                raise out.fail(f"the Age is counted in no city: drop `in: {count.city}`")
            expr = "game.current_age()"
            if count.every != 1:
                expr = f"{expr} // {out.whole(count.every)}"
            return expr if self.value == 1 else f"{out.whole(self.value)} * {expr}"
        elif count.per in counters:
            def measure(p: str) -> str:
                return f"{counters[count.per]}({p})"
        else:
            raise out.fail(f"the engine cannot count {out.shown(count.per)} yet")
        if count.city == "self":
            expr = measure(player)
        elif count.city == "neighbours":
            expr = f"sum({measure('other')} for other in game.neighbours(player))"
        elif count.city == "most":
            expr = f"max({measure('city')} for city in cities)"
        else:
            raise out.fail(f"the engine has no {out.shown(count.city)} neighbour yet")
        if count.every != 1:
            expr = f"{expr} // {out.whole(count.every)}"  # a call: no parentheses needed
        return expr if self.value == 1 else f"{out.whole(self.value)} * {expr}"


CITY_WORDS = {"self": "", "neighbours": " in neighbours' cities", "left": " in the left city",
              "right": " in the right city", "most": " in the city with most"}


def describe_amount(data: Any) -> str:
    """`Amount.data()` in words: "4", "2 per wonder", "1 per yellow card in the city with most"."""
    if not isinstance(data, dict):
        return str(data)
    per = data["per"]
    every = data.get("every", 1)
    thing = {"cards": "card", "wonders": "wonder", "tokens": "token",
             "coins": "coin", "defeat_tokens": "defeat token", "cubes": "cube",
             "age": "Age (the current one)"}.get(per, per)
    if per == "cards" and data.get("colors"):
        thing = " or ".join(data["colors"]) + " card"
    what = f"{every} {thing}s" if every != 1 else thing
    return f"{data.get('amount', 1)} per {what}{CITY_WORDS.get(data.get('in', 'self'), '')}"


AMOUNT_SCHEMA: dict[str, Any] = {
    "description": "A whole number, or an amount counted per unit of something in a city.",
    "anyOf": [
        count_schema(0, "A fixed amount"),
        {
            "type": "object",
            "description": "`amount` for each `every` units of `per` counted in the city `in`.",
            "required": ["per"],
            "additionalProperties": False,
            "properties": {
                "amount": {**count_schema(1, "How much for each unit counted"), "default": 1},
                "per": enum_schema(COUNTABLES, "What is counted: " + "; ".join(
                    f"{k}: {v}" for k, v in COUNTABLE_DOCS.items())),
                "colors": colors_schema("With `per: cards`: the colours of the buildings "
                                        "counted"),
                "in": city_schema("self", "Whose city is counted: " + "; ".join(
                    f"{k}: {v}" for k, v in CITY_DOCS.items())),
                "every": {**count_schema(1, "Units per step, e.g. 3 for 'per 3 coins'"),
                          "default": 1},
            },
            "if": {"properties": {"per": {"const": "cards"}}},
            "then": {"required": ["colors"]},
            "else": {"not": {"required": ["colors"]}},
        },
    ],
}


@dataclass(frozen=True)
class CountedEffect(Effect):
    """A verb whose value is an amount, fixed or counted."""

    amount: Amount
    VALUE_SCHEMA = AMOUNT_SCHEMA

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(Amount.parse(value))

    def value(self) -> Any:
        return self.amount.data()

    def describe(self) -> str:
        return f"{self.VERB}: {self.amount.describe()}"

    def uses(self) -> Iterator[Use]:
        count = self.amount.count
        if count:
            yield from (Use(COLOUR, c, f"{self.VERB}.colors.{i}")
                        for i, c in enumerate(count.colors))
            yield Use(CITY, count.city, f"{self.VERB}.in")
