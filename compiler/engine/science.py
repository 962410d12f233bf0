"""Science symbols: pairs take a progress token, six different symbols win (rulings 11, 21)."""
from __future__ import annotations


def gain_symbol(game, player: int, symbol: int, from_building: bool) -> None:
    """Add a symbol to the city; queue the pair reward or end the game as the rules say.

    Only buildings make pairs: a symbol from a progress token (Law) counts towards the
    different symbols but never completes a pair.
    """
    counts = game.sci[player]
    counts[symbol] += 1
    n = counts[symbol]
    t = game.t
    if n == 1:
        game.sci_distinct[player] += 1
        if game.sci_distinct[player] >= t.science_supremacy:
            game._win(player, "scientific")
    elif n == t.pair_size and from_building and t.pair_reward:
        bit = 1 << symbol
        if not game.pairs_done[player] & bit:
            game.pairs_done[player] |= bit
            if game.board_tokens:
                game._buffer.append((game.K_PAIR, player, 0))
