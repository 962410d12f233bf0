"""Classic 7 Wonders: the compiled classes (generated/classic) play exactly like the tests'
independent reading of the YAML (engine_yaml_ruleset.py), and automatic chance like chance
resolved node by node."""
from __future__ import annotations

import random

import pytest
from engine_yaml_ruleset import load_classic

from wondersmith.engine import CHANCE, Game, load_ruleset


@pytest.mark.parametrize("n", range(3, 8))
def test_generated_classic_plays_like_an_independent_reading_of_the_yaml(n):
    compiled, read = load_ruleset("classic"), load_classic()
    assert compiled.player_counts == read.player_counts
    for seed in range(6):
        rng = random.Random(seed)
        a, b = Game(compiled, seed=seed, players=n), Game(read, seed=seed, players=n)
        while not a.is_terminal:
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        assert a.history == b.history and a.result == b.result
        ja, jb = a.to_json(), b.to_json()
        ja.pop("source_hash"), jb.pop("source_hash")
        assert ja == jb


def test_classic_chance_in_one_go_matches_chance_nodes_one_by_one():
    ruleset = load_ruleset("classic")
    for seed in range(8):
        rng = random.Random(seed)
        auto = Game(ruleset, seed=seed, players=3 + seed % 5)
        manual = Game(ruleset, seed=seed, players=3 + seed % 5, auto_chance=False)
        while True:
            while manual.current_player == CHANCE:
                manual.apply(manual.sample_chance())
            assert auto.legal_actions() == manual.legal_actions()
            if auto.is_terminal:
                break
            action = rng.choice(auto.legal_actions())
            auto.apply(action)
            manual.apply(action)
        assert auto.history == manual.history and auto.result == manual.result


def test_chance_outcomes_of_a_deal_weigh_the_copies_of_a_card():
    g = Game(load_ruleset("classic"), seed=0, players=7, auto_chance=False)
    while g.decision != "deal_hand":
        g.apply(g.sample_chance())
    outcomes = dict(g.chance_outcomes())
    deck = g.pool
    assert sum(outcomes.values()) == pytest.approx(1.0)
    for action, p in outcomes.items():
        assert p == pytest.approx(deck.count(action - g.t.CH_CARD) / len(deck))
    assert sorted(outcomes) == g.legal_actions()
