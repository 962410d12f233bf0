"""The position builder on Agora: senators within reach or in a city, the Senate's cubes and
Decrees, the conspiracies held; the senators' box keeps what the later Ages shuffle in."""
from __future__ import annotations

import functools

import pytest

from wondersmith.engine import load_ruleset
from wondersmith.engine.positions import position

DECREES = ["discard_decree", None, "chains_decree", "raw_trade_decree", "blue_coins_decree",
           "green_coins_decree"]


@functools.cache
def agora():
    return load_ruleset("agora")


def box(game) -> list[str]:
    return [game.t.ids[c] for c in game.senators_box]


def test_the_box_holds_what_the_later_ages_shuffle_in():
    for age, due in ((1, 8), (2, 3), (3, 0)):
        game = position(agora(), ["baths"] if age == 1 else None, age=age)
        assert len(box(game)) == due


def test_a_senator_placed_is_not_in_the_box():
    game = position(agora(), ["politician_left_1", "baths"], buildings=(["conspirator_1"], []),
                    discard=["politician_right_2"])
    placed = {"politician_left_1", "conspirator_1", "politician_right_2"}
    assert len(box(game)) == 8 and not placed & set(box(game))


def test_a_position_that_leaves_too_few_senators_for_the_later_ages_is_refused():
    senators = ["politician_left_1", "politician_left_2", "politician_middle_1",
                "politician_middle_2", "politician_middle_3", "politician_right_1"]
    with pytest.raises(ValueError, match="must wait in the box for the Ages after Age 1"):
        position(agora(), ["baths"], buildings=(senators, []))


def test_a_politician_completes_the_senate_and_wins_a_political_victory():
    game = position(agora(), ["politician_left_1", "baths"],
                    chamber_cubes=([1, 0, 1, 1, 1, 1], [0] * 6), decrees=DECREES)
    game.apply_text("build Politician of the Left I")
    assert game.decision_prompt == "place, move or remove an influence cube"
    game.apply_text("place a cube in chamber 2")
    assert (game.result.victory, game.result.winner) == ("political", 0)
    assert game.result.scores[0]["senate"] == 1 + 2 + 3 + 3 + 2 + 1


def test_conspiracies_held_in_a_position_are_hidden_from_the_opponent():
    game = position(agora(), ["baths"], held=(["embezzlement"], ["blackmail"]))
    seen_by_1 = game.observation(1)["mechanics"]["conspiracies"]["held"]
    assert seen_by_1[0] == [{"conspiracy": None, "card": None, "triggered": False}]
    assert seen_by_1[1][0]["conspiracy"] == "blackmail"


def test_a_record_names_each_senator_shuffled_in_and_replays():
    """Every action of an Agora record is text (a senator drawn into the Age's deck reads
    `shuffle in Politician of the Left I`), and the record replays to the same state."""
    from wondersmith.engine.bots import RandomBot, play_game
    from wondersmith.engine.records import game_record, replay_record

    game = play_game(agora(), [RandomBot(1), RandomBot(2)], seed=4)
    record = game_record(game)
    assert all(isinstance(a, str) for a in record["actions"])
    drawn = [a for a in record["actions"] if a.startswith("shuffle in ")]
    assert len(drawn) == 13  # 5 + 5 + 3: every senator (agora-rulings 2)
    assert replay_record(agora(), record).to_json() == game.to_json()


def test_a_senator_text_is_read_only_for_a_senator_and_at_a_senator_draw():
    from wondersmith.engine import Game, NotationError, OtherEventError

    game = Game(agora(), seed=0, auto_chance=False)
    with pytest.raises(NotationError, match="'Baths' is not a senator"):
        game.parse_action("shuffle in Baths")
    with pytest.raises(OtherEventError, match="not senator draw"):
        game.parse_action("shuffle in Conspirator I")  # the game begins with another event
