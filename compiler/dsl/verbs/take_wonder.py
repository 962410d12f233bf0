"""`take_wonder`: take a Wonder the opponent has not built (Agora's Extortion; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class TakeWonder(Effect):
    VERB = "take_wonder"
    TIMING = ON_BUILD
    SUMMARY = ("Take a Wonder your opponent has not built yet and add it to your own.")
    EXAMPLE = "take_wonder"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Take a Wonder your opponent has not built and add it to yours")

    def describe(self) -> str:
        return "take an unbuilt Wonder of the opponent"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.take_wonder(player)"]
