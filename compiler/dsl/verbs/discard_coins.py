"""`discard_coins`: every card you discard gives so many coins more (Agora's decree)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl import words
from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ONGOING, count_schema


@verb
@dataclass(frozen=True)
class DiscardCoins(Effect):
    amount: int
    VERB = "discard_coins"
    TIMING = ONGOING
    SUMMARY = ("Each card you discard for coins gives this many coins more than the rules' "
               "discard gain.")
    EXAMPLE = "discard_coins: 2"
    VALUE_SCHEMA = count_schema(1, "Coins added to each discard's gain")
    COLLECTS = ("discard_extra",)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.amount

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Each card you discard gives {coins} more"),
                        coins=words.coins(t, self.amount))

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("coin", words.coins(t, self.amount), self.amount, "value")]

    def describe(self) -> str:
        return f"{words.plural(self.amount, 'coin')} more per discard"

    def compile(self, out: ClassWriter) -> None:
        out.total("discard_extra", self.amount)  # card_structure adds it to the discard gain
