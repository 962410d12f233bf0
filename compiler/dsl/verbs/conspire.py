"""`conspire`: draw conspiracies, keep one (7 Wonders Duel: Agora; mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class Conspire(Effect):
    VERB = "conspire"
    TIMING = ON_BUILD
    SUMMARY = ("Draw conspiracies (game.yaml's `conspiracies.draw`), keep one face down and put "
               "the others back on the top or the bottom of the deck, as you choose.")
    EXAMPLE = "conspire"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Conspire: draw conspiracies, keep one and put the other on the top or "
                         "the bottom of the deck")

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("Conspire"))]

    def describe(self) -> str:
        return "conspire"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.conspire(player)"]
