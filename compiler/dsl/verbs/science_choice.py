"""`science_choice`: one scientific symbol of several, chosen when the game is scored."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import SYMBOL, ClassWriter, Effect, Icon, Translator, Use, verb
from wondersmith.dsl.terms import ONGOING, SCIENCE_SYMBOLS, enum_schema


@verb
@dataclass(frozen=True)
class ScienceChoice(Effect):
    symbols: tuple[str, ...]
    VERB = "science_choice"
    TIMING = ONGOING
    SUMMARY = "One scientific symbol of these, chosen when the game is scored (7 Wonders)."
    EXAMPLE = "science_choice: [compass, gear, tablet]"
    VALUE_SCHEMA = {
        "type": "array",
        "minItems": 2,
        "uniqueItems": True,
        "items": enum_schema(SCIENCE_SYMBOLS, "A symbol"),
        "description": "The symbols to choose from",
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(value))

    def value(self) -> Any:
        return list(self.symbols)

    def phrase(self, t: Translator, opponent: bool) -> str:
        symbols = t.join([words.science_name(t, s) for s in self.symbols], style="or")
        return t.format(t.gettext("One science symbol of your choice: {symbols}"),
                        symbols=symbols)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("sci_" + s, words.science_name(t, s)) for s in self.symbols]

    def describe(self) -> str:
        return "science: one of " + " / ".join(self.symbols)

    def uses(self) -> Iterator[Use]:
        return (Use(SYMBOL, s, f"science_choice.{i}") for i, s in enumerate(self.symbols))

    def compile(self, out: ClassWriter) -> None:
        if out.has("science_choice"):  # the runtime holds one wildcard a card
            raise out.fail(f"a card has one '{self.VERB}' at most")
        out.set("science_choice", self.symbols)
