"""`destroy_wonder`: remove a Wonder the opponent built (Agora's Sabotage; mechanic
`conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class DestroyWonder(Effect):
    VERB = "destroy_wonder"
    TIMING = ON_BUILD
    SUMMARY = ("Choose a Wonder your opponent has built: it leaves the game with its VP and "
               "ongoing effects, the card under it goes to the discard pile.")
    EXAMPLE = "destroy_wonder"

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Remove a Wonder your opponent has built from the game; the card under "
                         "it goes to the discard pile")

    def describe(self) -> str:
        return "remove a built Wonder of the opponent"

    def statements(self, out: ClassWriter) -> list[str]:
        return ["game.destroy_wonder(player)"]
