"""`keep_all_conspiracies`: a conspire keeps every conspiracy drawn (Agora's Organized Crime;
mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ONGOING


@verb
@dataclass(frozen=True)
class KeepAllConspiracies(Effect):
    VERB = "keep_all_conspiracies"
    TIMING = ONGOING
    SUMMARY = ("From now on, when you conspire, keep every conspiracy drawn: none goes back "
               "to the deck.")
    EXAMPLE = "keep_all_conspiracies"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("When you conspire, keep both conspiracies drawn")

    def describe(self) -> str:
        return "keep every conspiracy drawn"

    def compile(self, out: ClassWriter) -> None:
        out.set("keep_all_conspiracies", True)  # the mechanic conspiracies reads it
