"""`remove_influence`: remove the opponent's influence cubes from the Senate (mechanic
`senate`; 7 Wonders Duel: Agora's large military tokens)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, count_schema


@verb
@dataclass(frozen=True)
class RemoveInfluence(Effect):
    cubes: int = 1
    VERB = "remove_influence"
    MECHANIC = "senate"
    TIMING = ON_BUILD
    SUMMARY = ("Remove the opponent's influence cubes from the Senate, one at a time, each "
               "from a chamber of your choice, back to their supply; skipped when they have "
               "none there.")
    EXAMPLE = "remove_influence: 1"
    VALUE_SCHEMA = count_schema(1, "Cubes of the opponent's removed")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.cubes

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.ngettext("Remove {n} of your opponent's influence cubes from the "
                                   "Senate",
                                   "Remove {n} of your opponent's influence cubes from the "
                                   "Senate", self.cubes), n=self.cubes)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("Influence cube"), self.cubes)]

    def describe(self) -> str:
        return f"remove {self.cubes} of the opponent's influence cubes"

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.remove_influence(player, {out.whole(self.cubes)})"]
