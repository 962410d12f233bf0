"""Mechanic `wonder_boards`: each city's Wonder board and its stages (rulings 1, 3, 16-19).

Reads `setup.boards` (`deal: random`, `side: random`). Before Age I a chance event per seat
deals it a board with a side (`board_deal`, outcomes `CH_BOARD + n_sides * board + side`, every
remaining board and side equally likely: ruling 3); the board's starting resource is the
city's from then on (ruling 1). A stage is built in order with a card of the hand tucked
under the board, for the stage's cost (ruling 4); its effects are those of its stage card
(`Ruleset.boards`, kind STAGE). The board specials:

- `play_seventh_card` (Babylon B, ruling 16): the last card of each hand is played, not
  discarded, in a turn of its own after the 6th, from the Age the stage is built;
- `build_from_discard(player, when="end_of_turn")` (Halikarnassos, ruling 17): at the end of
  the turn, once the 6th turn's last cards are discarded and before the Age's conflicts, the
  player builds one card of the discard pile for free (`discard_build`, actions `C_REVIVE`);
  lost when no card there can be built (every name already in the city);
- `free_build_per_age` (Olympia A, ruling 18): once per Age from the Age it is built, a
  structure of the hand built for free (actions `C_FREE`; hand_draft's `free_used`);
- `copy_guild: neighbours` (Olympia B, ruling 19): at the end, the guild of the left or right
  neighbour that scores the most for the player (its VP, or its science wildcard) counts once
  as the player's own: its VP under "purple", its wildcard's science under the science
  column, as for the guild's owner.

State: `boards` (per seat: board and side, or null before the deal) and `stages` (per seat:
the cards tucked under the stages built, in order), declared in `FIELDS`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.actions import OUTCOMES, Actions
from ...core.fields import StateField, list_copy, lists_copy
from ...core.kinds import AGES, CHANCE, SETUP, handles, kind, legal_at, outcomes_from, stands
from ...core.rules import RulesError, checked
from ...games.classic.actions import NO_STAGE
from ...games.classic.positions import WONDER_BOARDS as POSITION  # noqa: F401 (its part of a position)
from ...games.classic.view import WONDER_BOARDS as VIEW  # noqa: F401 (what a seat sees: core/views.py)
from ..hand_draft.checks import seat_check

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "wonder_boards"


@dataclass(frozen=True)
class Config:
    deal: str  # setup.boards.deal: "random"
    side: str  # setup.boards.side: "random"

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        boards = rules["setup"]["boards"]
        return cls(boards["deal"], boards["side"])


def _most_sides(t) -> int:
    return max((len(cls.sides) for cls in t.classes[t.board0:t.stage0]), default=0)


# Its action ids (core/actions.py): board b dealt with side s, CH_BOARD + n_sides * b + s.
ACTIONS = (Actions("CH_BOARD", OUTCOMES, lambda t: _most_sides(t) * t.n_boards),)


def extend_tables(t) -> None:
    config = t.config[NAME]
    t.n_sides = _most_sides(t)
    if (config.deal, config.side) != ("random", "random"):  # checked when a game is set up
        raise RulesError("setup.boards: the engine deals boards and sides at random")
    first = t.stage0
    t.stage_comps = []  # per board, per side: the stage components in order
    for b in range(t.n_boards):
        sides = []
        for _, stages in t.classes[t.board0 + b].sides:
            sides.append(tuple(range(first, first + len(stages))))
            first += len(stages)
        t.stage_comps.append(tuple(sides))
    t.plays_seventh = [bool(getattr(cls, "play_seventh_card", False)) for cls in t.classes]
    t.builds_free = [bool(getattr(cls, "free_build_per_age", False)) for cls in t.classes]
    # Per board and side, per number of stages built: (the next stage or -1, whether a stage
    # built gives a free build an Age), what hand_draft's legal plays read.
    t.stage_steps = [tuple(tuple((stages[k] if k < len(stages) else -1,
                                  any(t.builds_free[s] for s in stages[:k]))
                                 for k in range(len(stages) + 1)) for stages in sides)
                     for sides in t.stage_comps]
    # Per board and side, per number of stages built: the components the city holds of it
    # (the board and those stages), and whether one of them plays the 7th card.
    t.board_held = [tuple(tuple((t.board0 + b, *stages[:k]) for k in range(len(stages) + 1))
                          for stages in sides) for b, sides in enumerate(t.stage_comps)]
    t.seventh_played = [tuple(tuple(any(t.plays_seventh[s] for s in stages[:k])
                                    for k in range(len(stages) + 1)) for stages in sides)
                        for sides in t.stage_comps]
    t.copies_guild = [bool(getattr(cls, "copy_guild", "")) for cls in t.classes]
    # Per board, the outcomes of its deal less CH_BOARD, one per side: S * board + side, S
    # the most sides a board has (n_sides): _boards_left.
    t.board_deals = tuple((K_BOARD_DEAL, CHANCE, p) for p in t.seats)  # one per seat, in order
    most = max(map(len, t.stage_comps), default=0)
    t.board_outcomes = [tuple(most * b + s for s in range(len(sides)))
                        for b, sides in enumerate(t.stage_comps)]
    t.boards_left = {}  # bit mask of the boards dealt -> the outcomes left (_boards_left)


# State ---------------------------------------------------------------------------------

def _save_boards(g: GameState, boards):
    t = g.t
    return [None if b is None else {"board": t.ids[t.board0 + b[0]],
                                    "side": t.classes[t.board0 + b[0]].sides[b[1]][0]}
            for b in boards]


def _load_boards(g: GameState, value, read):
    t = g.t
    path = "mechanics.wonder_boards.boards"
    entries = read.list(value, path, t.n_seats)
    if len(entries) != t.n_seats:
        raise read.fail(path, f"expected {t.n_seats} entries")
    out = []
    for p, entry in enumerate(entries):
        if entry is None:
            out.append(None)
            continue
        where = f"{path}[{p}]"
        entry = read.obj(entry, where, ("board", "side"))
        b = read.component(entry["board"], f"{where}.board", t.board0, t.stage0, "board") - t.board0
        sides = [name for name, _ in t.classes[t.board0 + b].sides]
        if entry["side"] not in sides:
            raise read.fail(f"{where}.side", f"expected one of {sides}, got {entry['side']!r:.40}")
        out.append((b, sides.index(entry["side"])))
    return out


def _load_stages(g: GameState, value, read):
    t = g.t
    path = "mechanics.wonder_boards.stages"
    stages = read.list(value, path, t.n_seats)
    if len(stages) != t.n_seats:
        raise read.fail(path, f"expected {t.n_seats} entries")
    return [read.ids(s, f"{path}[{p}]", read.building) for p, s in enumerate(stages)]


def _check_boards(g: GameState) -> str | None:
    t = g.t
    dealt = [b[0] for b in g.boards if b is not None]
    if len(set(dealt)) != len(dealt):
        return "mechanics.wonder_boards.boards: a board is dealt twice"
    for p in t.seats:
        board = g.boards[p]
        built = len(g.stages[p])
        most = 0 if board is None else len(t.stage_comps[board[0]][board[1]])
        if built > most:
            return f"mechanics.wonder_boards.stages[{p}]: {built} stages built, the board has {most}"
    if g.age and None in g.boards:
        return "mechanics.wonder_boards.boards: every city has a board once Age I starts"
    # The set-up, once the first player is drawn (which queues it): a board still to deal to
    # each city without one.
    if not g.age and g.result is None and g.first_player >= 0:
        due = {arg for kind, _, arg in g.stack if kind == K_BOARD_DEAL}
        for p in t.seats:
            if g.boards[p] is None and p not in due:
                return (f"mechanics.wonder_boards.boards[{p}]: no board, and none is still to "
                        "be dealt to it before Age I")
    return None


FIELDS = (
    StateField("boards", lambda g: [None] * g.t.n_seats, list_copy, _save_boards, _load_boards,
               _check_boards, "per seat: (board, side) once dealt"),
    StateField("stages", lambda g: [[] for _ in g.t.seats], lists_copy,
               lambda g, v: [[g.t.ids[c] for c in s] for s in v], _load_stages, None,
               "per seat: the cards under the stages built, in order"),
)

# Node kinds -----------------------------------------------------------------------------

K_BOARD_DEAL = kind("board_deal", NAME, chance=True)
K_DISCARD_BUILD = kind("discard_build", NAME, prompt="build a discarded card for free")


def _board_deal_check(g: GameState, i: int, node) -> str | None:
    """A board is dealt to a seat without one, once."""
    problem = seat_check(g, i, node)
    if problem:
        return problem
    p = node[2]
    if g.boards[p] is not None:
        return f".arg: seat {p} has its board already"
    if any(kind == K_BOARD_DEAL and arg == p for kind, _, arg in g.stack[i + 1:]):
        return f".arg: seat {p} is dealt one board, and stack holds two deals for it"
    return None


stands(K_BOARD_DEAL, SETUP, _board_deal_check)
stands(K_DISCARD_BUILD, AGES)


@outcomes_from(K_BOARD_DEAL)
def _boards_left(g: GameState):
    t = g.t
    dealt = 0
    for board in g.boards:
        if board is not None:
            dealt |= 1 << board[0]
    left = t.boards_left.get(dealt)  # a few masks per player count: kept per ruleset
    if left is None:
        left = t.boards_left[dealt] = [x for b, sides in enumerate(t.board_outcomes)
                                       if not dealt >> b & 1 for x in sides]
    return left, t.CH_BOARD


@handles(K_BOARD_DEAL)
def _on_board(g: GameState, node, action: int) -> None:
    t = g.t
    b, side = divmod(action - t.CH_BOARD, t.n_sides)
    p = node[2]
    g.boards[p] = (b, side)
    g.stage_next[p] = t.stage_steps[b][side][0]
    g._acquire(p, t.board0 + b, quiet=True)
    g._board_dealt(p, t.board0 + b)


@legal_at(K_DISCARD_BUILD)
def _buildable(g: GameState, player: int, arg: int) -> list[int]:
    t = g.t
    held = {t.name_of[c] for c in g.city[player]}
    return sorted({t.C_REVIVE + c for c in g.discard if t.name_of[c] not in held})


@handles(K_DISCARD_BUILD)
def _on_discard_build(g: GameState, node, action: int) -> None:
    t = g.t
    p = node[1]
    c = action - t.C_REVIVE
    g.discard.remove(c)
    g._place_building(p, c)
    if t.has_on_build[c]:
        t.objects[c].on_build(g, p)
    g._flush()
    g._trade_changed()


class WonderBoards:
    __slots__ = ()

    def _setup_nodes(self, first: int) -> list:
        return [*super()._setup_nodes(first), *self.t.board_deals]

    def _board_components(self, p: int) -> tuple[int, ...]:
        board = self.boards[p]
        return () if board is None else self.t.board_held[board[0]][board[1]][len(self.stages[p])]

    def _stages_built(self, p: int) -> int:
        return len(self.stages[p])

    def _tucked_cards(self) -> list[list[int]]:
        return self.stages

    def _recompute(self) -> None:
        super()._recompute()
        self.stage_next = [*map(self._stage_step, self.t.seats)]

    def _stage_step(self, p: int) -> tuple[int, bool]:
        """(the next Wonder stage or -1, whether a stage built unlocked a free build), kept
        in `stage_next` for the legal plays."""
        board = self.boards[p]
        return NO_STAGE if board is None else \
            self.t.stage_steps[board[0]][board[1]][len(self.stages[p])]

    def _next_stage(self, p: int) -> int:
        board = self.boards[p]
        if board is None:
            return -1
        return self.t.stage_steps[board[0]][board[1]][len(self.stages[p])][0]

    def _stage_number(self, p: int) -> int:
        return len(self.stages[p]) + 1

    def _build_stage(self, p: int, card: int) -> int:
        comp = self._next_stage(p)
        self.stages[p].append(card)
        self.stage_next[p] = self._stage_step(p)
        self.wonders_built[p] += 1
        self._acquire(p, comp)
        return comp

    def _built_stages(self, p: int) -> tuple[int, ...]:
        return self._board_components(p)[1:]

    def _plays_seventh(self, p: int) -> bool:
        board = self.boards[p]
        return board is not None and self.t.seventh_played[board[0]][board[1]][len(self.stages[p])]


    def build_from_discard(self, player: int, when: str = "at_once") -> None:
        self._buffer.append((K_DISCARD_BUILD, player, 0))

    def _flush_end_of_turn(self) -> None:
        # Halikarnassos with nothing it can build loses the effect (ruling 17).
        if self._buffer:
            self._buffer[:] = [n for n in self._buffer
                               if n[0] != K_DISCARD_BUILD or _buildable(self, n[1], 0)]
        super()._flush_end_of_turn()

    def _score_more(self, p: int, out: dict[str, int]) -> None:
        super()._score_more(p, out)
        t = self.t
        stages = self._built_stages(p)
        for comp in stages:
            out["wonders"] += t.points[comp] + (
                t.objects[comp].end_points(self, p) if t.has_end_points[comp] else 0)
        if any(map(t.copies_guild.__getitem__, stages)):
            points, science = self._copied_guild_points(p)
            out["purple"] += points
            if science:  # science VP exist only where science_sets scores them
                out[t.science_category] += science

    def _copied_guild_points(self, p: int) -> tuple[int, int]:
        """The neighbour's guild worth the most to `p` (ruling 19), as (its VP counted from
        `p`'s city, what its science wildcard adds to `p`'s science): each scores in the
        column it does for the guild's owner (purple, and science's: green in classic)."""
        t = self.t
        guild_color = t.classic_guild_color
        science = self._science_points(p, 0)
        best = (0, 0)
        for q in t.neighbours[p]:
            for c in self.city[q]:
                if t.color[c] != guild_color:
                    continue
                points = t.points[c] + (t.objects[c].end_points(self, p) if t.has_end_points[c] else 0)
                gain = self._science_points(p, 1) - science if t.classes[c].science_choice else 0
                if points + gain > sum(best):
                    best = (points, gain)
        return best


MIXIN = WonderBoards
