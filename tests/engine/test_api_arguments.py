"""The public API checks its arguments (issue 26, item 7): a seat, a component number or a
seed out of range or of the wrong type raises the engine's own `ArgumentError` naming the
argument, before anything changes; a negative number never counts from the end of a list."""
from __future__ import annotations

import pickle
import random

import pytest

from wondersmith.engine import (ArgumentError, EngineError, Game, IllegalActionError,
                                load_ruleset)

DUEL = load_ruleset("duel")
CLASSIC = load_ruleset("classic")


def _raises(argument: str, call, match: str) -> None:
    with pytest.raises(ArgumentError, match=match) as info:
        call()
    assert info.value.argument == argument
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)


def test_build_cost_and_payment_check_the_seat_and_the_component():
    game = Game(DUEL, seed=1)
    _raises("player", lambda: game.build_cost(99, 0), "player: expected a seat from 0 to 1, got 99")
    _raises("player", lambda: game.payment(-1, 0), "got -1")
    _raises("comp", lambda: game.build_cost(0, -1), "comp: expected a building or Wonder number .* got -1")
    _raises("comp", lambda: game.payment(0, game.t.token0), "building or Wonder")  # a token
    _raises("comp", lambda: game.build_cost(0, "baths"), "got 'baths'")
    assert game.build_cost(0, game.component("baths")) == game.payment(0, game.component("baths")).total


def test_component_id_refuses_what_is_not_a_component_number():
    game = Game(DUEL, seed=1)
    _raises("component", lambda: game.component_id("x"), "expected a component number, got 'x'")
    _raises("component", lambda: game.component_id(-1), "got -1")  # not the last component
    _raises("component", lambda: game.component_id(game.t.N), f"from 0 to {game.t.N - 1}")
    _raises("component", lambda: game.component_id(True), "got True")
    assert game.component_id(game.component("baths")) == "baths"


def test_a_seed_is_an_integer():
    for bad in (None, "1", 1.5, True):
        _raises("seed", lambda: Game(DUEL, seed=bad), "seed: expected an integer seed")
    assert Game(DUEL, seed=-1).seed == 2**64 - 1  # any integer, modulo 2**64
    _raises("players", lambda: Game(CLASSIC, players=9), "played by 2 to 7 players, not 9")


def test_the_seat_of_observations_and_legal_actions_is_checked():
    game = Game(CLASSIC, seed=1, players=3)
    rng = random.Random(1)
    for call in (game.observation, game.observation_vector, game.legal_mask,
                 lambda p: game.sample_state(p, rng)):
        _raises("player", lambda: call(3), "expected a seat from 0 to 2, got 3")
        _raises("player", lambda: call(-1), "got -1")
    _raises("seat", lambda: game.legal_actions_for(-1), "got -1")
    _raises("seat", lambda: game.legal_texts(7), "got 7")
    duel = Game(DUEL, seed=1)
    assert duel.legal_actions_for(1 - duel.current_player) == []  # a seat not choosing now


def test_payment_options_checks_the_seat_and_the_component():
    game = Game(CLASSIC, seed=1, players=3)
    _raises("player", lambda: game.payment_options(3, 0), "got 3")
    _raises("component", lambda: game.payment_options(0, -1), "got -1")
    _raises("component", lambda: game.payment_options(0, game.t.board0), "a building or a Wonder stage")


@pytest.mark.parametrize("players", [2, 3])
def test_apply_joint_raises_the_engines_error_and_changes_nothing(players):
    game = Game(CLASSIC, seed=1, players=players)
    before = game.to_json()
    seats = game.choosing()
    with pytest.raises(IllegalActionError, match="names the seats"):
        game.apply_joint({seats[0]: game.legal_actions_for(seats[0])[0]})
    with pytest.raises(IllegalActionError, match="a dict of seat: action"):
        game.apply_joint([game.legal_actions_for(s)[0] for s in seats])
    with pytest.raises(IllegalActionError, match="names the seats"):
        game.apply_joint({"x": 1, 0: 2})
    assert game.to_json() == before


def test_an_argument_error_crosses_a_process_boundary():
    error = ArgumentError("player", "expected a seat from 0 to 1, got 9")
    again = pickle.loads(pickle.dumps(error))
    assert (again.argument, str(again)) == ("player", str(error))
