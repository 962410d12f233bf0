"""Node kinds of the decision flow and the values the state uses as markers.

Flow is a stack of *nodes* `(kind, player, arg)`: the top one is the decision being
waited for. Player nodes wait for a player's action, chance nodes for a chance outcome,
internal nodes (end of turn, start of an Age, forced draft pick) are resolved at once.
"""
from __future__ import annotations

CHANCE = -1
TERMINAL = -4

(K_FIRST, K_BOARD, K_REVEAL, K_DRAFT, K_DRAFT_LAST, K_AGE, K_LEAVE, K_GUILD, K_DEAL,
 K_PLAY, K_END_TURN, K_PAIR, K_DESTROY, K_REVIVE, K_LIB_DRAW, K_LIB_PICK, K_START) = range(17)
KIND_NAMES = ("first_player", "board_token", "reveal_wonder", "draft", "draft_last", "age",
              "leave_out", "guild", "deal", "play", "end_turn", "pair_token", "destroy",
              "discard_pile", "library_draw", "library_pick", "choose_start")
CHANCE_KINDS = frozenset({K_FIRST, K_BOARD, K_REVEAL, K_LEAVE, K_GUILD, K_DEAL, K_LIB_DRAW})
INTERNAL_KINDS = frozenset({K_DRAFT_LAST, K_AGE, K_END_TURN})
IS_CHANCE = tuple(k in CHANCE_KINDS for k in range(17))
IS_INTERNAL = tuple(k in INTERNAL_KINDS for k in range(17))


UNBUILT = -1  # wonder_tuck value of a Wonder not built yet
REMOVED = -2  # a Wonder out of the game after the 7th was built (ruling 18)
