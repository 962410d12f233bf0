"""`play_again`: take another turn right after this one."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class PlayAgain(Effect):
    VERB = "play_again"
    TIMING = ON_BUILD
    SUMMARY = "Take another turn right after this one."
    EXAMPLE = "play_again"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Play a second turn right away")

    def describe(self) -> str:
        return "play again"

    def compile(self, out: ClassWriter) -> None:
        out.set("play_again", True)  # the engine's turn order reads it

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.play_again(player)"]  # triggered (`whenever`): the turn being played
