"""`on_draft`: a Wonder's effects when a player takes it in the draft (7 Wonders Duel: Agora's
Knossos and Curia Julia)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, parse_effect, verb
from wondersmith.dsl.terms import TRIGGERED


@verb
@dataclass(frozen=True)
class OnDraft(Effect):
    effects: tuple[Effect, ...]
    VERB = "on_draft"
    TIMING = TRIGGERED
    SUMMARY = ("When a player takes this Wonder in the draft, apply these on-build effects "
               "(a Wonder's only: a card or token is never drafted).")
    EXAMPLE = "on_draft: [place_influence: {section: any}]"
    VALUE_SCHEMA = {
        "type": "array",
        "description": "On-build effects applied when the Wonder is drafted.",
        "minItems": 1,
        "items": {"$ref": "#/$defs/effect"},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(parse_effect(e) for e in value))

    def value(self) -> Any:
        return [e.data() for e in self.effects]

    def children(self) -> Iterator[tuple[str, Effect]]:
        return ((f"on_draft.{i}", e) for i, e in enumerate(self.effects))

    def phrase(self, t: Translator, opponent: bool) -> str:
        inner = t.join([e.phrase(t, opponent) for e in self.effects])
        return t.format(t.gettext("When you take this Wonder in the draft: {effects}"),
                        effects=inner)

    def describe(self) -> str:
        return "when drafted: " + "; ".join(e.describe() for e in self.effects)

    def compile(self, out: ClassWriter) -> None:
        for inner in self.effects:
            out.on_draft(inner.statements(out))
