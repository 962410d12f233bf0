"""State fields a mechanic owns: declared with the mechanic, not in the core's lists.

A mechanic that keeps state of its own (classic's hands, boards, conflict tokens...) lists
it in its module as `FIELDS`, a tuple of `StateField`. The class composed for a game
(`mechanics.game_class`) gets a slot for each field of its mechanics, and the core calls
each field's functions where the state is made, cloned, saved, loaded and checked:

- `initial(game)`: the value of a new game (seats and tables are known: `game.t`);
- `copy(value)`: an independent copy for `clone()` (`same`, `list_copy`, `lists_copy`
  below cover flat values, flat lists and lists of lists);
- `save(game, value)`: the JSON value under `mechanics.<mechanic>.<name>` of the state;
  None for a field derived from the rest, rebuilt on load with `initial` and `_recompute`;
- `load(game, value, read)`: the value read back from JSON; `read` is the state reader
  (`read.int`, `read.list`, `read.building`, `read.fail(path, message)`: serialize.py),
  and every error names its path;
- `check(game)`: once the whole state is loaded, what is inconsistent (a message) or None.

Duel's mechanics declare no fields (their state predates this and stays in `state.py`), so
Duel's JSON, clone and digest are unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


def same(value: Any) -> Any:
    """The copy of an immutable value (a number, a string, a tuple): the value itself."""
    return value


def list_copy(value: list) -> list:
    return value[:]


def lists_copy(value: list[list]) -> list[list]:
    return [*map(list.copy, value)]


@dataclass(frozen=True)
class StateField:
    name: str
    initial: Callable[[Any], Any]
    copy: Callable[[Any], Any] = same
    save: Callable[[Any, Any], Any] | None = None
    load: Callable[[Any, Any, Any], Any] | None = None
    check: Callable[[Any], str | None] | None = None
    doc: str = ""

    def __post_init__(self) -> None:
        if (self.save is None) != (self.load is None):
            raise ValueError(f"state field {self.name!r}: save and load go together")


def fields_of(modules) -> tuple[tuple[str, StateField], ...]:
    """(mechanic, field) for every field the mechanics' modules declare, in list order;
    ValueError if two declare the same name."""
    out: list[tuple[str, StateField]] = []
    seen: dict[str, str] = {}
    for mechanic, module in modules:
        for f in getattr(module, "FIELDS", ()):
            if f.name in seen:
                raise ValueError(f"state field {f.name!r} is declared by {seen[f.name]} and "
                                 f"{mechanic}")
            seen[f.name] = mechanic
            out.append((mechanic, f))
    return tuple(out)


def fields_to_json(game) -> dict[str, dict[str, Any]]:
    """The saved fields of `game`, by mechanic: the state's `mechanics` object."""
    out: dict[str, dict[str, Any]] = {}
    for mechanic, f in game.STATE_FIELDS:
        if f.save is not None:
            out.setdefault(mechanic, {})[f.name] = f.save(game, getattr(game, f.name))
    return out


def fields_from_json(game, value: Any, read) -> None:
    """Set `game`'s fields from the state's `mechanics` object (None when absent): saved
    ones through their `load`, derived ones to their `initial` value."""
    fields = type(game).STATE_FIELDS
    if not fields:
        if value is not None:
            raise read.fail("mechanics", f"{game.t.ruleset.game} keeps no state of its mechanics")
        return
    saved = {m for m, f in fields if f.save is not None}
    value = read.obj(value, "mechanics", tuple(sorted(saved)))
    for mechanic in saved:
        names = tuple(f.name for m, f in fields if m == mechanic and f.save is not None)
        read.obj(value[mechanic], f"mechanics.{mechanic}", names)
    for mechanic, f in fields:
        if f.save is None:
            setattr(game, f.name, f.initial(game))
        else:
            setattr(game, f.name, f.load(game, value[mechanic][f.name], read))
