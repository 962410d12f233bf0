"""`neighbour_chains`: your neighbours' chain symbols make your buildings free as your own
do (Agora's decree: your opponent's chains)."""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ONGOING


@verb
@dataclass(frozen=True)
class NeighbourChains(Effect):
    VERB = "neighbour_chains"
    TIMING = ONGOING
    SUMMARY = ("The chain symbols of your neighbours' buildings (7 Wonders Duel: your "
               "opponent's) let you build for free as if they were in your city.")
    EXAMPLE = "neighbour_chains"

    def phrase(self, t: Translator, opponent: bool) -> str:
        if opponent:
            return t.gettext("You build for free through the chain symbols of your "
                             "opponent's buildings as through your own")
        return t.gettext("You build for free through the chain symbols of your neighbours' "
                         "buildings as through your own")

    def describe(self) -> str:
        return "chains from the neighbours' cities"

    def compile(self, out: ClassWriter) -> None:
        out.set("neighbour_chains", True)  # the engine adds their chain symbols to yours
