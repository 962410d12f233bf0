"""`whenever`: on-build effects applied each time an event happens from now on."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import (CARD, COLOUR, ClassWriter, Effect, Translator, Use,
                                    parse_effect, verb)
from wondersmith.dsl.terms import (BUILDERS, EVENT_DOCS, EVENTS, ID_PATTERN, TRIGGERED,
                                   colors_schema, enum_schema)

CHAIN_BUILD, BUILD, WONDER = EVENTS


@verb
@dataclass(frozen=True)
class Whenever(Effect):
    event: str
    effects: tuple[Effect, ...]
    by: str = "self"  # whose builds count: the owner's, or with "anyone" every player's
    colors: tuple[str, ...] = ()  # event build: only buildings of these colours
    cards: tuple[str, ...] = ()  # event build: only these buildings
    VERB = "whenever"
    TIMING = TRIGGERED
    SUMMARY = ("Each time the event happens from now on, apply these on-build effects (for "
               "the owner, whoever built).")
    EXAMPLE = ("whenever: {event: build, by: anyone, colors: [blue], cards: [altar], "
               "effects: [coins: 1]}")
    VALUE_SCHEMA = {
        "type": "object",
        "description": "A trigger.",
        "required": ["event", "effects"],
        "additionalProperties": False,
        "properties": {
            "event": enum_schema(EVENTS, "The event: " + "; ".join(
                f"{k}: {v}" for k, v in EVENT_DOCS.items())),
            "by": {**enum_schema(BUILDERS, "Whose builds count (build, wonder): yours, or "
                                 "anyone's"), "default": "self"},
            "colors": colors_schema("build: only buildings of these colours"),
            "cards": {"type": "array", "minItems": 1, "uniqueItems": True,
                      "items": {"type": "string", "pattern": ID_PATTERN, "maxLength": 64,
                                "description": "A building's id"},
                      "description": "build: only these buildings"},
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
        return cls(value["event"], tuple(parse_effect(e) for e in value["effects"]),
                   value.get("by", "self"), tuple(value.get("colors", ())),
                   tuple(value.get("cards", ())))

    def value(self) -> Any:
        out: dict[str, Any] = {"event": self.event}
        if self.by != "self":
            out["by"] = self.by
        if self.colors:
            out["colors"] = list(self.colors)
        if self.cards:
            out["cards"] = list(self.cards)
        out["effects"] = [e.data() for e in self.effects]
        return out

    def children(self) -> Iterator[tuple[str, Effect]]:
        return ((f"whenever.effects.{i}", e) for i, e in enumerate(self.effects))

    def phrase(self, t: Translator, opponent: bool) -> str:
        inner = t.join([e.phrase(t, opponent) for e in self.effects])
        if self.event == CHAIN_BUILD:
            return t.format(t.gettext(
                "Each time you build a card for free through its chain symbol: {effects}"),
                effects=inner)
        anyone = self.by == "anyone"
        if self.event == WONDER:
            what = t.gettext("a Wonder")
        elif self.cards:  # ids are no words: the sheets name the cards, not this phrase
            what = t.format(t.ngettext("the {n} building it names", "one of the {n} buildings it "
                                       "names", len(self.cards)), n=len(self.cards))
        elif self.colors:
            what = t.format(t.gettext("a {color} card"), color=words.colors_or(t, self.colors))
        else:
            what = t.gettext("a building")
        template = (t.gettext("Each time any player builds {what}: {effects}") if anyone
                    else t.gettext("Each time you build {what}: {effects}"))
        return t.format(template, what=what, effects=inner)

    def describe(self) -> str:
        inner = "; ".join(e.describe() for e in self.effects)
        what = self.event.replace("_", " ")
        if self.colors:
            what += " " + " or ".join(self.colors)
        if self.cards:
            what += " of " + " or ".join(self.cards)
        if self.by != "self":
            what += f" by {self.by}"
        return f"whenever {what}: {inner}"

    def uses(self) -> Iterator[Use]:
        yield from (Use(COLOUR, c, f"whenever.colors.{i}") for i, c in enumerate(self.colors))
        yield from (Use(CARD, c, f"whenever.cards.{i}") for i, c in enumerate(self.cards))

    def compile(self, out: ClassWriter) -> None:
        if self.event == CHAIN_BUILD:
            if self.by != "self" or self.colors or self.cards:
                raise out.fail("`by`, `colors` and `cards` narrow the events build and "
                               "wonder, not chain_build")
            for inner in self.effects:
                out.on_chain_build(inner.statements(out))
            return
        if self.event == WONDER and (self.colors or self.cards):
            raise out.fail("`colors` and `cards` narrow the event build, not wonder")
        lines = [line for inner in self.effects for line in inner.statements(out)]
        out.on_event((self.event, self.by == "anyone", self.colors, self.cards), lines)
