"""`whenever`: on-build effects applied each time an event happens from now on."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, parse_effect, verb
from wondersmith.dsl.terms import EVENT_DOCS, EVENTS, TRIGGERED, enum_schema


@verb
@dataclass(frozen=True)
class Whenever(Effect):
    event: str
    effects: tuple[Effect, ...]
    VERB = "whenever"
    TIMING = TRIGGERED
    SUMMARY = "Each time the event happens from now on, apply these on-build effects."
    EXAMPLE = "whenever: {event: chain_build, effects: [coins: 4]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "A trigger.",
        "required": ["event", "effects"],
        "additionalProperties": False,
        "properties": {
            "event": enum_schema(EVENTS, "The event: " + "; ".join(
                f"{k}: {v}" for k, v in EVENT_DOCS.items())),
            "effects": {
                "type": "array",
                "minItems": 1,
                "items": {"$ref": "#/$defs/effect"},
                "description": "On-build effects applied each time",
            },
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["event"], tuple(parse_effect(e) for e in value["effects"]))

    def value(self) -> Any:
        return {"event": self.event, "effects": [e.data() for e in self.effects]}

    def children(self) -> Iterator[tuple[str, Effect]]:
        return ((f"whenever.effects.{i}", e) for i, e in enumerate(self.effects))

    def phrase(self, t: Translator, opponent: bool) -> str:
        inner = t.join([e.phrase(t, opponent) for e in self.effects])
        if self.event == "drafted":
            return t.format(t.gettext("When you draft this Wonder: {effects}"), effects=inner)
        return t.format(
            t.gettext("Each time you build a card for free through its chain symbol: {effects}"),
            effects=inner)

    def describe(self) -> str:
        inner = "; ".join(e.describe() for e in self.effects)
        return f"whenever {self.event.replace('_', ' ')}: {inner}"

    def compile(self, out: ClassWriter) -> None:
        for inner in self.effects:
            if self.event == "drafted":  # once, as the Wonder is drafted (wonder_draft)
                out.on_draft(inner.statements(out))
            else:
                out.on_chain_build(inner.statements(out))
