"""Mechanic `wonder_draft`: Wonders revealed in rounds and drafted (Duel, ruling 22).

Reads `setup.wonder_draft`: per round, who takes each revealed Wonder in turn, named relative
to the first player (`first`, `second`, compiled to 0 and 1); the last Wonder of a round goes
to its seat without a choice. Registers the chance kind `reveal_wonder`, the decision `draft`
and the internal kind `draft_last`. Seating: opponent (the picks name two seats).
"""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.actions import OUTCOMES, SETUP_CHOICES, Actions
from ...core.fields import STATE, StateField, component_ids, list_copy
from ...core.rules import checked
from ...core.sampler import hashes
from ...core.texts import add_components, add_texts
from ...core.views import Place
from ...games.duel import texts as duel_texts
from ...core.kinds import (CHANCE, KIND_NAMES, SETUP, UNBUILT, explains, handles, kind, legal_at,
                           no_arg, outcomes_from, stands)
from ...games.duel.positions import DRAFT as POSITION  # noqa: F401 (its part of a position)

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "wonder_draft"
# The draft names seats relative to the first player, in Duel's words.
_RELATIVE = {"first": 0, "second": 1}


@dataclass(frozen=True)
class Config:
    rounds: tuple[tuple[int, ...], ...]  # setup.wonder_draft, as seats after the first player
    first_game_wonders: tuple[tuple[str, ...], ...]  # setup.first_game_wonders, per seat

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        setup = rules["setup"]
        first_game = setup.get("first_game_wonders")
        return cls(tuple(tuple(_RELATIVE[who] for who in r) for r in setup["wonder_draft"]),
                   (tuple(first_game["first"]), tuple(first_game["second"]))
                   if first_game else ())


K_REVEAL = kind("reveal_wonder", NAME, chance=True)
K_DRAFT = kind("draft", NAME, prompt="pick a Wonder")
K_DRAFT_LAST = kind("draft_last", NAME, internal=True)
explains(K_DRAFT)(duel_texts.why_not_pick)  # a Wonder not offered
for _kind in (K_REVEAL, K_DRAFT, K_DRAFT_LAST):
    stands(_kind, SETUP, no_arg)


# Its action ids (core/actions.py): the Wonder picked in a draft round, the Wonder revealed.
ACTIONS = (Actions("PICK_WONDER", SETUP_CHOICES, lambda t: t.NW),
           Actions("CH_WONDER", OUTCOMES, lambda t: t.NW))


def extend_tables(t) -> None:
    add_texts(t, duel_texts.draft_text, duel_texts.draft_parse, duel_texts.DRAFT_FORMS)
    add_components(t, duel_texts.draft_component)
    # The Wonder a pick takes: the others a round hands over are written in records.
    t.picked_component += (duel_texts.draft_component,)


class WonderDraft:
    __slots__ = ()

    def _setup_nodes(self, first: int) -> list:
        t = self.t
        key = (NAME, first)
        todo = t.cache.get(key)
        if todo is None:  # the same for every game of the ruleset with this first seat
            n = t.n_seats
            todo = []
            for rnd in t.config[NAME].rounds:
                todo += [(K_REVEAL, CHANCE, 0)] * len(rnd)
                todo += [(K_DRAFT, (first + rel) % n, 0) for rel in rnd[:-1]]
                todo.append((K_DRAFT_LAST, (first + rnd[-1]) % n, 0))
            t.cache[key] = todo
        return super()._setup_nodes(first) + todo


@outcomes_from(K_REVEAL)
def _pool(g: GameState):
    return g.wonder_pool, g.t.CH_WONDER


@handles(K_REVEAL)
def _on_reveal(g: GameState, node, action: int) -> None:
    w = action - g.t.CH_WONDER
    g.wonder_pool.remove(w)
    g.draft.append(w)
    if g.auto_chance:
        _reveal_queued(g)


def _reveal_queued(g: GameState) -> None:
    """The reveals queued right after this one, drawn now exactly as `_advance` would draw
    them one at a time (same outcomes, order and history), in one loop."""
    stack = g.stack
    n = 0
    while n < len(stack) and stack[-1 - n][0] == K_REVEAL:
        n += 1
    if n:
        k, pool, draft, hist, base = g.chance_count, g.wonder_pool, g.draft, g.history, g.t.CH_WONDER
        h = hashes(g.seed, k + n)
        del stack[-n:]
        for _ in range(n):
            w = pool.pop((h[k] * len(pool)) >> 64)  # draw(seed, k + 1, len(pool))
            k += 1
            draft.append(w)
            hist.append(base + w)
        g.chance_count = k


@legal_at(K_DRAFT)
def _offered(g: GameState, player: int, arg: int) -> list[int]:
    base = g.t.PICK_WONDER
    out = []
    for w in sorted(g.draft):  # a loop, not map(int.__add__): a slot wrapper call per item
        out.append(base + w)
    return out


@handles(K_DRAFT)
def _on_draft(g: GameState, node, action: int) -> None:
    w = action - g.t.PICK_WONDER
    g.draft.remove(w)
    take_wonder(g, node[1], w)


@handles(K_DRAFT_LAST)
def _on_draft_last(g: GameState, node) -> None:
    take_wonder(g, node[1], g.draft.pop())


def take_wonder(g: GameState, p: int, w: int) -> None:
    g.wonders[p].append(w)
    g.wonder_tuck[p].append(UNBUILT)
    if g.wonders_built_total < g.t.max_wonders_built:
        insort(g.unbuilt[p], w)
    wonder = g.t.objects[g.t.wonder0 + w]
    if wonder.has_on_draft:  # `whenever: {event: drafted}`: its choices come first
        wonder.on_draft(g, p)
        g._flush()


# State owned by this mechanic: the Wonders still to reveal, and those revealed this round ---

def _places(key: str):
    return lambda g: [(key, [g.t.wonder0 + w for w in getattr(g, key)])]


def _check_draft(g: GameState) -> str | None:
    """Every Wonder the pending reveals and picks take is there, and none is left over."""
    wonders, draft = len(g.wonder_pool), len(g.draft)
    for i in range(len(g.stack) - 1, -1, -1):  # in the order they resolve
        kind = g.stack[i][0]
        if kind == K_REVEAL:
            wonders -= 1
            if wonders < 0:
                return f"stack[{i}]: {KIND_NAMES[kind]} needs a Wonder from wonder_pool, and none is left"
            draft += 1
        elif kind == K_DRAFT or kind == K_DRAFT_LAST:
            draft -= 1
            if draft < 0:
                return f"stack[{i}]: {KIND_NAMES[kind]} needs a revealed Wonder, and none is left"
    if draft:
        return f"draft: {draft} revealed Wonder(s) that no pending draft decision will take"
    return None


FIELDS = (
    StateField("wonder_pool", lambda g: list(range(g.t.NW)), list_copy,
               *component_ids("wonder_pool", "wonder", True), json=STATE, order=120,
               places=_places("wonder_pool"), doc="the Wonders not yet revealed"),
    StateField("draft", lambda g: [], list_copy, *component_ids("draft", "wonder", False),
               check=_check_draft, json=STATE, order=130, places=_places("draft"),
               doc="the Wonders revealed and not yet taken this round"),
)

def _seen_wonders(what: str, mine: bool):
    """A place of the Wonders seen from a seat: the card `under` each built one, the
    `built` ones or the `unbuilt` ones, of the seat itself (`mine`) or of the others."""
    def components(g: GameState, player: int) -> list[int]:
        out = []
        for q in ((player,) if mine else [q for q in g.t.seats if q != player]):
            for w, tuck in zip(g.wonders[q], g.wonder_tuck[q]):
                if what == "under" and tuck >= 0:
                    out.append(tuck)
                elif what == "built" and tuck >= 0 or what == "unbuilt" and tuck == UNBUILT:
                    out.append(g.t.wonder0 + w)
        return out
    return components


# What a seat sees (core/views.py): each seat's Wonders, built or not, and the draft.
VIEW = (
    Place("under my Wonder", 2, _seen_wonders("under", True)),
    Place("under their Wonder", 3, _seen_wonders("under", False)),
    Place("my Wonder", 10, _seen_wonders("unbuilt", True)),
    Place("their Wonder", 11, _seen_wonders("unbuilt", False)),
    Place("my built Wonder", 12, _seen_wonders("built", True)),
    Place("their built Wonder", 13, _seen_wonders("built", False)),
    Place("draft", 14, lambda g, p: [g.t.wonder0 + w for w in g.draft]),
)
MIXIN = WonderDraft
