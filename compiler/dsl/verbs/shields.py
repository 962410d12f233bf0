"""`shields`: military shields that move the conflict pawn."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, count_schema


@verb
@dataclass(frozen=True)
class Shields(Effect):
    amount: int
    VERB = "shields"
    TIMING = ON_BUILD
    SUMMARY = "Military shields: the conflict pawn moves this many spaces towards the opponent."
    EXAMPLE = "shields: 2"
    VALUE_SCHEMA = count_schema(1, "Shields")
    COLLECTS = ("shields",)
    UNDOABLE = True  # a Decree's shields: the pawn moves back when it is lost (senate)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.amount

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.ngettext("{n} shield", "{n} shields", self.amount), n=self.amount)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("shield", self.phrase(t, True), self.amount, "value")]

    def describe(self) -> str:
        return f"shields: {self.amount}"

    def compile(self, out: ClassWriter) -> None:
        out.total("shields", self.amount)  # the engine moves the pawn by the card's total
