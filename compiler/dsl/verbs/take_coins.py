"""`take_coins`: take a share of the opponent's coins (Agora's Blackmail; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, enum_schema

SHARES = {"half": 2}  # the share, and what the coins are divided by (rounded up)
WRITTEN = {divisor: share for share, divisor in SHARES.items()}


@verb
@dataclass(frozen=True)
class TakeCoins(Effect):
    divisor: int  # the coins divided by this, rounded up
    VERB = "take_coins"
    TIMING = ON_BUILD
    SUMMARY = "Take a share of your opponent's coins, rounded up (`half`)."
    EXAMPLE = "take_coins: half"
    VALUE_SCHEMA = enum_schema(tuple(SHARES), "The share of the opponent's coins, rounded up")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(SHARES[value])

    def value(self) -> Any:
        return WRITTEN[self.divisor]

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Take half of your opponent's coins, rounded up")

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("coin", t.gettext("coins"))]

    def describe(self) -> str:
        return f"take {self.value()} of the opponent's coins"

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.take_coins(player, {out.whole(self.divisor)})"]
