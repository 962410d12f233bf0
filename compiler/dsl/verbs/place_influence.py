"""`place_influence`: place influence cubes in the Senate (mechanic `senate`; 7 Wonders Duel:
Agora's Conspirators and small military tokens)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import SECTION, ClassWriter, Effect, Icon, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, count_schema
from wondersmith.dsl.words import senate_section

ANY = "any"  # every chamber of the Senate


@verb
@dataclass(frozen=True)
class PlaceInfluence(Effect):
    section: str
    cubes: int = 1
    optional: bool = False
    VERB = "place_influence"
    MECHANIC = "senate"
    TIMING = ON_BUILD
    SUMMARY = ("Place influence cubes from your supply, one at a time, each in a chamber of "
               "the section (`any`: every chamber); skipped when your supply is empty.")
    EXAMPLE = "place_influence: {section: any}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Where cubes are placed, and how many.",
        "required": ["section"],
        "additionalProperties": False,
        "properties": {
            "section": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 40,
                        "description": "A section of game.yaml's `senate.chambers`, or "
                                       "`any`: every chamber"},
            "cubes": {**count_schema(1, "Cubes placed"), "default": 1},
            "optional": {"type": "boolean", "default": False,
                         "description": "The player may stop before placing them all"},
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["section"], value.get("cubes", 1), value.get("optional", False))

    def value(self) -> Any:
        out: dict[str, Any] = {"section": self.section}
        if self.cubes != 1:
            out["cubes"] = self.cubes
        if self.optional:
            out["optional"] = True
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        where = (t.gettext("a chamber of your choice") if self.section == ANY else
                 t.format(t.gettext("a chamber of the {section} section"),
                          section=senate_section(t, self.section)))
        template = (t.ngettext("You may place {n} influence cube in {where}",
                               "You may place up to {n} influence cubes, each in {where}",
                               self.cubes) if self.optional else
                    t.ngettext("Place {n} influence cube in {where}",
                               "Place {n} influence cubes, each in {where}", self.cubes))
        return t.format(template, n=self.cubes, where=where)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("Influence cube"), self.cubes)]

    def describe(self) -> str:
        where = "any chamber" if self.section == ANY else f"the {self.section} section"
        may = "may place up to" if self.optional else "place"
        return f"{may} {self.cubes} influence cube{'s' * (self.cubes != 1)} in {where}"

    def uses(self) -> Iterator[Use]:
        if self.section != ANY:
            yield Use(SECTION, self.section, "place_influence.section")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.place_influence(player, {out.flat(self.section)}, "
                f"{out.whole(self.cubes)}, {out.flat(self.optional)})"]
