"""`Result.winners`: who won, decided where the result is made with the game's tie-break
(Duel: blue VP, ruling 25; classic: coins, then a shared victory, ruling 21)."""
from __future__ import annotations

import json
import random

import pytest
from classic_helpers import ruleset

from wondersmith.engine import Game, StateFormatError, load_ruleset
from wondersmith.engine.scoring import final_result


def _classic_end(coins: list[int]) -> Game:
    """A finished 3-player game whose cities are emptied: the VP are the coins' (3 per VP)."""
    g = Game(ruleset(), seed=3, players=3)
    rng = random.Random(3)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    for p in g.t.seats:
        g.city[p], g.stages[p], g.conflict_tokens[p] = [], [], []
        g.coins[p] = coins[p]
    g._recompute()
    return g


def test_ruling_21_tied_on_vp_and_coins_the_tied_seats_share_the_victory():
    result = final_result(_classic_end([6, 6, 3]))  # 2, 2 and 1 VP; seats 0 and 1: 6 coins
    assert result.winner is None and result.winners == (0, 1)
    assert result.as_dict()["winners"] == [0, 1]


def test_ruling_21_tied_on_vp_the_most_coins_win_alone():
    result = final_result(_classic_end([5, 4, 3]))  # 1 VP each; seat 0 has the most coins
    assert result.winner == 0 and result.winners == (0,)


def test_duel_results_name_their_winners():
    rng = random.Random(5)
    seen = set()
    for seed in range(30):
        g = Game(load_ruleset("duel"), seed=seed)
        while not g.is_terminal:
            g.apply(rng.choice(g.legal_actions()))
        r = g.result
        scores = [(s["total"], s["blue"]) for s in r.scores]
        expected = (r.winner,) if r.winner is not None else (0, 1)
        assert r.winners == expected and r.as_dict()["winners"] == list(expected)
        if r.victory == "civilian":
            assert r.winners == tuple(p for p in (0, 1) if scores[p] == max(scores))
        seen.add(len(r.winners))
    assert 1 in seen


def test_a_state_saved_without_winners_gets_them_when_loaded():
    g = _played_classic()
    data = g.to_json()
    assert data["result"]["winners"] == list(g.result.winners)
    del data["result"]["winners"]
    assert Game.from_json(g.ruleset, json.loads(json.dumps(data))).result.winners == g.result.winners


@pytest.mark.parametrize(("winners", "message"), [
    ([9], "result.winners"), ("x", "result.winners"), ([0, 1, 2], "result.winners"),
    (["0"], "result.winners"), (list(range(9)), "result.winners")])
def test_winners_that_do_not_fit_the_result_are_refused(winners, message):
    g = _played_classic()
    data = g.to_json()
    data["result"]["winners"] = winners
    with pytest.raises(StateFormatError, match=message):
        Game.from_json(g.ruleset, data)


def _played_classic() -> Game:
    g = Game(ruleset(), seed=8, players=3)
    rng = random.Random(8)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    return g
