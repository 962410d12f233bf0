"""`influence`: Senate actions (7 Wonders Duel: Agora's Politicians; mechanic `senate`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from wondersmith.dsl.effect import SECTION, ClassWriter, Effect, Icon, Translator, Use, verb
from wondersmith.dsl.terms import ON_BUILD, count_schema
from wondersmith.dsl.words import senate_section

ANY = "any"  # every chamber of the Senate


@verb
@dataclass(frozen=True)
class Influence(Effect):
    section: str
    actions: int = 0  # 0: as many as game.yaml's senate.actions gives the city
    VERB = "influence"
    MECHANIC = "senate"
    TIMING = ON_BUILD
    SUMMARY = ("Take Senate actions, each one placing an influence cube in a chamber of the "
               "section (`any`: every chamber) or moving one of yours to the chamber beside "
               "it; how many: `actions`, or by default what game.yaml's `senate.actions` "
               "gives for the buildings of its colour in your city.")
    EXAMPLE = "influence: {section: left}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Where cubes are placed, and how many Senate actions.",
        "required": ["section"],
        "additionalProperties": False,
        "properties": {
            "section": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "maxLength": 40,
                        "description": "A section of game.yaml's `senate.chambers`, or "
                                       "`any`: every chamber"},
            "actions": count_schema(1, "Senate actions (default: by `senate.actions`)"),
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["section"], value.get("actions", 0))

    def value(self) -> Any:
        out: dict[str, Any] = {"section": self.section}
        if self.actions:
            out["actions"] = self.actions
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        if self.actions:
            actions = t.format(t.ngettext("{n} Senate action", "{n} Senate actions",
                                          self.actions), n=self.actions)
        else:
            actions = t.gettext("Your Senate actions")
        where = (t.gettext("a chamber of your choice") if self.section == ANY else
                 t.format(t.gettext("a chamber of the {section} section"),
                          section=senate_section(t, self.section)))
        return t.format(t.gettext("{actions}: place an influence cube in {where}, or move "
                                  "one of yours to the chamber beside it"),
                        actions=actions, where=where)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("Your Senate actions"), self.actions or None)]

    def describe(self) -> str:
        how = f"{self.actions} Senate actions" if self.actions else "Senate actions"
        where = "any chamber" if self.section == ANY else f"the {self.section} section"
        return f"{how}: place an influence cube in {where} or move one"

    def uses(self) -> Iterator[Use]:
        if self.section != ANY:
            yield Use(SECTION, self.section, "influence.section")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.influence(player, {out.flat(self.section)}, {out.whole(self.actions)})"]
