"""Invariants over random games (OpenSpiel style).

The default run plays a few thousand games; WONDERSMITH_LONG=1 plays many more and checks
every step of every game.
"""
from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wondersmith.engine import Game, IllegalActionError
from wondersmith.engine.mechanics.bank_trade.costs import (cheapest_trade, cheapest_trade_by_families, choice_families,
                                      covered_by_plan, family_plan)
from wondersmith.engine.records import game_record, replay_record
from engine_helpers import RULESET

LONG = os.environ.get("WONDERSMITH_LONG") == "1"
GAMES = 20_000 if LONG else 2_000
DEEP_GAMES = 2_000 if LONG else 150  # games checked at every step (clone, JSON, schema)
MAX_STEPS = 400
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "schema" / "state.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def accounted(g: Game) -> list[int]:
    """Every building exactly once: cities, under Wonders, discard, structure, decks, box."""
    t = g.t
    cards = [c for city in g.city for c in city]
    cards += [x for tucks in g.wonder_tuck for x in tucks if x >= 0]
    cards += g.discard
    cards += [c for c, taken in zip(g.slot_card, g.taken) if c >= 0 and not taken]
    cards += g.pool + g.guild_pool
    cards += [c for age in g.left_out for c in age]
    for age in range(g.age + 1, t.ages + 1):
        cards += t.age_decks[age]
        if age == t.guild_age:
            cards += t.guilds
    return sorted(cards)


def play_random(seed: int, deep: bool) -> Game:
    rng = random.Random(seed)
    g = Game(RULESET, seed=seed)
    all_cards = list(range(g.t.NB))
    steps = 0
    while not g.is_terminal:
        legal = g.legal_actions()
        assert legal, "a game that is not over has a legal action"
        assert g.coins[0] >= 0 and g.coins[1] >= 0
        if deep or steps % 17 == 0:
            assert accounted(g) == all_cards
            data = g.to_json()
            assert Game.from_json(RULESET, json.loads(json.dumps(data))).to_json() == data
            assert g.clone().to_json() == data
            if deep:
                VALIDATOR.validate(data)
                for s in g.accessible:
                    c = g.slot_card[s]
                    if c < 0:  # face down: no card yet
                        continue
                    assert g.payment(g.current_player, c).total == g.build_cost(g.current_player, c)
        g.apply(rng.choice(legal))
        steps += 1
        assert steps < MAX_STEPS, "every game ends"
    assert g.legal_actions() == []
    assert g.coins[0] >= 0 and g.coins[1] >= 0
    assert accounted(g) == all_cards
    return g


def test_random_games_keep_the_invariants():
    victories = {"civilian": 0, "military": 0, "scientific": 0}
    for seed in range(GAMES):
        g = play_random(seed, deep=seed < DEEP_GAMES)
        victories[g.result.victory] += 1
        assert g.result.victory in victories
        if g.result.victory == "civilian":
            a, b = g.result.scores[0]["total"], g.result.scores[1]["total"]
            if g.result.winner is not None:
                w = g.result.winner
                mine, theirs = g.result.scores[w]["total"], g.result.scores[1 - w]["total"]
                assert mine > theirs or (mine == theirs and g.result.scores[w]["blue"] > g.result.scores[1 - w]["blue"])
            else:
                assert a == b
    assert victories["civilian"] and victories["military"]


def test_the_same_seed_gives_the_same_game():
    for seed in range(30):
        a, b = play_random(seed, deep=False), play_random(seed, deep=False)
        assert a.history == b.history and a.to_json() == b.to_json()


def test_a_game_record_replays_to_the_same_final_state():
    for seed in range(30):
        g = play_random(seed, deep=False)
        record = json.loads(json.dumps(game_record(g)))
        assert replay_record(RULESET, record).to_json() == g.to_json()


def test_terminal_states_survive_the_json_round_trip():
    g = play_random(5, deep=False)
    data = g.to_json()
    VALIDATOR.validate(data)
    again = Game.from_json(RULESET, data)
    assert again.is_terminal and again.result == g.result and again.legal_actions() == []


def test_an_illegal_action_leaves_the_state_unchanged():
    rng = random.Random(0)
    g = Game(RULESET, seed=3)
    for _ in range(60):
        if g.is_terminal:
            break
        before = g.to_json()
        legal = set(g.legal_actions())
        bad = next(a for a in range(g.t.num_actions) if a not in legal)
        with pytest.raises(IllegalActionError):
            g.apply(bad)
        assert g.to_json() == before
        g.apply(rng.choice(sorted(legal)))


def test_text_forms_parse_back_to_the_same_action():
    rng = random.Random(1)
    for seed in range(20):
        g = Game(RULESET, seed=seed, auto_chance=False)
        while not g.is_terminal:
            for a in g.legal_actions():
                assert g.parse_action(g.action_to_text(a)) == a
            g.apply(rng.choice(g.legal_actions()))


# Cost optimality against brute force ----------------------------------------------------

def brute_force(missing, price, choices, discount):
    best = None
    resources = sorted(missing)
    for pick in itertools.product(*[list(c) + [None] for c in choices]):
        left = dict(missing)
        for r in pick:
            if r is not None and left.get(r, 0) > 0:
                left[r] -= 1
        for split in itertools.product(range(discount + 1), repeat=len(resources)):
            if sum(split) > discount:
                continue
            cost = sum(max(0, left[r] - d) * price[r] for r, d in zip(resources, split))
            best = cost if best is None else min(best, cost)
    return best


PRODUCERS = [(0, 1, 2), (3, 4), (0, 1, 2), (3, 4)]  # Caravansery, Forum, Lighthouse, Piraeus


@settings(max_examples=300, deadline=None)
@given(
    missing=st.dictionaries(st.integers(0, 4), st.integers(1, 3), min_size=1, max_size=5),
    price=st.lists(st.integers(1, 6), min_size=5, max_size=5),
    producers=st.lists(st.sampled_from(PRODUCERS), max_size=4),
    discount=st.sampled_from([0, 2]),
)
def test_cheapest_trade_equals_brute_force(missing, price, producers, discount):
    best = brute_force(missing, price, producers, discount)
    assert cheapest_trade(missing, price, producers, discount) == best
    family, caps = choice_families(tuple(producers), 5)
    cost = tuple(missing.items())
    assert cheapest_trade_by_families(cost, [0] * 5, price, family, caps, discount) == best
    if not discount:  # the engine's usual path: the buyer's plan, worked out once per prices
        need = tuple(missing.get(r, 0) for r in range(5))
        plan = family_plan((family, caps), tuple(price))
        bought = sum(n * price[r] for r, n in cost)
        assert bought - covered_by_plan(need, [0] * 5, price, plan) == best


@settings(max_examples=200, deadline=None)
@given(
    missing=st.dictionaries(st.integers(0, 4), st.integers(1, 3), min_size=1, max_size=5),
    price=st.lists(st.integers(1, 6), min_size=5, max_size=5),
    producers=st.lists(st.lists(st.integers(0, 4), min_size=2, max_size=3, unique=True).map(tuple),
                       max_size=4),
    discount=st.sampled_from([0, 1, 2]),
)
def test_cheapest_trade_with_overlapping_choices_equals_brute_force(missing, price, producers, discount):
    assert cheapest_trade(missing, price, producers, discount) == brute_force(missing, price, producers, discount)


def test_generated_ruleset_plays_like_an_independent_reading_of_the_yaml():
    from engine_yaml_ruleset import load
    other = load()
    for seed in range(40):
        rng = random.Random(seed)
        a, b = Game(RULESET, seed=seed), Game(other, seed=seed)
        while not a.is_terminal:
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        ja, jb = a.to_json(), b.to_json()
        ja.pop("source_hash"), jb.pop("source_hash")
        assert ja == jb


def test_sampling_chance_in_one_go_matches_resolving_chance_nodes_one_by_one():
    from wondersmith.engine import CHANCE
    for seed in range(25):
        rng = random.Random(seed)
        auto, manual = Game(RULESET, seed=seed), Game(RULESET, seed=seed, auto_chance=False)
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
