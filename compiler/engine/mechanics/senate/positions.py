"""The Senate's part of a position (`positions.position`, core/positions.py): the cubes in
each chamber, the chambers' Decrees, and the senators still in the box."""
from __future__ import annotations

from ...core.positions import Part


def _build(draft, chamber_cubes=None, decrees=None) -> None:
    """`chamber_cubes`: per seat, the cubes in each chamber (none by default); `decrees`: per
    chamber, a Decree's id or None. By default the face-up chambers get Decrees drawn at
    random, as the set-up does, and the face-down ones wait for their first control: give
    `decrees` when a chamber controlled holds a face-down one."""
    t = draft.t
    config = t.config["senate"]
    n = len(config.chambers)
    cubes = draft.per_seat("chamber_cubes", chamber_cubes, lambda p: [0] * n)
    if any(len(row) != n for row in cubes):
        raise ValueError(f"chamber_cubes: {n} chambers per seat")
    if decrees is None:
        pool = list(config.decrees)
        draft.rng.shuffle(pool)
        decrees = [pool.pop() if chamber.face_up else None for chamber in config.chambers]
    elif len(decrees) != n:
        raise ValueError(f"decrees: one entry per chamber ({n})")
    draft.set_field("senate", "chamber_cubes", [list(row) for row in cubes])
    draft.set_field("senate", "decrees", list(decrees))
    if t.senators:
        draft.later(lambda: _senators_box(draft))


def _senators_box(draft) -> None:
    """The box keeps as many senators as the later Ages shuffle in, among those the
    position does not place (in the structure, a city, the discard pile, under a Wonder or
    a conspiracy); the others of the Ages so far are out of play."""
    t = draft.t
    due = len(t.senators) - sum(t.senators_per_age[:draft.age])
    placed = set(draft.placed)
    free = [t.ids[c] for c in t.senators if t.ids[c] not in placed]
    if len(free) < due:
        raise ValueError(f"the position places {len(t.senators) - len(free)} senators; "
                         f"{due} must wait in the box for the Ages after Age {draft.age}")
    draft.set_field("senate", "senators_box", free[len(free) - due:])


POSITION = Part({"chamber_cubes": None, "decrees": None}, _build)
