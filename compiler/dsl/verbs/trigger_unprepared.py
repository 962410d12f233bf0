"""`trigger_unprepared`: trigger a conspiracy that is not prepared (Agora's Curia Julia; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class TriggerUnprepared(Effect):
    VERB = "trigger_unprepared"
    TIMING = ON_BUILD
    SUMMARY = ("You may trigger one of your conspiracies that is not prepared; skipped when none"
               " would change anything.")
    EXAMPLE = "trigger_unprepared"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("You may trigger one of your conspiracies that is not prepared")

    def describe(self) -> str:
        return "trigger an unprepared conspiracy"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.trigger_unprepared(player)"]
