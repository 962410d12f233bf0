"""A loaded state's history against its position (issue 26, item 5).

`game_record` replays the history from the seed, every action checked, and it must lead to
the game's position: a state loaded with one history entry changed, or a position set up by
hand, has no record (StateFormatError naming the entry or the field that disagrees), never
a crash or a record that replays to another game.
"""
from __future__ import annotations

import json
import random

import pytest
from record_checks import changed_histories, random_game, round_trip

from wondersmith.engine import Game, StateFormatError, game_record, load_ruleset
from wondersmith.engine.observation import sample_state
from wondersmith.engine.positions import position

GAMES = [("duel", None), ("classic", 2), ("classic", 3), ("classic", 7)]


@pytest.mark.parametrize("game, players", GAMES)
def test_a_changed_history_entry_is_refused_or_gives_no_record_never_a_crash(game, players):
    seen = changed_histories(load_ruleset(game), players, 150)
    assert seen["no record"] > 50, seen  # most: accepted on load, then no record


@pytest.mark.parametrize("game, players", GAMES)
def test_a_genuine_state_loaded_still_records_and_replays(game, players):
    ruleset = load_ruleset(game)
    for seed in range(4):
        g = random_game(ruleset, players, seed, 40 * seed + 7)
        round_trip(ruleset, Game.from_json(ruleset, json.loads(json.dumps(g.to_json()))))


def test_a_simultaneous_decision_half_taken_still_records():
    """The choices already made at a decision every seat takes at once are in the history:
    the record holds them, and replays to the same hidden choices."""
    ruleset = load_ruleset("classic")
    g = Game(ruleset, seed=4, players=4)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[-1])
    assert "simultaneous" in g.to_json()
    round_trip(ruleset, g)


def test_a_position_set_up_by_hand_has_no_record():
    """Its history (the set-up of the seed's game) does not lead to it: before, the record
    was of that other game."""
    duel = position(load_ruleset("duel"), ["baths", "lumber_yard"], coins=(3, 9))
    with pytest.raises(StateFormatError, match=r"^\S+: the history leads elsewhere; .*no record"):
        game_record(duel)
    classic = position(load_ruleset("classic"), ["baths", "altar"], players=4, age=2)
    with pytest.raises(StateFormatError, match="no record"):
        game_record(classic)


def test_a_sampled_state_has_no_record():
    ruleset = load_ruleset("duel")
    g = random_game(ruleset, None, 3, 30)
    guess = sample_state(g, 0, random.Random(1))
    assert guess.history == []
    with pytest.raises(StateFormatError, match="the history leads elsewhere"):
        game_record(guess)


def test_an_illegal_history_entry_is_named_by_its_index():
    ruleset = load_ruleset("duel")
    g = random_game(ruleset, None, 2, 20)
    data = g.to_json()
    first = data["history"][0]  # the first player drawn: 0 or 1
    data["history"][0] = data["history"][1]  # a Wonder revealed instead
    data["chance_count"] = g.chance_count
    loaded = Game.from_json(ruleset, data)
    with pytest.raises(StateFormatError, match=r"^history\[0\]: illegal action \d+: .*no record"):
        game_record(loaded)
    assert first != data["history"][0]
