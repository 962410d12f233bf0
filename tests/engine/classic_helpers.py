"""Classic 7 Wonders positions for scenario tests, built by the engine's position builder
(so a position is checked as any loaded state is: no card in two places, no more copies of
a card than the player count's decks hold).

The ruleset is the compiled one (`wondersmith.generated.classic`) once the compiler writes
it, else the test-only reading of the YAML (engine_yaml_ruleset.py): both must play alike
(test_classic_yaml.py).
"""
from __future__ import annotations

import functools

from engine_yaml_ruleset import load_classic

from wondersmith.engine import Game, UnknownRulesetError, load_ruleset
from wondersmith.engine.positions import position as build


@functools.cache
def ruleset():
    try:
        return load_ruleset("classic")
    except UnknownRulesetError:
        return load_classic()


def board(game: Game, board_id: str, side: str) -> tuple[int, int]:
    t = game.t
    b = t.index[board_id] - t.board0
    return b, [name for name, _ in t.classes[t.board0 + b].sides].index(side)


def position(n: int = 3, *, boards=None, hands=None, cities=None, coins=None, stages=None,
             discard=(), age: int = 1, seed: int = 0) -> Game:
    """A game of `n` players at its first turn of Age `age`, built by the engine's position
    builder (wondersmith.engine.positions): boards as {seat: (board id, side)} (the others
    dealt by the seed, none twice), hands / cities / stages (cards under the stages built)
    as {seat: [card ids]}, coins as {seat: n} (the others: the coins a game starts with),
    the discard pile as [card ids]. Every hand holds as many cards: a seat whose hand is not
    given is dealt that many from the rest of the Age's deck (none given: the Age's hand)."""
    start = ruleset().rules["setup"]["starting_coins"]
    return build(ruleset(), players=n, age=age, seed=seed, boards=boards, hands=hands,
                 buildings=cities, stages=stages, discard=discard,
                 coins={**{p: start for p in range(n)}, **(coins or {})})


def play(game: Game, texts: dict[int, str]) -> None:
    """Every seat of the pending turn chooses, in seat order, the action written."""
    for seat in sorted(texts):
        assert game.current_player == seat, (game.current_player, seat)
        game.apply_text(texts[seat])


def texts(game: Game, seat: int) -> list[str]:
    """The legal actions of `seat` as text (the seat must be the one deciding)."""
    assert game.current_player == seat
    return game.legal_texts()
