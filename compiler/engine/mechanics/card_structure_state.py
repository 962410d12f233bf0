"""The state of `card_structure`: reading, writing and checking it (card_structure.py
declares its fields, and checks there what needs the mechanic's node kinds).

`structure`: the current Age's slots, kept in `slot_card`, `face_up`, `taken` and what
follows from them (`cover`, `accessible`, `remaining`, `slot_of`, rebuilt on load);
`to_reveal`: the face-down slots uncovered this turn; `left_out`: per Age, the cards left out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import Game


def save_structure(g: Game, value) -> list[dict]:
    ids = g.t.ids
    return [{"card": ids[c] if c >= 0 else None, "face_up": up, "taken": taken}
            for c, up, taken in zip(*value[:3])]


def load_structure(g: Game, value, read) -> tuple:
    t = g.t
    layout = t.structures[g.age][3] if g.age in t.structures else ()
    slots = read.list(value, "structure", len(layout))
    if len(slots) != len(layout):
        what = (f"the Age {g.age} structure has {len(layout)} slots" if g.age in t.structures
                else "no structure before Age 1")
        raise read.fail("structure", f"{what}, got {len(slots)}")
    slot_card, face_up, taken = [], [], []
    for s, raw in enumerate(slots):
        path = f"structure[{s}]"
        slot = read.obj(raw, path, ("card", "face_up", "taken"))
        slot_card.append(-1 if slot["card"] is None else read.building(slot["card"], f"{path}.card"))
        face_up.append(read.bool(slot["face_up"], f"{path}.face_up"))
        taken.append(read.bool(slot["taken"], f"{path}.taken"))
    slot_of = [-1] * t.NB
    cover, accessible = [], []
    if g.age in t.structures:
        covers = t.structures[g.age][1]
        coverers: list[list[int]] = [[] for _ in covers]  # per slot, the slots covering it
        for s, covered in enumerate(covers):
            for u in covered:
                coverers[u].append(s)
        cover = [sum(1 for s in above if not taken[s]) for above in coverers]
        accessible = [s for s in range(len(layout)) if not taken[s] and cover[s] == 0]
        for s, c in enumerate(slot_card):
            if c >= 0 and not taken[s]:
                slot_of[c] = s
    return (slot_card, face_up, taken, cover, accessible, sum(1 for x in taken if not x),
            slot_of)


def load_to_reveal(g: Game, value, read) -> list[int]:
    top = max(0, len(g.slot_card) - 1)
    return [read.int(s, f"to_reveal[{i}]", 0, top)
            for i, s in enumerate(read.list(value, "to_reveal", len(g.slot_card)))]


def load_left_out(g: Game, value, read) -> list[list[int]]:
    return [read.ids(age, f"left_out[{i}]", read.building)
            for i, age in enumerate(read.list(value, "left_out", g.age))]


def structure_places(g: Game):
    return [(f"structure[{s}]", (c,)) for s, c in enumerate(g.slot_card)
            if c >= 0 and not g.taken[s]]


def left_out_places(g: Game):
    return [(f"left_out[{i}]", age) for i, age in enumerate(g.left_out)]


def check_structure(g: Game) -> str | None:
    """The structure agrees with itself, with the cards left out and with the cities."""
    t, ids = g.t, g.t.ids
    for i, age in enumerate(g.left_out):
        if len(age) > t.removed_cards_per_age:
            return f"left_out[{i}]: at most {t.removed_cards_per_age} cards are left out of an Age"
    built_or_discarded = {*g.discard, *(c for city in g.city for c in city),
                          *(c for tucks in g.wonder_tuck for c in tucks if c >= 0)}
    seen_taken: set[int] = set()
    for s, c in enumerate(g.slot_card):
        if c >= 0 and g.taken[s]:
            if c in seen_taken:
                return f"structure[{s}]: {ids[c]!r} was taken from two slots"
            seen_taken.add(c)
            if c not in built_or_discarded:
                return (f"structure[{s}]: {ids[c]!r} was taken from the structure, so it must "
                        "be in a city, under a Wonder or in the discard pile")
    if not g.age:
        return "left_out: no Age has started" if g.left_out else None
    if len(g.left_out) != g.age:
        return f"left_out: one list per Age started, expected {g.age}, got {len(g.left_out)}"
    # Taken slots may be anywhere: a position written by hand keeps only the cards it needs.
    for s, (c, up, taken) in enumerate(zip(g.slot_card, g.face_up, g.taken)):
        if not taken and up and c < 0:
            return f"structure[{s}]: a face-up card needs its id"
        if not taken and not up and c >= 0:
            return (f"structure[{s}]: a face-down card is drawn from the pool when it is "
                    "turned over, so its card is null")
    if len(set(g.to_reveal)) != len(g.to_reveal):
        return "to_reveal: a slot is listed twice"
    accessible = set(g.accessible)
    for s in g.to_reveal:
        if g.taken[s] or g.face_up[s] or s not in accessible:
            return f"to_reveal: structure[{s}] is not an uncovered face-down card"
    return None
