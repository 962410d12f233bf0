"""`shield_bonus`: buildings of some colours built from now on give extra shields."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl import words
from wondersmith.dsl.effect import COLOUR, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import ONGOING, colors_schema, count_schema


@verb
@dataclass(frozen=True)
class ShieldBonus(Effect):
    amount: int
    colors: tuple[str, ...]
    VERB = "shield_bonus"
    TIMING = ONGOING
    SUMMARY = "Buildings of these colours built from now on give extra shields."
    EXAMPLE = "shield_bonus: {amount: 1, colors: [red]}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Extra shields on later buildings.",
        "required": ["amount", "colors"],
        "additionalProperties": False,
        "properties": {
            "amount": count_schema(1, "Extra shields per building"),
            "colors": colors_schema("Colours of the buildings that get them"),
        },
    }
    COLLECTS = ("shield_bonus",)

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["amount"], tuple(value["colors"]))

    def value(self) -> Any:
        return {"amount": self.amount, "colors": list(self.colors)}

    def phrase(self, t: Translator, opponent: bool) -> str:
        template = t.ngettext(
            "Each {color} card you build from now on gives {n} more shield",
            "Each {color} card you build from now on gives {n} more shields", self.amount)
        return t.format(template, color=words.colors_or(t, self.colors), n=self.amount)

    def describe(self) -> str:
        return (f"+{words.plural(self.amount, 'shield')} on {' / '.join(self.colors)} "
                "buildings")

    def uses(self) -> Iterator[Use]:
        return (Use(COLOUR, c, f"shield_bonus.colors.{i}") for i, c in enumerate(self.colors))

    def compile(self, out: ClassWriter) -> None:
        out.collect("shield_bonus", *((c, self.amount) for c in self.colors))
