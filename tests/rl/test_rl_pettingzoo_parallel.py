"""wondersmith.rl.pettingzoo_parallel: classic 7 Wonders as a PettingZoo parallel environment
(every deciding seat acts at each step, with the engine's `apply_joint`): PettingZoo's own
tests, the game the AEC environment plays with the same choices, and bad actions."""
from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from wondersmith.engine import IllegalActionError
from wondersmith.rl.pettingzoo import raw_env
from wondersmith.rl.pettingzoo_parallel import parallel_env, parallel_raw_env


def masked_choices(observations: dict, rng: random.Random) -> dict[str, int]:
    """A random legal action for every agent that decides (a non-empty mask)."""
    return {agent: rng.choice(np.flatnonzero(seen["action_mask"]).tolist())
            for agent, seen in observations.items() if seen["action_mask"].any()}


@pytest.mark.parametrize("players", [2, 3, 7])
def test_pettingzoo_parallel_api_and_seed_tests(players):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning at all, but the seed test's illegal moves
        parallel_api_test(parallel_env(players=players), num_cycles=1000)
        parallel_api_test(parallel_raw_env(players=players), num_cycles=1000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it samples unmasked actions: the first one loses
        parallel_seed_test(lambda: parallel_env(players=players), num_cycles=300)


@pytest.mark.parametrize("game", ["duel", "agora"])
def test_duel_plays_too_one_agent_at_a_time(game):
    table = parallel_raw_env(game=game)
    observations, _ = table.reset(seed=2)
    rng, steps = random.Random(2), 0
    while table.agents:
        choices = masked_choices(observations, rng)
        assert len(choices) == 1  # Duel and Agora: one seat decides at a time
        observations, rewards, *_ = table.step(choices)
        steps += 1
    assert steps > 40 and sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (7, 5)])
def test_a_step_plays_the_game_the_aec_environment_plays_one_by_one(players, seed):
    """Same seed, same choices: each parallel step replayed on the AEC environment, its
    deciding agents in seat order. The engine states agree after every step, and so do the
    rewards at the end."""
    table, turns = parallel_raw_env(players=players), raw_env(game="classic", players=players)
    observations, _ = table.reset(seed=seed)
    turns.reset(seed=seed)
    rng = random.Random(seed)
    while table.agents:
        deciding = table.game.choosing()
        choices = masked_choices(observations, rng)
        assert sorted(choices) == [f"player_{seat}" for seat in deciding]
        for agent in sorted(choices, key=table.possible_agents.index):
            assert turns.agent_selection == agent
            turns.step(choices[agent])
        observations, rewards, terminations, truncations, infos = table.step(choices)
        assert table.game.to_json() == turns.game.to_json()
        for agent, seen in observations.items():
            np.testing.assert_array_equal(seen["observation"], turns.observe(agent)["observation"])
    assert all(terminations.values()) and not any(truncations.values())
    assert rewards == turns.rewards and sum(rewards.values()) == pytest.approx(0.0)


def test_at_a_turn_every_agent_decides_and_alone_only_the_one_who_does():
    """2 players: both choose their card, then the Free City card's holder alone chooses the
    Free City's; the other agent's mask is empty and its action, if any, is ignored."""
    table = parallel_raw_env(players=2, render_mode="ansi")
    observations, _ = table.reset(seed=6)
    assert all(seen["action_mask"].any() for seen in observations.values())
    assert [line.split(":")[0] for line in table.render().splitlines()
            if line.startswith("legal for")] == ["legal for player 0", "legal for player 1"]
    observations, *_ = table.step(masked_choices(observations, random.Random(0)))
    holder = table.game.free_city_holder
    other = f"player_{1 - holder}"
    assert not observations[other]["action_mask"].any()
    choices = masked_choices(observations, random.Random(0))
    assert list(choices) == [f"player_{holder}"]
    history = len(table.game.history)
    table.step({**choices, other: 12345})  # ignored: the agent does not decide now
    assert table.game.history[history] == choices[f"player_{holder}"]


def test_the_raw_environment_refuses_a_bad_joint_action_and_applies_nothing():
    table = parallel_raw_env(players=3)
    observations, _ = table.reset(seed=7)
    before = json.dumps(table.game.to_json(), sort_keys=True)
    choices = masked_choices(observations, random.Random(7))
    with pytest.raises(ValueError, match="player_2 decides now: its action is missing"):
        table.step({agent: a for agent, a in choices.items() if agent != "player_2"})
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    # The engine's own reason, which names the seat (player_1 is seat 1).
    with pytest.raises(IllegalActionError, match=r"illegal action \d+: .*\bplayer 1\b"):
        table.step({**choices, "player_1": illegal})
    assert json.dumps(table.game.to_json(), sort_keys=True) == before


def test_an_illegal_action_ends_the_game_and_loses_it(caplog):
    table = parallel_env(players=3)
    observations, _ = table.reset(seed=8)
    choices = masked_choices(observations, random.Random(8))
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, _ = table.step({**choices, "player_1": illegal})
    assert "Illegal move made" in caplog.text  # PettingZoo's own logged warning
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    assert all(terminations.values()) and not any(truncations.values()) and table.agents == []
    with pytest.raises(ValueError, match="the game is over"):
        table.step(choices)
    table.reset(seed=8)
    assert table.agents == table.possible_agents


def test_the_seat_count_is_checked():
    with pytest.raises(ValueError, match="played by .* players, not 8"):
        parallel_env(players=8)
    with pytest.raises(ValueError, match="render_mode"):
        parallel_env(render_mode="rgb_array")
