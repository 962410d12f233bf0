"""Consistency of a loaded state: the checks `Game.from_json` runs before it accepts one.

The reader (serialize.py) has already checked every value's type and bounds. Here the
parts must agree with each other, so that every position accepted can be played on
without a crash or a dead end:

- every component is in one place at most: a Wonder in a city, the pool or the draft; a
  progress token in a city, on the board or in the box; a building in a city (or under a
  Wonder), the discard pile, the structure, the Age deck, the guilds or the cards left
  out. A component listed nowhere is out of play (in the box: later Ages' cards, the
  guilds not drawn; in a position written by hand, anything it does not need);
- the structure agrees with itself: face-up cards are named, face-down ones are not yet
  drawn, every uncovered face-down card is due to be turned over (which slots are taken is
  free, so a position written by hand keeps only the cards it needs);
- the pending decisions make a flow the engine can resolve: where each may stand and
  what it needs follow its registered kind (stack_checks.py), enough cards, Wonders and tokens
  for every draw and choice queued;
- the result, the pawn, the science symbols and the history agree with the rest.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import StateFormatError
from .nodes import (K_AGE, K_BOARD, K_DEAL, K_DRAFT, K_DRAFT_LAST, K_GUILD, K_LEAVE,
                    K_LIB_DRAW, K_LIB_PICK, K_PAIR, K_REVEAL, K_REVIVE, KIND_NAMES, REMOVED,
                    UNBUILT)
from .stack_checks import age_pending, check_stack, fail as _fail
from .scoring import final_result

if TYPE_CHECKING:
    from .state import Game

MAX_COINS = 1_000_000  # no real game comes near; keeps hostile numbers out of the arithmetic



def check_state(g: Game, derived: bool = False) -> None:
    """Raise StateFormatError naming the first inconsistency of `g`.

    Run twice by the loader: on the raw fields, then (`derived=True`) once production,
    science and the Wonder counts have been rebuilt from the cities.
    """
    if derived:
        _check_derived(g)
        return
    _check_components(g)
    for _, f in g.STATE_FIELDS:
        problem = f.check(g) if f.check is not None else None
        if problem:
            raise StateFormatError(problem)
    _check_structure(g)
    check_stack(g)
    _check_draws(g)
    ranges = g.t.chance_ranges
    chance = sum(1 for a in g.history if any(low <= a < high for low, high in ranges))
    if chance != g.chance_count:
        raise StateFormatError(
            f"chance_count: {g.chance_count}, but the history holds {chance} chance outcomes")


def _check_components(g: Game) -> None:
    t = g.t
    ids = t.ids
    # Every component at most once in the places listed; one listed nowhere is out of play.
    where: dict[int, str] = {}

    def place(comp: int, label: str) -> None:
        if comp in where:
            raise _fail(f"{ids[comp]!r} is both in {where[comp]} and in {label}")
        where[comp] = label

    for p in t.seats:
        for w in g.wonders[p]:
            place(t.wonder0 + w, f"players[{p}].wonders")
    for w in g.wonder_pool:
        place(t.wonder0 + w, "wonder_pool")
    for w in g.draft:
        place(t.wonder0 + w, "draft")
    for p in t.seats:
        for x in g.tokens[p]:
            place(t.token0 + x, f"players[{p}].tokens")
    for x in g.board_tokens:
        place(t.token0 + x, "board_tokens")
    for x in g.box_tokens:
        place(t.token0 + x, "box_tokens")
    if len(set(g.drawn)) != len(g.drawn):
        raise _fail("drawn_tokens: a token is drawn twice")
    for x in g.drawn:
        if x not in g.box_tokens:
            raise _fail(f"drawn_tokens: {ids[t.token0 + x]!r} is not in box_tokens "
                        "(the Great Library draws from the box)")

    if g.STATE_FIELDS and hasattr(t, "decks"):
        return  # copies of one card in several places: hand_draft's check counts them
    for p in t.seats:
        for c in g.city[p]:
            place(c, f"players[{p}].buildings")
        for w, tuck in zip(g.wonders[p], g.wonder_tuck[p]):
            if tuck >= 0:
                place(tuck, f"players[{p}].wonders (under {ids[t.wonder0 + w]!r})")
    for c in g.discard:
        place(c, "discard")
    for s, c in enumerate(g.slot_card):
        if c >= 0 and not g.taken[s]:
            place(c, f"structure[{s}]")
    for c in g.pool:
        place(c, "pool")
    for c in g.guild_pool:
        if t.color[c] != t.guild_color:
            raise _fail(f"guild_pool: {ids[c]!r} is not a guild")
        place(c, "guild_pool")
    for i, age in enumerate(g.left_out):
        if len(age) > t.removed_cards_per_age:
            raise _fail(f"left_out[{i}]: at most {t.removed_cards_per_age} cards are left out of an Age")
        for c in age:
            place(c, f"left_out[{i}]")
    built_or_discarded = {c for c, label in where.items()
                          if c < t.NB and (label.startswith("players") or label == "discard")}
    seen_taken: set[int] = set()
    for s, c in enumerate(g.slot_card):
        if c >= 0 and g.taken[s]:
            if c in seen_taken:
                raise _fail(f"structure[{s}]: {ids[c]!r} was taken from two slots")
            seen_taken.add(c)
            if c not in built_or_discarded:
                raise _fail(f"structure[{s}]: {ids[c]!r} was taken from the structure, so it must "
                            "be in a city, under a Wonder or in the discard pile")

    # Wonders built against the limit.
    tucks = [x for p in t.seats for x in g.wonder_tuck[p]]
    built = sum(1 for x in tucks if x >= 0)
    limit = t.max_wonders_built
    if built > limit:
        raise _fail(f"{built} Wonders are built; at most {limit} can be")
    if built == limit and UNBUILT in tucks:
        raise _fail(f"{limit} Wonders are built, so the last unbuilt one is 'removed', not 'unbuilt'")
    if built < limit and REMOVED in tucks:
        raise _fail(f"a Wonder is 'removed' but only {built} of {limit} Wonders are built")


def _check_structure(g: Game) -> None:
    if not g.age:
        if g.left_out:
            raise _fail("left_out: no Age has started")
        return
    if len(g.left_out) != g.age:
        raise _fail(f"left_out: one list per Age started, expected {g.age}, got {len(g.left_out)}")
    # Taken slots may be anywhere: a position written by hand keeps only the cards it needs.
    for s, (c, up, taken) in enumerate(zip(g.slot_card, g.face_up, g.taken)):
        if taken:
            continue
        if up and c < 0:
            raise _fail(f"structure[{s}]: a face-up card needs its id")
        if not up and c >= 0:
            raise _fail(f"structure[{s}]: a face-down card is drawn from the pool when it is "
                        "turned over, so its card is null")
    if len(set(g.to_reveal)) != len(g.to_reveal):
        raise _fail("to_reveal: a slot is listed twice")
    accessible = set(g.accessible)
    for s in g.to_reveal:
        if g.taken[s] or g.face_up[s] or s not in accessible:
            raise _fail(f"to_reveal: structure[{s}] is not an uncovered face-down card")
    if g.result is not None:
        return
    due = set(g.to_reveal) | {arg for kind, _, arg in g.stack if kind == K_DEAL}
    for s in g.accessible:
        if not g.face_up[s] and s not in due:
            raise _fail(f"structure[{s}] is uncovered but face down, and nothing turns it over")


def _check_draws(g: Game) -> None:
    """Walk the queued decisions in the order they resolve and count what each one takes."""
    pool, guilds = len(g.pool), len(g.guild_pool)
    box, drawn = len(g.box_tokens) - len(g.drawn), len(g.drawn)
    board, wonders, draft, discard = len(g.board_tokens), len(g.wonder_pool), len(g.draft), len(g.discard)

    def short(i: int, what: str) -> StateFormatError:
        return _fail(f"stack[{i}]: {KIND_NAMES[g.stack[i][0]]} needs {what}, and none is left")

    for i in range(len(g.stack) - 1, -1, -1):
        kind = g.stack[i][0]
        if kind == K_AGE:
            break
        if kind == K_BOARD or kind == K_LIB_DRAW:
            box -= 1
            if box < 0:
                raise short(i, "a progress token from the box")
            if kind == K_LIB_DRAW:
                drawn += 1
        elif kind == K_REVEAL:
            wonders -= 1
            if wonders < 0:
                raise short(i, "a Wonder from wonder_pool")
            draft += 1
        elif kind == K_DRAFT or kind == K_DRAFT_LAST:
            draft -= 1
            if draft < 0:
                raise short(i, "a revealed Wonder")
        elif kind == K_LEAVE or kind == K_DEAL:
            pool -= 1
            if pool < 0:
                raise short(i, "a card from the pool")
        elif kind == K_GUILD:
            guilds -= 1
            if guilds < 0:
                raise short(i, "a guild from guild_pool")
            pool += 1
        elif kind == K_LIB_PICK:
            if not drawn:
                raise short(i, "a drawn token")
            box += drawn - 1
            drawn = 0
        elif kind == K_PAIR:
            board -= 1
            if board < 0:
                raise short(i, "a progress token on the board")
        elif kind == K_REVIVE:
            discard -= 1
            if discard < 0:
                raise short(i, "a card in the discard pile")
    if draft:
        raise _fail(f"draft: {draft} revealed Wonder(s) that no pending draft decision will take")
    if drawn and not any(k == K_LIB_PICK for k, _, _ in g.stack):
        raise _fail("drawn_tokens: tokens are drawn but no library_pick decision is pending")
    if g.result is None and g.age and not age_pending(g):
        later = sum(1 for s in range(len(g.slot_card)) if not g.taken[s] and not g.face_up[s])
        later -= sum(1 for k, _, _ in g.stack if k == K_DEAL)
        if pool < later:
            raise _fail(f"pool: {later} face-down cards are still to be drawn from it, "
                        f"but it holds only {pool} after the pending draws")


def _check_derived(g: Game) -> None:
    t = g.t
    for p in t.seats:
        if not t.pawn_side:
            break
        lead = g.pawn * t.pawn_side[p]
        opponent = t.neighbours[p][0]  # the track is two-sided
        for i, (first, _loot) in enumerate(t.loot_zones):
            if lead >= first and not g.loot_used[opponent][i]:
                raise _fail(f"players[{opponent}].loot_lost[{i}]: the pawn stands beyond that "
                            "looting zone, so its token is used")
    if g.result is None:
        if t.pawn_side and abs(g.pawn) >= t.supremacy_at:
            raise _fail("pawn: it stands on a capital, so the game is over (result)")
        for p in t.seats:
            if g.sci_distinct[p] >= t.science_supremacy:
                raise _fail(f"players[{p}] has {g.sci_distinct[p]} different science symbols, "
                            "so the game is over (result)")
        return
    res = g.result
    w = res.winner
    if res.victory == "military":
        if w is None or not t.pawn_side or g.pawn * t.pawn_side[w] < t.supremacy_at:
            raise _fail("result: a military victory needs the pawn on the loser's capital")
    elif res.victory == "scientific":
        if w is None or g.sci_distinct[w] < t.science_supremacy:
            raise _fail(f"result: a scientific victory needs {t.science_supremacy} different symbols")
    elif g.age != t.ages or g.remaining or any(getattr(g, "hands", ())):
        raise _fail(f"result: a civilian victory comes at the end of Age {t.ages}, "
                    "once its structure is empty")
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
