"""Every rule mechanic owns its state (issue 11, item 2): the core declares what every game of
the family has, and each mechanic's fields are made, copied, saved, loaded and checked by the
mechanic (core/fields.py). Duel's JSON is pinned by test_golden.py; here: that no Duel field
is left in the core, that a game has the fields of its own mechanics only, where a field's
JSON goes, and that each moved field's errors still name their path."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wondersmith.engine import Game, StateFormatError, mechanics  # noqa: E402
from wondersmith.engine.core.fields import (MECHANICS, SEAT, STATE, StateField,  # noqa: E402
                                            fields_of, list_copy, lists_copy, same)
from wondersmith.engine.mechanics.catalogue import ADDED, DUEL, MECHANICS as KNOWN  # noqa: E402
from wondersmith.engine.state import Game as CoreGame  # noqa: E402
from classic_helpers import ruleset as classic  # noqa: E402
from engine_helpers import RULESET  # noqa: E402
from test_three_seats import trio  # noqa: E402,F401 (the 3-seat toy game, a fixture)

# The state's keys and a city's keys that every game has.
CORE_KEYS = ["format", "game", "source_hash", "seed", "chance_count", "auto_chance",
             "first_player", "players", "discard", "age", "pool", "guild_pool", "stack",
             "history", "result"]
CORE_CITY = ["coins", "buildings", "wonders", "tokens"]


def _slots(names) -> set[str]:
    return {slot for name in names
            for _, f in fields_of([(name, mechanics.module(name))]) for slot in f.slot_names}


def _played(g: Game, steps: int, seed: int = 3) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_core_declares_no_field_of_a_mechanic():
    core = set(CoreGame.__slots__)
    for name in (*KNOWN, *ADDED):
        assert not _slots([name]) & core, name
    # Duel's mechanics keep what used to be the core's board and Age.
    assert {"pawn", "loot_used", "pairs_done", "board_tokens", "box_tokens", "drawn",
            "wonder_pool", "draft", "slot_card", "face_up", "taken", "cover", "reach",
            "to_reveal", "remaining", "slot_of", "left_out"} <= _slots(DUEL)


def test_a_game_has_the_slots_of_its_own_mechanics_only():
    duel = Game(RULESET, seed=1)
    for slot in _slots(DUEL):
        assert hasattr(duel, slot), slot
    g = Game(classic(), seed=1, players=3)
    for slot in _slots(DUEL):
        assert not hasattr(g, slot) and slot not in type(g).__slots__, slot
    data = g.to_json()
    assert list(data) == [*CORE_KEYS, "mechanics"]
    assert all(list(city) == CORE_CITY for city in data["players"])


def test_the_three_seat_toy_game_has_the_fields_of_its_mechanics_only(trio):
    assert "wonder_draft" not in trio.mechanics and "military_track" not in trio.mechanics
    g = _played(Game(trio, seed=1), 25)
    for slot in _slots(("wonder_draft", "military_track")):
        assert not hasattr(g, slot), slot
    data = g.to_json()
    assert not {"pawn", "wonder_pool", "draft"} & set(data)
    assert {"board_tokens", "structure", "left_out"} <= set(data)
    assert all(list(city) == [*CORE_CITY, "pairs_rewarded"] for city in data["players"])
    assert Game.from_json(trio, data).to_json() == data
    assert g.clone().to_json() == data
    assert len(g.observation_vector(0)) == len(Game(trio, seed=2).observation_vector(1))


def test_duel_state_keys_stand_where_they_always_did():
    data = _played(Game(RULESET, seed=2), 30).to_json()
    assert list(data) == ["format", "game", "source_hash", "seed", "chance_count",
                          "auto_chance", "first_player", "players", "pawn", "board_tokens",
                          "box_tokens", "drawn_tokens", "wonder_pool", "draft", "discard",
                          "age", "structure", "to_reveal", "pool", "guild_pool", "left_out",
                          "stack", "history", "result"]
    assert list(data["players"][0]) == [*CORE_CITY, "loot_lost", "pairs_rewarded"]


# A mechanic from outside the engine declares fields at each place of the JSON ---------------

class _Tally:
    """Counts the turns played per seat; keeps a note per seat and a flag."""

    __slots__ = ()


def _load_turns(g, value, read):
    return read.int(value, "turns", 0, 1_000)


def _load_notes(g, values, read):
    return [read.int(v, f"players[{p}].notes", 0, 9) for p, v in enumerate(values)]


def _load_seen(g, value, read):
    return [read.bool(x, f"mechanics.tally.seen[{i}]") for i, x in
            enumerate(read.list(value, "mechanics.tally.seen", g.t.n_seats))]


TALLY_FIELDS = (
    StateField("turns", lambda g: 0, save=lambda g, v: v, load=_load_turns, json=STATE,
               order=85, check=lambda g: "turns: odd" if g.turns % 2 else None),
    StateField("notes", lambda g: [0] * g.t.n_seats, list_copy, lambda g, v: list(v),
               _load_notes, json=SEAT, order=45),
    StateField("seen", lambda g: [False] * g.t.n_seats, list_copy, lambda g, v: list(v),
               _load_seen),
    StateField("tally_cache", lambda g: [[]], lists_copy),  # derived: never written
)


@pytest.fixture(scope="module")
def tally():
    name = "tally_for_fields_test"
    if name not in mechanics._MODULES:
        mechanics.register(name, _Tally, fields=TALLY_FIELDS)
    return dataclasses.replace(RULESET, mechanics=(*RULESET.mechanics, name))


def test_a_registered_mechanic_s_fields_are_made_copied_saved_and_loaded(tally):
    g = _played(Game(tally, seed=5), 20)
    assert (g.turns, g.notes, g.seen, g.tally_cache) == (0, [0, 0], [False, False], [[]])
    g.notes[1] = 4
    g.seen[0] = True
    g.tally_cache[0].append(1)
    data = g.to_json()
    keys = list(data)
    assert keys.index("pawn") < keys.index("turns") < keys.index("board_tokens")
    assert list(data["players"][1]) == [*CORE_CITY, "loot_lost", "notes", "pairs_rewarded"]
    assert data["players"][1]["notes"] == 4
    assert data["mechanics"] == {"tally_for_fields_test": {"seen": [True, False]}}
    h = Game.from_json(tally, data)
    assert (h.turns, h.notes, h.seen, h.tally_cache) == (0, [0, 4], [True, False], [[]])
    assert h.to_json() == data
    c = g.clone()
    c.notes[0] = 9
    c.tally_cache[0].append(2)
    assert g.notes == [0, 4] and g.tally_cache == [[1]]  # the clone's lists are its own
    assert Game(tally, seed=6).tally_cache == [[]]  # a new game does not share the template


@pytest.mark.parametrize("edit,match", [
    (lambda d: d.update(turns=-1), r"^turns: expected an integer from 0 to 1000, got -1$"),
    (lambda d: d.update(turns=3), r"^turns: odd$"),
    (lambda d: d.pop("turns"), r"^state: missing field 'turns'$"),
    (lambda d: d["players"][1].update(notes=10), r"^players\[1\]\.notes: expected an integer"),
    (lambda d: d["players"][0].pop("notes"), r"^players\[0\]: missing field 'notes'$"),
    (lambda d: d["mechanics"]["tally_for_fields_test"].update(seen=[1, 0]),
     r"^mechanics\.tally\.seen\[0\]: expected true or false"),
    (lambda d: d.pop("mechanics"), r"^mechanics: expected an object, got null$"),
])
def test_a_registered_mechanic_s_field_errors_name_their_path(tally, edit, match):
    data = _played(Game(tally, seed=5), 20).to_json()
    edit(data)
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(tally, data)


# Each moved Duel field: what a bad value reads as -------------------------------------------

def _duel_midgame() -> dict:
    g = _played(Game(RULESET, seed=4), 40, seed=4)
    assert g.decision == "play"
    return g.to_json()


@pytest.mark.parametrize("edit,match", [
    (lambda d: d.update(pawn="3"), r"^pawn: expected an integer from -9 to 9"),
    (lambda d: d["players"][1].update(loot_lost=[True]), r"^players\[1\]\.loot_lost: expected 2 entries, got 1$"),
    (lambda d: d["players"][1].update(loot_lost=[1, 0]), r"^players\[1\]\.loot_lost\[0\]: expected true or false"),
    (lambda d: d["players"][0].pop("loot_lost"), r"^players\[0\]: missing field 'loot_lost'$"),
    (lambda d: d["players"][0].update(pairs_rewarded=["atom"]), r"^players\[0\]\.pairs_rewarded\[0\]: unknown science symbol 'atom'$"),
    (lambda d: d["players"][0].update(pairs_rewarded=["wheel", "wheel"]), r"^players\[0\]\.pairs_rewarded\[1\]: 'wheel' is listed twice$"),
    (lambda d: d.update(board_tokens=["baths"]), r"^board_tokens\[0\]: unknown progress token 'baths'$"),
    (lambda d: d.update(box_tokens=7), r"^box_tokens: expected an array, got the number 7$"),
    (lambda d: d.update(drawn_tokens=[d["board_tokens"][0]]), r"^drawn_tokens: '\w+' is not in box_tokens"),
    (lambda d: d.update(drawn_tokens=[d["box_tokens"][0]] * 2), r"^drawn_tokens: a token is drawn twice$"),
    (lambda d: d.update(wonder_pool=["baths"]), r"^wonder_pool\[0\]: unknown Wonder 'baths'$"),
    (lambda d: d.update(draft=[d["wonder_pool"][0]]), r"^'\w+' is both in wonder_pool and in draft$"),
    (lambda d: d.update(draft=[d["wonder_pool"].pop()]),
     r"^draft: 1 revealed Wonder\(s\) that no pending draft decision will take$"),
    (lambda d: d["structure"][0].update(face_up="yes"), r"^structure\[0\]\.face_up: expected true or false"),
    (lambda d: d["structure"][0].update(card="eiffel"), r"^structure\[0\]\.card: unknown building 'eiffel'$"),
    (lambda d: d["structure"][0].pop("taken"), r"^structure\[0\]: missing field 'taken'$"),
    (lambda d: d.update(to_reveal=[99]), r"^to_reveal\[0\]: expected an integer from 0 to 19, got 99$"),
    (lambda d: d.update(to_reveal=[0, 0]), r"^to_reveal: a slot is listed twice$"),
    (lambda d: d.update(left_out=[["eiffel"]] * len(d["left_out"])), r"^left_out\[0\]\[0\]: unknown building 'eiffel'$"),
    (lambda d: d.update(left_out=d["left_out"] + [[]]), r"^left_out: expected at most \d items"),
    (lambda d: d["left_out"].pop(), r"^left_out: one list per Age started"),
    (lambda d: d["left_out"][-1].append(d["pool"][0]), r"^'\w+' is both in pool and in left_out\[1\]$"),
    (lambda d: d["left_out"][-1].append(d["pool"].pop()), r"^left_out\[1\]: at most 3 cards are left out of an Age$"),
])
def test_each_duel_field_error_names_its_path(edit, match):
    data = _duel_midgame()
    edit(data)
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(RULESET, data)


def test_a_classic_state_keeps_no_duel_key_and_refuses_one():
    g = _played(Game(classic(), seed=2, players=3), 12)
    data = g.to_json()
    assert Game.from_json(classic(), data).to_json() == data
    with pytest.raises(StateFormatError, match=r"^state: unknown field 'pawn'$"):
        Game.from_json(classic(), {**data, "pawn": 0})
    city = {**data["players"][0], "loot_lost": []}
    with pytest.raises(StateFormatError, match=r"^players\[0\]: unknown field 'loot_lost'$"):
        Game.from_json(classic(), {**data, "players": [city, *data["players"][1:]]})


def test_a_victory_no_mechanic_of_the_game_gives_is_refused():
    rng = random.Random(1)
    g = Game(classic(), seed=1, players=3)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    data = g.to_json()
    data["result"]["victory"] = "military"
    with pytest.raises(StateFormatError,
                       match=r"^result\.victory: expected one of civilian, got 'military'$"):
        Game.from_json(classic(), data)


@pytest.mark.parametrize("kwargs,match", [
    ({"save": lambda g, v: v}, "save and load go together"),
    ({"json": "city"}, "json is one of"),
    ({"json": STATE}, "a derived field is not in the JSON"),
    ({"json": STATE, "save": lambda g, v: v, "load": lambda g, v, r: v, "order": 70},
     "its key or order is the core's"),
    ({"slots": ("a", "b")}, "one copy function per slot"),
    ({"slots": ("ok", "x = 1; import os")}, "'x = 1; import os' is not a Python name"),
    ({"slots": ("class",)}, "'class' is not a Python name"),
])
def test_a_field_declared_wrong_is_refused(kwargs, match):
    with pytest.raises(ValueError, match=match):
        StateField("x", lambda g: 0, **kwargs)


def test_two_mechanics_may_not_declare_one_slot_or_key():
    class A:
        FIELDS = (StateField("k", lambda g: 0, same, lambda g, v: v, lambda g, v, r: v,
                             json=STATE, order=81),)

    class B:
        FIELDS = (StateField("j", lambda g: 0, same, lambda g, v: v, lambda g, v, r: v,
                             json=STATE, order=82, slots=("k",)),)

    class C:
        FIELDS = (StateField("k", lambda g: 0, same, lambda g, v: v, lambda g, v, r: v,
                             json=MECHANICS, slots=("other",)),)

    with pytest.raises(ValueError, match="state slot 'k' is declared by a and b"):
        fields_of([("a", A), ("b", B)])
    assert len(fields_of([("a", A), ("c", C)])) == 2  # under `mechanics`, k is c's own key
    def seat_field(slot: str) -> StateField:
        return StateField("k", lambda g: 0, same, lambda g, v: v, lambda g, v, r: v, json=SEAT,
                          order=41, slots=(slot,))

    with pytest.raises(ValueError, match="state seat 'k' is declared by a and d"):
        fields_of([("a", type("A", (), {"FIELDS": (seat_field("k1"),)})),
                   ("d", type("D", (), {"FIELDS": (seat_field("k2"),)}))])
    other = StateField("j", lambda g: 0, same, lambda g, v: v, lambda g, v, r: v, json=STATE,
                       order=81)
    with pytest.raises(ValueError, match="state state order '81' is declared by a and e"):
        fields_of([("a", A), ("e", type("E", (), {"FIELDS": (other,)}))])


@pytest.mark.parametrize("game", ["duel", "classic"])
def test_a_civilian_victory_waits_for_the_last_age_to_be_played_out(game):
    ruleset, kwargs = (RULESET, {}) if game == "duel" else (classic(), {"players": 3})
    rng = random.Random(2)
    g = Game(ruleset, seed=2, **kwargs)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    result = g.to_json()["result"]
    g = Game(ruleset, seed=2, **kwargs)
    rng = random.Random(2)
    while g.age < g.t.ages or not g.legal_actions():
        g.apply(rng.choice(g.legal_actions()))
    data = {**g.to_json(), "result": result, "stack": []}
    data.pop("simultaneous", None)
    left = "once its structure is empty" if game == "duel" else "once every hand is played"
    with pytest.raises(StateFormatError,
                       match=rf"^result: a civilian victory comes at the end of Age 3, {left}$"):
        Game.from_json(ruleset, data)


def test_moving_state_into_the_mechanics_keeps_the_kinds_numbered_as_before():
    """Kinds are numbered as the mechanics register them; the observation vector's one-hot
    of the decision reads that number, so a module's imports must not reorder them. The
    guild backs' kinds came last of card_structure's, so its earlier ones kept theirs."""
    from wondersmith.engine.core.kinds import KIND_NAMES

    assert KIND_NAMES[:19] == [
        "first_player", "board_token", "library_draw", "pair_token", "library_pick",
        "reveal_wonder", "draft", "draft_last", "age", "leave_out", "guild", "deal", "play",
        "end_turn", "destroy", "discard_pile", "place_guild_backs", "guild_back",
        "choose_start"]
