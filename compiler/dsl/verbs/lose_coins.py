"""`lose_coins`: other players pay coins to the bank."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import CITY, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, city_schema, count_schema


@verb
@dataclass(frozen=True)
class LoseCoins(Effect):
    amount: int
    who: str = "neighbours"
    VERB = "lose_coins"
    TIMING = ON_BUILD
    SUMMARY = "Other players pay coins to the bank, down to 0."
    EXAMPLE = "lose_coins: {amount: 3}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Coins that others lose.",
        "required": ["amount"],
        "additionalProperties": False,
        "properties": {
            "amount": count_schema(1, "Coins each of them loses"),
            "who": city_schema("neighbours", "Who loses them"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["amount"], value.get("who", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"amount": self.amount}
        if self.who != "neighbours":
            out["who"] = self.who
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        template = t.ngettext("{who} loses {n} coin", "{who} loses {n} coins", self.amount)
        return t.format(template, who=words.who(t, self.who, opponent), n=self.amount)

    def describe(self) -> str:
        return f"{self.who} lose {words.plural(self.amount, 'coin')}"

    def uses(self) -> Iterator[Use]:
        yield Use(CITY, self.who, "lose_coins.who")

    def statements(self, out: ClassWriter) -> list[str]:
        if self.who != "neighbours":
            raise out.fail(f"lose_coins for {out.shown(self.who)} is not supported yet")
        return ["for other in game.neighbours(player):",
                f"    game.lose_coins(other, {out.whole(self.amount)})"]
