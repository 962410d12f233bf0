"""`play_seventh_card`: the last card of the hand may be played at the end of each Age."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ONGOING


@verb
@dataclass(frozen=True)
class PlaySeventhCard(Effect):
    VERB = "play_seventh_card"
    TIMING = ONGOING
    SUMMARY = "At the end of each Age you may play the last card of your hand (7 Wonders)."
    EXAMPLE = "play_seventh_card"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("At the end of each Age you may play the last card of your hand")

    def describe(self) -> str:
        return "play the seventh card"

    def compile(self, out: ClassWriter) -> None:
        out.set("play_seventh_card", True)
