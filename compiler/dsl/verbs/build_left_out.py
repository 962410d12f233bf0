"""`build_left_out`: build a card left out of the Ages so far (Agora's Treason; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class BuildLeftOut(Effect):
    VERB = "build_left_out"
    TIMING = ON_BUILD
    SUMMARY = ("Build for free one of the cards left out of the Ages played so far (set-up's "
               "removed cards).")
    EXAMPLE = "build_left_out"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Build for free one of the cards removed from the Ages played so far")

    def describe(self) -> str:
        return "build a card left out of the Ages for free"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.build_left_out(player)"]
