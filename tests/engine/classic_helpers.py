"""Classic 7 Wonders positions for scenario tests.

The ruleset is the compiled one (`wondersmith.generated.classic`); the test-only reading of
the YAML (engine_yaml_ruleset.py) must play alike (test_classic_yaml.py).
"""
from __future__ import annotations

import functools

from wondersmith.engine import Game, load_ruleset


@functools.cache
def ruleset():
    return load_ruleset("classic")


def board(game: Game, board_id: str, side: str) -> tuple[int, int]:
    t = game.t
    b = t.index[board_id] - t.board0
    return b, [name for name, _ in t.classes[t.board0 + b].sides].index(side)


def position(n: int = 3, *, boards=None, hands=None, cities=None, coins=None, stages=None,
             discard=None, age: int = 1, seed: int = 0) -> Game:
    """A game of `n` players at its first turn of Age `age`, with what is given replaced:
    boards as {seat: (board id, side)}, hands / cities / stages (cards under the stages
    built) as {seat: [card ids]}, coins as {seat: n}, the discard pile as [card ids]."""
    g = Game(ruleset(), seed=seed, players=n)
    ids = g.component
    for p, (b, side) in (boards or {}).items():
        g.boards[p] = board(g, b, side)
    others = {b for b, _ in g.boards}
    for p in g.t.seats:  # boards dealt at random may repeat a board given: deal again
        if p not in (boards or {}) and sum(1 for x in g.boards if x[0] == g.boards[p][0]) > 1:
            g.boards[p] = (next(b for b in range(g.t.n_boards) if b not in others), 0)
            others.add(g.boards[p][0])
    for p, cards in (hands or {}).items():
        g.hands[p] = sorted(ids(c) for c in cards)
    for p, cards in (cities or {}).items():
        g.city[p] = [ids(c) for c in cards]
    for p, cards in (stages or {}).items():
        g.stages[p] = [ids(c) for c in cards]
    for p, amount in (coins or {}).items():
        g.coins[p] = amount
    if discard is not None:
        g.discard = [ids(c) for c in discard]
    if age != 1:
        g.age = age
    g._recompute()
    g._trade_changed()
    g._legal = None
    return g


def play(game: Game, texts: dict[int, str]) -> None:
    """Every seat of the pending turn chooses, in seat order, the action written."""
    for seat in sorted(texts):
        assert game.current_player == seat, (game.current_player, seat)
        game.apply_text(texts[seat])


def texts(game: Game, seat: int) -> list[str]:
    """The legal actions of `seat` as text (the seat must be the one deciding)."""
    assert game.current_player == seat
    return game.legal_texts()
