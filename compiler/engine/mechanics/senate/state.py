"""The Senate's state (mechanic `senate`, senate.py): who controls a chamber, political
supremacy, the cubes and Decrees read from and checked in a saved state, a `senate_action`
node's arg in JSON, and what a seat sees of the Senate (all of it: nothing of the Senate is
hidden)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import number

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "senate"
VICTORY = "political"  # the victory the mechanic can end the game with


def controller(g: GameState, chamber: int) -> int:
    """The seat with strictly the most cubes in `chamber`, or -1 (a tie, or no cube)."""
    best, seat, tied = 0, -1, False
    for p in g.t.seats:
        n = g.chamber_cubes[p][chamber]
        if n > best:
            best, seat, tied = n, p, False
        elif n == best and n:
            tied = True
    return -1 if tied else seat


def controlled(g: GameState, player: int) -> list[int]:
    return [c for c in range(g.t.n_chambers) if controller(g, c) == player]


def _check_supremacy(g: GameState, gainers: list[int]) -> None:
    """Political supremacy, checked after every step (ruling 10): only a seat that has just
    gained a chamber can have reached it (the check of a state, `_check_senate`, says no seat
    holds it while the game goes on), so only the gainers are counted, in seat order."""
    if g.result is None and gainers:
        need = g.t.config[NAME].supremacy
        for p in sorted(set(gainers)):
            if len(controlled(g, p)) >= need:
                g._win(p, VICTORY)
                return


def cubes_left(g: GameState, player: int) -> int:
    return g.t.config[NAME].cubes - sum(g.chamber_cubes[player])


# State: the cubes of each seat in each chamber, the Decree in each chamber -------------------

def _load_influence(g: GameState, values, read) -> list[list[int]]:
    t, path = g.t, "mechanics.senate.chamber_cubes"
    rows = read.per_seat(values, path, t.n_seats)
    out = []
    for p, row in enumerate(rows):
        row = read.list(row, f"{path}[{p}]", t.n_chambers)
        if len(row) != t.n_chambers:
            raise read.fail(f"{path}[{p}]", f"expected {t.n_chambers} chambers, got {len(row)}")
        out.append([read.int(x, f"{path}[{p}][{c}]", 0, t.config[NAME].cubes)
                    for c, x in enumerate(row)])
        if sum(out[-1]) > t.config[NAME].cubes:
            raise read.fail(f"{path}[{p}]", f"{sum(out[-1])} cubes placed; a player has "
                            f"{t.config[NAME].cubes}")
    return out


def _save_decrees(g: GameState, decrees: list[int]) -> list[str | None]:
    t = g.t
    return [t.ids[t.token0 + d] if d >= 0 else None for d in decrees]


def _load_decrees(g: GameState, values, read) -> list[int]:
    t, path = g.t, "mechanics.senate.decrees"
    values = read.list(values, path, t.n_chambers)
    if len(values) != t.n_chambers:
        raise read.fail(path, f"expected {t.n_chambers} chambers, got {len(values)}")
    known = {t.ids[t.token0 + d]: d for d in t.decree_tokens}
    out = []
    for c, v in enumerate(values):
        if v is None:
            out.append(-1)
        elif isinstance(v, str) and v in known and known[v] not in out:
            out.append(known[v])
        else:
            raise read.fail(f"{path}[{c}]", f"not a Decree left to deal: {read.short(v)}")
    return out


def _check_senate(g: GameState) -> str | None:
    """Every controlled chamber has its Decree (or its draw pending, or the game over before
    it was drawn); supremacy ended the game, unless a Decree its last cube revealed is still
    to be drawn (political supremacy waits for the Decree's effect, ruling 10)."""
    t, pending = g.t, {n[2] for n in g.stack if n[0] == number("decree_draw")}
    config, moved = t.config[NAME], g.decree_moved
    for c in range(t.n_chambers):
        held = c if moved[c] < 0 else moved[c]  # the chamber holding it
        if g.decrees[c] < 0 and c not in pending and g.result is None and (
                controller(g, held) >= 0 or (config.chambers[c].face_up and g.age)):
            return f"mechanics.senate.decrees[{c}]: the chamber's Decree is drawn by now"
    res = g.result
    if res is None:
        drawing = g.stack and g.stack[-1][0] == number("decree_draw")  # the last cube's
        for p in t.seats if not drawing else ():
            if len(controlled(g, p)) >= config.supremacy:
                return (f"players[{p}] controls {len(controlled(g, p))} chambers, so the game "
                        "is over (result)")
    elif res.victory == VICTORY and (res.winner is None or
                                     len(controlled(g, res.winner)) < config.supremacy):
        return f"result: a political victory needs {config.supremacy} chambers controlled"
    return None


def _a_chamber_to_draw_for(g: GameState, index: int, node) -> str | None:
    """A Decree draw's arg is a chamber whose Decree is not drawn yet, one draw each."""
    c, draw = node[2], number("decree_draw")
    if not 0 <= c < g.t.n_chambers:
        return f".arg: decree_draw names a chamber, 0 to {g.t.n_chambers - 1}, not {c}"
    if g.decrees[c] >= 0 or any(n[0] == draw and n[2] == c for n in g.stack[index + 1:]):
        return f".arg: chamber {c + 1}'s Decree is drawn already"
    return None


# What a seat sees: the Senate is public ------------------------------------------------------

def _seen_senate(g: GameState, player: int) -> list[float]:
    """Per chamber: the seat's cubes and the most another seat has (shares of the supply),
    who controls it (1 the seat, -1 another, 0 no one); then the seat's cubes in hand."""
    t, cubes = g.t, g.t.config[NAME].cubes
    others = [q for q in t.seats if q != player]
    out = []
    for c in range(t.n_chambers):
        seat = controller(g, c)
        out += [g.chamber_cubes[player][c] / cubes,
                max(g.chamber_cubes[q][c] for q in others) / cubes,
                1.0 if seat == player else -1.0 if seat >= 0 else 0.0]
    return out + [cubes_left(g, player) / cubes]


def _decrees_of(g: GameState, player: int) -> list[int]:
    """The Decrees `player` benefits from: those drawn in the chambers it controls, where
    they were dealt or moved to (senate/decrees.py)."""
    t, decrees, moved = g.t, g.decrees, g.decree_moved
    return [t.token0 + decrees[d] for d in range(t.n_chambers)
            if decrees[d] >= 0 and controller(g, d if moved[d] < 0 else moved[d]) == player]


def _load_moved(g: GameState, values, read) -> list[int]:
    t, path = g.t, "mechanics.senate.decree_moved"
    values = read.list(values, path, t.n_chambers)
    if len(values) != t.n_chambers:
        raise read.fail(path, f"expected {t.n_chambers} chambers, got {len(values)}")
    out = [read.int(v, f"{path}[{c}]", -1, t.n_chambers - 1) for c, v in enumerate(values)]
    for c, v in enumerate(out):
        if v == c:
            raise read.fail(f"{path}[{c}]", "a Decree moves to another chamber")
    return out

