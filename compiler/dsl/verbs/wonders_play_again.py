"""`wonders_play_again`: every Wonder built from now on gives another turn."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ONGOING


@verb
@dataclass(frozen=True)
class WondersPlayAgain(Effect):
    VERB = "wonders_play_again"
    TIMING = ONGOING
    SUMMARY = ("Every Wonder built from now on gives another turn; a Wonder that already "
               "does gives one, not two.")
    EXAMPLE = "wonders_play_again"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Every Wonder you build from now on gives you another turn")

    def describe(self) -> str:
        return "every Wonder gives another turn"

    def compile(self, out: ClassWriter) -> None:
        out.set("wonders_play_again", True)
