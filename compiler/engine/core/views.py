"""What a seat sees, composed from the parts the core and the mechanics declare.

A mechanic lists the parts of an observation it owns in its module as `VIEW`, a tuple of the
parts below (as it lists its state in `FIELDS`, core/fields.py); the core declares its own
(observation.py). A game's observation is composed from the parts of its mechanics, so a
game observes what its rules have and nothing else:

- `Place`: a place a component can be, seen from the observing seat (Duel: "my city",
  "reachable", "board"...): `components(game, player)` lists the components there. The
  places of a game form one block of the vector, one entry per component and place
  (component-major: `component * places + place`), the places by `order`;
- `SeatFeature`: numbers about one seat, `values(game, seat)`, `size(tables)` of them
  (classic: coins, hand size, stages, conflict tokens...). The seat features of a game form
  one row per seat, the rows from the observing seat on in turn order, the features of a
  row by `order`;
- `Feature`: numbers seen by the observing seat, `values(game, player)`, `size(tables)` of
  them (the decision, the Age, science pairs...), by `order`;
- `Hidden`: the mechanic's part of the JSON observation: `hide(game, player, data)`
  replaces, in the state's JSON `data`, what the seat may not see of it by what it may (a
  count for a hidden hand); keys keep their place;
- `Redraw`: `redraw(game, player, rng)` reshuffles, in place, what the seat cannot see of
  the mechanic's state, so that its observation does not change (information-set search).

The vector is the places block, then the seat rows, then the features; hiding and
redrawing run by `order`. A game's layout is worked out once per tables and class
(`layout`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from .kinds import KIND_NAMES


@dataclass(frozen=True)
class Place:
    name: str
    order: int
    components: Callable[[Any, int], Iterable[int]]


@dataclass(frozen=True)
class SeatFeature:
    name: str
    order: int
    size: Callable[[Any], int]
    values: Callable[[Any, int], Sequence[float]]


@dataclass(frozen=True)
class Feature:
    name: str
    order: int
    size: Callable[[Any], int]
    values: Callable[[Any, int], Sequence[float]]


@dataclass(frozen=True)
class Hidden:
    name: str
    order: int
    hide: Callable[[Any, int, dict], None]


@dataclass(frozen=True)
class Redraw:
    name: str
    order: int
    redraw: Callable[[Any, int, Any], None]


def single(t) -> int:
    """The `size` of a feature of one number."""
    return 1


@dataclass(frozen=True)
class Layout:
    """The parts of one game's observation, by sort and order, with the vector's sizes."""

    places: tuple[Place, ...]
    seat_features: tuple[SeatFeature, ...]
    features: tuple[Feature, ...]
    hidden: tuple[Hidden, ...]
    redraws: tuple[Redraw, ...]
    row_size: int
    size: int

    def vector(self, game, player: int) -> list[float]:
        t = game.t
        n_places = len(self.places)
        v = [0.0] * (t.N * n_places)
        for j, place in enumerate(self.places):
            for comp in place.components(game, player):
                v[comp * n_places + j] = 1.0
        if self.seat_features:
            for k in range(t.n_seats):
                seat = t.seating.after(player, k)
                for f in self.seat_features:
                    v += f.values(game, seat)
        for f in self.features:
            v += f.values(game, player)
        if len(v) != self.size:
            raise RuntimeError(f"observation vector of {len(v)} numbers, its layout says "
                               f"{self.size}: a part gives more or fewer values than its size")
        return v


def layout(game, core_parts: Iterable[Any]) -> Layout:
    """The layout of `game`'s observation: `core_parts` and its mechanics' (`game.VIEW`),
    worked out once per tables and class (kept in the tables' cache), and again if kinds
    were registered since (the decision is one-hot over the kinds of the game's mechanics:
    one of them may register a kind late)."""
    key = ("view", type(game), len(KIND_NAMES))
    found = game.t.cache.get(key)
    if found is None:
        parts = sorted((*core_parts, *game.VIEW), key=lambda part: part.order)
        of = lambda sort: tuple(p for p in parts if type(p) is sort)  # noqa: E731
        t = game.t
        places, rows, features = of(Place), of(SeatFeature), of(Feature)
        row_size = sum(f.size(t) for f in rows)
        size = (t.N * len(places) + t.n_seats * row_size + sum(f.size(t) for f in features))
        found = game.t.cache[key] = Layout(places, rows, features, of(Hidden), of(Redraw),
                                           row_size, size)
    return found


def parts_of(modules) -> tuple:
    """The view parts the mechanics' modules declare (`VIEW`), in list order; ValueError if
    two parts of one sort share a name."""
    out: list = []
    seen: dict[tuple[type, str], str] = {}
    for mechanic, module in modules:
        for part in getattr(module, "VIEW", ()):
            key = (type(part), part.name)
            if key in seen:
                raise ValueError(f"observation {type(part).__name__} {part.name!r} is "
                                 f"declared by {seen[key]} and {mechanic}")
            seen[key] = mechanic
            out.append(part)
    return tuple(out)
