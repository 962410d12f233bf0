"""`build_from_discard`: build a card of the discard pile for free, at once or at the end of
the turn (7 Wonders' Halikarnassos, after that turn's discards)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, enum_schema

AT_ONCE, END_OF_TURN = "at_once", "end_of_turn"


@verb
@dataclass(frozen=True)
class BuildFromDiscard(Effect):
    when: str = AT_ONCE
    VERB = "build_from_discard"
    TIMING = ON_BUILD
    SUMMARY = ("Choose a card of the discard pile and build it for free: at once (the bare "
               "verb), or `when: end_of_turn`, after the turn's discards (7 Wonders).")
    EXAMPLE = "build_from_discard: {when: end_of_turn}"
    ALSO_BARE = True  # the bare verb is `when: at_once`
    VALUE_SCHEMA = {
        "type": "object",
        "required": ["when"],
        "additionalProperties": False,
        "description": "When the card is built (bare: at once)",
        "properties": {"when": enum_schema((AT_ONCE, END_OF_TURN), "`at_once` (the bare verb "
                                           "means this) or `end_of_turn`: after every "
                                           "player's move and the turn's discards")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["when"]) if value else cls()

    def value(self) -> Any:
        """None for the bare verb (at once), as it is written."""
        return None if self.when == AT_ONCE else {"when": self.when}

    def data(self) -> Any:
        return self.VERB if self.when == AT_ONCE else {self.VERB: self.value()}

    def phrase(self, t: Translator, opponent: bool) -> str:
        if self.when == END_OF_TURN:
            return t.gettext("At the end of the turn, build a card of your choice from the "
                             "discard pile, for free")
        return t.gettext("Build a card of your choice from the discard pile, for free")

    def describe(self) -> str:
        later = " at the end of the turn" if self.when == END_OF_TURN else ""
        return "build a discarded card for free" + later

    def statements(self, out: ClassWriter) -> list[str]:
        if self.when == END_OF_TURN:  # the engine defers it to the end of the turn
            return [f"game.build_from_discard(player, when={out.flat(self.when)})"]
        return ["game.build_from_discard(player)"]  # at once
