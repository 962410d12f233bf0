"""`take_token`: draw progress tokens, keep one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Icon, Translator, verb
from wondersmith.dsl.terms import ON_BUILD, TOKEN_SOURCES, count_schema, enum_schema

ALL = "all"  # draw every token of the source (Agora's Espionage): `draw` 0


@verb
@dataclass(frozen=True)
class TakeToken(Effect):
    source: str
    draw: int = 1  # 0: every token of the source (`all`)
    VERB = "take_token"
    TIMING = ON_BUILD
    SUMMARY = "Draw progress tokens at random from the source, keep one and return the rest."
    EXAMPLE = "take_token: {from: box, draw: 3}"
    VALUE_SCHEMA = {
        "type": "object",
        "description": "Where the tokens come from.",
        "required": ["from"],
        "additionalProperties": False,
        "properties": {
            "from": enum_schema(TOKEN_SOURCES, "box: the tokens left out at set-up; board: "
                                "those on the board"),
            "draw": {"anyOf": [count_schema(1, "Tokens drawn to choose from"),
                               {"const": ALL, "description": "every token of the source"}],
                     "description": "Tokens drawn to choose from: a number, or `all`",
                     "default": 1},
        },
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        draw = value.get("draw", 1)
        return cls(value["from"], 0 if draw == ALL else draw)

    def value(self) -> Any:
        out: dict[str, Any] = {"from": self.source}
        if self.draw != 1:
            out["draw"] = self.draw or ALL
        return out

    def phrase(self, t: Translator, opponent: bool) -> str:
        if not self.draw:
            return (t.gettext("Take one of the progress tokens left out of the game at set-up")
                    if self.source == "box" else t.gettext("Take a progress token from the board"))
        if self.source == "box":
            template = t.ngettext(
                "Take {n} progress token left out of the game at set-up",
                "Draw {n} progress tokens left out of the game at set-up, keep one",
                self.draw)
        else:
            template = t.ngettext("Take {n} progress token from the board",
                                  "Take one of {n} progress tokens from the board",
                                  self.draw)
        return t.format(template, n=self.draw)

    def icons(self, t: Translator) -> list[Icon]:
        return [Icon("token", t.gettext("progress token"))]

    def describe(self) -> str:
        return f"take a progress token from the {self.source}" + (
            f" (draw {self.draw or ALL}, keep 1)" if self.draw != 1 else "")

    def statements(self, out: ClassWriter) -> list[str]:
        return [f"game.take_token(player, {out.flat(self.source)}, {out.whole(self.draw)})"]

