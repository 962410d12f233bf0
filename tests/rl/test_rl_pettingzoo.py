"""wondersmith.rl.pettingzoo: Duel and Agora as AEC environments pass PettingZoo's own tests
(the tests taking `game` run for each)."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test, render_test, seed_test

from wondersmith.engine import Game, IllegalActionError, UnknownRulesetError, load_ruleset
from wondersmith.rl.pettingzoo import env, raw_env


@pytest.fixture(params=["duel", "agora"])  # the two-player games; classic: test_rl_classic.py
def game(request) -> str:
    return request.param


def first_legal(observation) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


def play(table: AECEnv, seed: int, choose=first_legal) -> tuple[list[int], dict[str, float]]:
    """Plays a whole game; the actions taken and each agent's last reward."""
    table.reset(seed=seed)
    actions, final = [], {}
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            final[agent] = reward
            table.step(None)
            continue
        action = choose(observation)
        actions.append(action)
        table.step(action)
    return actions, final


def test_api_test(game):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # Two warnings every PettingZoo game with action masks gets: a Dict observation
        # space, and an observation (the dict) that is not one NumPy array.
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        # Coins have no upper bound, so neither has the vector.
        warnings.filterwarnings("ignore", message="Agent's maximum observation space value is infinity")
        api_test(env(game=game), num_cycles=1000)


def test_seed_test(game):
    seed_test(lambda: env(game=game), num_cycles=1000)


def test_render_test(game):
    render_test(lambda render_mode=None: env(game=game, render_mode=render_mode),
                custom_tests={"ansi": lambda text: text.startswith(load_ruleset(game).name)})


def test_spaces(game):
    table = env(game=game)
    engine = Game(load_ruleset(game))
    assert table.possible_agents == ["player_0", "player_1"]
    for agent in table.possible_agents:
        space = table.observation_space(agent)
        assert space["observation"].shape == (len(engine.observation_vector(0)),)
        assert space["action_mask"].shape == (len(engine.legal_mask(0)),)
        assert table.action_space(agent).n == len(engine.legal_mask(0))
    first, second = (table.observation_space(a)["observation"] for a in table.possible_agents)
    assert first == second and first is not second  # seeding one leaves the other alone


def test_observation_and_mask_are_the_engines(game):
    table = raw_env(game=game)
    table.reset(seed=7)
    for _ in range(25):
        agent = table.agent_selection
        seat = table.possible_agents.index(agent)
        game = table.game
        seen = table.observe(agent)
        assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
        np.testing.assert_array_equal(seen["observation"], np.float32(game.observation_vector(seat)))
        assert np.flatnonzero(seen["action_mask"]).tolist() == game.legal_actions()
        assert seen["action_mask"].tolist() == game.legal_mask(seat)
        waiting = table.observe(table.possible_agents[1 - seat])
        assert not waiting["action_mask"].any()
        assert waiting["action_mask"].tolist() == game.legal_mask(1 - seat)
        assert table.observation_space(agent).contains(seen)
        table.step(int(np.flatnonzero(seen["action_mask"])[-1]))


def test_chance_is_resolved_inside_the_env(game):
    table = raw_env(game=game)
    table.reset(seed=1)
    for _ in range(60):
        assert not table.game.is_chance_node
        assert table.agent_selection == f"player_{table.game.current_player}"
        table.step(table.game.legal_actions()[0])


def test_rewards_come_at_the_end_and_sum_to_zero(game):
    table = env(game=game)
    for seed in range(6):
        table.reset(seed=seed)
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated:
                break
            assert reward == 0
            table.step(first_legal(observation))
        result = table.unwrapped.game.result
        rewards = table.unwrapped._cumulative_rewards
        assert sum(rewards.values()) == 0
        if result.winner is None:
            assert set(rewards.values()) == {0.0}
        else:
            assert rewards[f"player_{result.winner}"] == 1.0
            assert rewards[f"player_{1 - result.winner}"] == -1.0


def test_the_same_seed_replays_the_same_game(game):
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    pick = lambda rng: lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"])))  # noqa: E731
    first, rewards = play(env(game=game), seed=123, choose=pick(rng_a))
    again, rewards_again = play(env(game=game), seed=123, choose=pick(rng_b))
    assert first == again and rewards == rewards_again
    other, _ = play(env(game=game), seed=124, choose=first_legal)
    same_policy, _ = play(env(game=game), seed=123, choose=first_legal)
    assert other != same_policy  # another seed deals other cards


def test_the_env_plays_the_engines_game(game):
    """The seed is the engine's: the same actions on `Game(ruleset, seed)` end the same."""
    table = raw_env(game=game)
    actions, _ = play(table, seed=99)
    engine = Game(load_ruleset(game), seed=99)
    for action in actions:
        engine.apply(action)
    assert engine.to_json() == table.game.to_json()


def test_reset_without_a_seed_draws_one(game):
    table = raw_env(game=game)
    starts = set()
    for _ in range(4):
        table.reset()
        starts.add(tuple(table.game.to_json()["draft"]))
    assert len(starts) > 1


def test_an_illegal_action_ends_the_game_with_a_penalty(game, caplog):
    table = env(game=game)
    table.reset(seed=5)
    agent = table.agent_selection
    observation = table.observe(agent)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    table.step(illegal)
    assert "Illegal move made" in caplog.text
    assert all(table.terminations.values())
    assert table._cumulative_rewards[agent] == -1


def test_the_raw_env_refuses_an_illegal_action(game):
    table = raw_env(game=game)
    table.reset(seed=5)
    before = table.game.to_json()
    with pytest.raises(IllegalActionError):
        table.step(table.game.legal_actions()[-1] + 1)
    assert table.game.to_json() == before


def test_render(game):
    table = raw_env(game=game, render_mode="ansi")
    table.reset(seed=2)
    text = table.render()
    assert text.splitlines()[0] == "%s · Age 0 · player %d to decide: draft" % (
        load_ruleset(game).name, table.game.current_player)
    assert "legal: pick " in text
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert raw_env(game=game).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")


def test_another_ruleset_object():
    table = env(ruleset=load_ruleset("duel"))
    assert table.unwrapped.metadata["name"] == "wondersmith_duel_v0"


def test_an_unknown_game_is_named():
    with pytest.raises(UnknownRulesetError, match="no game 'nope'.*games found: agora, classic, duel"):
        env(game="nope")
