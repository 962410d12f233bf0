"""What a mechanic's part of a position is given (positions.py builds positions).

A mechanic that has a part in a position declares it in its module as `POSITION`, a `Part`:
the options it reads, with their defaults, and `build(draft, **options)`, which writes them
into the state's JSON through the `Draft`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .fields import SEAT, STATE
from .kinds import KIND_NAMES


@dataclass(frozen=True)
class Part:
    """A mechanic's part of a position: `options` it reads, with their defaults, and
    `build(draft, **options)`, which writes them into `draft.data` (the state's JSON)."""

    options: Mapping[str, Any]
    build: Callable[..., None]


class Draft:
    """A position being written: the tables `t`, the state's JSON `data`, the seat to move
    `player`, the Age, the `cards` it chooses from, the components placed so far (`placed`,
    ids, with repeats) and a random generator drawn from the seed (`rng`)."""

    def __init__(self, t, fields: Mapping, data: dict, player: int, age: int, cards,
                 seed: int) -> None:
        self.t = t
        self.fields = fields  # (mechanic, name) -> its StateField
        self.data = data
        self.player = player
        self.age = age
        self.cards = None if cards is None else list(cards)
        self.placed: list[str] = []
        self.rng = random.Random(seed)
        self.deferred: list[Callable[[], None]] = []

    def later(self, step: Callable[[], None]) -> None:
        """Run `step` once every part is built (a hand dealt from the cards left)."""
        self.deferred.append(step)

    def per_seat(self, option: str, value: Any, default: Callable[[int], Any]) -> list:
        """`value` as one entry per seat: a sequence of that length, or a mapping {seat:
        entry}; `default(seat)` for a seat not named (value None: every seat)."""
        seats = self.t.seats
        if value is None:
            return [default(p) for p in seats]
        if isinstance(value, Mapping):
            bad = [p for p in value if p not in seats]
            if bad:
                raise ValueError(f"{option}: no seat {bad[0]!r} (seats are 0 to {len(seats) - 1})")
            return [value[p] if p in value else default(p) for p in seats]
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) \
                or len(value) != len(seats):
            raise ValueError(f"{option}: one entry per seat ({len(seats)}), or a mapping "
                             f"{{seat: entry}}; got {value!r:.80}")
        return list(value)

    def set_field(self, mechanic: str, name: str, value: Any) -> None:
        """Write the JSON value of state field `name` of `mechanic` where the state keeps it
        (core/fields.py); a seat's field takes one value per seat."""
        field = self.fields[mechanic, name]
        if field.json == STATE:
            self.data[name] = value
        elif field.json == SEAT:
            for p, entry in enumerate(self.data["players"]):
                entry[name] = value[p]
        else:
            self.data.setdefault("mechanics", {}).setdefault(mechanic, {})[name] = value

    def turn(self, node: tuple) -> None:
        """The decision the position waits on: the node `(kind, player, arg)`."""
        self.data["stack"] = [{"kind": KIND_NAMES[node[0]], "player": node[1], "arg": node[2]}]
