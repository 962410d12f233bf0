"""How far each seat is from political supremacy (mechanic `senate`), and what the greedy
bot's evaluation adds for it (`EVALUATION`, found by bots/greedy.py's `mechanic_terms`).

A bot that looks one action ahead judges the position right after a Politician is taken,
before its cubes are placed: its Senate steps still wait on the stack. So the standing counts
the cubes those pending steps will place, each where one cube changes the most (a chamber
gained, the opponent's control broken, else the chamber nearest control), as the bot itself
will place them one step at a time. Moves are not counted (a move only shifts a cube), and
neither are the choices before a step (a Conspirator's one_of): only steps already queued.
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from ...core.kinds import number
from . import steps
from .state import NAME

if TYPE_CHECKING:
    from ...core.game import GameState


@functools.cache
def _pending_kinds() -> tuple[int, int]:
    """The kinds of a Senate step waiting (registered once the package's kinds are)."""
    return number("senate_action"), number("senate_steps")


class Standing(NamedTuple):
    need: int  # cubes still to place to control every chamber (0: supremacy is certain)
    cubes: int  # cubes left in the seat's supply once its pending steps are spent
    points: int  # chamber VP the pending steps gain (or take from it) beyond what it has now


def standings(g: GameState) -> list[Standing]:
    """Each seat's standing once every pending Senate step is spent, in stack order (the
    top first: it comes first). Seating: opponent (the Senate is a Duel expansion's)."""
    t = g.t
    cubes = g.chamber_cubes
    kinds = _pending_kinds()
    pending = [node for node in g.stack if node[0] in kinds]
    if pending:
        cubes = [list(row) for row in cubes]
    supply = [t.config[NAME].cubes - sum(row) for row in cubes]
    for node in reversed(pending):
        _spend(t, cubes, supply, node[1], steps.unpack(t, node[2]))
    out = []
    for p in t.seats:
        mine, theirs = cubes[p], cubes[t.neighbours[p][0]]
        need = sum(b - a + 1 for a, b in zip(mine, theirs) if a <= b)
        gained = _points(t, mine, theirs) - _points(t, g.chamber_cubes[p], g.chamber_cubes[
            t.neighbours[p][0]]) if pending else 0
        out.append(Standing(need, supply[p], gained))
    return out


def EVALUATION(g: GameState, win: float) -> list[float]:  # noqa: N802 (a mechanic's hook)
    """Each seat's `senate_term`, for a bot whose won game is worth `win`."""
    return [senate_term(standing, g.t.n_chambers, win) for standing in standings(g)]


def senate_term(standing: Standing, chambers: int, win: float) -> float:
    """What a seat's Senate is worth beyond the VP the scores already count: political
    supremacy (every chamber controlled) wins at once. Each cube the seat still needs costs
    a little wherever it stands (so a cube that gains no chamber yet is still worth placing);
    and, as with the pawn, the nearer the seat is to supremacy the more each cube counts:
    `close` is the chambers less the cubes it needs, 0 once it has too few cubes left. Senate
    steps still waiting (a Politician just taken) count as placed: the chamber VP they gain
    are added, and steps that make supremacy certain are worth half a win, so the bot takes
    the Politician that wins and places its cubes where they win. Seen from the other side
    (the evaluation is a difference), the same term makes the bot break the opponent's
    near-supremacy."""
    if standing.need == 0:
        return win / 2
    value = standing.points - 0.4 * standing.need
    close = chambers - standing.need if standing.need <= standing.cubes else 0
    if close > 0:
        value += close * (0.5 + 0.25 * close)
    return value


def _points(t, mine: list[int], theirs: list[int]) -> int:
    """The VP of the chambers where `mine` outnumbers `theirs`."""
    return sum(vp for a, b, vp in zip(mine, theirs, t.chamber_points) if a > b)


def _spend(t, cubes: list[list[int]], supply: list[int], player: int, s: steps.Steps) -> None:
    """`s`'s placements and removals, each cube where it changes the most for `player`."""
    chambers = t.section_chambers[s.place]
    mine, theirs = cubes[player], cubes[t.neighbours[player][0]]
    for _ in range(s.left):
        if supply[player] and chambers:
            mine[min(chambers, key=lambda c: _urgency(t, mine[c], theirs[c], c))] += 1
            supply[player] -= 1
        elif s.remove and any(theirs):
            theirs[min((c for c in range(t.n_chambers) if theirs[c]),
                       key=lambda c: _urgency(t, mine[c], theirs[c], c))] -= 1
            supply[t.neighbours[player][0]] += 1
        else:
            return  # a move only: not counted


def _urgency(t, mine: int, theirs: int, chamber: int) -> tuple[int, int, int]:
    """The order a cube is worth adding in (or an opponent's cube removed from): where it
    gains the chamber, then where it breaks the opponent's control, then nearest control,
    last where the seat holds it already; the chamber's VP first among equals."""
    short = theirs - mine + 1
    rank = 3 if short <= 0 else 0 if short == 1 else 1 if short == 2 else 2
    return rank, short, -t.chamber_points[chamber]
