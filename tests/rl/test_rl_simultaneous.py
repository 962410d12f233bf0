"""A decision several seats take at once, through both adapters: the engine asks the seats
one at a time and hides each choice until the last (docs/rl.md, "Simultaneous decisions").

It plays the engine's worked example of such a decision (docs/engine.md, "How to add a
mechanic": every seat votes at once for a progress token) added to Duel.
"""
from __future__ import annotations

import dataclasses
import warnings

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

from wondersmith.engine import load_ruleset
from wondersmith.rl import openspiel
from wondersmith.rl.pettingzoo import env, raw_env

from conftest import DOC_MECHANIC, register_doc_mechanic

VOTE = DOC_MECHANIC


@pytest.fixture(scope="module")
def voting():
    """Duel with the doc's voting mechanic, registered once per session (kinds are global)."""
    register_doc_mechanic()
    duel = load_ruleset("duel")
    return dataclasses.replace(duel, mechanics=(*duel.mechanics, VOTE))


def test_openspiel_random_simulation(voting):
    game = pyspiel.load_game(openspiel.register("duel", voting, name="python_wondersmith_duel_vote"))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_pettingzoo_api_and_seed_tests(voting):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the three of tests/rl/test_rl_pettingzoo.py
        api_test(env(ruleset=voting), num_cycles=1000)
    seed_test(lambda: env(ruleset=voting), num_cycles=500)


def at_vote(voting, choice_index: int | None = None) -> raw_env:
    table = raw_env(ruleset=voting)
    table.reset(seed=3)
    while table.game.decision != VOTE:
        table.step(table.game.legal_actions()[0])
    if choice_index is not None:
        table.step(table.game.legal_actions()[choice_index])
    return table


def test_the_agents_vote_one_after_the_other_and_the_choice_stays_hidden(voting):
    table = at_vote(voting)
    assert table.game.choosing() == (0, 1) and table.agent_selection == "player_0"
    first, second = at_vote(voting, 0), at_vote(voting, 1)
    for voted in (first, second):
        assert voted.agent_selection == "player_1" and voted.game.decision == VOTE
        assert not voted.observe("player_0")["action_mask"].any()
    # What seat 1 sees does not depend on what seat 0 chose; seat 0 sees its own choice.
    np.testing.assert_array_equal(first.observe("player_1")["observation"],
                                  second.observe("player_1")["observation"])
    assert first.game.observation(1) == second.game.observation(1)
    assert first.game.observation(0) != second.game.observation(0)
