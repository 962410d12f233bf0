"""Classic 7 Wonders: invariants over random games at every player count from 3 to 7."""
from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
from classic_helpers import ruleset

from wondersmith.engine import Game, game_record, replay_record
from wondersmith.engine.mechanics.hand_draft import K_CHOOSE


def _all_cards(g: Game) -> Counter:
    """Every copy of a card in play: hands, cities, under stages, discard pile, deck."""
    held = Counter()
    for cards in (*g.hands, *g.city, *g.stages, g.discard, g.pool):
        held.update(cards)
    return held


def _dealt(g: Game, n: int) -> Counter:
    """The copies the Ages dealt so far: the decks for n players and the guilds drawn."""
    t = g.t
    expected = Counter()
    for age in range(1, g.age + 1):
        expected.update(t.decks[age])
    return expected


@pytest.mark.parametrize("n", range(3, 8))
def test_random_games_keep_every_invariant(n):
    rng = random.Random(n)
    for seed in range(3):
        g = Game(ruleset(), seed=100 * n + seed, players=n, auto_chance=bool(seed % 2))
        turns = ages_seen = 0
        dealt_per_age = {}
        while not g.is_terminal:
            assert min(g.coins) >= 0
            data = g.to_json()
            again = Game.from_json(ruleset(), json.loads(json.dumps(data)))
            assert again.to_json() == data  # exact round trip at every decision
            if g.is_chance_node:
                g.apply(g.sample_chance())
                continue
            if g.stack[-1][0] == K_CHOOSE and g.stack[-1][2] == (1 << n) - 1 \
                    and g.stack[-1][1] == 0:
                turns += 1
                if all(len(h) == 7 for h in g.hands):
                    dealt_per_age[g.age] = sum(len(h) for h in g.hands)
                    ages_seen += 1
                # every card accounted for: the guilds drawn plus the Age decks so far
                held = _all_cards(g)
                guilds = [c for c in held if g.t.color[c] == g.t.classic_guild_color]
                assert held - Counter({c: held[c] for c in guilds}) == _dealt(g, n)
                assert len(guilds) == (n + 2 if g.age == 3 else 0)
                assert sorted(guilds + g.guild_pool) == sorted(g.t.classic_guilds)
            before = g.clone()
            snapshot = before.to_json()
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            assert before.to_json() == snapshot  # a clone is independent
        assert turns == 18 and ages_seen == 3
        assert dealt_per_age == {1: 7 * n, 2: 7 * n, 3: 7 * n}
        assert len(g.result.scores) == n
        assert sum(len(c) for c in g.city) + sum(len(s) for s in g.stages) + len(g.discard) \
            == 3 * 7 * n  # every card dealt was built, tucked or discarded
        record = game_record(g)
        replayed = replay_record(ruleset(), json.loads(json.dumps(record)), auto_chance=g.auto_chance)
        assert replayed.to_json() == g.to_json()


def test_the_state_schema_describes_classic_states():
    schema = json.loads((Path(__file__).resolve().parents[2] / "schema" / "state.schema.json").read_text())
    g = Game(ruleset(), seed=1, players=5)
    rng = random.Random(1)
    while not g.is_terminal:
        jsonschema.validate(g.to_json(), schema)
        g.apply(rng.choice(g.legal_actions()))
    jsonschema.validate(g.to_json(), schema)


def test_observations_show_the_own_hand_only_and_sampled_states_agree():
    g = Game(ruleset(), seed=2, players=4)
    rng = random.Random(2)
    for _ in range(9):
        g.apply(rng.choice(g.legal_actions()))
    me = g.current_player
    seen = g.observation(me)
    hands = seen["mechanics"]["hand_draft"]["hands"]
    assert hands[me] == [g.t.ids[c] for c in g.hands[me]]
    assert all(hands[p] == len(g.hands[p]) for p in range(4) if p != me)
    assert seen["discard"] == len(g.discard) and "pool" not in seen and "history" not in seen
    assert len(g.observation_vector(me)) == len(Game(ruleset(), seed=9, players=4).observation_vector(0))
    mask = g.legal_mask(me)
    assert [a for a, x in enumerate(mask) if x] == g.legal_actions()
    for _ in range(5):
        guess = g.sample_state(me, rng)
        assert guess.observation(me) == {**seen, "simultaneous": guess.observation(me)["simultaneous"]}
        assert guess.hands[me] == g.hands[me]
        assert guess.legal_actions() == g.legal_actions()


def test_bots_play_classic_through_the_public_api():
    from wondersmith.engine.bots import make_bot
    g = Game(ruleset(), seed=4, players=3)
    players = [make_bot("random", 1), make_bot("greedy", 2), make_bot("ismcts", 3)]
    players[2].iterations = 20
    while not g.is_terminal:
        g.apply(players[g.current_player].choose(g))
    assert len(g.result.scores) == 3


def _broken(change):
    g = Game(ruleset(), seed=6, players=4)
    g.apply_joint({s: g.legal_actions_for(s)[-1] for s in g.choosing()})
    data = json.loads(json.dumps(g.to_json()))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d["mechanics"]["hand_draft"]["hands"].pop(), "expected 4 hands"),
    (lambda d: d["mechanics"]["hand_draft"]["hands"][0].append("palace"), "which has not started|appears 1 times|as many cards"),
    (lambda d: d["mechanics"]["hand_draft"]["hands"][1].__setitem__(0, "nothing"), r"hands\[1\]\[0\]: unknown building"),
    (lambda d: d["mechanics"]["wonder_boards"]["boards"][1].__setitem__("board", d["mechanics"]["wonder_boards"]["boards"][0]["board"]), "a board is dealt twice"),
    (lambda d: d["mechanics"]["wonder_boards"]["boards"][0].__setitem__("side", "c"), r"boards\[0\].side"),
    (lambda d: d["mechanics"]["conflicts"]["conflict_tokens"][0].append(7), r"conflict_tokens\[0\]\[0\]"),
    (lambda d: d["mechanics"]["conflicts"]["conflict_tokens"][0].append(1), "tokens after 0 Ages"),
    (lambda d: d.pop("mechanics"), "mechanics: expected an object"),
    (lambda d: d["players"].append(d["players"][0]), "hands|expected"),
])
def test_loading_a_classic_state_names_the_first_problem(change, message):
    from wondersmith.engine import StateFormatError
    with pytest.raises(StateFormatError, match=message):
        Game.from_json(ruleset(), _broken(change))


@pytest.mark.parametrize("section, key, value, message", [
    ("ages", "pass", "up", "ages\\[\\].pass"),
    ("trade", "income_spendable", "same_turn", "income_spendable"),
    ("conflicts", "at", "each_turn", "conflicts.at"),
    ("science", "identical", "linear", "science"),
])
def test_rules_the_engine_does_not_play_are_refused_when_a_game_is_set_up(section, key, value, message):
    import copy
    import dataclasses
    from wondersmith.engine.core.rules import RulesError
    rules = copy.deepcopy(dict(ruleset().rules))
    if section == "ages":
        rules["ages"] = [dict(a, **{key: value}) for a in rules["ages"]]
    else:
        rules[section] = dict(rules[section], **{key: value})
    odd = dataclasses.replace(ruleset(), rules=rules)
    with pytest.raises(RulesError, match=message):
        Game(odd, seed=0)
