"""`one_of`: the player chooses one of several effects (7 Wonders Duel: Agora's Conspirators:
place a cube or conspire)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, parse_effect, verb
from wondersmith.dsl.terms import ON_BUILD


@verb
@dataclass(frozen=True)
class OneOf(Effect):
    effects: tuple[Effect, ...]
    VERB = "one_of"
    TIMING = ON_BUILD
    SUMMARY = ("Choose one of these on-build effects when the card is built; the chosen "
               "one happens, the others do not.")
    EXAMPLE = "one_of: [coins: 3, {place_influence: {section: any}}]"
    VALUE_SCHEMA = {
        "type": "array",
        "description": "The effects to choose from (on-build effects).",
        "minItems": 2,
        "maxItems": 8,
        "items": {"$ref": "#/$defs/effect"},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(tuple(parse_effect(e) for e in value))

    def value(self) -> Any:
        return [e.data() for e in self.effects]

    def children(self) -> Iterator[tuple[str, Effect]]:
        return ((f"one_of.{i}", e) for i, e in enumerate(self.effects))

    def phrase(self, t: Translator, opponent: bool) -> str:
        options = [e.phrase(t, opponent) for e in self.effects]
        return t.format(t.gettext("Choose one: {effects}"),
                        effects=t.join(options, style="or"))

    def describe(self) -> str:
        return "one of: " + " / ".join(e.describe() for e in self.effects)

    def statements(self, out: ClassWriter) -> list[str]:
        j = out.choice([(e.describe(), e.statements(out)) for e in self.effects])
        return [f"game.one_of(player, self.id, {out.whole(j)})"]
