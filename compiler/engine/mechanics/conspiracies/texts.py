"""The texts of the conspiracies' actions (mechanic `conspiracies`; core/texts.py):

    prepare Extortion with Baths          trigger Extortion
    keep Extortion, the other on top      keep Extortion, the other at the bottom
    trigger unprepared Extortion          trigger no conspiracy
    take Wonder The Pyramids from the opponent
    lock Law                              sabotage The Pyramids
    build Baths from the far row          build Baths left out
    put Baths in the discard pile         stop discarding
    take Baths from the opponent's city   swap for Baths      give Baths in exchange
    (chance) draw conspiracy Extortion

A component is named by its display name or id, any case.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.texts import lookup, words
from ...errors import NotationError

if TYPE_CHECKING:
    from ...core.game import GameState

# (range, words before the name, words after it, the kind of component named)
SIMPLE = (
    ("TRIGGER", "trigger ", "", "conspiracy"),
    ("KEEP_TOP", "keep ", ", the other on top", "conspiracy"),
    ("KEEP_BOTTOM", "keep ", ", the other at the bottom", "conspiracy"),
    ("UNPREPARED", "trigger unprepared ", "", "conspiracy"),
    ("CH_CONSPIRACY", "draw conspiracy ", "", "conspiracy"),
    ("TAKE_WONDER", "take wonder ", " from the opponent", "wonder"),
    ("LOCK", "lock ", "", "token"),
    ("FAR_BUILD", "build ", " from the far row", "building"),
    ("LEFT_OUT_BUILD", "build ", " left out", "building"),
    ("STRUCTURE_DISCARD", "put ", " in the discard pile", "building"),
    ("TAKE_BUILDING", "take ", " from the opponent's city", "building"),
    ("SWAP_TAKE", "swap for ", "", "building"),
    ("SWAP_GIVE", "give ", " in exchange", "building"),
    ("SABOTAGE", "sabotage ", "", "wonder"),
)
_NO_TRIGGER, _STOP = "trigger no conspiracy", "stop discarding"
_PREPARE = re.compile(r"prepare (.+?) with (.+)")
_PATTERNS = tuple((attr, re.compile(re.escape(before) + "(.+?)" + re.escape(after)), kind)
                  for attr, before, after, kind in SIMPLE)
FORMS = ("prepare <conspiracy> with <card>, trigger <conspiracy>, keep <conspiracy>, the "
         "other on top|at the bottom, trigger unprepared <conspiracy>, trigger no conspiracy, "
         "take wonder <Wonder> from the opponent, lock <token>, build <card> from the far row, "
         "build <card> left out, put <card> in the discard pile, stop discarding, take <card> "
         "from the opponent's city, swap for <card>, give <card> in exchange, sabotage "
         "<Wonder>, draw conspiracy <conspiracy>")


def _size(t, attr: str) -> int:
    kind = dict((a, k) for a, _, _, k in SIMPLE)[attr]
    return {"conspiracy": len(t.conspiracy_tokens), "wonder": t.NW, "token": t.NT,
            "building": t.NB}[kind]


def _component(t, kind: str, i: int) -> int:
    """The component number of item `i` of a range naming `kind`."""
    if kind == "conspiracy":
        return t.token0 + t.conspiracy_tokens[i]
    return {"wonder": t.wonder0, "token": t.token0, "building": 0}[kind] + i


def to_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    if t.PREPARE <= action < t.TRIGGER:
        k, c = divmod(action - t.PREPARE, t.NB)
        return f"prepare {t.text_names[_component(t, 'conspiracy', k)]} with {t.text_names[c]}"
    if action == t.UNPREPARED + len(t.conspiracy_tokens):
        return _NO_TRIGGER
    if action == t.STRUCTURE_DISCARD + t.NB:
        return _STOP
    for attr, before, after, kind in SIMPLE:
        first = getattr(t, attr)
        if first <= action < first + _size(t, attr):
            return f"{before}{t.text_names[_component(t, kind, action - first)]}{after}"
    return None


def _find(game: GameState, shown: str, start: int, length: int, kind: str) -> int:
    """The item of a range naming `kind` that the name at `shown[start:start + length]` is."""
    t = game.t
    name = shown[start:start + length]
    if kind == "conspiracy":
        comp = lookup(game, name, t.token0, t.token0 + t.NT, "conspiracy")
        if comp - t.token0 not in t.conspiracy_tokens:
            raise NotationError(f"{t.names[comp]!r} is not a conspiracy")
        return t.conspiracy_tokens.index(comp - t.token0)
    first, last = {"wonder": (t.wonder0, t.wonder0 + t.NW), "token": (t.token0, t.token0 + t.NT),
                   "building": (0, t.NB)}[kind]
    return lookup(game, name, first, last, kind) - first


def parse(game: GameState, text: str, seat: int | None = None) -> int | None:
    t = game.t
    shown, low = words(text)
    if low == _NO_TRIGGER:
        return t.UNPREPARED + len(t.conspiracy_tokens)
    if low == _STOP:
        return t.STRUCTURE_DISCARD + t.NB
    m = _PREPARE.fullmatch(low)
    if m:
        k = _find(game, shown, m.start(1), len(m[1]), "conspiracy")
        return t.PREPARE + k * t.NB + _find(game, shown, m.start(2), len(m[2]), "building")
    for attr, pattern, kind in _PATTERNS:
        m = pattern.fullmatch(low)
        if m:
            try:
                return getattr(t, attr) + _find(game, shown, m.start(1), len(m[1]), kind)
            except NotationError:
                if attr in ("TRIGGER", "FAR_BUILD"):  # `trigger unprepared X`, `build X left out`
                    continue
                raise
    return None


def component(game: GameState, action: int, seat: int | None = None) -> int | None:
    """The building a conspiracy's effect gives the deciding city, or None."""
    t = game.t
    for attr in ("FAR_BUILD", "LEFT_OUT_BUILD", "TAKE_BUILDING", "SWAP_TAKE"):
        first = getattr(t, attr)
        if first <= action < first + t.NB:
            return action - first
    if t.TAKE_WONDER <= action < t.TAKE_WONDER + t.NW:
        return t.wonder0 + action - t.TAKE_WONDER
    return None
