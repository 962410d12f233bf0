"""Every bot keeps to `allowed` (an experiment's restriction) at one seat's decisions and at
simultaneous ones, and without it chooses as before."""
from __future__ import annotations

import random

import pytest

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.bots import BOTS, make_bot


def _positions(game_name: str, players: int | None, count: int):
    rng = random.Random(7)
    game = Game(load_ruleset(game_name), seed=5, players=players)
    out = []
    while not game.is_terminal and len(out) < count:
        if len(game.legal_actions()) > 2 and rng.random() < 0.3:
            out.append(game.clone())
        game.apply(rng.choice(game.legal_actions()))
    return out


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("game_name, players", [("duel", None), ("classic", 3)])
def test_a_bot_chooses_only_among_the_allowed_actions(name, game_name, players):
    for game in _positions(game_name, players, 4):
        legal = game.legal_actions()
        for allowed in (legal[1:2], legal[-2:]):
            bot = make_bot(name, 1)
            if name == "ismcts":
                bot.iterations = 20
            assert bot.choose(game, allowed=allowed) in allowed


def test_allowing_everything_changes_nothing():
    for game in _positions("duel", None, 3):
        a = make_bot("greedy", 4).choose(game)
        b = make_bot("greedy", 4).choose(game, allowed=game.legal_actions())
        assert a == b
