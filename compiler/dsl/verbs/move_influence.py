"""`move_influence`: move your influence cubes to the chamber beside them (mechanic `senate`;
7 Wonders Duel: Agora's large military tokens)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, count_schema


@verb
@dataclass(frozen=True)
class MoveInfluence(Effect):
    actions: int = 1
    optional: bool = False
    VERB = "move_influence"
    MECHANIC = "senate"
    TIMING = ON_BUILD
    SUMMARY = ("Move one of your influence cubes to the chamber beside it, `actions` times "
               "(sections do not stop a move); skipped when none of your cubes is in the "
               "Senate.")
    EXAMPLE = "move_influence: {actions: 1, optional: true}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "How many moves, and whether they may be left out.",
        "additionalProperties": False,
        "properties": {
            "actions": {**count_schema(1, "Moves, one cube each"), "default": 1},
            "optional": {"type": "boolean", "default": False,
                         "description": "The player may stop before making them all"},
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value.get("actions", 1), value.get("optional", False))

    def value(self) -> Any:
        out: dict[str, Any] = {}
        if self.actions != 1:
            out["actions"] = self.actions
        if self.optional:
            out["optional"] = True
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        template = (t.ngettext("You may move {n} of your influence cubes to the chamber "
                               "beside it",
                               "You may make up to {n} moves of one of your influence cubes "
                               "to the chamber beside it", self.actions) if self.optional else
                    t.ngettext("Move {n} of your influence cubes to the chamber beside it",
                               "Make {n} moves of one of your influence cubes to the chamber "
                               "beside it", self.actions))
        return t.format(template, n=self.actions)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("Influence cube"), self.actions)]

    def describe(self) -> str:
        may = "may move" if self.optional else "move"
        return f"{may} an influence cube to the chamber beside it ({self.actions}x)"

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.move_influence(player, {out.whole(self.actions)}, "
                f"{out.flat(self.optional)})"]
