"""Observations for bots and learning (issue 11, part 6): what a player may see, as JSON and as a
vector with a legal-action mask, and full states sampled to agree with it."""
from __future__ import annotations

import json
import random

from wondersmith.engine import CHANCE, Game
from wondersmith.engine.positions import position
from engine_helpers import RULESET, do


def _states(seeds=range(12)):
    rng = random.Random(0)
    for seed in seeds:
        g = Game(RULESET, seed=seed, auto_chance=bool(seed % 2))
        while True:
            yield g
            if g.is_terminal:
                break
            g.apply(rng.choice(g.legal_actions()))


def test_the_observation_hides_the_seed_the_deck_and_this_ages_left_out_cards():
    for g in _states(range(4)):
        for p in (0, 1):
            obs = g.observation(p)
            json.dumps(obs)
            assert not {"seed", "history", "chance_count", "pool", "guild_pool"} & set(obs)
            assert obs["deck_left"] == len(g.pool) and obs["player"] == p
            if g.age:
                assert obs["left_out"][-1] == len(g.left_out[-1])
            assert all(s["card"] is None for s in obs["structure"] if not s["face_up"])


def test_the_great_library_draw_is_seen_by_the_drawer_only():
    g = position(RULESET, ["baths"], wonders=(("the_great_library",), ()))
    do(g, "wonder The Great Library with Baths")
    assert g.decision == "library_pick" and g.current_player == 0
    assert len(g.observation(0)["drawn_tokens"]) == 3
    assert g.observation(1)["drawn_tokens"] == 3


def test_vector_and_mask_have_fixed_lengths_and_follow_the_legal_actions():
    sizes = set()
    for g in _states(range(4)):
        for p in (0, 1):
            sizes.add(len(g.observation_vector(p)))
            mask = g.legal_mask(p)
            assert len(mask) == g.t.num_actions
            if g.current_player == p:
                assert [a for a, m in enumerate(mask) if m] == g.legal_actions()
            else:
                assert not any(mask)
    assert len(sizes) == 1


def test_the_vector_is_seen_from_the_players_side():
    g = position(RULESET, ["baths"], buildings=(["stone_pit"], ["clay_pool"]), coins=(3, 9), pawn=2)
    mine, theirs = g.observation_vector(0), g.observation_vector(1)
    assert mine != theirs
    flipped = position(RULESET, ["baths"], buildings=(["clay_pool"], ["stone_pit"]), coins=(9, 3),
                       pawn=-2, player=1)
    assert flipped.observation_vector(1)[:g.t.N * 16] == mine[:g.t.N * 16]


def test_sampled_states_agree_with_the_observation_and_differ_in_what_is_hidden():
    rng = random.Random(1)
    tried = differ = 0
    for g in _states():
        for p in (0, 1):
            sample = g.sample_state(p, rng)
            assert sample.observation(p) == g.observation(p)
            assert sample.observation_vector(p) == g.observation_vector(p)
            assert sample.legal_mask(p) == g.legal_mask(p)
            assert sample.history == [] and sample.seed != g.seed
            tried += 1
            differ += sample.pool != g.pool
    assert differ > tried // 3


def test_a_sampled_state_plays_on_to_the_end():
    rng = random.Random(2)
    for g in _states(range(3)):
        if g.is_terminal or g.current_player == CHANCE:
            continue
        sample = g.sample_state(g.current_player, rng)
        while not sample.is_terminal:
            sample.apply(rng.choice(sample.legal_actions()))
