"""Seats and how they sit, from the data (`seating` and `players` of game.yaml).

Seats are numbered 0..N-1 in turn order. `opponent` seats two players facing each other:
each is the other's left neighbour, right neighbour and only neighbour (7 Wonders Duel).
`circle` seats N players around a table: seat p's left neighbour is p - 1 and its right
neighbour p + 1, both modulo N (7 Wonders); with N = 2 the one other seat is both.

The engine reads seats only through this class: no rule of the core or of a mechanic that
is not two-sided by nature assumes a number of seats.
"""
from __future__ import annotations

OPPONENT = "opponent"
CIRCLE = "circle"
MAX_SEATS = 64  # far past any game of the family (7 Wonders seats at most 8)
OPPONENT_SEATS = 2  # the one place the engine names two seats: what `opponent` means


class Seating:
    """The seats of a game and their neighbours, as tuples indexed by seat."""

    __slots__ = ("kind", "count", "seats", "left", "right", "neighbours", "next_seat")

    def __init__(self, kind: str, count: int) -> None:
        if kind not in (OPPONENT, CIRCLE):
            raise ValueError(f"unknown seating {kind!r} (opponent or circle)")
        if not 1 <= count <= MAX_SEATS or (kind == OPPONENT and count != OPPONENT_SEATS):
            raise ValueError(f"seating {kind!r} cannot seat {count} players")
        self.kind = kind
        self.count = count
        self.seats = tuple(range(count))
        # Turn order goes to the right; the left neighbour is the seat before.
        self.right = tuple((p + 1) % count for p in self.seats)
        self.left = tuple((p - 1) % count for p in self.seats)
        self.neighbours = tuple(
            tuple(q for q in dict.fromkeys((self.left[p], self.right[p])) if q != p)
            for p in self.seats)
        self.next_seat = self.right

    def after(self, seat: int, steps: int) -> int:
        """The seat `steps` places after `seat` in turn order."""
        return (seat + steps) % self.count

    def per_seat(self, value):
        """A new list with one `value` per seat (a fresh copy for lists)."""
        if value.__class__ is list:  # copies without a Python frame: this runs often
            return [*map(list.copy, [value] * self.count)]
        return [value] * self.count

    def __repr__(self) -> str:
        return f"Seating({self.kind!r}, {self.count})"
