"""Node kinds of the built-in mechanics and the markers the state uses, in one place.

Kinds are numbered by the registry (core/kinds.py) as the core and the mechanics register
them; this module names the ones of the built-in mechanics for the modules that read the
state as a whole (JSON, checks, notation, observation).
"""
from __future__ import annotations

from .core.flow import K_FIRST
from .core.kinds import (CHANCE, IS_CHANCE, IS_INTERNAL, IS_SIMULTANEOUS, KIND_NAMES, REMOVED,
                         SIMULTANEOUS, TERMINAL, UNBUILT)
from .mechanics.card_structure import (K_AGE, K_DEAL, K_DESTROY, K_END_TURN, K_GUILD, K_LEAVE,
                                       K_PLAY, K_REVIVE)
from .mechanics.progress_tokens import K_BOARD, K_LIB_DRAW, K_LIB_PICK, K_PAIR
from .mechanics.weaker_player_starts import K_START
from .mechanics.wonder_draft import K_DRAFT, K_DRAFT_LAST, K_REVEAL

CHANCE_KINDS = frozenset(k for k, chance in enumerate(IS_CHANCE) if chance)
INTERNAL_KINDS = frozenset(k for k, internal in enumerate(IS_INTERNAL) if internal)

__all__ = [
    "CHANCE", "CHANCE_KINDS", "INTERNAL_KINDS", "IS_CHANCE", "IS_INTERNAL", "IS_SIMULTANEOUS",
    "K_AGE", "K_BOARD", "K_DEAL", "K_DESTROY", "K_DRAFT", "K_DRAFT_LAST", "K_END_TURN",
    "K_FIRST", "K_GUILD", "K_LEAVE", "K_LIB_DRAW", "K_LIB_PICK", "K_PAIR", "K_PLAY",
    "K_REVEAL", "K_REVIVE", "K_START", "KIND_NAMES", "REMOVED", "SIMULTANEOUS", "TERMINAL",
    "UNBUILT",
]
