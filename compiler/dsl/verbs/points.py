"""`points`: victory points when the game is scored, a fixed or counted amount."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl import words
from wondersmith.dsl.amount import CountedEffect
from wondersmith.dsl.effect import ClassWriter, Icon, Translator, verb
from wondersmith.dsl.terms import END_GAME


@verb
@dataclass(frozen=True)
class Points(CountedEffect):
    VERB = "points"
    TIMING = END_GAME
    SUMMARY = "Victory points when the game is scored."
    EXAMPLE = "points: {amount: 1, per: cards, colors: [yellow], in: most}"
    COLLECTS = ("points",)

    def phrase(self, t: Translator, opponent: bool) -> str:
        amount = self.amount
        if amount.count is None:
            return words.points(t, amount.value)
        return t.format(t.gettext("{amount} at the end of the game"),
                        amount=amount.phrase(t, words.points(t, amount.value), opponent))

    def icons(self, t: Translator) -> list[Icon]:
        fixed = self.amount.count is None  # a counted amount has no single number to show
        return [Icon("points", words.points(t, self.amount.value),
                     self.amount.value if fixed else None, "value")]

    def compile(self, out: ClassWriter) -> None:
        if self.amount.count is None:
            out.total("points", self.amount.value)  # fixed points: one class attribute
        else:
            out.end_points(self.amount.code(out))
