"""`free_senators`: senators cost you nothing from now on (7 Wonders Duel: Agora's progress
token Corruption; mechanic `senate`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ONGOING


@verb
@dataclass(frozen=True)
class FreeSenators(Effect):
    VERB = "free_senators"
    MECHANIC = "senate"
    TIMING = ONGOING
    SUMMARY = ("From now on you recruit senators for free (game.yaml's `senate.senators`: "
               "their cost in coins is 0).")
    EXAMPLE = "free_senators"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("From now on you recruit every senator for free")

    def describe(self) -> str:
        return "senators are free"

    def compile(self, out: ClassWriter) -> None:
        out.set("free_senators", True)
