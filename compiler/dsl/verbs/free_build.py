"""`free_build`: once per Age, build a structure for free (7 Wonders' Olympia A)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wondersmith.dsl.effect import ClassWriter, Effect, Translator, verb
from wondersmith.dsl.terms import ONGOING, enum_schema


@verb
@dataclass(frozen=True)
class FreeBuild(Effect):
    once_per: str
    VERB = "free_build"
    TIMING = ONGOING
    SUMMARY = ("Once per Age, from the Age it is built, build a structure (not a Wonder "
               "stage) for free: no cost, no trade (7 Wonders).")
    EXAMPLE = "free_build: {once_per: age}"
    VALUE_SCHEMA = {
        "type": "object",
        "required": ["once_per"],
        "additionalProperties": False,
        "description": "How often the free construction comes back",
        "properties": {"once_per": enum_schema(("age",), "`age`: once in each Age")},
    }

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value["once_per"])

    def value(self) -> Any:
        return {"once_per": self.once_per}

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.gettext("Once per Age, build a structure for free")

    def describe(self) -> str:
        return "build a structure for free once per Age"

    def compile(self, out: ClassWriter) -> None:
        out.set("free_build_per_age", True)  # `once_per: age` is the only value
