"""`science`: a scientific symbol in the city."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import SYMBOL, ClassWriter, Effect, Icon, Translator, Use, verb
from wondersmith.dsl.terms import ONGOING, SCIENCE_SYMBOLS, enum_schema


@verb
@dataclass(frozen=True)
class Science(Effect):
    symbol: str
    VERB = "science"
    TIMING = ONGOING
    SUMMARY = "A scientific symbol in the city."
    EXAMPLE = "science: wheel"
    VALUE_SCHEMA = enum_schema(SCIENCE_SYMBOLS, "The symbol")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.symbol

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("Science symbol: {symbol}"),
                        symbol=words.science_name(t, self.symbol))

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("sci_" + self.symbol, words.science_name(t, self.symbol))]

    def describe(self) -> str:
        return f"science: {self.symbol}"

    def uses(self) -> Iterator[Use]:
        yield Use(SYMBOL, self.symbol, "science")

    def card_symbols(self) -> tuple[str, ...]:
        return (self.symbol,)

    def compile(self, out: ClassWriter) -> None:
        if out.has("science"):
            raise out.fail("a card carries one science symbol")
        out.set("science", self.symbol)
