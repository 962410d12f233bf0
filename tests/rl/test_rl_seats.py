"""wondersmith.rl.seats: returns, the bound on decisions, who decides."""
from __future__ import annotations

import random
import subprocess
import sys
from types import SimpleNamespace

import pytest

from wondersmith.engine import Game, Result, load_ruleset
from wondersmith.engine.bots import winning_seats
from wondersmith.rl.seats import deciders, max_decisions, returns

DUEL = load_ruleset("duel")
CLASSIC = load_ruleset("classic")


def finished(winner: int | None, totals=(10, 10), winners=()) -> SimpleNamespace:
    """Stands in for a finished game: `returns` reads its result (a shared victory: shared
    by `winners`, default every seat with the most VP)."""
    scores = tuple({"total": t, "blue": 0} for t in totals)
    if winner is None and not winners:
        winners = tuple(p for p, t in enumerate(totals) if t == max(totals))
    return SimpleNamespace(result=Result(winner=winner, victory="civilian", scores=scores,
                                         winners=winners))


@pytest.mark.parametrize(("winner", "expected"), [(0, [1.0, -1.0]), (1, [-1.0, 1.0]), (None, [0.0, 0.0])])
def test_two_seats_win_lose_draw(winner, expected):
    assert returns(finished(winner), 2) == expected


def test_more_seats_stay_zero_sum():
    assert returns(finished(2, (1, 2, 3, 0)), 4) == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])
    assert returns(finished(None, (5, 5, 5)), 3) == [0.0, 0.0, 0.0]


def test_a_shared_victory_is_shared_by_the_tied_leaders_only():
    """Classic ruling 21: the most VP, then the most coins; still tied, a shared victory
    (the engine's `Result.winners`: here seats 0 and 1, tied on VP and coins)."""
    game = finished(None, (40, 40, 38, 40), winners=(0, 1))
    assert winning_seats(game) == (0, 1)
    assert returns(game, 4) == pytest.approx([0.5, 0.5, -0.5, -0.5])


def test_winning_seats_of_played_classic_games():
    rng = random.Random(4)
    for seed in range(20):
        game = Game(CLASSIC, seed=seed, players=3 + seed % 5)
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        won = winning_seats(game)
        best = max((s["total"], game.coins[p]) for p, s in enumerate(game.result.scores))
        assert won == tuple(p for p, s in enumerate(game.result.scores)
                            if (s["total"], game.coins[p]) == best)
        assert (len(won) == 1) == (game.result.winner is not None)
        assert sum(returns(game, len(game.result.scores))) == pytest.approx(0)


def test_no_return_before_the_end():
    assert returns(Game(DUEL, seed=1), 2) == [0.0, 0.0]


def test_max_decisions_bounds_random_games():
    bound = max_decisions(DUEL)
    # 12 Wonders to draft, 60 structure slots, 10 tokens, 2 x (12 Wonders + the buildings
    # with an on-build effect), 2 choices of who starts an Age.
    on_build = sum(1 for b in DUEL.buildings if b.has_on_build)
    assert bound == 12 + 60 + 10 + 2 * (12 + on_build) + 2
    longest = 0
    for seed in range(300):
        game, rng, made = Game(DUEL, seed=seed), random.Random(seed), 0
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
            made += 1
        longest = max(longest, made)
    assert 60 < longest <= bound


def test_max_decisions_bounds_random_agora_games():
    """Agora's Senate actions, conspiracies and military tokens: still within the bound
    (the OpenSpiel game's `max_game_length`)."""
    agora = load_ruleset("agora")
    bound = max_decisions(agora)
    longest = 0
    for seed in range(150):
        game, rng, made = Game(agora, seed=seed), random.Random(seed), 0
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
            made += 1
        longest = max(longest, made)
    assert 73 < longest <= bound  # more than one decision per structure slot


@pytest.mark.parametrize("players", [3, 5, 7])
def test_max_decisions_bounds_random_classic_games(players):
    bound = max_decisions(CLASSIC, players)
    longest = 0
    for seed in range(40):
        game, rng, made = Game(CLASSIC, seed=seed, players=players), random.Random(seed), 0
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
            made += 1
        longest = max(longest, made)
    assert 18 * players <= longest <= bound  # 18 turns for every seat


def test_deciders():
    game = Game(DUEL, seed=1, auto_chance=False)
    assert deciders(game) == ()  # chance decides who starts
    game.resolve_chance()
    assert deciders(game) == (game.current_player,)
    rng = random.Random(0)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    assert deciders(game) == ()


@pytest.mark.parametrize(("module", "library"), [("wondersmith.rl.openspiel", "pyspiel"),
                                                 ("wondersmith.rl.pettingzoo", "pettingzoo"),
                                                 ("wondersmith.rl.pettingzoo_parallel", "pettingzoo")])
def test_without_the_extra_the_import_error_says_what_to_install(module, library):
    """An adapter imported without `wondersmith[rl]` names the extra to install."""
    code = (f"import sys; sys.modules[{library!r}] = None\n"
            f"try:\n    import {module}\n"
            "except ImportError as exc:\n    print(exc)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().endswith('pip install "wondersmith[rl]"'), run.stdout


def test_the_package_imports_neither_library():
    code = ("import sys, wondersmith.rl, wondersmith.rl.seats\n"
            "print(sorted({'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "[]", run.stderr
