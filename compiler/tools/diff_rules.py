"""Game-level changes for the semantic diff: decks, structures, seating, and the rules record
key by key ("set-up, starting coins: 7 → 8", "military, zone 4, loot: 5 → 4", "deck of Age 1,
hand: 7 → 6"). Items are compared in `wondersmith.tools.diff`.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from wondersmith.ir.model import Game, Structure
from wondersmith.tools.diff_words import render_value

# Fields of `Game` that are not rules (components are compared item by item).
_NOT_RULES = {"id", "buildings", "wonders", "tokens", "boards", "source_hash", "loc"}


def _value_diff(label: str, old: Any, new: Any) -> list[str]:
    """Lines "label: old → new", recursing into dataclasses and matching lists by position."""
    if old == new:
        return []
    if dataclasses.is_dataclass(old) and type(old) is type(new):
        out: list[str] = []
        for f in dataclasses.fields(old):
            if f.compare:
                out += _value_diff(f"{label}, {f.name.replace('_', ' ')}",
                                   getattr(old, f.name), getattr(new, f.name))
        return out
    if (isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new)
            and old and all(dataclasses.is_dataclass(v) for v in old + new)):
        out = []
        for i, (a, b) in enumerate(zip(old, new), 1):
            out += _value_diff(f"{label} {i}", a, b)
        return out
    return [f"{label}: {render_value(old)} → {render_value(new)}"]


def _keyed_diff(label: str, old: tuple, new: tuple, key: str) -> list[str]:
    """Lists of per-Age records (decks, structures, the record's Ages), matched by their
    `age`."""
    a = {v[key] if isinstance(v, dict) else getattr(v, key): v for v in old}
    b = {v[key] if isinstance(v, dict) else getattr(v, key): v for v in new}
    out = []
    for k in sorted(a.keys() | b.keys()):
        if k not in b:
            out.append(f"{label} of Age {k} removed")
        elif k not in a:
            out.append(f"{label} of Age {k} added")
        elif isinstance(a[k], Structure):
            rows_a, rows_b = a[k].rows, b[k].rows
            if len(rows_a) != len(rows_b):
                out.append(f"{label} of Age {k}: {len(rows_a)} rows ({a[k].slots} cards) → "
                           f"{len(rows_b)} rows ({b[k].slots} cards)")
            else:
                out += _value_diff(f"{label} of Age {k}, row", rows_a, rows_b)
        elif isinstance(a[k], dict):  # an Age of the rules record: its rule keys
            out += _plain_diff(f"{label} of Age {k}", a[k], b[k])
        else:
            out += [line.replace(f"{label} of Age {k}, age", f"{label} of Age {k}")
                    for line in _value_diff(f"{label} of Age {k}", a[k], b[k])]
    return out


def diff_rules(old: Game, new: Game) -> list[str]:
    """Game-level changes: decks, structures, seating, then the rules record key by key."""
    out: list[str] = []
    for f in dataclasses.fields(Game):
        if f.name in _NOT_RULES or not f.compare:
            continue
        a, b = getattr(old, f.name), getattr(new, f.name)
        if f.name == "ages":
            out += _keyed_diff("deck", a, b, "age")
        elif f.name == "structures":
            out += _keyed_diff("structure", a, b, "age")
        elif f.name == "rules":
            out += _record_diff(a, b)
        else:
            out += _value_diff(f.name.replace("_", " "), a, b)
    return out


def _words(key: str) -> str:
    return "set-up" if key == "setup" else key.replace("_", " ")


def _record_diff(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The rules record's changes, labelled by section and key ("set-up, starting coins");
    each Age's rule keys are labelled by the Age, as its deck is ("deck of Age 1, hand")."""
    out: list[str] = []
    for section in (*old, *(s for s in new if s not in old)):
        a, b = old.get(section), new.get(section)
        if section == "ages" and a and b:
            out += _keyed_diff("deck", a, b, "age")
        else:
            out += _plain_diff(_words(section), a, b)
    return out


def _plain_diff(label: str, old: Any, new: Any) -> list[str]:
    """Lines "label: old → new" over plain data: mappings key by key, lists of mappings of
    one length item by item ("military, zone 4, loot"); a missing value reads "none"."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in (*old, *(k for k in new if k not in old)):
            out += _plain_diff(f"{label}, {_words(key)}", old.get(key), new.get(key))
        return out
    if (isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new)
            and old and all(isinstance(v, dict) for v in old + new)):
        item = label.removesuffix("s")
        return [line for i, (a, b) in enumerate(zip(old, new), 1)
                for line in _plain_diff(f"{item} {i}", a, b)]
    return [f"{label}: {render_value(old)} → {render_value(new)}"]
