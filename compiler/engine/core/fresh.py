"""New games made fast: every new game of a class and tables starts as the same state, so
that state is made once (`template`) and each new game gets a copy of it from a function
compiled for it (`maker`): one assignment a slot, each value written out as a literal, so
a new game makes its lists straight from constants, with no Python call and no copy loop.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from .flow import START_NODE
from .simultaneous import NOT_CHOSEN


def literal(value: Any) -> str | None:
    """Python source that evaluates to a new copy of `value` (new lists, equal items), or
    None when `value` holds anything but lists, tuples, None, bools, ints, strings and
    finite floats. Strings are written with repr(): data never becomes code."""
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return repr(value)
    if kind is float:
        return repr(value) if math.isfinite(value) else None
    if kind is list or kind is tuple:
        items = [literal(item) for item in value]
        if None in items:
            return None
        if kind is list:
            return "[" + ", ".join(items) + "]"
        return "(" + "".join(item + ", " for item in items) + ")"
    return None


def slot_names(cls: type) -> list[str]:
    """Every slot of `cls` and its bases, each once, bases first."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = vars(klass).get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in names:
                names.append(name)
    return names


def maker(template: Any, copy_into: Callable[[Any, Any], None]) -> Callable[[Any], None]:
    """A function that makes its argument (a new object of `template`'s class) a copy of
    `template`: the compiled assignments of `literal`s, or `copy_into(template, game)`
    when a value has no literal (then a new game is a clone of the template). The tables
    `t` are shared, never copied."""
    lines = ["def fresh(self):", "    self.t = _tables"]
    for name in slot_names(type(template)):
        if name == "t" or not hasattr(template, name):
            continue
        source = literal(getattr(template, name))
        if source is None:
            return lambda game: copy_into(template, game)
        lines.append(f"    self.{name} = {source}")
    env: dict[str, Any] = {"_tables": template.t}
    exec("\n".join(lines), env)  # noqa: S102 (our own source: literals of the engine's values)
    return env["fresh"]


def first_state(cls: type, t: Any) -> Any:
    """A new game of `cls` (the class composed for a ruleset) with tables `t`, before its
    first chance event: empty cities, what they derive, the mechanics' initial fields and
    the first node on the stack."""
    self = object.__new__(cls)
    self.t, self.seed, self.chance_count, self.auto_chance = t, 0, 0, True
    self.history, self.result, self._buffer, self._legal, self.first_player = [], None, [], None, -1
    self._again = -1  # no seat given another turn by an effect (card_structure's play)
    n = t.n_seats
    self.sim_choices = [NOT_CHOSEN] * n
    self.coins = [t.core.starting_coins] * n
    self.city, self.wonders, self.wonder_tuck, self.tokens = ([[] for _ in range(n)] for _ in range(4))
    self.discard, self.age, self.pool, self.guild_pool = [], 0, [], []
    self._init_fields()  # the mechanics' fields: composed per class (core/fields.py)
    self._recompute()
    self.stack = [START_NODE]
    return self
