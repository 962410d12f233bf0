"""Consistency of a loaded state: the checks `Game.from_json` runs before it accepts one.

The reader (serialize.py) has already checked every value's type and bounds. Here the
parts must agree with each other, so that every position accepted can be played on
without a crash or a dead end. The core checks what every game has; each mechanic checks
its own fields (their `check` and `check_derived`, core/fields.py):

- every component is in one place at most: a building in a city (or under a Wonder), the
  discard pile, the Age deck or the guilds, or a place a mechanic's field names (`places`:
  Duel's structure, cards left out, Wonders to draft, tokens on the board or in the box).
  A component listed nowhere is out of play (in the box: later Ages' cards, the guilds not
  drawn; in a position written by hand, anything it does not need);
- every component is in a zone it can be in: a zone of one Age's cards holds that Age's
  cards, the guilds' box guilds (zone_checks.py, from the ruleset's tables);
- what a mechanic rules over in the core's state agrees with its rule (its `CHECKS`:
  wonder_limit, that the Wonders built agree with the limit);
- the pending decisions make a flow the engine can resolve: where each may stand and what
  it needs follow its registered kind (stack_checks.py); the mechanics count what their
  queued draws and choices take (cards, Wonders, tokens);
- the result and the history agree with the rest.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import StateFormatError
from .core.simultaneous import illegal_choice
from .stack_checks import check_stack, fail as _fail
from .scoring import final_result
from .zone_checks import check_zones

if TYPE_CHECKING:
    from .state import Game

MAX_COINS = 1_000_000  # no real game comes near; keeps hostile numbers out of the arithmetic


def check_state(g: Game, derived: bool = False) -> None:
    """Raise StateFormatError naming the first inconsistency of `g`.

    Run twice by the loader: on the raw fields, then (`derived=True`) once production,
    science and the Wonder counts have been rebuilt from the cities.
    """
    if derived:
        for _, f in g.STATE_FIELDS:
            problem = f.check_derived(g) if f.check_derived is not None else None
            if problem:
                raise StateFormatError(problem)
        _check_result(g)
        problem = illegal_choice(g)
        if problem:
            raise StateFormatError(problem)
        return
    _check_components(g)
    check_zones(g)
    for check in g.STATE_CHECKS:  # the mechanics' checks of the core's state
        problem = check(g)
        if problem:
            raise StateFormatError(problem)
    check_stack(g)
    for _, f in g.STATE_FIELDS:
        problem = f.check(g) if f.check is not None else None
        if problem:
            raise StateFormatError(problem)
    ranges = g.t.chance_ranges
    chance = sum(1 for a in g.history if any(low <= a < high for low, high in ranges))
    if chance != g.chance_count:
        raise StateFormatError(
            f"chance_count: {g.chance_count}, but the history holds {chance} chance outcomes")


def _check_components(g: Game) -> None:
    t = g.t
    ids = t.ids
    # Every component at most once in the places listed; one listed nowhere is out of play.
    # In a game whose decks hold copies of a card (classic), hand_draft counts the buildings.
    copies = hasattr(t, "decks")
    where: dict[int, str] = {}

    def place(label: str, comps, unique: bool = False) -> None:
        for comp in comps:
            if copies and comp < t.NB and not unique:
                continue
            if comp in where:
                raise _fail(f"{label}: {ids[comp]!r} is listed twice" if where[comp] == label
                            else f"{ids[comp]!r} is both in {where[comp]} and in {label}")
            where[comp] = label

    for p in t.seats:
        place(f"players[{p}].wonders", (t.wonder0 + w for w in g.wonders[p]))
        place(f"players[{p}].tokens", (t.token0 + x for x in g.tokens[p]))
    for p in t.seats:
        place(f"players[{p}].buildings", g.city[p])
        for w, tuck in zip(g.wonders[p], g.wonder_tuck[p]):
            if tuck >= 0:
                place(f"players[{p}].wonders (under {ids[t.wonder0 + w]!r})", (tuck,))
    place("discard", g.discard)
    place("pool", g.pool)
    # Guilds only (zone_checks), one of each: no deck holds two copies of a guild.
    place("guild_pool", g.guild_pool, unique=True)
    for _, f in g.STATE_FIELDS:
        if f.places is not None:
            for label, comps in f.places(g):
                place(label, comps)


def _check_result(g: Game) -> None:
    """The result agrees with the position: the mechanics that end a game check their
    victories (their own position: military_track, science_pairs; card_structure and
    hand_draft that the last Age is played out), and the scores are the position's."""
    t = g.t
    res = g.result
    if res is None:
        return
    w = res.winner
    if res.victory == "civilian" and g.age != t.ages:
        raise _fail(f"result: a civilian victory comes at the end of Age {t.ages}")
    expected = final_result(g, w, res.victory)
    if expected.winner != w:
        raise _fail(f"result.winner: the scores make it {expected.winner}, not {w}")
    if tuple(expected.scores) != tuple(res.scores):
        for p, (mine, theirs) in enumerate(zip(expected.scores, res.scores)):
            for key in {*mine, *theirs}:
                if mine.get(key) != theirs.get(key):
                    raise _fail(f"result.scores[{p}].{key}: the position gives {mine.get(key)}, "
                                f"not {theirs.get(key)!r}")
    if res.winners and (res.winners != expected.winners
                        or any(type(seat) is not int for seat in res.winners)):
        raise _fail(f"result.winners: the scores make them {list(expected.winners)}, "
                    f"not {list(res.winners)}")
    g.result = expected  # as checked; a state saved before `winners` existed gets them here
