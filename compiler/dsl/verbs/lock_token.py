"""`lock_token`: lock a progress token away for the game (Agora's Obscurantism; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class LockToken(Effect):
    VERB = "lock_token"
    TIMING = ON_BUILD
    SUMMARY = ("Choose a progress token on the board, in your opponent's city or in the box: no "
               "one can use it for the rest of the game.")
    EXAMPLE = "lock_token"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Choose a progress token on the board, your opponent's or in the box: "
                         "no one can use it for the rest of the game")

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("progress token"))]

    def describe(self) -> str:
        return "lock a progress token away"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.lock_token(player)"]
