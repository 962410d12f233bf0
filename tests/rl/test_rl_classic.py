"""Classic 7 Wonders (3 to 7 seats, every seat choosing its card at once) through both
adapters: OpenSpiel's and PettingZoo's own tests, the seat count, hidden simultaneous choices
and an observation vector with a place for each seat."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from wondersmith.engine import Game, load_ruleset
from wondersmith.rl import openspiel
from wondersmith.rl.pettingzoo import env, raw_env
from wondersmith.rl.seats import max_decisions

NAME = "python_wondersmith_classic"
CLASSIC = load_ruleset("classic")


@pytest.mark.parametrize("players", [2, 3, 7])  # 2: the Free City's holder decides for it
def test_openspiel_random_simulation_with_serialization(players):
    game = pyspiel.load_game(NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_seat_count_is_a_parameter():
    assert NAME in pyspiel.registered_names()
    kind = pyspiel.load_game(NAME).get_type()
    assert (kind.min_num_players, kind.max_num_players) == (min(CLASSIC.player_counts), 7)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL  # see docs/rl.md for why
    assert pyspiel.load_game(NAME).num_players() == CLASSIC.players == 3
    for players in (4, 7):
        game = pyspiel.load_game(f"{NAME}(players={players})")
        probe = Game(CLASSIC, players=players)
        assert game.num_players() == players
        assert game.observation_tensor_size() == len(probe.observation_vector(0))
        assert game.max_game_length() == max_decisions(CLASSIC, players)
    with pytest.raises(ValueError, match="played by .* players, not 9"):
        pyspiel.load_game(NAME, {"players": 9})


def test_a_turn_is_each_seat_in_turn_with_the_choices_hidden():
    game = pyspiel.load_game(NAME, {"players": 4})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0 and state.engine.choosing() == (0, 1, 2, 3)
    seen = set()
    for action in state.legal_actions()[:3]:
        after = state.clone()
        after.apply_action(action)
        assert after.current_player() == 1
        seen.add((after.observation_string(1), tuple(after.observation_tensor(1))))
        assert after.observation_string(0) != state.observation_string(0)  # its own, it sees
    assert len(seen) == 1  # seat 1 sees that seat 0 chose, not what


def test_the_string_of_each_legal_action_is_its_own():
    """OpenSpiel wants one string per legal action, even where the discard pile holds two
    cards of one name (the Press of Age I and of Age II)."""
    rng = random.Random(2)
    game = pyspiel.load_game(NAME, {"players": 5})
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            texts = [state.action_to_string(player, a) for a in legal]
            assert len(set(texts)) == len(texts)
            state.apply_action(rng.choice(legal))


def test_openspiels_own_search_plays_classic():
    """Its algorithms take sequential games only (MCTS, ISMCTS, CFR): classic is one."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(NAME, {"players": 3})
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    action = bot.step(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 7])  # 2: two agents, three cities
def test_pettingzoo_api_seed_and_render_tests(players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the three of tests/rl/test_rl_pettingzoo.py
        api_test(env(game="classic", players=players), num_cycles=1000)
    seed_test(lambda: env(game="classic", players=players), num_cycles=300)
    render_test(lambda render_mode=None: env(game="classic", players=players, render_mode=render_mode))


def test_pettingzoo_agents_are_the_seats():
    table = raw_env(game="classic", players=5)
    table.reset(seed=1)
    assert table.possible_agents == [f"player_{seat}" for seat in range(5)]
    assert table.observe("player_4")["observation"].shape == \
        (len(Game(CLASSIC, players=5).observation_vector(4)),)
    with pytest.raises(ValueError, match="played by .* players, not 8"):
        raw_env(game="classic", players=8)


def test_pettingzoo_a_turn_hides_the_choices_made():
    table = raw_env(game="classic", players=3)
    table.reset(seed=4)
    while table.game.choosing() != (0, 1, 2):
        table.step(table.game.legal_actions()[0])
    views = []
    for index in (0, -1):
        other = raw_env(game="classic", players=3)
        other.reset(seed=4)
        for action in table.game.history[len(other.game.history):]:
            other.step(action)
        other.step(other.game.legal_actions()[index])
        assert other.agent_selection == "player_1"
        views.append(other.observe("player_1")["observation"])
    np.testing.assert_array_equal(*views)


def test_the_observation_vector_keeps_each_seat_apart():
    """Issue 11: another seat's city has a place of its own in a seat's vector, not one
    "theirs" for all of them."""
    game = Game(CLASSIC, seed=3, players=4)
    while game.is_chance_node or not game.choosing():
        game.apply(game.legal_actions()[0])
    data = game.to_json()
    changed = []
    for seat in (1, 2, 3):
        richer = {**data, "players": [dict(city) for city in data["players"]]}
        richer["players"][seat]["coins"] += 7
        other = type(game).from_json(CLASSIC, richer)
        before, after = game.observation_vector(0), other.observation_vector(0)
        changed.append({i for i, (a, b) in enumerate(zip(before, after)) if a != b})
    assert all(changed) and not (changed[0] & changed[1] or changed[0] & changed[2]
                                 or changed[1] & changed[2])


def test_the_text_view_names_the_free_city_and_who_decides_for_it():
    """The 2-player variant: the third city is the Free City, not a player, and its card's
    holder is shown deciding for it."""
    from wondersmith.rl.seats import describe

    table = env(game="classic", players=2, render_mode="ansi")
    table.reset(seed=4)
    rows = table.render().splitlines()
    assert [r.split(":")[0] for r in rows[1:4]] == ["player 0", "player 1", "Free City"]
    game = table.unwrapped.game
    for _ in range(2):  # both players choose their own card: the Free City's comes next
        table.step(game.legal_actions()[0])
    holder = game.current_player
    assert game.stack[-1][1] == 2 and holder in (0, 1)
    assert describe(game).splitlines()[0].endswith(
        f"player {holder} to decide for the Free City: {game.decision}")
