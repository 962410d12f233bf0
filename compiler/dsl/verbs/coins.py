"""`coins`: take coins from the bank, a fixed or counted amount."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl import words
from wondersmith.dsl.amount import CountedEffect
from wondersmith.dsl.effect import ClassWriter, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class Coins(CountedEffect):
    VERB = "coins"
    TIMING = ON_BUILD
    SUMMARY = "Take coins from the bank."
    EXAMPLE = "coins: {amount: 2, per: wonders}"

    def phrase(self, t: Translator, opponent: bool) -> str:
        amount = self.amount
        if amount.count is None:
            return t.format(t.ngettext("Take {n} coin from the bank",
                                       "Take {n} coins from the bank", amount.value),
                            n=amount.value)
        if amount.count.per == "age" and amount.value == 1 and amount.count.every == 1:
            return t.gettext("Take as many coins as the number of the current Age")
        return t.format(t.gettext("Take {amount}, once"),
                        amount=amount.phrase(t, words.coins(t, amount.value), opponent))

    def icons(self, t: Translator) -> list[Icon]:
        fixed = self.amount.count is None  # a counted amount has no single number to show
        return [Icon("coin", words.coins(t, self.amount.value),
                     self.amount.value if fixed else None, "value")]

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.gain_coins(player, {self.amount.code(out)})"]
