"""The engine refuses bad input: states, actions and game records (issue 9, part 8)."""
from __future__ import annotations

import copy
import json
import math
import pickle
import random

import pytest

from wondersmith.engine import EngineError, Game, IllegalActionError, StateFormatError, load_ruleset
from wondersmith.engine.errors import RecordFormatError
from wondersmith.engine.records import game_record, replay_record
from engine_fuzz import FUZZERS, PLAYED_BY
from engine_helpers import RULESET, scenario

CLASSIC = load_ruleset("classic")


def _midgame(seed: int = 4, steps: int = 40, auto_chance: bool = True) -> Game:
    rng = random.Random(seed)
    g = Game(RULESET, seed=seed, auto_chance=auto_chance)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _finished(seed: int = 5) -> Game:
    rng = random.Random(seed)
    g = Game(RULESET, seed=seed)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    return g


def _refused(data, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(RULESET, data)


# States ---------------------------------------------------------------------------------

def _in_play() -> dict:
    g = _midgame()
    assert g.decision == "play" and g.city[0] and g.city[1]
    return g.to_json()


@pytest.mark.parametrize("value,match", [
    (-1, r"players\[0\]\.coins: expected an integer from 0 to 1000000, got -1"),
    (10**7, r"players\[0\]\.coins: expected an integer from 0 to 1000000, got 10000000"),
    (math.inf, r"players\[0\]\.coins: expected an integer .* got the number inf"),
    (3.0, r"players\[0\]\.coins: expected an integer .* got the number 3\.0"),
    (True, r"players\[0\]\.coins: expected an integer .* got a boolean"),
    ("3", r"players\[0\]\.coins: expected an integer .* got the string '3'"),
    pytest.param(10**5000, r"players\[0\]\.coins: expected an integer .* got a huge integer", id="huge"),
])
def test_coins_are_integers_within_bounds(value, match):
    data = _in_play()
    data["players"][0]["coins"] = value
    _refused(data, match)


def test_a_building_twice_in_a_city_is_refused():
    data = _in_play()
    city = data["players"][1]["buildings"]
    city.append(city[0])
    _refused(data, rf"players\[1\]\.buildings: '{city[0]}' is listed twice")


def test_a_card_both_in_a_city_and_in_the_structure_is_refused():
    data = _in_play()
    slot = next(s for s in data["structure"] if not s["taken"] and s["face_up"])
    data["players"][0]["buildings"].append(slot["card"])
    _refused(data, rf"'{slot['card']}' is both in players\[0\]\.buildings and in structure\[\d+\]")


def test_a_face_up_slot_without_a_card_is_refused():
    """The hostile state that once made "build Urbanism" a legal action."""
    data = _in_play()
    slot = next(s for s in data["structure"] if not s["taken"] and s["face_up"])
    slot["card"] = None
    _refused(data, r"structure\[\d+\]: a face-up card needs its id")


def test_a_taken_card_must_have_gone_somewhere():
    data = _in_play()
    slot = next(s for s in data["structure"] if s["taken"] and s["card"])
    for player in data["players"]:
        if slot["card"] in player["buildings"]:
            player["buildings"].remove(slot["card"])
    if slot["card"] in data["discard"]:
        data["discard"].remove(slot["card"])
    for player in data["players"]:
        for w in player["wonders"]:
            if w["tucked"] == slot["card"]:
                w["status"], w["tucked"] = "unbuilt", None
    _refused(data, "was taken from the structure, so it must be in a city")


def test_a_component_in_two_places_names_both():
    data = _in_play()
    token = data["board_tokens"][0]
    data["box_tokens"].append(token)
    _refused(data, rf"'{token}' is both in board_tokens and in box_tokens")


@pytest.mark.parametrize("edit,match", [
    (lambda d: d.update(format="wondersmith.engine.state/0"), r"format: expected 'wondersmith\.engine\.state/1'"),
    (lambda d: d.update(game="classic"), r"game: a state of 'classic', the ruleset is 'duel'"),
    (lambda d: d.pop("pawn"), r"state: missing field 'pawn'"),
    (lambda d: d.update(extra=1), r"state: unknown field 'extra'"),
    (lambda d: d.update(pawn=12), r"pawn: expected an integer from -9 to 9, got 12"),
    (lambda d: d.update(pawn=7), r"players\[1\]\.loot_lost\[\d\]: the pawn stands beyond that looting zone"),
    (lambda d: d.update(age=7), r"age: expected an integer from 0 to 3, got 7"),
    (lambda d: d.update(seed=-1), r"seed: expected an integer from 0 to"),
    (lambda d: d.update(first_player=2), r"first_player: expected an integer from -1 to 1"),
    (lambda d: d["players"].pop(), r"players: expected 2 players, got 1"),
    (lambda d: d["players"][0]["buildings"].append("eiffel"), r"players\[0\]\.buildings\[\d+\]: unknown building 'eiffel'"),
    (lambda d: d["players"][0]["tokens"].append("baths"), r"players\[0\]\.tokens\[\d+\]: unknown progress token 'baths'"),
    (lambda d: d["players"][0]["loot_lost"].append(True), r"players\[0\]\.loot_lost: expected at most 2 items"),
    (lambda d: d["players"][0]["pairs_rewarded"].append("atom"), r"unknown science symbol 'atom'"),
    (lambda d: d["structure"].pop(), r"structure: the Age \d structure has 20 slots, got 19"),
    (lambda d: d["history"].append(10**6), r"history\[\d+\]: expected an integer from 0 to"),
    (lambda d: d["history"].append(d["history"][0]), r"chance_count: \d+, but the history holds \d+ chance outcomes"),
    (lambda d: d.update(chance_count=d["chance_count"] + 1), r"chance_count: \d+, but the history"),
    (lambda d: d.update(stack=[]), r"stack: a game that is not over needs a pending decision"),
    (lambda d: d["stack"].append({"kind": "dance", "player": 0}), r"stack\[1\]\.kind: unknown decision 'dance'"),
    (lambda d: d["stack"].append({"kind": "play", "player": 1, "arg": 0}), r"stack\[1\]: play can only be the bottom"),
    (lambda d: d["stack"].append({"kind": "draft", "player": 0, "arg": 0}), r"stack\[1\]: draft belongs to the set-up"),
    (lambda d: d["stack"].append({"kind": "deal", "player": 0, "arg": 0}), r"stack\[1\]\.player: deal is decided by chance"),
    (lambda d: d["stack"].append({"kind": "discard_pile", "player": 0, "arg": 3}), r"stack\[1\]\.arg: discard_pile takes no argument"),
    (lambda d: d["stack"].__setitem__(0, {"kind": "play", "player": 5, "arg": 0}), r"stack\[0\]\.player: expected an integer from -1 to 1"),
    (lambda d: d["stack"].append({"kind": "destroy", "player": 0, "colors": ["pink"]}), r"unknown colour 'pink'"),
    (lambda d: d.update(pawn=9, players=[d["players"][0], {**d["players"][1], "loot_lost": [True, True]}]),
     r"pawn: it stands on a capital, so the game is over"),
])
def test_malformed_or_impossible_states_name_the_first_problem(edit, match):
    data = _in_play()
    edit(data)
    _refused(data, match)


def test_an_uncovered_card_cannot_be_face_down_with_nothing_to_turn_it_over():
    g = _midgame()
    data = g.to_json()
    s = g.accessible[0]
    # Face down, it shows its back, as the other face-down cards of this Age do.
    data["structure"][s].update(face_up=False, card=None, back="age")
    _refused(data, rf"structure\[{s}\] is uncovered but face down, and nothing turns it over")


def test_a_pending_draw_needs_something_to_draw():
    g = Game(RULESET, seed=3, auto_chance=False)
    g.apply(g.legal_actions()[0])  # first player; board tokens are next
    data = g.to_json()
    data["players"][0]["tokens"] = data["box_tokens"][:6]
    data["box_tokens"] = data["box_tokens"][6:]
    _refused(data, r"board_token needs a progress token from the box, and none is left")


def test_the_result_must_agree_with_the_position():
    g = _finished()
    data = g.to_json()
    Game.from_json(RULESET, copy.deepcopy(data))
    tampered = copy.deepcopy(data)
    tampered["result"]["scores"][0]["total"] += 1
    _refused(tampered, r"result\.scores\[0\]\.total: the position gives \d+, not \d+")
    tampered = copy.deepcopy(data)
    tampered["result"]["victory"] = "scientific" if data["result"]["victory"] != "scientific" else "military"
    _refused(tampered, r"result: a (scientific|military) victory needs")
    tampered = copy.deepcopy(data)
    tampered["result"] = None
    _refused(tampered, "stack: a game that is not over needs a pending decision")
    tampered = copy.deepcopy(data)
    tampered["result"]["shared"] = not tampered["result"]["shared"]
    _refused(tampered, r"result\.shared: true exactly when the winner is null")


def test_states_that_are_not_objects_are_refused():
    for data in (None, [], "state", 3):
        _refused(data, "a state is a JSON object")


def test_every_state_of_real_games_is_accepted():
    """The checks refuse nothing a real game reaches, with or without automatic chance."""
    for seed in range(40):
        rng = random.Random(seed)
        g = Game(RULESET, seed=seed, auto_chance=bool(seed % 2))
        while True:
            data = json.loads(json.dumps(g.to_json()))
            assert Game.from_json(RULESET, data).to_json() == data
            if g.is_terminal:
                break
            g.apply(rng.choice(g.legal_actions()))


def test_hand_written_positions_still_load():
    g = scenario(["baths", "lumber_yard"], buildings=(("stone_pit",), ()), coins=(3, 9), pawn=4)
    assert g.to_json()["players"][1]["loot_lost"] == [True, False]
    assert g.decision == "play" and g.coins == [3, 9]


# Actions --------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [1023.0, 0.0, True, False, "3", None, [1], 2**70, -1],
                         ids=repr)
def test_apply_accepts_integer_ids_only(action):
    g = _midgame()
    before = g.to_json()
    with pytest.raises(IllegalActionError):
        g.apply(action)
    assert g.to_json() == before


def test_apply_accepts_integers_of_other_types():
    class Index:  # what numpy's integer scalars look like to Python
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    g = _midgame()
    action = g.legal_actions()[0]
    g.apply(Index(action))
    assert type(g.history[-1]) is int and g.history[-1] == action
    json.dumps(g.to_json())


# Records --------------------------------------------------------------------------------

def _record() -> dict:
    return json.loads(json.dumps(game_record(_finished())))


@pytest.mark.parametrize("edit,match", [
    (lambda r: r.update(format="wondersmith.engine.state/1"), r"format: expected 'wondersmith\.engine\.record/2'"),
    (lambda r: r.update(game="classic"), r"game: a record of 'classic', the ruleset is 'duel'"),
    (lambda r: r.update(source_hash="0" * 16), r"source_hash: the record was made with other rules data"),
    (lambda r: r.update(source_hash=None), r"source_hash: expected a string"),
    (lambda r: r.update(seed=1.5), r"seed: expected an integer from 0 to"),
    (lambda r: r.update(seed="9"), r"seed: expected an integer"),
    (lambda r: r.pop("actions"), r"missing field 'actions'"),
    (lambda r: r.update(actions="first player 0"), r"actions: expected an array"),
    (lambda r: r.update(note="x"), r"unknown field 'note'"),
    (lambda r: r["actions"].__setitem__(3, None), r"actions\[3\]: expected an action text or id, got NoneType"),
    (lambda r: r["actions"].__setitem__(3, 12.0), r"actions\[3\]: expected an action text or id, got float"),
    (lambda r: r["actions"].__setitem__(0, "build Baths"), r"actions\[0\] 'build Baths': illegal action"),
    (lambda r: r["actions"].__setitem__(0, "conquer Rome"), r"actions\[0\] 'conquer Rome': cannot read"),
    (lambda r: r["actions"].__setitem__(0, "x" * 5000), r"actions\[0\]: an action text of 5000 characters"),
    (lambda r: r["actions"].append(r["actions"][-1]), r"actions\[\d+\]: the game is already over"),
])
def test_bad_records_raise_record_format_errors(edit, match):
    record = _record()
    edit(record)
    with pytest.raises(RecordFormatError, match=match):
        replay_record(RULESET, record)


def test_a_record_of_other_data_replays_when_asked():
    record = _record()
    record["source_hash"] = "0" * 16
    g = replay_record(RULESET, record, check_source_hash=False)
    assert g.is_terminal


def test_records_that_are_not_objects_are_refused():
    for record in (None, [], "record", 3):
        with pytest.raises(RecordFormatError, match="a game record is a JSON object"):
            replay_record(RULESET, record)


def test_record_errors_are_engine_errors():
    assert issubclass(RecordFormatError, EngineError)


# Fuzz -----------------------------------------------------------------------------------

@pytest.mark.parametrize("target", sorted(FUZZERS))
def test_fuzz_never_crashes(target):
    """CI-sized; `python benchmarks/fuzz_engine.py` runs large counts."""
    crashes: list = []
    counts = FUZZERS[target](RULESET, 1_500, seed=11, crashes=crashes)
    assert counts["tried"] == 1_500
    assert counts["refused"] > 0 and counts["accepted"] > 0
    assert counts["crashed"] == 0, crashes[:3]
    if target == "states":  # every accepted state, played to the end by every bot
        assert all(counts[f"played by {bot}"] == counts["accepted"] for bot in PLAYED_BY)


@pytest.mark.parametrize("players", [2, 3, 7])
@pytest.mark.parametrize("target", ["actions", "records"])
def test_fuzz_never_crashes_classic(target, players):
    """Classic at the 2-player variant, 3 and 7 players (`fuzz_engine.py --game classic
    --players N` runs large counts)."""
    crashes: list = []
    counts = FUZZERS[target](CLASSIC, 1_000, seed=12, crashes=crashes, players=players)
    assert counts["tried"] == 1_000 and counts["refused"] > 0 and counts["accepted"] > 0
    assert counts["crashed"] == 0, crashes[:3]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_every_accepted_classic_state_is_played_to_the_end_by_every_bot(players):
    """Classic at every seat count: a mutated state is refused on load or played to the end
    by random play, the greedy bot and the ISMCTS bot (issue 26, item 6; `fuzz_engine.py
    --game classic --players all --only states` runs large counts)."""
    crashes: list = []
    counts = FUZZERS["states"](CLASSIC, 100, seed=12, crashes=crashes, players=players)
    assert counts["tried"] == 100 and counts["refused"] > 0 and counts["accepted"] > 0
    assert counts["crashed"] == 0, crashes[:3]
    assert all(counts[f"played by {bot}"] == counts["accepted"] for bot in PLAYED_BY)


def test_the_simulate_tally_does_not_grow_with_the_number_of_games():
    from wondersmith.cli.simulate import run_games
    small, big = run_games("duel", ["random", "greedy"], 0, 0, 4), run_games("duel", ["random", "greedy"], 0, 0, 40)
    assert small.games == 4 and big.games == 40
    assert abs(len(pickle.dumps(big)) - len(pickle.dumps(small))) < 64  # only the numbers differ


def test_an_illegal_action_error_crosses_a_process_boundary():
    """Pickled and back (a worker process's error, under `--workers`), it keeps its parts."""
    import pickle

    error = IllegalActionError(1023, "not legal now")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalActionError and str(again) == str(error)
    assert (again.action, again.reason) == (1023, "not legal now")


def _age_three_set_up() -> dict:
    """Age III's face-up cards being dealt, one chance outcome at a time."""
    rng = random.Random(3)
    g = Game(RULESET, seed=3, auto_chance=False)
    while not (g.decision == "deal" and g.age == 3):
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def test_an_age_set_up_that_would_lay_no_guild_backs_is_refused():
    """Without its place_guild_backs node the deck's guilds would end on Age backs, which no
    turn-up can draw: the game would stop there."""
    data = _age_three_set_up()
    data["stack"] = [n for n in data["stack"] if n["kind"] != "place_guild_backs"]
    _refused(data, r"stack: Age 3's set-up lays the guild backs once its face-up cards are "
                   r"dealt, and no place_guild_backs decision waits for that")


def test_a_deal_to_a_slot_out_of_range_is_refused_not_crashed():
    data = _age_three_set_up()
    data["stack"][-1]["arg"] = 99
    _refused(data, r"stack\[\d+\]\.arg: structure\[99\] is not a slot waiting for a card")


def test_an_age_set_up_that_leaves_a_face_up_slot_undealt_is_refused():
    """The slot would stay empty and face down, and the deck one card too many: the game
    would stop on a back no card of the deck fits."""
    data = _age_three_set_up()
    deals = [i for i, n in enumerate(data["stack"]) if n["kind"] == "deal"]
    i = min(deals, key=lambda i: data["stack"][i]["arg"])  # a slot of the far row: covered
    slot = data["stack"].pop(i)["arg"]
    _refused(data, rf"structure\[{slot}\]: a face-up slot of Age 3's structure, not dealt, "
                   r"and no deal waits for it")
