"""`lose_coins`: other players pay coins to the bank, a fixed number or so much for each unit
of something each of them has (Agora's Embezzlement: 1 per influence cube)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.amount import AMOUNT_SCHEMA, Amount, describe_amount
from wondersmith.dsl.effect import CITY, COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, city_schema


@verb
@dataclass(frozen=True)
class LoseCoins(Effect):
    amount: Amount
    who: str = "neighbours"
    VERB = "lose_coins"
    TIMING = ON_BUILD
    SUMMARY = ("Other players pay coins to the bank, down to 0: a number, or so much for each "
               "unit of something counted in each loser's own city (`in` is not used).")
    EXAMPLE = "lose_coins: {amount: 3}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Coins that others lose.",
        "required": ["amount"],
        "additionalProperties": False,
        "properties": {
            "amount": {**AMOUNT_SCHEMA, "description": "Coins each of them loses: a number, or "
                       "counted in their own city (`{per: cubes}`: 1 per influence cube)"},
            "who": city_schema("neighbours", "Who loses them"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(Amount.parse(value["amount"]), value.get("who", "neighbours"))

    def value(self) -> Any:
        out: dict[str, Any] = {"amount": self.amount.data()}
        if self.who != "neighbours":
            out["who"] = self.who
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        amount, who = self.amount, words.who(t, self.who, opponent)
        if amount.count is None:
            template = t.ngettext("{who} loses {n} coin", "{who} loses {n} coins", amount.value)
            return t.format(template, who=who, n=amount.value)
        return t.format(t.gettext("{who} loses {amount} for each {unit} they have"), who=who,
                        amount=words.coins(t, amount.value),
                        unit=words.unit(t, amount.count, opponent))

    def describe(self) -> str:
        if self.amount.count is None:
            return f"{self.who} lose {words.plural(self.amount.value, 'coin')}"
        return f"{self.who} lose coins, {describe_amount(self.amount.data())}"

    def uses(self) -> Iterator[Use]:
        yield Use(CITY, self.who, "lose_coins.who")
        if self.amount.count is not None:
            for i, c in enumerate(self.amount.count.colors):
                yield Use(COLOUR, c, f"lose_coins.amount.colors.{i}")

    def statements(self, out: ClassWriter) -> list[str]:
        if self.who != "neighbours":
            raise out.fail(f"lose_coins for {out.shown(self.who)} is not supported yet")
        if self.amount.count is not None and self.amount.count.city != "self":
            raise out.fail("lose_coins counts in each loser's own city: leave `in` out")
        return ["for other in game.neighbours(player):",
                f"    game.lose_coins(other, {self.amount.code(out, player='other')})"]
