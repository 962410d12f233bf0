"""`move_decree`: move a chamber's original Decree under another chamber's (Agora's Insider
Influence, ruling 19; mechanic `senate`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class MoveDecree(Effect):
    VERB = "move_decree"
    TIMING = ON_BUILD
    SUMMARY = ("Choose a chamber's original Decree and move it under another chamber's "
               "Decree; moved into a chamber someone controls, it is revealed and benefits "
               "them at once.")
    EXAMPLE = "move_decree"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Move a Decree of the Senate under the Decree of another chamber")

    def describe(self) -> str:
        return "move a decree to another chamber"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.move_decree(player)"]
