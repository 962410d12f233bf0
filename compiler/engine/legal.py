"""Legal actions and the reason an action is not legal. A mixin of `Game`.

The legal actions of a decision are listed by the mechanic that owns its kind (`LEGAL`);
Duel's turn, the one listed without dispatch, by card_structure (`card_structure/plays.py`).
"""
from __future__ import annotations

import operator

from .core.kinds import IS_CHANCE, KIND_NAMES, LEGAL, WHY_NOT
from .errors import IllegalActionError


class LegalActions:
    __slots__ = ()

    def _compute_legal(self) -> list[int]:
        if self.result is not None:
            return []
        kind, p, arg = self.stack[-1]
        return LEGAL[kind](self, p, arg)

    def _why_illegal(self, action: object) -> str:
        t = self.t
        if isinstance(action, bool) or not isinstance(action, int):
            return "an action is an integer id (use notation.parse_action for text)"
        if not 0 <= action < t.num_actions:
            return f"no action has id {action} (ids are 0..{t.num_actions - 1})"
        if self.result is not None:
            return "the game is over"
        kind, p, arg = self.stack[-1]
        explain = WHY_NOT.get(kind)  # the words of the mechanic that owns the decision
        reason = explain(self, p, arg, action) if explain is not None else None
        if reason:
            return reason
        expected = KIND_NAMES[kind].replace("_", " ")
        who = "chance" if IS_CHANCE[kind] else f"player {p}"
        if IS_CHANCE[kind] and any(first <= action < end for first, end in t.chance_ranges):
            return f"not a possible outcome of this chance event ({expected})"
        return f"waiting for {who} to decide: {expected}"


def _action_id(action: object) -> int:
    """`action` as a plain int if it is an integer of another type; else IllegalActionError."""
    if not isinstance(action, bool):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise IllegalActionError(action, "an action is an integer id, not "
                             f"{type(action).__name__} (use parse_action for text)")
