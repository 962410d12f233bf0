"""The engine fuzzer on Agora (issue 27): mutated states, actions and game records never crash
the engine, and every state it accepts is played to the end by random play, the greedy bot
and the ISMCTS bot. `python benchmarks/fuzz_engine.py --game agora` runs large counts.

Below, the states of real Agora games the fuzzer found refused on load (a random game's
own position must always load back)."""
from __future__ import annotations

import json
import random

import pytest

from wondersmith.engine import Game, StateFormatError, load_ruleset
from wondersmith.engine.core.kinds import REMOVED
from engine_fuzz import FUZZERS, PLAYED_BY, _bases, _tries

AGORA = load_ruleset("agora")


@pytest.mark.parametrize("target", sorted(FUZZERS))
def test_fuzz_never_crashes_agora(target):
    crashes: list = []
    counts = FUZZERS[target](AGORA, 600, seed=27, crashes=crashes)
    assert counts["tried"] == 600
    assert counts["refused"] > 0 and counts["accepted"] > 0
    assert counts["crashed"] == 0, crashes[:3]
    if target == "states":  # every accepted state, played to the end by every bot
        assert all(counts[f"played by {bot}"] == counts["accepted"] for bot in PLAYED_BY)


def test_a_time_budget_stops_the_tries_and_the_bases_are_bounded():
    """`fuzz_engine.py --seconds S`: each target stops once its budget is spent; however
    many tries are asked for, the real states and games mutated stay few enough to make."""
    assert list(_tries(4, None)) == [0, 1, 2, 3]
    assert list(_tries(10**9, 0.0)) == []
    assert _bases(1_500, 25, 20, 400) == 60 and _bases(10**6, 25, 20, 400) == 400
    assert _bases(10, 40, 5, 100) == 5


def _reloads(g: Game) -> None:
    data = json.loads(json.dumps(g.to_json()))
    assert Game.from_json(AGORA, data).to_json() == data


def test_a_state_whose_senators_are_still_to_be_shuffled_in_loads():
    """Chance one outcome at a time: while Age I's senators wait to be drawn into the deck,
    the deck's count of cards still to deal left them out, and the state was refused
    ("pool: 10 face-down cards are still to be drawn from it, but it holds only 5")."""
    rng = random.Random(0)
    g = Game(AGORA, seed=0, auto_chance=False)
    seen = 0
    while not g.is_terminal and g.age < 2:
        if any(kind == "senator_draw" for kind in (n["kind"] for n in g.to_json()["stack"])):
            _reloads(g)
            seen += 1
        g.apply(rng.choice(g.legal_actions()))
    assert seen >= 5  # each of Age I's five senators, drawn one by one


def _sabotaged_after_the_limit() -> Game:
    """A random game in which Sabotage removes a Wonder after the seventh was built."""
    for seed in range(40):
        rng = random.Random(seed)
        g = Game(AGORA, seed=seed, auto_chance=bool(seed % 2))
        while not g.is_terminal:
            tucks = [x for p in g.t.seats for x in g.wonder_tuck[p]]
            if REMOVED in tucks and sum(x >= 0 for x in tucks) < g.t.max_wonders_built:
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no game sabotaged a Wonder after the limit")


def test_a_wonder_removed_by_the_limit_stays_removed_after_a_sabotage_and_the_state_loads():
    """Once seven Wonders are built the eighth leaves the game; Sabotage then takes a built
    one out, leaving six built beside a removed one. wonder_limit's check refused that
    ("a Wonder is 'removed' but only 6 of 7 Wonders are built")."""
    g = _sabotaged_after_the_limit()
    _reloads(g)
    assert all(not seat for seat in g.unbuilt)  # the removed Wonder is not buildable again


# Found by the fuzzer: mutated states accepted, which then crashed a bot or ended in a dead end.

def _age_one(auto_chance: bool = True, senators_pending: bool = False) -> dict:
    rng = random.Random(0)
    g = Game(AGORA, seed=0, auto_chance=auto_chance)
    while True:
        kinds = [n["kind"] for n in g.to_json()["stack"]]
        if ("senator_draw" in kinds) if senators_pending else (g.age == 1 and g.decision == "play"):
            return g.to_json()
        g.apply(rng.choice(g.legal_actions()))


def _refused(data: dict, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(AGORA, data)


def test_a_senator_draw_needs_a_senator_in_the_box():
    """A senator taken out of the box while Age I's draws were pending was accepted (the box
    was not checked while drawing), and the draw then had no outcome: no legal action."""
    data = _age_one(auto_chance=False, senators_pending=True)
    data["mechanics"]["senate"]["senators_box"].pop()
    _refused(data, r"senators_box: 12 senators, 5 of them still to draw, but 8 wait")


@pytest.mark.parametrize("token", ["embezzlement", "shield_decree", "small_military_token"])
def test_a_city_holds_only_progress_tokens(token):
    """A conspiracy in a city's tokens was accepted; the search's redraw, which deals the
    conspiracies named nowhere else, then dealt it to a seat as well, and `sample_state`
    refused its own state ('embezzlement' is both in players[1].tokens and in held[1])."""
    data = _age_one()
    data["players"][1]["tokens"].append(token)
    _refused(data, rf"players\[1\]\.tokens: '{token}' is not a progress token")


@pytest.mark.parametrize("zone", ["board_tokens", "box_tokens"])
def test_the_board_and_the_box_hold_only_progress_tokens(zone):
    data = _age_one()
    data[zone].append("insider_influence")
    _refused(data, rf"{zone}: 'insider_influence' is not a progress token")


def test_obscurantism_locks_only_progress_tokens():
    data = _age_one()
    data["mechanics"]["conspiracies"]["locked"].append("large_military_token")
    _refused(data, r"locked: 'large_military_token' is not a progress token")


@pytest.mark.parametrize(("chamber", "match"), [
    (19, r"stack\[1\]\.arg: decree_draw names a chamber, 0 to 5, not 19"),
    (0, r"stack\[1\]\.arg: chamber 1's Decree is drawn already")])
def test_a_decree_draw_names_a_chamber_still_to_draw_for(chamber, match):
    """A `decree_draw` node's chamber was not checked: one out of range raised IndexError
    when drawn, and one already drawn had its Decree replaced (and lost)."""
    data = _age_one()
    assert data["mechanics"]["senate"]["decrees"][0] is not None  # face up, drawn at set-up
    data["stack"].append({"kind": "decree_draw", "player": -1, "arg": chamber})
    _refused(data, match)
