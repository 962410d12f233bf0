"""The Decrees in the Senate (mechanic `senate`): which chamber holds each, who benefits, and
moving one (Agora's Insider Influence, ruling 19).

Each chamber is dealt one Decree, its *original* (`decrees`, per chamber). Insider Influence
moves a chamber's original Decree under another chamber's (`decree_moved`, per chamber: the
chamber its original went to, or -1): a chamber then holds its own original, unless moved
away, and every original moved to it. A Decree benefits the controller of the chamber that
holds it. A face-down Decree is drawn (chance `decree_draw`, whose arg is the chamber it was
dealt to) when the chamber holding it is first controlled.

A Decree's shields (`shields`, Agora's shield decree) move the Conflict pawn when its
controller changes (ruling 24): away from the new controller when gained, towards the old
controller when lost; the military track moves it (`_shields`, the only function that does).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import AGES, CHANCE, explains, handles, kind, legal_at, number, stands
from ...errors import EngineError
from .state import controller

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "senate"
# arg 0: the seat at `player` chooses a chamber's original Decree and the chamber to move it to.
K_MOVE = kind("decree_move", NAME, prompt="move a Decree to another chamber")
stands(K_MOVE, AGES)


def home(g: GameState, dealt: int) -> int:
    """The chamber holding the original Decree dealt to chamber `dealt`."""
    moved = g.decree_moved[dealt]
    return dealt if moved < 0 else moved


def slots_in(g: GameState, chamber: int) -> list[int]:
    """The chambers whose original Decree `chamber` holds (its own first)."""
    return [d for d in range(g.t.n_chambers) if home(g, d) == chamber]


def decrees_in(g: GameState, chamber: int) -> list[int]:
    """Token indices of the Decrees drawn that `chamber` holds."""
    return [g.decrees[d] for d in slots_in(g, chamber) if g.decrees[d] >= 0]


def owner(g: GameState, dealt: int) -> int:
    """Who benefits from the original Decree of chamber `dealt`, or -1."""
    return controller(g, home(g, dealt))


def pass_decrees(g: GameState, changes: list[tuple[int, int, int]]) -> None:
    """Decrees changed hands: (token index, old seat, new seat), -1 for no one. Take them
    from the cities that lost them (everything derived is rebuilt: `_recompute`), give them
    to those that gained them, and move the Conflict pawn for their shields (ruling 24)."""
    t = g.t
    lost, gained, pawn = False, [], []  # pawn: (the seat it moves away from, spaces)
    for tok, old, new in changes:
        comp = t.token0 + tok
        shields = t.shields[comp]
        if old >= 0:
            lost = True
            if shields:  # back towards the old controller: away from its opponent
                pawn.append((t.neighbours[old][0], shields))
        if new >= 0:
            gained.append((new, comp))
            if shields:
                pawn.append((new, shields))
    if lost:
        g._recompute()
    else:
        for seat, comp in gained:
            g._acquire(seat, comp)
    for away_from, shields in pawn:
        g._shields(away_from, shields)
        if g.result is not None:
            return


def apply_move(g: GameState, source: int, target: int) -> None:
    """Move chamber `source`'s original Decree under chamber `target`'s (ruling 19): moved
    into a controlled chamber, it is revealed (drawn, if face down) and benefits its
    controller at once."""
    t = g.t
    if not (0 <= source < t.n_chambers and 0 <= target < t.n_chambers) or source == target:
        raise EngineError(f"move_decree: chambers {source + 1} and {target + 1} are not two "
                          f"chambers of the Senate (1 to {t.n_chambers})")
    if g.decree_moved[source] >= 0:
        raise EngineError(f"move_decree: chamber {source + 1}'s original Decree is already "
                          "moved; only a chamber's original Decree moves")
    old, new = controller(g, source), controller(g, target)
    g.decree_moved[source] = target
    if g.decrees[source] < 0:  # face down: revealed once the chamber holding it is controlled
        if new >= 0:
            g.stack.append((number("decree_draw"), CHANCE, source))  # acquired once drawn
        return
    if old != new:
        pass_decrees(g, [(g.decrees[source], old, new)])


def _move_action(g: GameState, source: int, target: int) -> int:
    return g.t.DECREE_MOVE + source * g.t.n_chambers + target


@legal_at(K_MOVE)
def _moves(g: GameState, player: int, arg: int) -> list[int]:
    n = g.t.n_chambers
    return [_move_action(g, s, c) for s in range(n) if g.decree_moved[s] < 0
            for c in range(n) if c != s]


@handles(K_MOVE)
def _on_move(g: GameState, node, action: int) -> None:
    source, target = divmod(action - g.t.DECREE_MOVE, g.t.n_chambers)
    apply_move(g, source, target)


@explains(K_MOVE)
def _why_not(g: GameState, player: int, arg: int, action: int) -> str | None:
    t = g.t
    if not t.DECREE_MOVE <= action < t.DECREE_MOVE + t.n_chambers ** 2:
        return None
    source, target = divmod(action - t.DECREE_MOVE, t.n_chambers)
    if source == target:
        return "a Decree moves to another chamber"
    return (f"chamber {source + 1}'s original Decree is already moved (to chamber "
            f"{g.decree_moved[source] + 1}); only a chamber's original Decree moves")
