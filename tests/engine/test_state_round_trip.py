"""Every decision of every game survives a JSON round trip, whatever mechanics compose it:
the state checks follow the registered node kinds (`kinds.stands`, stack_checks.py), not
Duel's flow. Played with the worked example of docs/engine.md (a simultaneous vote added to
Duel and to the toy 3-seat game) and with the 3-seat game alone; malformed stacks are still
refused with the path of the node at fault."""
from __future__ import annotations

import random

import pytest

from wondersmith.engine import Game, StateFormatError
from wondersmith.engine.core import kinds
from wondersmith.engine.core.kinds import IS_SIMULTANEOUS, kind, stands

from engine_helpers import RULESET
from test_simultaneous import vote, with_vote  # noqa: F401 (vote is a fixture)
from test_three_seats import trio  # noqa: F401 (a fixture)


def _play_checking_every_decision(ruleset, seed: int, auto_chance: bool) -> tuple[int, int]:
    """Play a random game; at every decision, load the saved state and check that it saves
    back identically and plays on exactly as the original. (decisions, mid-vote decisions)"""
    rng = random.Random(seed)
    game = Game(ruleset, seed=seed, auto_chance=auto_chance)
    decisions = mid_vote = 0
    while not game.is_terminal:
        data = game.to_json()
        loaded = Game.from_json(ruleset, data)
        assert loaded.to_json() == data, (seed, decisions, game.decision)
        assert loaded.choosing() == game.choosing()
        if IS_SIMULTANEOUS[game.stack[-1][0]] and "simultaneous" in data:
            mid_vote += 1
        action = game.sample_chance() if game.is_chance_node else rng.choice(game.legal_actions())
        game.apply(action)
        loaded.apply(action)
        assert loaded.to_json() == game.to_json(), (seed, decisions, action)
        decisions += 1
    assert Game.from_json(ruleset, game.to_json()).to_json() == game.to_json()
    return decisions, mid_vote


@pytest.mark.parametrize("auto_chance", [True, False])
def test_duel_with_the_docs_vote_round_trips_at_every_decision(vote, auto_chance) -> None:
    ruleset = with_vote(RULESET)
    mid_vote = 0
    for seed in range(4):
        decisions, during = _play_checking_every_decision(ruleset, seed, auto_chance)
        assert decisions > 40
        mid_vote += during
    assert mid_vote == 4  # seat 1 still to vote once per game, saved and loaded there


@pytest.mark.parametrize("with_the_vote", [False, True])
@pytest.mark.parametrize("auto_chance", [True, False])
def test_the_three_seat_game_round_trips_at_every_decision(vote, trio, with_the_vote,
                                                           auto_chance) -> None:
    ruleset = with_vote(trio) if with_the_vote else trio
    mid_vote = 0
    for seed in range(4):
        decisions, during = _play_checking_every_decision(ruleset, seed, auto_chance)
        assert decisions > 5
        mid_vote += during
    # Three seats vote: two of them wait for the others' votes in every game.
    assert mid_vote == (8 if with_the_vote else 0)


def _before_the_vote(ruleset, seed: int = 3) -> dict:
    game = Game(ruleset, seed=seed)
    game.apply(game.legal_actions()[0])  # a first draft pick: the vote waits below Age I
    assert [n["kind"] for n in game.to_json()["stack"]][:3] == ["play", "opening_vote", "age"]
    return game.to_json()


def _refused(ruleset, data, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(ruleset, data)


def test_a_decision_of_a_mechanic_the_game_does_not_use_is_refused(vote, trio) -> None:
    data = _before_the_vote(with_vote(RULESET))
    _refused(RULESET, data, r"stack\[1\]\.kind: opening_vote is a decision of the mechanic "
                            r"opening_vote, which duel does not use")
    data = Game(trio, seed=0).to_json()
    data["stack"].append({"kind": "draft", "player": 0, "arg": 0})
    _refused(trio, data, r"stack\[\d+\]\.kind: draft is a decision of the mechanic wonder_draft")


@pytest.mark.parametrize("edit,match", [
    # The vote at the bottom: only a turn may be there.
    (lambda s: s.__delitem__(0), r"stack\[0\]: the bottom of the stack is a turn \(first_player, "
                                 r"play, end_turn, choose_start\), not opening_vote"),
    # A set-up decision below the Age would resolve once Age I has started.
    (lambda s: s.insert(1, {"kind": "draft", "player": 0, "arg": 0}),
     r"stack\[1\]: draft cannot wait below the start of Age 1"),
    (lambda s: s.insert(1, {"kind": "age", "player": -1, "arg": 1}),
     r"stack\[3\]: one Age starts at a time, and stack\[1\] starts one"),
    (lambda s: s[1].update(arg=2), r"stack\[1\]: opening_vote asks the seats of mask 2 and "
                                   r"waits for one of them, not 0"),
    (lambda s: s[1].update(player=-1), r"stack\[1\]: opening_vote asks the seats of mask 3"),
    (lambda s: s[2].update(arg=2), r"stack\[2\]\.arg: the next Age is 1, not 2"),
])
def test_malformed_stacks_around_a_mechanic_s_decision_name_the_node(vote, edit, match) -> None:
    ruleset = with_vote(RULESET)
    data = _before_the_vote(ruleset)
    assert Game.from_json(ruleset, data).to_json() == data
    edit(data["stack"])
    _refused(ruleset, data, match)


def test_stands_declares_a_place_once_and_only_a_known_place() -> None:
    number = kind("stands_probe", "stands_probe_mechanic")
    with pytest.raises(ValueError, match="unknown place 'roof'"):
        stands(number, "roof")
    stands(number, kinds.TURN)
    with pytest.raises(ValueError, match="already declared"):
        stands(number, kinds.ANYWHERE)
    with pytest.raises(ValueError, match="already declared"):
        stands(kinds.number("play"), kinds.ANYWHERE)  # the built-in kinds declare theirs
    assert kinds.PLACE[number] == kinds.TURN and number not in kinds.STATE_CHECK
