"""Mechanic `progress_tokens`: progress tokens on the board and in the box (Duel).

Reads `setup.board_tokens` (tokens laid on the board at set-up). Registers the chance kinds
`board_token` (set-up) and `library_draw`, and the decisions `pair_token` (take a token from
the board) and `library_pick`; provides the verb `take_token` (a token from the board, or the
Great Library's from the box) and `_offer_board_token` for other mechanics (science pairs).
Another mechanic that keeps tokens of its own (senate's Decrees) says so with `keeps_out`:
they are never laid on the board nor put in the box, in a game listing that mechanic.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from ...core.actions import EFFECTS, OUTCOMES, Actions
from ...core.fields import STATE, StateField, component_ids, list_copy
from ...core.rules import checked
from ...core.kinds import (AGES, CHANCE, KIND_NAMES, SETUP, explains, handles, kind, legal_at,
                           no_arg, outcomes_from, stands)
from ...core.sampler import hashes
from ...core.texts import add_components, add_texts
from ...core.views import Hidden, Place, Redraw
from ...games.duel import texts as duel_texts
from ...games.duel.positions import TOKENS as POSITION  # noqa: F401 (its part of a position)

if TYPE_CHECKING:
    from ...core.game import GameState
    from ...tables import Tables

NAME = "progress_tokens"


@dataclass(frozen=True)
class Config:
    board_tokens: int  # setup.board_tokens

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        return cls(rules["setup"]["board_tokens"])


K_BOARD = kind("board_token", NAME, chance=True)
K_LIB_DRAW = kind("library_draw", NAME, chance=True)
K_PAIR = kind("pair_token", NAME, prompt="take a progress token")
K_LIB_PICK = kind("library_pick", NAME, prompt="take a progress token from those drawn")
explains(K_PAIR)(duel_texts.why_not_take)  # a token not offered
explains(K_LIB_PICK)(duel_texts.why_not_take)
stands(K_BOARD, SETUP, no_arg)
for _kind in (K_PAIR, K_LIB_DRAW, K_LIB_PICK):
    stands(_kind, AGES, no_arg)


# Its action ids (core/actions.py): a token taken, a token drawn (set-up, Great Library).
ACTIONS = (Actions("TAKE", EFFECTS, lambda t: t.NT), Actions("CH_TOKEN", OUTCOMES, lambda t: t.NT))


# The tokens each mechanic keeps out of the box (`keeps_out`), by the mechanic's name.
_KEPT_OUT: dict[str, Callable[[Tables], Iterable[int]]] = {}


def keeps_out(mechanic: str, tokens: Callable[[Tables], Iterable[int]]) -> None:
    """Declare that `mechanic` keeps some tokens for itself: `tokens(tables)` gives their
    indices (0 to NT - 1). In a game listing `mechanic`, whatever the order, they are never
    laid on the board nor put in the box (so no rule takes or draws them)."""
    _KEPT_OUT[mechanic] = tokens


def kept_out(g: GameState) -> set[int]:
    """The tokens the game's mechanics keep for themselves (`keeps_out`)."""
    return {k for name in g.MECHANICS if name in _KEPT_OUT for k in _KEPT_OUT[name](g.t)}


def _in_the_box(g: GameState) -> list[int]:
    """The tokens a new game puts in the box: all but those its mechanics keep out."""
    kept = kept_out(g)
    return [k for k in range(g.t.NT) if k not in kept]


def extend_tables(t) -> None:
    add_texts(t, duel_texts.token_text, duel_texts.token_parse, duel_texts.TOKEN_FORMS)
    add_components(t, duel_texts.token_component)


class ProgressTokens:
    """Set-up lays the board tokens; `take_token` queues the choices a token needs."""

    __slots__ = ()

    def _setup_nodes(self, first: int) -> list:
        todo = super()._setup_nodes(first)
        n = self.t.config[NAME].board_tokens
        if todo or not self.auto_chance:
            return todo + [(K_BOARD, CHANCE, 0)] * n
        # The board's tokens are the first chance events due: draw them now, exactly as
        # their chance nodes would (same outcomes, same order, same history).
        k, box, base = self.chance_count, self.box_tokens, self.t.CH_TOKEN
        h = hashes(self.seed, k + n)
        for _ in range(n):
            token = box.pop((h[k] * len(box)) >> 64)  # draw(seed, k + 1, len(box))
            k += 1
            self.board_tokens.append(token)
            self.history.append(base + token)
        self.board_tokens.sort()
        self.chance_count = k
        return todo

    def take_token(self, player: int, source: str, draw: int) -> None:
        if source == "box":
            n = min(draw, len(self.box_tokens)) if draw else len(self.box_tokens)  # 0: all
            if n:
                self._buffer.extend([(K_LIB_DRAW, CHANCE, 0)] * n)
                self._buffer.append((K_LIB_PICK, player, 0))
        else:
            self._offer_board_token(player)

    def _offer_board_token(self, player: int) -> None:
        """Queue `player`'s choice of a token on the board (none left: nothing)."""
        if self.board_tokens:
            self._buffer.append((K_PAIR, player, 0))


@outcomes_from(K_BOARD)
def _box(g: GameState):
    return g.box_tokens, g.t.CH_TOKEN


@handles(K_BOARD)
def _on_board(g: GameState, node, action: int) -> None:
    tok = action - g.t.CH_TOKEN
    g.box_tokens.remove(tok)
    g.board_tokens.append(tok)
    if g.auto_chance:  # the tokens queued right after this one, drawn now as `_advance`
        stack = g.stack  # would draw them one at a time (same outcomes, order, history)
        n = 0
        while n < len(stack) and stack[-1 - n][0] == K_BOARD:
            n += 1
        if n:
            k, box, hist, base = g.chance_count, g.box_tokens, g.history, g.t.CH_TOKEN
            h = hashes(g.seed, k + n)
            del stack[-n:]
            for _ in range(n):
                tok = box.pop((h[k] * len(box)) >> 64)  # draw(seed, k + 1, len(box))
                k += 1
                g.board_tokens.append(tok)
                hist.append(base + tok)
            g.chance_count = k
    g.board_tokens.sort()


@legal_at(K_PAIR)
def _on_board_now(g: GameState, player: int, arg: int) -> list[int]:
    return sorted(g.t.TAKE + x for x in g.board_tokens)


@handles(K_PAIR)
def _on_pair(g: GameState, node, action: int) -> None:
    tok = action - g.t.TAKE
    g.board_tokens.remove(tok)
    g._gain_token(node[1], tok)
    g._flush()


@outcomes_from(K_LIB_DRAW)
def _undrawn(g: GameState):
    return [x for x in g.box_tokens if x not in g.drawn], g.t.CH_TOKEN


@handles(K_LIB_DRAW)
def _on_lib_draw(g: GameState, node, action: int) -> None:
    g.drawn.append(action - g.t.CH_TOKEN)


@legal_at(K_LIB_PICK)
def _drawn(g: GameState, player: int, arg: int) -> list[int]:
    return sorted(g.t.TAKE + x for x in g.drawn)


@handles(K_LIB_PICK)
def _on_lib_pick(g: GameState, node, action: int) -> None:
    tok = action - g.t.TAKE
    g.box_tokens.remove(tok)
    g.drawn = []
    g._gain_token(node[1], tok)
    g._flush()


# State owned by this mechanic: the tokens on the board, in the box, and drawn from the box --

def _places(key: str, slot: str):
    return lambda g: [(key, [g.t.token0 + x for x in getattr(g, slot)])]


def _check_tokens(g) -> str | None:
    """Only progress tokens are on the board, in the box or in a city (not those another
    mechanic keeps: Agora's Decrees, conspiracies, military tokens); drawn tokens come from
    the box; every token the pending decisions take is there."""
    ids, token0 = g.t.ids, g.t.token0
    kept = kept_out(g)
    zones = [("board_tokens", g.board_tokens), ("box_tokens", g.box_tokens),
             *((f"players[{p}].tokens", g.tokens[p]) for p in g.t.seats)]
    for label, tokens in zones if kept else ():
        for x in tokens:
            if x in kept:
                return f"{label}: {ids[token0 + x]!r} is not a progress token"
    if len(set(g.drawn)) != len(g.drawn):
        return "drawn_tokens: a token is drawn twice"
    for x in g.drawn:
        if x not in g.box_tokens:
            return (f"drawn_tokens: {ids[token0 + x]!r} is not in box_tokens "
                    "(the Great Library draws from the box)")
    box, drawn, board = len(g.box_tokens) - len(g.drawn), len(g.drawn), len(g.board_tokens)
    # In the order they resolve. (The stack checks, run first, keep these kinds above an Age
    # about to start: that Age's set-up does not come between.)
    for i in range(len(g.stack) - 1, -1, -1):
        kind = g.stack[i][0]
        if kind == K_BOARD or kind == K_LIB_DRAW:
            box -= 1
            if box < 0:
                return _short(g, i, "a progress token from the box")
            if kind == K_LIB_DRAW:
                drawn += 1
        elif kind == K_LIB_PICK:
            if not drawn:
                return _short(g, i, "a drawn token")
            box += drawn - 1
            drawn = 0
        elif kind == K_PAIR:
            board -= 1
            if board < 0:
                return _short(g, i, "a progress token on the board")
    if drawn and not any(k == K_LIB_PICK for k, _, _ in g.stack):
        return "drawn_tokens: tokens are drawn but no library_pick decision is pending"
    return None


def _short(g, i: int, what: str) -> str:
    return f"stack[{i}]: {KIND_NAMES[g.stack[i][0]]} needs {what}, and none is left"


FIELDS = (
    StateField("board_tokens", lambda g: [], list_copy,
               *component_ids("board_tokens", "token", True), json=STATE, order=90,
               places=_places("board_tokens", "board_tokens"),
               doc="the tokens on the board"),
    StateField("box_tokens", _in_the_box, list_copy,
               *component_ids("box_tokens", "token", True), json=STATE, order=100,
               places=_places("box_tokens", "box_tokens"),
               doc="the tokens left in the box (the Great Library draws from them)"),
    StateField("drawn_tokens", lambda g: [], list_copy,
               *component_ids("drawn_tokens", "token", False), check=_check_tokens, json=STATE,
               order=110, slots=("drawn",),
               doc="the tokens the Great Library drew, waiting for the choice"),
)

def _drew(g: GameState, player: int) -> bool:
    """True if `player` is the one choosing among the drawn tokens."""
    return any(kind == K_LIB_PICK and p == player for kind, p, _ in g.stack)


def _hide_drawn(g: GameState, player: int, data: dict) -> None:
    if data.get("drawn_tokens") and not _drew(g, player):  # another's: how many
        data["drawn_tokens"] = len(g.drawn)


def _redraw_drawn(g: GameState, player: int, rng) -> None:
    if g.drawn and not _drew(g, player):
        box = list(g.box_tokens)
        rng.shuffle(box)
        g.drawn = box[:len(g.drawn)]


def _tokens(g: GameState, seats) -> list[int]:
    return [g.t.token0 + x for q in seats for x in g.tokens[q]]


# What a seat sees (core/views.py): the board, its tokens and the others', the tokens it drew.
VIEW = (
    Place("board", 7, lambda g, p: [g.t.token0 + x for x in g.board_tokens]),
    Place("my token", 8, lambda g, p: _tokens(g, (p,))),
    Place("their token", 9, lambda g, p: _tokens(g, [q for q in g.t.seats if q != p])),
    Place("drawn", 15, lambda g, p: [g.t.token0 + x for x in g.drawn] if _drew(g, p) else ()),
    Hidden("drawn_tokens", 20, _hide_drawn),
    Redraw("drawn_tokens", 20, _redraw_drawn),
)
MIXIN = ProgressTokens
