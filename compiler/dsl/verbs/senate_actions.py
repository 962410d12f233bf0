"""`senate_actions`: more buildings counted when your Senate actions are counted (Agora's
decree; mechanic `senate`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl import words
from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ONGOING, count_schema


@verb
@dataclass(frozen=True)
class SenateActions(Effect):
    more_cards: int
    VERB = "senate_actions"
    TIMING = ONGOING
    SUMMARY = ("When your Senate actions are counted (game.yaml's `senate.actions`), count "
               "this many buildings of its colour more than your city has; the table's last "
               "step still caps them.")
    EXAMPLE = "senate_actions: {more_cards: 2}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Buildings added to the count of Senate actions.",
        "required": ["more_cards"],
        "additionalProperties": False,
        "properties": {
            "more_cards": count_schema(1, "Buildings of senate.actions.color counted more"),
        },
    }
    COLLECTS = ("senate_cards",)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["more_cards"])

    def value(self) -> Any:
        return {"more_cards": self.more_cards}

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.ngettext(
            "When your Senate actions are counted, count {n} card more of their colour",
            "When your Senate actions are counted, count {n} cards more of their colour",
            self.more_cards), n=self.more_cards)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("Your Senate actions"), self.more_cards)]

    def describe(self) -> str:
        return f"{words.plural(self.more_cards, 'card')} more counted for Senate actions"

    def compile(self, out: ClassWriter) -> None:
        out.total("senate_cards", self.more_cards)  # the senate mechanic counts it
