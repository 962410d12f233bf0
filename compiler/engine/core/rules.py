"""The rules record (`Ruleset.rules`): the core's part, and the checks every config passes.

The compiled ruleset carries the rule sections of game.yaml as plain data; the core reads its
part here (`CoreRules`: coins at the start, end-of-game scoring) and each mechanic reads its
own into a frozen `Config`. Every config checks its values on creation (`checked`), so a
ruleset built by hand, or data the schema let through, fails here with a clear message
rather than deep in a game.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

MAX_NUMBER = 10**9  # as the compiler's literal writers: far beyond any rule


class RulesError(ValueError):
    """A value of the rules record that a config cannot hold."""


def _check(value: Any, kind: str, where: str) -> None:
    if kind.endswith(" | None"):  # a part the rules may leave out
        if value is not None:
            _check(value, kind[:-len(" | None")], where)
    elif kind.startswith("tuple[") and kind.endswith(", ...]"):
        if not isinstance(value, tuple):
            raise RulesError(f"{where}: expected a list, found {type(value).__name__}")
        for i, item in enumerate(value):
            _check(item, kind[len("tuple["):-len(", ...]")], f"{where}[{i}]")
    elif kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"{where}: expected a whole number, found "
                             f"{type(value).__name__} {value!r:.40}")
        if abs(value) > MAX_NUMBER:
            raise RulesError(f"{where}: the number is beyond the limit of {MAX_NUMBER}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{where}: expected true or false, found {type(value).__name__}")
    elif kind == "str":
        if not isinstance(value, str):
            raise RulesError(f"{where}: expected text, found {type(value).__name__}")
    elif dataclasses.is_dataclass(value):
        checked(value)
    else:
        raise RulesError(f"{where}: expected {kind}, found {type(value).__name__}")


def checked(config: Any) -> None:
    """Raise RulesError naming the first field of `config` whose value has the wrong type
    (fields are annotated int, bool, str, a nested config, tuples of those, or one of them
    `| None`)."""
    for f in dataclasses.fields(config):
        _check(getattr(config, f.name), str(f.type), f"{type(config).__name__}.{f.name}")


@dataclass(frozen=True)
class CoreRules:
    starting_coins: int  # setup.starting_coins: each seat's coins at the start
    coins_per_point: int  # scoring.coins_per_point
    tie_break: str  # scoring.tie_break: most VP from cards of this colour wins a tie

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "CoreRules":
        return cls(rules["setup"]["starting_coins"], rules["scoring"]["coins_per_point"],
                   rules["scoring"]["tie_break"])
