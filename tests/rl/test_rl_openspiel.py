"""wondersmith.rl.openspiel: Duel and Agora as OpenSpiel games pass OpenSpiel's own tests
(the tests taking the `game` fixture run for each; the others are about Duel's registration)."""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment

import wondersmith.rl.openspiel as spiel_adapter
from wondersmith.engine import Game, UnknownRulesetError, load_ruleset
from wondersmith.rl.seats import max_decisions

NAME = "python_wondersmith_duel"
GAMES = ["duel", "agora"]  # the two-player games; classic: tests/rl/test_rl_classic.py


@pytest.fixture(scope="module", params=GAMES)
def game(request) -> pyspiel.Game:
    return pyspiel.load_game(spiel_adapter.register(request.param))


def ruleset_of(game: pyspiel.Game):
    """The engine's ruleset the OpenSpiel game plays."""
    return load_ruleset(game.get_type().short_name.removeprefix("python_wondersmith_"))


def play_random(game: pyspiel.Game, seed: int) -> pyspiel.State:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_importing_registers_the_game(game):
    kind = game.get_type()
    assert kind.short_name in pyspiel.registered_names()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    engine = Game(ruleset_of(game))
    assert game.num_players() == 2
    assert game.num_distinct_actions() == len(engine.legal_mask(0))
    assert game.observation_tensor_size() == len(engine.observation_vector(0))
    assert game.max_game_length() == max_decisions(ruleset_of(game))
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.information_state_tensor_size() == 0  # a string only: see the Observer


def test_random_simulation_with_serialization(game):
    """OpenSpiel's random simulation test: clones, legal-action masks, serialize and
    deserialize, observation and information-state strings and tensors, the bound on the
    game's length, returns within the utility range."""
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_the_interpreter_exits_cleanly_after_registering():
    """pyspiel keeps the registered factory until exit; freeing a closure then aborted."""
    run = subprocess.run(
        [sys.executable, "-c", "import pyspiel, wondersmith.rl.openspiel; "
         "pyspiel.load_game('python_wondersmith_duel').new_initial_state()"],
        capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_registering_again_is_harmless():
    assert spiel_adapter.register("duel") == NAME
    assert spiel_adapter.register("duel", load_ruleset("duel")) == NAME
    assert pyspiel.registered_names().count(NAME) == 1


def test_a_ruleset_of_ones_own_under_its_own_name():
    mine = dataclasses.replace(load_ruleset("duel"), name="My Duel")
    with pytest.raises(ValueError, match="already registered with another ruleset"):
        spiel_adapter.register("duel", mine)
    with pytest.raises(ValueError, match="letters, digits"):
        spiel_adapter.register("duel", mine, name="my duel(x=1)")
    with pytest.raises(ValueError, match="already an OpenSpiel game"):
        spiel_adapter.register("duel", mine, name="kuhn_poker")
    name = spiel_adapter.register("duel", mine, name="python_wondersmith_my_duel")
    game = pyspiel.load_game(name)
    assert game.get_type().long_name == "wondersmith My Duel"
    assert str(play_random(game, seed=1)).startswith("My Duel · Age ")


def test_returns_sum_to_zero_and_follow_the_result(game):
    for seed in range(8):
        state = play_random(game, seed)
        returns = state.returns()
        assert sum(returns) == 0.0
        winner = state.engine.result.winner
        if winner is None:
            assert returns == [0.0, 0.0]
        else:
            assert returns[winner] == 1.0 and returns[1 - winner] == -1.0
        assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_returns_are_zero_before_the_end(game):
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.returns() == [0.0, 0.0]


def test_chance_nodes_are_the_engines(game):
    state = game.new_initial_state()
    assert state.is_chance_node()
    engine = state.engine
    assert engine.decision == "first_player"
    assert state.chance_outcomes() == engine.chance_outcomes()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.legal_actions() == engine.legal_actions()


def test_legal_actions_and_mask_match_the_engine(game):
    rng = random.Random(3)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        player = state.current_player()
        engine = state.engine
        assert state.legal_actions() == engine.legal_actions()
        assert state.legal_actions_mask(player) == engine.legal_mask(player)
        assert state.legal_actions(1 - player) == []
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(player, action) == engine.action_to_text(action)
        state.apply_action(action)
        checked += 1
    assert checked > 40


def test_observations_are_the_engines(game):
    state = play_random_until(game, decisions=20, seed=5)
    player = state.current_player()
    np.testing.assert_array_equal(
        state.observation_tensor(player), np.float32(state.engine.observation_vector(player)))
    assert json.loads(state.observation_string(player)) == state.engine.observation(player)
    other = json.loads(state.observation_string(1 - player))
    assert other == state.engine.observation(1 - player) and other != json.loads(
        state.observation_string(player))


def test_information_state_is_every_observation_and_own_action_so_far(game):
    state = play_random_until(game, decisions=6, seed=2)
    seen = json.loads(state.information_state_string(0))
    assert len(seen) == len(state.history()) + 1
    assert seen[0] == Game(ruleset_of(game), auto_chance=False).observation(0)
    mover = state.current_player()
    action = state.legal_actions()[0]
    child = state.child(action)
    mine = json.loads(child.information_state_string(mover))
    assert mine[-1] == {"action": action, "observation": child.engine.observation(mover)}
    theirs = json.loads(child.information_state_string(1 - mover))
    assert theirs[:-1] == json.loads(state.information_state_string(1 - mover))
    assert theirs[-1] == child.engine.observation(1 - mover)
    # Kept up to date from the first call; a state that never asked replays: the same.
    fresh = game.new_initial_state()
    for a in child.history():
        fresh.apply_action(a)
    for player in (0, 1):
        assert fresh.information_state_string(player) == child.information_state_string(player)


def test_only_a_players_own_observation_is_offered(game):
    own = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    assert game.make_py_observer(own).tensor.shape == (game.observation_tensor_size(),)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    assert game.make_py_observer(public) is None  # OpenSpiel's "not supported"


def test_a_clone_is_independent(game):
    state = play_random_until(game, decisions=10, seed=4)
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history()
    assert copy.engine.to_json() != state.engine.to_json()


def test_openspiels_rl_environment_plays_a_game():
    environment = rl_environment.Environment(
        NAME, chance_event_sampler=rl_environment.ChanceEventSampler(seed=3))
    # Duel's ids: 1,289 before the guild backs, then one chance outcome per structure slot.
    assert environment.action_spec()["num_actions"] == 1289 + 20
    step = environment.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = environment.step([step.observations["legal_actions"][player][0]])
    assert sorted(step.rewards) == [-1.0, 1.0] or step.rewards == [0.0, 0.0]


def test_serialize_and_deserialize(game):
    state = play_random_until(game, decisions=30, seed=6)
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert again_game.get_type().short_name == game.get_type().short_name
    assert again.history() == state.history()
    assert again.engine.to_json() == state.engine.to_json()
    assert len(text) < 5_000  # the actions, not the engine's objects and tables
    again.apply_action(again.legal_actions()[0])  # and it plays on


def test_the_same_actions_play_the_same_game_as_the_engine(game):
    """The adapter adds nothing: the engine fed the same actions reaches the same end."""
    state = play_random(game, seed=11)
    engine = Game(ruleset_of(game), auto_chance=False)
    for action in state.history():
        engine.apply(action)
    assert engine.to_json() == state.engine.to_json()
    assert engine.result == state.engine.result


def test_the_text_view_names_the_table(game):
    state = play_random_until(game, decisions=12, seed=8)
    text = str(state)
    assert text.startswith(f"{ruleset_of(game).name} · Age ")
    assert "player 0:" in text and "player 1:" in text
    assert f"to decide: {state.engine.decision}" in text
    assert state.engine.legal_texts()[0] in text
    over = str(play_random(game, seed=1))
    assert "over: " in over and "legal:" not in over


def test_an_illegal_action_is_refused(game):
    state = play_random_until(game, decisions=3, seed=1)
    before = (state.history(), state.engine.to_json())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="illegal"):
        state.apply_action(illegal)
    assert (state.history(), state.engine.to_json()) == before


def play_random_until(game: pyspiel.Game, decisions: int, seed: int) -> pyspiel.State:
    """A state after `decisions` random player decisions, at a player decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    made = 0
    while True:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        elif made == decisions:
            return state
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1


def test_an_unknown_game_is_named():
    with pytest.raises(UnknownRulesetError, match="no game 'nope'.*games found: agora, classic, duel"):
        spiel_adapter.register("nope")
    assert "python_wondersmith_nope" not in pyspiel.registered_names()
