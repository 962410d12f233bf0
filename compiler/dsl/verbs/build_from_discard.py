"""`build_from_discard`: build a card of the discard pile for free."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class BuildFromDiscard(Effect):
    VERB = "build_from_discard"
    TIMING = ON_BUILD
    SUMMARY = "Choose a card of the discard pile and build it for free."
    EXAMPLE = "build_from_discard"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Build a card of your choice from the discard pile, for free")

    def describe(self) -> str:
        return "build a discarded card for free"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.build_from_discard(player)"]
