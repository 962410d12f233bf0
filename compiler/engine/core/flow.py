"""The core's own decision: who plays first, and the set-up the mechanics queue after it.

A game starts with one chance node, `first_player`, over the seats. Once it is decided, each
mechanic adds the set-up decisions it needs (`_setup_nodes`, called through the mixins in
the order `game.yaml` lists the mechanics), and the first player's turn waits below them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import OUTCOMES, Actions
from .kinds import CHANCE, handles, kind, outcomes_from

if TYPE_CHECKING:
    from ..state import Game

K_FIRST = kind("first_player", "core", chance=True)
# The core's action ids (core/actions.py): the first player drawn, `CH_SEAT + seat`.
ACTIONS = (Actions("CH_SEAT", OUTCOMES, lambda t: t.n_seats),)


@outcomes_from(K_FIRST)
def _seats(g: Game) -> tuple[list[int], int]:
    return list(g.t.seats), g.t.CH_SEAT


@handles(K_FIRST)
def _on_first(g: Game, node, action: int) -> None:
    first = action - g.t.CH_SEAT
    g.first_player = first
    g.stack.append(g._first_turn(first))
    g.stack.extend(reversed(g._setup_nodes(first)))


START_NODE = (K_FIRST, CHANCE, 0)
