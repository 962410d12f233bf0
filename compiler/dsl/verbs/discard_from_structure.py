"""`discard_from_structure`: put reachable cards of the structure in the discard pile (Agora's
Turn of Events; mechanic `conspiracies`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, count_schema


@verb
@dataclass(frozen=True)
class DiscardFromStructure(Effect):
    cards: int
    VERB = "discard_from_structure"
    TIMING = ON_BUILD
    SUMMARY = ("Put a reachable card of the structure in the discard pile, for no coins; then, "
               "as you choose, up to `cards` in all. Cards it uncovers turn face up at once.")
    EXAMPLE = "discard_from_structure: {cards: 2}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "How many cards, at most",
        "required": ["cards"],
        "additionalProperties": False,
        "properties": {"cards": count_schema(1, "The most cards put in the discard pile")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["cards"])

    def value(self) -> Any:
        return {"cards": self.cards}

    def phrase(self, t: Translator, opponent: bool) -> str:
        template = t.ngettext("Put a card of the structure that no card covers in the discard "
                              "pile", "Put a card of the structure that no card covers in the "
                              "discard pile, and up to {n} if you wish", self.cards)
        return t.format(template, n=self.cards)

    def describe(self) -> str:
        return f"discard up to {self.cards} cards of the structure"

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.discard_from_structure(player, {out.whole(self.cards)})"]
