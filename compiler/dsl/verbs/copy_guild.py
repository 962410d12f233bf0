"""`copy_guild`: at the end of the game, score a neighbour's guild as your own (7 Wonders'
Olympia B)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import CITY, ClassWriter, Effect, Translator, Use, verb
from wondersmith.dsl.terms import END_GAME, enum_schema


@verb
@dataclass(frozen=True)
class CopyGuild(Effect):
    source: str
    VERB = "copy_guild"
    TIMING = END_GAME
    SUMMARY = ("When the game is scored, one guild of the left or right neighbour counts as "
               "built in your city, chosen to score the most (7 Wonders).")
    EXAMPLE = "copy_guild: {from: neighbours}"
    VALUE_SCHEMA = {
        "type": "object",
        "required": ["from"],
        "additionalProperties": False,
        "description": "Whose guilds may be copied",
        "properties": {"from": enum_schema(("neighbours",),
                                           "`neighbours`: the left or the right city")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["from"])

    def value(self) -> Any:
        return {"from": self.source}

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("At the end of the game, copy a guild of one of your neighbours")

    def describe(self) -> str:
        return "copy a neighbour's guild at the end of the game"

    def uses(self) -> Iterator[Use]:
        yield Use(CITY, self.source, f"{self.VERB}.from")

    def compile(self, out: ClassWriter) -> None:
        out.set("copy_guild", self.source)
