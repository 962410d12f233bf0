"""Simultaneous decisions in the core, through the worked example of docs/engine.md (a
mechanic in which every seat votes at once for a progress token): the code block of the doc
is run as it is written, then played in Duel (two seats) and in the toy 3-seat game."""
from __future__ import annotations

import dataclasses
import random

import pytest

from wondersmith.engine import Game, IllegalActionError, StateFormatError
from wondersmith.engine import mechanics
from wondersmith.engine.core.kinds import number
from wondersmith.engine.core.simultaneous import node

from classic_helpers import position
from conftest import register_doc_mechanic
from engine_helpers import RULESET


@pytest.fixture(scope="module")
def vote() -> dict:
    """The doc's mechanic, registered once per test session (kinds are global)."""
    register_doc_mechanic()
    return {"K_VOTE": number("opening_vote")}


def with_vote(ruleset):
    return dataclasses.replace(ruleset, mechanics=(*ruleset.mechanics, "opening_vote"))


def at_vote(ruleset, seed: int) -> Game:
    """A game whose set-up decisions before the vote (Duel's Wonder draft) are taken."""
    game = Game(ruleset, seed=seed)
    while game.decision != "opening_vote":
        assert game.decision == "draft"
        game.apply(game.legal_actions()[0])
    return game


def test_the_example_registers_a_mechanic_a_ruleset_can_list(vote) -> None:
    game = at_vote(with_vote(RULESET), seed=3)
    assert type(game).MECHANICS[-1] == "opening_vote" and isinstance(game, Game)
    assert game.age == 1 and game.decision == "opening_vote"  # after the set-up, before play
    with pytest.raises(ValueError, match="already registered"):
        mechanics.register("opening_vote", type("Again", (), {"__slots__": ()}))


def test_seats_choose_one_at_a_time_hidden_then_resolve_together(vote) -> None:
    game = at_vote(with_vote(RULESET), seed=3)
    t = game.t
    board = list(game.board_tokens)
    assert game.choosing() == (0, 1) and game.current_player == 0
    legal = game.legal_actions()
    assert legal == sorted(t.TAKE + x for x in board) == game.legal_actions_for(1)
    game.apply(t.TAKE + board[0])
    # Seat 0 has chosen; seat 1 may not learn what.
    assert game.choosing() == (1,) and game.current_player == 1
    assert game.legal_actions_for(0) == []
    assert game.observation(1)["simultaneous"] == [True, False]
    assert game.observation(0)["simultaneous"] == [t.TAKE + board[0], False]
    assert game.board_tokens == board and game.tokens == [[], []]  # nothing resolved yet
    game.apply(t.TAKE + board[1])
    assert game.tokens == [[board[0]], [board[1]]]
    assert game.board_tokens == board[2:]
    assert "simultaneous" not in game.to_json() and game.decision == "play"


def test_the_same_vote_gives_the_token_to_nobody(vote) -> None:
    game = at_vote(with_vote(RULESET), seed=4)
    token = game.t.TAKE + game.board_tokens[0]
    game.apply_joint({0: token, 1: token})
    assert game.tokens == [[], []] and len(game.board_tokens) == game.t.config["progress_tokens"].board_tokens


def test_a_joint_action_names_every_seat_that_chooses(vote) -> None:
    game = at_vote(with_vote(RULESET), seed=4)
    token = game.t.TAKE + game.board_tokens[0]
    with pytest.raises(ValueError, match="names the seats"):
        game.apply_joint({0: token})
    with pytest.raises(IllegalActionError):
        game.apply_joint({0: token, 1: 0})


def test_json_round_trip_and_clone_mid_collection(vote) -> None:
    ruleset = with_vote(RULESET)
    game = at_vote(ruleset, seed=5)
    game.apply(game.legal_actions()[1])
    data = game.to_json()
    assert data["simultaneous"] == [data["history"][-1], None]
    loaded = Game.from_json(ruleset, data)
    clone = game.clone()
    for other in (loaded, clone):
        assert other.to_json() == data and other.choosing() == (1,)
    last = game.legal_actions()[0]
    for g in (game, loaded, clone):
        g.apply(last)
    assert game.to_json() == loaded.to_json() == clone.to_json()


def test_a_loaded_state_cannot_invent_choices(vote) -> None:
    ruleset = with_vote(RULESET)
    game = at_vote(ruleset, seed=5)
    game.apply(game.legal_actions()[0])
    data = game.to_json()
    data["simultaneous"] = [data["simultaneous"][0], data["simultaneous"][0]]
    with pytest.raises(StateFormatError, match=r"simultaneous\[1\]"):
        Game.from_json(ruleset, data)
    game.apply(game.legal_actions()[0])
    data = game.to_json()
    data["simultaneous"] = [None, None]
    with pytest.raises(StateFormatError, match="only while a simultaneous decision waits"):
        Game.from_json(ruleset, data)


def test_a_loaded_state_holds_the_choices_of_the_seats_before_the_awaited_one(vote) -> None:
    """Seats choose in order: the decision waits for the first seat still to choose, so
    every seat before it has chosen (the next seat is found from there)."""
    ruleset = with_vote(RULESET)
    game = at_vote(ruleset, seed=5)
    game.apply(game.legal_actions()[0])
    data = game.to_json()
    data["simultaneous"] = [None, None]
    with pytest.raises(StateFormatError, match=r"simultaneous\[0\]: seat 0 chooses before seat 1"):
        Game.from_json(ruleset, data)
    del data["simultaneous"]
    with pytest.raises(StateFormatError, match="waits for seat 1, so the seats before it have chosen"):
        Game.from_json(ruleset, data)


def test_random_games_with_the_vote_end_and_round_trip(vote) -> None:
    ruleset = with_vote(RULESET)
    rng = random.Random(0)
    for seed in range(20):
        game = Game(ruleset, seed=seed)
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        assert Game.from_json(ruleset, game.to_json()).to_json() == game.to_json()


def test_a_decision_over_some_seats_asks_them_in_order_and_skips_the_others() -> None:
    """Classic's 7th-card turn asks only the seats keeping a card (here seats 1 and 3 of
    five): each in turn, with its own legal choices, then the choices resolve together."""
    game = position(5, hands={0: ["theater"], 1: ["altar"], 2: ["loom"], 3: ["baths"], 4: ["press"]})
    for seat in (0, 2, 4):  # their 7th cards are discarded: they keep none
        game.hands[seat] = []
    game.stack[-1] = node(number("choose"), [3, 1])
    game._legal = None
    assert game.choosing() == (1, 3) and game.current_player == 1
    assert game.legal_texts() == game.legal_texts(1) and "discard Altar" in game.legal_texts()
    coins = list(game.coins)
    game.apply_text("discard Altar")
    assert game.choosing() == (3,) and game.current_player == 3
    assert game.legal_actions() == game.legal_actions_for(3)
    assert "discard Baths" in game.legal_texts() and game.coins == coins  # nothing resolved yet
    game.apply_text("discard Baths")
    assert game.age == 2 and game.sim_choices == [-1] * 5  # resolved, and the Age is over
    assert [game.t.ids[c] for c in game.discard[-2:]] == ["altar", "baths"]
    assert game.coins[1] == coins[1] + 3 and game.coins[3] == coins[3] + 3


@pytest.mark.parametrize("players", [2, 3, 7])
def test_a_joint_action_with_one_illegal_seat_applies_nothing(players) -> None:
    from classic_helpers import ruleset

    g = Game(ruleset(), seed=players, players=players)
    seats = g.choosing()
    last = max(seats)
    illegal = next(a for a in range(g.t.num_actions) if a not in g.legal_actions_for(last))
    joint = {s: g.legal_actions_for(s)[0] for s in seats}
    joint[last] = illegal
    before = g.to_json()
    with pytest.raises(IllegalActionError):
        g.apply_joint(joint)
    assert g.to_json() == before and g.choosing() == seats  # the earlier seats' too
    joint[last] = g.legal_actions_for(last)[0]
    g.apply_joint(joint)  # and the game goes on
    assert all(joint[s] in g.history for s in seats)
