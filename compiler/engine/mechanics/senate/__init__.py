"""Mechanic `senate`: Agora's Senate (7 Wonders Duel: Agora).

Reads `senate` (docs/dsl.md; the facts and their sources: docs/sources.md, "Agora"):

- `chambers`, in board order, each with its `section`, the VP its controller scores at the
  end and whether its Decree is dealt `face_up` or `face_down`;
- `cubes`: the influence cubes each player has; a cube placed comes from them;
- `decrees`: the tokens that are Decrees; one is drawn at random for each chamber;
- `supremacy`: chambers controlled at once that win the game (political supremacy);
- `actions`: the Senate actions a Politician gives, by the buildings of a colour in the city.

Every Senate effect is a count of steps, one decision each (`senate_action`, senate/steps.py):
a Politician's `influence` (place a cube in a chamber of the card's section or any chamber,
or move one of yours to the chamber beside it; the player may end the actions), and the
primitives `place_influence`, `move_influence` and `remove_influence` (one of the opponent's
cubes). A step that can do nothing is skipped (no cube left to place, none to move or
remove). The seat with strictly the most cubes in a chamber controls it (a tie: no one);
while it does, the chamber's Decree is part of its city (its ongoing effects apply, its
end-game VP count for it), and it loses them with the control. One cube placed, moved or
removed changes each chamber's count by one, so control always passes through "no one". A
face-down Decree is drawn (chance `decree_draw`) when its chamber is first controlled: the
Decrees not dealt are unknown to both players until then, so drawing it at that moment gives
every Decree the same chance the set-up would, and no state is hidden. Political supremacy
is checked after every single step, once the Decree the step revealed is drawn and has acted
(ruling 10: a military victory comes first). Seating: opponent (Agora is a Duel expansion).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import EngineError
from ...core.actions import EFFECTS, OUTCOMES, Actions
from ...core.fields import StateField, list_copy, lists_copy
from ...core.kinds import ANYWHERE, CHANCE, arg_in_json, explains, handles, kind, legal_at, outcomes_from, stands
from ...core.rules import RulesError
from ...core.texts import add_texts
from ...core.views import Feature, Place
from . import senators, steps, texts as senate_texts
from .config import ANY, Config  # noqa: F401 (Config: the rules record's part, read by mechanics.configs)
from .senators import SenatorsMixin
from .positions import POSITION  # noqa: F401 (its part of a position)
from .standing import EVALUATION  # noqa: F401 (what the greedy bot makes of it)
from ..progress_tokens import keeps_out
from .decrees import K_MOVE, apply_move, owner, pass_decrees, slots_in
from .state import (VICTORY, _a_chamber_to_draw_for, _check_senate, _check_supremacy,
                    _decrees_of, _load_decrees, _load_influence, _load_moved, _save_decrees,
                    _seen_senate, controlled, controller, cubes_left)

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "senate"
K_ACTION = kind("senate_action", NAME, prompt="place, move or remove an influence cube")
K_STEPS = kind("senate_steps", NAME, internal=True)  # the next step, if it can do anything
K_DECREE = kind("decree_draw", NAME, chance=True)  # arg: the chamber

# Knossos places a cube in the set-up; a Decree draw stands above a Senate step.
stands(K_ACTION, ANYWHERE)
stands(K_STEPS, ANYWHERE)
stands(K_DECREE, ANYWHERE, _a_chamber_to_draw_for)
arg_in_json(K_ACTION, "senate", steps.save, steps.load)  # {"actions": 2, "section": "left"}
arg_in_json(K_STEPS, "senate_steps", steps.save, steps.load)
explains(K_ACTION)(senate_texts.why_not)  # a chamber out of the section, no cube to move


# Action ids and what the tables know of the Senate -----------------------------------------

def _chambers(t) -> int:
    return len(t.config[NAME].chambers)


# Its action ids (core/actions.py): a cube placed in a chamber; a cube moved from a chamber,
# `SENATE_MOVE + 2 * chamber + (0: to the chamber before it, 1: after it)`; the steps
# ended; a Decree drawn, `CH_DECREE + its index in senate.decrees`; an opponent's cube
# removed from a chamber (last of the effects, so the ids before it never moved).
ACTIONS = (Actions("SENATE_PLACE", EFFECTS, _chambers),
           Actions("SENATE_MOVE", EFFECTS, lambda t: 2 * _chambers(t)),
           Actions("SENATE_END", EFFECTS, lambda t: 1),
           Actions("SENATE_REMOVE", EFFECTS, _chambers),
           # a chamber's original Decree moved: DECREE_MOVE + source * chambers + target
           Actions("DECREE_MOVE", EFFECTS, lambda t: _chambers(t) ** 2),
           Actions("CH_DECREE", OUTCOMES, lambda t: len(t.config[NAME].decrees)),
           *senators.BACK_ACTIONS)  # a senator's back laid on a slot


def extend_tables(t) -> None:
    """What the Senate's handlers and texts read, worked out once per ruleset, and the data
    checked against the components."""
    config = t.config[NAME]
    n = t.n_chambers = len(config.chambers)
    t.chamber_points = tuple(c.points for c in config.chambers)
    t.sections = tuple(dict.fromkeys(c.section for c in config.chambers))
    # Per section index (then any chamber, then none), the chambers a cube may be placed in.
    t.section_chambers = (*(tuple(k for k, c in enumerate(config.chambers) if c.section == s)
                            for s in t.sections), tuple(range(n)), ())
    decrees = []
    for d in config.decrees:
        comp = t.index.get(d, -1)
        if not t.token0 <= comp < t.token0 + t.NT:
            raise RulesError(f"senate.decrees: {d!r} is not a token of the game")
        if t.has_on_build[comp]:  # a Decree holds while its chamber is controlled
            raise RulesError(f"senate.decrees: {d!r} has an effect on gain; a Decree's effects "
                             "hold while its chamber is controlled (ongoing or end-game VP)")
        decrees.append(comp - t.token0)
    t.decree_tokens = tuple(decrees)
    # Buildings each component adds to the count of Senate actions (verb senate_actions).
    t.senate_cards = [cls.senate_cards for cls in t.classes]
    t.action_color = t.color_index[config.action_color]
    senators.lay_out(t, config.senators)
    t.score_categories = (*t.score_categories, NAME)
    add_texts(t, senate_texts.to_text, senate_texts.parse, senate_texts.FORMS)


# Decrees are dealt to the chambers, never laid on the board or drawn from the box.
keeps_out(NAME, lambda t: t.decree_tokens)


def senate_actions(g: GameState, player: int) -> int:
    """The Senate actions a Politician gives `player` (senate.actions), counting the
    buildings its components add (`senate_actions: {more_cards}`, Agora's decree: ruling 7);
    the table's last step caps them."""
    have = g.color_count[player][g.t.action_color] + _more_cards(g, player)
    return [s.actions for s in g.t.config[NAME].action_steps if s.cards <= have][-1]


def _more_cards(g: GameState, player: int) -> int:
    t = g.t
    more = t.senate_cards
    n = sum(more[c] for c in g.city[player]) + sum(more[t.token0 + k] for k in g.tokens[player])
    n += sum(more[t.wonder0 + w] for w, tuck in zip(g.wonders[player], g.wonder_tuck[player])
             if tuck >= 0)
    return n + sum(more[c] for c in g._board_components(player))


def opponent(g: GameState, player: int) -> int:
    return g.t.neighbours[player][0]  # seating: opponent


# The decision: one Senate step ---------------------------------------------------------------

def _doable(g: GameState, player: int, s: steps.Steps) -> list[int]:
    """The cube actions a step allows (not its end), in id order."""
    t = g.t
    out = []
    if cubes_left(g, player) > 0:
        out += [t.SENATE_PLACE + c for c in t.section_chambers[s.place]]
    if s.move:
        mine = g.chamber_cubes[player]
        for c in range(t.n_chambers):
            if mine[c]:
                if c > 0:
                    out.append(t.SENATE_MOVE + 2 * c)
                if c + 1 < t.n_chambers:
                    out.append(t.SENATE_MOVE + 2 * c + 1)
    if s.remove:
        theirs = g.chamber_cubes[opponent(g, player)]
        out += [t.SENATE_REMOVE + c for c in range(t.n_chambers) if theirs[c]]
    return out


@handles(K_STEPS)
def _next_step(g: GameState, node) -> None:
    """A step that can do nothing is skipped, and so are the others: none could either."""
    if _doable(g, node[1], steps.unpack(g.t, node[2])):
        g.stack.append((K_ACTION, node[1], node[2]))


@legal_at(K_ACTION)
def _options(g: GameState, player: int, arg: int) -> list[int]:
    s = steps.unpack(g.t, arg)
    out = _doable(g, player, s)
    if s.optional or not out:
        out.append(g.t.SENATE_END)
    return sorted(out)


@handles(K_ACTION)
def _on_action(g: GameState, node, action: int) -> None:
    t, player = g.t, node[1]
    if action == t.SENATE_END:
        return
    if steps.left(t, node[2]) > 1:  # the next step waits below what this one reveals
        g.stack.append((K_STEPS, player, steps.fewer(t, node[2])))
    if action < t.SENATE_MOVE:
        chamber = action - t.SENATE_PLACE
        before = controller(g, chamber)
        g.chamber_cubes[player][chamber] += 1
        _control_changed(g, [(chamber, before)])
    elif action >= t.SENATE_REMOVE:
        chamber = action - t.SENATE_REMOVE
        before = controller(g, chamber)
        g.chamber_cubes[opponent(g, player)][chamber] -= 1
        _control_changed(g, [(chamber, before)])
    else:
        source, right = divmod(action - t.SENATE_MOVE, 2)
        target = source + 1 if right else source - 1
        before = [(source, controller(g, source)), (target, controller(g, target))]
        g.chamber_cubes[player][source] -= 1
        g.chamber_cubes[player][target] += 1
        _control_changed(g, before)
    if g._buffer:  # what a Decree gained or lost queued (a military token the pawn reached)
        g._flush()


def _control_changed(g: GameState, before: list[tuple[int, int]]) -> None:
    """Give and take the Decrees of the chambers whose control changed; draw the face-down
    Decrees of a chamber controlled for the first time; then political supremacy, once they
    are drawn (ruling 10: the shield Decree's military victory comes first)."""
    changes, gainers, drawing = [], [], False
    for chamber, old in before:
        new = controller(g, chamber)
        if new == old:
            continue
        if new >= 0:
            gainers.append(new)
        for dealt in slots_in(g, chamber):
            if g.decrees[dealt] >= 0:
                changes.append((g.decrees[dealt], old, new))
            elif new >= 0 and (K_DECREE, CHANCE, dealt) not in g.stack:  # revealed as its
                # chamber is first controlled (ruling 6), or by the set-up's pending draw
                g.stack.append((K_DECREE, CHANCE, dealt))
                drawing = True
    if changes:
        pass_decrees(g, changes)
    if not drawing:  # else once it is drawn (_on_decree)
        _check_supremacy(g, gainers)


# Chance: a Decree drawn for a chamber --------------------------------------------------------

def _undealt(g: GameState) -> list[int]:
    """Indices (in senate.decrees) of the Decrees not in a chamber."""
    placed = set(g.decrees)
    return [k for k, tok in enumerate(g.t.decree_tokens) if tok not in placed]


@outcomes_from(K_DECREE)
def _decree_outcomes(g: GameState) -> tuple[list[int], int]:
    return _undealt(g), g.t.CH_DECREE


@handles(K_DECREE)
def _on_decree(g: GameState, node, action: int) -> None:
    dealt = node[2]  # the chamber it is dealt to (it may have been moved since)
    tok = g.t.decree_tokens[action - g.t.CH_DECREE]
    g.decrees[dealt] = tok
    seat = owner(g, dealt)
    if seat >= 0:  # drawn as its chamber is first controlled: it is the controller's
        pass_decrees(g, [(tok, -1, seat)])
        g._flush()  # what the Decree queued (a military token its pawn move reached)
        # After the Decree's own effect (ruling 10: military first). Any seat: the step that
        # drew it may have given the other seat a chamber too (a cube moved out of a tie).
        _check_supremacy(g, list(g.t.seats))


FIELDS = (
    StateField("chamber_cubes", lambda g: [[0] * g.t.n_chambers for _ in g.t.seats], lists_copy,
               lambda g, v: [list(row) for row in v], _load_influence,
               check_derived=_check_senate,
               doc="per seat, per chamber (board order): its influence cubes there"),
    StateField("decrees", lambda g: [-1] * g.t.n_chambers, list_copy, _save_decrees,
               _load_decrees,
               places=lambda g: [("the senate", [g.t.token0 + d for d in g.decrees if d >= 0])],
               doc="per chamber: the token index of its Decree, -1 until it is drawn"),
    StateField("decree_moved", lambda g: [-1] * g.t.n_chambers, list_copy,
               lambda g, v: list(v), _load_moved,
               doc="per chamber: the chamber its original Decree was moved to "
                   "(Insider Influence), -1 while it is in its own"),
    *senators.FIELDS,
)


VIEW = (
    Place("senate", 16, lambda g, p: [g.t.token0 + d for d in g.decrees if d >= 0]),
    Place("my decrees", 17, _decrees_of),
    Feature("senate", 460, lambda t: 3 * t.n_chambers + 1, _seen_senate),
    *senators.VIEW,
)


class Senate(SenatorsMixin):
    """The Senate's verbs, the Decrees in the cities, the Senate's VP, and the senators."""

    __slots__ = ()

    def _setup_nodes(self, first: int) -> list:
        chambers = self.t.config[NAME].chambers
        return [*super()._setup_nodes(first),
                *((K_DECREE, CHANCE, c) for c, ch in enumerate(chambers) if ch.face_up)]

    def influence(self, player: int, section: str, actions: int) -> None:
        """`player` takes Senate actions: `actions`, or when it is 0 as many as
        senate.actions gives; cubes are placed in `section`'s chambers (`any`: every one)."""
        n = actions or senate_actions(self, player)
        self._senate_steps(player, n, self._section(section, "influence"), move=True,
                           optional=True)

    def place_influence(self, player: int, section: str, cubes: int, optional: bool) -> None:
        """`player` places `cubes` cubes, one at a time, in `section`'s chambers."""
        self._senate_steps(player, cubes, self._section(section, "place_influence"),
                           optional=optional)

    def move_influence(self, player: int, actions: int, optional: bool) -> None:
        """`player` moves a cube of theirs to the chamber beside it, `actions` times."""
        self._senate_steps(player, actions, steps.no_place(self.t), move=True,
                           optional=optional)

    def remove_influence(self, player: int, cubes: int) -> None:
        """`player` removes `cubes` of the opponent's cubes, one at a time."""
        self._senate_steps(player, cubes, steps.no_place(self.t), remove=True)

    def _section(self, section: str, verb: str) -> int:
        t = self.t
        if section == ANY:
            return len(t.sections)
        if section not in t.sections:
            raise EngineError(f"{verb}: no section {section!r:.40} in senate.chambers "
                              f"(sections: {', '.join(t.sections)})")
        return t.sections.index(section)

    def _senate_steps(self, player: int, n: int, place: int, move: bool = False,
                      remove: bool = False, optional: bool = False) -> None:
        arg = steps.pack(self.t, steps.Steps(n, place, move, remove, optional))
        self._buffer.append((K_STEPS, player, arg))

    def move_decree(self, player: int) -> None:
        """`player` moves a chamber's original Decree under another chamber's (the verb
        `move_decree`: Agora's Insider Influence), a decision of its own."""
        self._buffer.append((K_MOVE, player, 0))

    def apply_decree_move(self, source: int, target: int) -> None:
        """Move chamber `source`'s original Decree to chamber `target` (0-based) at once
        (ruling 19; senate/decrees.py)."""
        apply_move(self, source, target)

    def count_cubes(self, player: int) -> int:  # Agora's Embezzlement counts them
        return sum(self.chamber_cubes[player])

    def _board_components(self, player: int) -> list[int]:
        return [*super()._board_components(player), *_decrees_of(self, player)]

    def _score_more(self, player: int, out: dict[str, int]) -> None:
        super()._score_more(player, out)
        t = self.t
        out[NAME] += sum(t.chamber_points[c] for c in controlled(self, player)) + sum(
            t.points[comp] + (t.objects[comp].end_points(self, player) if t.has_end_points[comp]
                              else 0) for comp in _decrees_of(self, player))


MIXIN = Senate
