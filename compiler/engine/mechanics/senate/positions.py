"""The Senate's part of a position (`positions.position`, core/positions.py): the cubes in
each chamber, the chambers' Decrees and the senators still in the box."""
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
        draft.later(lambda: _box(draft))


def _box(draft) -> None:
    """The senators of the Ages to come wait in the box, drawn at random from those the
    position places nowhere; the Ages so far shuffled the others in (and they were taken:
    the deck of a position holds the Age's own cards only, so its face-down slots show Age
    backs)."""
    t = draft.t
    placed = set(draft.placed)
    free = [t.ids[c] for c in t.senators if t.ids[c] not in placed]
    draft.rng.shuffle(free)
    due = len(t.senators) - sum(t.senators_per_age[:draft.age])
    draft.set_field("senate", "senators_box", sorted(free[:due]))


POSITION = Part({"chamber_cubes": None, "decrees": None}, _build)
