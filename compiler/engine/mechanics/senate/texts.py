"""The texts of the Senate's actions (mechanic `senate`; core/texts.py):

    place a cube in chamber 3
    move a cube from chamber 2 to chamber 3
    remove a cube from chamber 4 (one of the opponent's)
    end senate actions
    move the decree of chamber 2 to chamber 5
    (chance) decree Tax Relief in chamber 2 (the chamber while its draw is pending)
    (chance) shuffle in Politician of the Left I (a senator, into the Age's deck)

Chambers are numbered from 1 in board order (game.yaml's `senate.chambers`); a Decree is
named by its display name or id, any case.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.kinds import IS_CHANCE, KIND_NAMES, number
from ...core.texts import lookup, words
from ...errors import NotationError, OtherEventError
from . import steps
from .state import cubes_left

if TYPE_CHECKING:
    from ...core.game import GameState

FORMS = ("place a cube in chamber N, move a cube from chamber N to chamber M, remove a cube "
         "from chamber N, end senate actions, decree <Decree> in chamber N, move the decree "
         "of chamber N to chamber M, shuffle in <senator>")
_MOVE_DECREE = re.compile(r"move the decree of chamber (\d+) to chamber (\d+)")
_PLACE = re.compile(r"place a cube in chamber (\d+)")
_MOVE = re.compile(r"move a cube from chamber (\d+) to chamber (\d+)")
_DECREE = re.compile(r"decree (.+?)(?: in chamber (\d+))?")
_REMOVE = re.compile(r"remove a cube from chamber (\d+)")
_END = "end senate actions"
_SENATOR = "shuffle in "


def to_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    if t.SENATE_PLACE <= action < t.SENATE_MOVE:
        return f"place a cube in chamber {action - t.SENATE_PLACE + 1}"
    if t.SENATE_MOVE <= action < t.SENATE_END:
        source, right = divmod(action - t.SENATE_MOVE, 2)
        return f"move a cube from chamber {source + 1} to chamber {source + (2 if right else 0)}"
    if action == t.SENATE_END:
        return _END
    if t.DECREE_MOVE <= action < t.DECREE_MOVE + t.n_chambers ** 2:
        source, target = divmod(action - t.DECREE_MOVE, t.n_chambers)
        return f"move the decree of chamber {source + 1} to chamber {target + 1}"
    if t.SENATE_REMOVE <= action < t.SENATE_REMOVE + t.n_chambers:
        return f"remove a cube from chamber {action - t.SENATE_REMOVE + 1}"
    if _senator_draw(game) and t.CH_CARD <= action < t.CH_CARD + t.NB:
        return _SENATOR + t.text_names[action - t.CH_CARD]
    if t.CH_DECREE <= action < t.CH_DECREE + len(t.decree_tokens):
        name = t.text_names[t.token0 + t.decree_tokens[action - t.CH_DECREE]]
        chamber = _drawing(game)
        return f"decree {name}" if chamber is None else f"decree {name} in chamber {chamber + 1}"
    return None


def _drawing(game: GameState) -> int | None:
    """The chamber whose Decree is being drawn, or None."""
    if game.result is None and game.stack and game.stack[-1][0] == number("decree_draw"):
        return game.stack[-1][2]
    return None


def _senator_draw(game: GameState) -> bool:
    """Is a senator being shuffled into the Age's deck (senators.py's chance event)?"""
    return game.result is None and bool(game.stack) and game.stack[-1][0] == number("senator_draw")


def _chamber(game: GameState, written: str) -> int:
    n = int(written)
    if not 1 <= n <= game.t.n_chambers:
        raise NotationError(f"no chamber {n}: the Senate has chambers 1 to {game.t.n_chambers}")
    return n - 1


def parse(game: GameState, text: str, seat: int | None = None) -> int | None:
    t = game.t
    shown, low = words(text)
    if low == _END:
        return t.SENATE_END
    m = _MOVE_DECREE.fullmatch(low)
    if m:
        source, target = _chamber(game, m[1]), _chamber(game, m[2])
        if source == target:
            raise NotationError("a Decree moves to another chamber")
        return t.DECREE_MOVE + source * t.n_chambers + target
    m = _PLACE.fullmatch(low)
    if m:
        return t.SENATE_PLACE + _chamber(game, m[1])
    m = _REMOVE.fullmatch(low)
    if m:
        return t.SENATE_REMOVE + _chamber(game, m[1])
    m = _MOVE.fullmatch(low)
    if m:
        source, target = _chamber(game, m[1]), _chamber(game, m[2])
        if abs(source - target) != 1:
            raise NotationError(f"chambers {source + 1} and {target + 1} are not next to "
                                "each other: a cube moves to the chamber beside it")
        return t.SENATE_MOVE + 2 * source + (target > source)
    if low.startswith(_SENATOR):
        c = lookup(game, shown[len(_SENATOR):], 0, t.NB, "senator")
        if c not in t.senators:
            raise NotationError(f"{t.names[c]!r} is not a senator")
        node = game.stack[-1] if game.stack and game.result is None else None
        if node is not None and IS_CHANCE[node[0]] and not _senator_draw(game):
            raise OtherEventError(f"{text!r}: the pending chance event is "
                                  f"{KIND_NAMES[node[0]].replace('_', ' ')}, not senator draw",
                                  t.CH_CARD + c)
        return t.CH_CARD + c
    m = _DECREE.fullmatch(low)
    if m:
        drawing = _drawing(game)
        if m[2] is not None and drawing is not None and _chamber(game, m[2]) != drawing:
            raise NotationError(f"the Decree being drawn is chamber {drawing + 1}'s, not "
                                f"chamber {m[2]}'s")
        start = m.start(1)
        comp = lookup(game, shown[start:start + len(m[1])], t.token0, t.token0 + t.NT, "Decree")
        tok = comp - t.token0
        if tok not in t.decree_tokens:
            raise NotationError(f"{t.names[comp]!r} is not a Decree")
        return t.CH_DECREE + t.decree_tokens.index(tok)
    return None


def why_not(game: GameState, player: int, arg: int, action: int) -> str | None:
    """Why a Senate step's action is not legal (`kinds.explains`), or None."""
    t = game.t
    s = steps.unpack(t, arg)
    if t.SENATE_PLACE <= action < t.SENATE_MOVE:
        if s.place == steps.no_place(t):
            return "this step places no cube"
        if cubes_left(game, player) <= 0:
            return "no influence cube is left to place"
        if s.place == len(t.sections):  # any chamber: only the supply can refuse a cube
            return None
        return (f"chamber {action - t.SENATE_PLACE + 1} is not in the "
                f"{t.sections[s.place]} section")
    if t.SENATE_MOVE <= action < t.SENATE_END:
        if not s.move:
            return "this step moves no cube"
        source, right = divmod(action - t.SENATE_MOVE, 2)
        if not game.chamber_cubes[player][source]:
            return f"no cube of yours is in chamber {source + 1}"
        return f"chamber {source + 1} has no chamber {'after' if right else 'before'} it"
    if action == t.SENATE_END:
        return "these Senate steps cannot be ended early"
    if t.SENATE_REMOVE <= action < t.SENATE_REMOVE + t.n_chambers:
        if not s.remove:
            return "this step removes no cube"
        return f"no cube of your opponent's is in chamber {action - t.SENATE_REMOVE + 1}"
    return None
