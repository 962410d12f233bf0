"""Mechanic `conspiracies`: Agora's conspiracies (7 Wonders Duel: Agora).

Reads `conspiracies` (docs/dsl.md; the facts and their sources: docs/sources.md, "Agora"):
`deck`, the tokens that are conspiracies; `draw`, how many a conspire draws (2). A progress
token with the verb `keep_all_conspiracies` (Organized Crime) makes its owner keep them all.

- **conspire** (the verb `conspire`: a Conspirator, Curia Julia drafted): draw `draw` cards
  from the deck's top (`conspiracy_draw`, chance: a card put back on top is drawn first, then
  the shuffled part, then the cards put at the bottom), keep one and put the other on the top
  or the bottom (`conspiracy_keep`: `keep X, the other on top`); with a token of `keep_all_conspiracies`,
  keep them all;
- **prepare**: a turn's play beside build, discard and Wonder: the card taken from the
  structure is tucked face down under a conspiracy held and not prepared (ruling 12);
- **trigger**: at a turn, before its card is taken, one prepared conspiracy may be triggered
  (ruling 13): the turn's `play` node comes back with `arg` 1, so no second trigger; an extra
  turn is a new node (arg 0) and may trigger again. A trigger that takes the last cards of the
  Age ends the turn without a card and so the Age (ruling 14: `after_trigger`);
- a conspiracy's effect is its token's effects (the DSL verbs, compiled to `on_build`, plus
  `shields`), run when it is triggered; Curia Julia's `trigger_unprepared` runs one not
  prepared (ruling 26).

Its state and what a seat sees of it: conspiracies/state.py; its texts: conspiracies/texts.py;
the verbs of the conspiracies' own effects (cards and Wonders taken, swapped, locked...):
conspiracies/effects.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.actions import EFFECTS, OUTCOMES, PLAYS, Actions
from ...core.fields import StateField, list_copy, lists_copy
from ...core.kinds import (AGES, ANYWHERE, CHANCE, TURN, handles, kind, legal_at, outcomes_from,
                           stands)
from ...core.positions import Part
from ...core.rules import RulesError, checked
from ...core.texts import add_components, add_texts
from ...core.views import Feature, Hidden, Place, Redraw
from ..card_structure import K_END_TURN, K_PLAY, _end_turn, take_card
from ..card_structure.deal import reveal
from ..progress_tokens import keeps_out
from . import effects, state, texts
from .state import NAME, shuffled_part

if TYPE_CHECKING:
    from ...core.game import GameState


@dataclass(frozen=True)
class Config:
    deck: tuple[str, ...]  # conspiracies.deck: token ids
    draw: int  # conspiracies.draw

    def __post_init__(self) -> None:
        checked(self)
        if self.draw < 1:
            raise RulesError("conspiracies.draw: at least 1")

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        c = rules[NAME]
        return cls(tuple(c["deck"]), c["draw"])


TRIGGERED = 1  # a `play` node's arg once its turn has triggered a conspiracy
K_DRAW = kind("conspiracy_draw", NAME, chance=True)  # arg: the seat conspiring
K_KEEP = kind("conspiracy_keep", NAME, prompt="keep a conspiracy, put the other back")
K_KEEP_ALL = kind("conspiracy_keep_all", NAME, internal=True)  # Organized Crime
K_AFTER = kind("after_trigger", NAME, internal=True)  # the turn goes on, or the Age ends
K_UNPREPARED = kind("trigger_unprepared", NAME, prompt="trigger a conspiracy not prepared")
for _kind in (K_DRAW, K_KEEP, K_KEEP_ALL):
    stands(_kind, ANYWHERE)  # a conspire may come at the draft (Curia Julia)
stands(K_AFTER, TURN)  # in place of the turn it goes on with, below the trigger's decisions
stands(K_UNPREPARED, AGES)


def _count(t) -> int:
    return len(t.config[NAME].deck)


# Action ids (core/actions.py): a conspiracy k prepared with card c, `PREPARE + k * NB + c`;
# k triggered; k kept, the other put on top or at the bottom; k triggered unprepared, or
# none (`UNPREPARED + count`); k drawn (chance). The effects' own ids: conspiracies/effects.py.
ACTIONS = (Actions("PREPARE", PLAYS, lambda t: _count(t) * t.NB),
           Actions("TRIGGER", PLAYS, _count),
           Actions("KEEP_TOP", EFFECTS, _count), Actions("KEEP_BOTTOM", EFFECTS, _count),
           Actions("UNPREPARED", EFFECTS, lambda t: _count(t) + 1),
           *effects.ACTIONS,
           Actions("CH_CONSPIRACY", OUTCOMES, _count))


def extend_tables(t) -> None:
    config = t.config[NAME]
    tokens = []
    for cid in config.deck:
        comp = t.index.get(cid, -1)
        if not t.token0 <= comp < t.token0 + t.NT:
            raise RulesError(f"conspiracies.deck: {cid!r} is not a token of the game")
        if t.ongoing[comp] or t.points[comp] or t.has_end_points[comp]:
            raise RulesError(f"conspiracies.deck: {cid!r} has an ongoing or end-game effect; "
                             "a conspiracy's effects are played when it is triggered")
        tokens.append(comp - t.token0)
    t.conspiracy_tokens = tuple(tokens)
    t.conspiracy_draw = config.draw
    t.keeps_all_drawn = tuple(x for x in range(t.NT)  # the tokens of keep_all_conspiracies
                              if t.objects[t.token0 + x].keep_all_conspiracies)
    t.conspire_kinds = (K_DRAW, K_KEEP, K_KEEP_ALL)  # the state's check reads them
    t.more_plays = (*t.more_plays, _prepare_and_trigger)  # a turn's plays (card_structure)
    t.far_row = {age: tuple(s for s, (row, _) in enumerate(st[3]) if row == 0)
                 for age, st in t.structures.items()}  # Property Fraud's (ruling 16)
    add_texts(t, texts.to_text, texts.parse, texts.FORMS)
    add_components(t, texts.component)


keeps_out(NAME, lambda t: t.conspiracy_tokens)  # never on the board nor in the box


# The turn's plays: prepare and trigger -----------------------------------------------------

def _prepare_and_trigger(g: GameState, p: int, plays: list[int]) -> None:
    """Append to a turn's `plays` (card_structure's, ascending) the conspiracies `p` may
    prepare with a card within reach, then those it may trigger, ascending: their ids come
    after card_structure's, PREPARE's before TRIGGER's."""
    held = g.held[p]
    if not held:
        return
    t = g.t
    held = sorted(held)  # by conspiracy: the ids ascending
    for k, card, done in held:
        if card < 0 and not done:
            first = t.PREPARE + k * t.NB
            for c in g.reach:  # ascending
                plays.append(first + c)
    top = g.stack[-1] if g.stack else None
    if top is None or top[0] != K_PLAY or top[2] != TRIGGERED:  # none triggered this turn
        for k, card, done in held:
            if card >= 0 and not done:
                plays.append(t.TRIGGER + k)


# Conspire: draw, then keep ------------------------------------------------------------------

@outcomes_from(K_DRAW)
def _next_card(g: GameState) -> tuple[list[int], int]:
    """The deck's top card: one put back on top, else any of the shuffled part, else the
    first put at the bottom."""
    if g.deck_top:
        return [g.deck_top[0][0]], g.t.CH_CONSPIRACY
    middle = shuffled_part(g)
    if middle:
        return middle, g.t.CH_CONSPIRACY
    return [g.deck_bottom[0][0]], g.t.CH_CONSPIRACY


@handles(K_DRAW)
def _on_draw(g: GameState, node, action: int) -> None:
    k = action - g.t.CH_CONSPIRACY
    for known in (g.deck_top, g.deck_bottom):
        for entry in known:
            if entry[0] == k:
                known.remove(entry)
                break
    g.drawing[node[2]].append(k)


@legal_at(K_KEEP)
def _keep_options(g: GameState, player: int, arg: int) -> list[int]:
    t, drawn = g.t, g.drawing[player]
    if len(drawn) == 1:  # the deck had one card: it is kept
        return [t.KEEP_TOP + drawn[0]]
    return sorted([t.KEEP_TOP + k for k in drawn] + [t.KEEP_BOTTOM + k for k in drawn])


@handles(K_KEEP)
def _on_keep(g: GameState, node, action: int) -> None:
    t, p = g.t, node[1]
    bottom = action >= t.KEEP_BOTTOM
    k = action - (t.KEEP_BOTTOM if bottom else t.KEEP_TOP)
    drawn = g.drawing[p]
    drawn.remove(k)
    g.held[p].append([k, -1, False])
    for other in drawn:  # the others go back, seen by this seat
        if bottom:
            g.deck_bottom.append([other, p])
        else:
            g.deck_top.insert(0, [other, p])
    g.drawing[p] = []


@handles(K_KEEP_ALL)
def _on_keep_all(g: GameState, node) -> None:
    p = node[1]
    g.held[p] += [[k, -1, False] for k in g.drawing[p]]
    g.drawing[p] = []


# Curia Julia: trigger a conspiracy not prepared -----------------------------------------------

@legal_at(K_UNPREPARED)
def _unprepared_options(g: GameState, player: int, arg: int) -> list[int]:
    t = g.t
    return sorted({t.UNPREPARED + k for k, c, done in g.held[player] if c < 0 and not done}
                  | {t.UNPREPARED + len(t.conspiracy_tokens)})


@handles(K_UNPREPARED)
def _on_unprepared(g: GameState, node, action: int) -> None:
    k = action - g.t.UNPREPARED
    if k < len(g.t.conspiracy_tokens):
        g._trigger(node[1], k)
        g._flush()


@handles(K_AFTER)
def _on_after_trigger(g: GameState, node) -> None:
    """The trigger's effects are played: the turn goes on, its card still to take, unless
    the effects took the Age's last cards (ruling 14)."""
    p = node[1]
    if not g.remaining:
        _end_turn(g, p, False)
        return
    g.stack.append((K_PLAY, p, TRIGGERED))
    if g.to_reveal:  # cards the effects uncovered turn face up at once (ruling 15)
        reveal(g)


class Conspiracies(effects.ConspiracyEffects):
    """Conspire, prepare, trigger; the verbs `conspire` and `trigger_unprepared`."""

    __slots__ = ()

    def conspire(self, player: int) -> None:
        """`player` draws conspiracies and keeps one (all with a token of `keep_all_conspiracies`)."""
        t = self.t
        n = min(t.conspiracy_draw, len(shuffled_part(self)) + len(self.deck_top)
                + len(self.deck_bottom))
        if not n:
            return
        self._buffer.extend([(K_DRAW, CHANCE, player)] * n)
        keep_all = any(x in self.tokens[player] for x in t.keeps_all_drawn)
        self._buffer.append((K_KEEP_ALL, player, 0) if keep_all else (K_KEEP, player, 0))

    def trigger_unprepared(self, player: int) -> None:
        """`player` may trigger a conspiracy held and not prepared (Curia Julia), when one
        of them would change anything (`_would_act`)."""
        if any(c < 0 and not done and self._would_act(player, k)
               for k, c, done in self.held[player]):
            self._buffer.append((K_UNPREPARED, player, 0))

    def _would_act(self, player: int, k: int) -> bool:
        """Whether triggering `k` now would change the game: its effects tried on a copy
        (a decision they queue counts: each verb queues one only when it has a choice)."""
        trial = self.clone()
        before = trial.to_json()
        trial._play_conspiracy(player, k)
        if trial._buffer:
            return True
        after = trial.to_json()
        return any(before[key] != after[key] for key in before if key != "history")

    def _trigger(self, player: int, k: int) -> None:
        """Mark conspiracy `k` triggered and play its effects for `player`."""
        for entry in self.held[player]:
            if entry[0] == k:
                entry[2] = True
        self._play_conspiracy(player, k)

    def _play_conspiracy(self, player: int, k: int) -> None:
        """Conspiracy `k`'s effects: its shields, then its verbs, whose decisions are queued
        (`_buffer`)."""
        t = self.t
        comp = t.token0 + t.conspiracy_tokens[k]
        if t.shields[comp]:
            self._shields(player, t.shields[comp])
            if self.result is not None:
                return
        if t.has_on_build[comp]:
            t.objects[comp].on_build(self, player)

    # card_structure's hooks: the cards held elsewhere, a turn's arg, the plays it adds --

    def _cards_held_elsewhere(self) -> list[int]:
        return [c for seat in self.held for _, c, _ in seat if c >= 0]

    def _turn_arg_ok(self, arg: int) -> bool:
        return arg in (0, TRIGGERED)

    def _other_play(self, node, action: int) -> bool | None:
        t, p = self.t, node[1]
        if action < t.TRIGGER:  # prepare: the card goes under the conspiracy
            k, c = divmod(action - t.PREPARE, t.NB)
            take_card(self, c)
            for entry in self.held[p]:
                if entry[0] == k:
                    entry[1] = c
            self.stack.append((K_END_TURN, p, 0))
            return None
        self.stack.append((K_AFTER, p, 0))
        self._trigger(p, action - t.TRIGGER)
        self._flush()
        return None


FIELDS = (
    StateField("held", lambda g: [[] for _ in g.t.seats], state.copy_held, state.save_held,
               state.load_held, places=state.places, check=state.check,
               doc="per seat, the conspiracies in front of it: [conspiracy, card tucked or "
                   "-1, triggered]"),
    StateField("deck_top", lambda g: [], lists_copy, state.save_known,
               state.load_known("deck_top"),
               doc="conspiracies put back on top of the deck, the top first: [k, seat]"),
    StateField("deck_bottom", lambda g: [], lists_copy, state.save_known,
               state.load_known("deck_bottom"),
               doc="conspiracies put at the bottom of the deck, the bottom last: [k, seat]"),
    StateField("drawing", lambda g: [[] for _ in g.t.seats], lists_copy, state.save_drawing,
               state.load_drawing, doc="per seat, the conspiracies drawn and not kept yet"),
    StateField("locked", lambda g: [], list_copy,
               lambda g, v: [g.t.ids[g.t.token0 + x] for x in v],
               lambda g, v, read: read.ids(v, "mechanics.conspiracies.locked", read.token),
               doc="the progress tokens locked away (Obscurantism)"),
)

VIEW = (
    Place("my conspiracies", 18, state.mine),
    Place("triggered conspiracies", 19, state.triggered),
    Feature("conspiracies", 470, lambda t: 2 * t.n_seats + 1, state.seen_counts),
    Hidden(NAME, 20, state.hide),
    Redraw(NAME, 20, state.redraw),
)


def _position(draft, held=None) -> None:
    """`held`: per seat, the conspiracies in front of it, each an id (not prepared) or
    `(id, card id or None, triggered)`."""
    rows = draft.per_seat("held", held, lambda p: [])
    out = []
    for row in rows:
        seat = []
        for entry in row:
            k, card, done = (entry, None, False) if isinstance(entry, str) else entry
            seat.append({"conspiracy": k, "card": card, "triggered": done})
            if card is not None:
                draft.placed.append(card)
        out.append(seat)
    draft.set_field(NAME, "held", out)
    tucked = {entry["card"] for seat in out for entry in seat}

    def out_of_the_deck() -> None:  # the Age's deck was made before this part
        draft.data["pool"] = [c for c in draft.data.get("pool", []) if c not in tucked]
    draft.later(out_of_the_deck)


POSITION = Part({"held": None}, _position)
MIXIN = Conspiracies
