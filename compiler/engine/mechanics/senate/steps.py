"""What one `senate_action` node allows (mechanic `senate`): the Senate primitives as steps.

Every Senate effect is a count of steps of one kind, each step a decision of its own:

- a Politician's actions (`influence`): place a cube in a chamber of a section, or move one
  of yours to the chamber beside it; the player may stop early;
- `place_influence`: place a cube in a section's chambers or any chamber;
- `move_influence`: move one of your cubes to the chamber beside it;
- `remove_influence`: remove one of the opponent's cubes (back to their supply).

A node's `arg` packs the steps left and what each may do; in JSON it reads
`{"actions": 2, "section": "left"}` (a Politician's), with `"section": null` when no cube is
placed and `move`, `remove`, `optional` written when they differ from a Politician's (true,
false, true).
"""
from __future__ import annotations

from typing import NamedTuple

_FLAGS = 8  # move, remove, optional: one bit each


class Steps(NamedTuple):
    left: int  # steps left, this one included
    place: int  # a section's index; len(sections): any chamber; len(sections) + 1: none
    move: bool
    remove: bool
    optional: bool  # the player may end the steps (`end senate actions`)


def _places(t) -> int:
    return len(t.sections) + 2


def pack(t, steps: Steps) -> int:
    mode = steps.place * _FLAGS + 4 * steps.move + 2 * steps.remove + steps.optional
    return steps.left * _places(t) * _FLAGS + mode


def unpack(t, arg: int) -> Steps:
    left, mode = divmod(arg, _places(t) * _FLAGS)
    place, flags = divmod(mode, _FLAGS)
    return Steps(left, place, bool(flags & 4), bool(flags & 2), bool(flags & 1))


def left(t, arg: int) -> int:
    """The steps left, this one included (`unpack(t, arg).left`)."""
    return arg // (_places(t) * _FLAGS)


def fewer(t, arg: int) -> int:
    """The same steps, one fewer."""
    return arg - _places(t) * _FLAGS


def no_place(t) -> int:
    return len(t.sections) + 1


# In JSON ------------------------------------------------------------------------------------

_DEFAULTS = {"move": True, "remove": False, "optional": True}  # a Politician's


def save(g, arg: int) -> dict:
    t = g.t
    s = unpack(t, arg)
    section = (t.sections[s.place] if s.place < len(t.sections) else
               "any" if s.place == len(t.sections) else None)
    out: dict = {"actions": s.left, "section": section}
    for key, default in _DEFAULTS.items():
        if getattr(s, key) != default:
            out[key] = getattr(s, key)
    return out


def load(g, value, path: str, read) -> int:
    t = g.t
    sections = t.sections
    if not isinstance(value, dict) or not {"actions", "section"} <= set(value) or \
            not set(value) <= {"actions", "section", *_DEFAULTS}:
        raise read.fail(path, "expected {\"actions\": N, \"section\": name, \"any\" or null}, "
                              "and optionally \"move\", \"remove\", \"optional\" (true or false)")
    left = read.int(value["actions"], f"{path}.actions", 1, 99)
    section = value["section"]
    if section is None:
        place = no_place(t)
    elif section == "any":
        place = len(sections)
    elif section in sections:
        place = sections.index(section)
    else:
        raise read.fail(f"{path}.section", f"no section {read.short(section)} (sections: "
                        f"{', '.join(sections)}, any, or null)")
    flags = {}
    for key, default in _DEFAULTS.items():
        flag = value.get(key, default)
        if not isinstance(flag, bool):
            raise read.fail(f"{path}.{key}", f"expected true or false, got {read.short(flag)}")
        flags[key] = flag
    steps = Steps(left, place, **flags)
    if place == no_place(t) and not (steps.move or steps.remove):
        raise read.fail(path, "a Senate step places, moves or removes a cube")
    return pack(t, steps)
