"""Guild backs in Duel's Age III (issue 11): the set-up lays one back per guild of the deck on
a face-down slot, a face-down card is turned up by its back, and every seat sees the backs."""
from __future__ import annotations

import copy
import json
import random
import re

import pytest

from wondersmith.engine import CHANCE, Game, IllegalActionError, NotationError, StateFormatError
from engine_helpers import RULESET

T = Game(RULESET, seed=0).t
GUILD_AGE = T.guild_age


def _is_guild(c: int) -> bool:
    return T.color[c] == T.guild_color


def _play_to(g: Game, rng: random.Random, stop) -> Game:
    """Play `g` at random (chance from the seed) until `stop(g)` or the end."""
    while g.result is None and not stop(g):
        g.apply(g.sample_chance() if g.current_player == CHANCE
                else rng.choice(g.legal_actions()))
    return g


def _in_guild_age(seed: int, auto_chance: bool = True, backs: int = 1) -> Game | None:
    """A random game at its first turn of the guild Age with at least `backs` guild backs."""
    g = _play_to(Game(RULESET, seed=seed, auto_chance=auto_chance), random.Random(seed),
                 lambda g: g.age == GUILD_AGE and g.decision == "play")
    return g if g.result is None and sum(g.back) >= backs else None


def _guild_age_games(count: int, backs: int = 1, auto_chance: bool = True) -> list[Game]:
    games = []
    for seed in range(200):
        g = _in_guild_age(seed, auto_chance, backs)
        if g is not None:
            games.append(g)
            if len(games) == count:
                return games
    raise AssertionError("too few games reach the guild Age with guild backs")


# Set-up ------------------------------------------------------------------------------------------

def test_the_set_up_lays_one_back_per_guild_left_in_the_deck_on_a_face_down_slot():
    seen_backs = set()
    for seed in range(40):
        g = _play_to(Game(RULESET, seed=seed, auto_chance=False), random.Random(seed),
                     lambda g: g.decision == "guild_back")
        if g.result is not None:
            continue
        t = g.t
        face_down = t.face_down_slots[GUILD_AGE]
        # Every face-up card is dealt first, then one back per guild of the deck.
        assert all(g.face_up[s] for s in t.dealt_slots[GUILD_AGE])
        guilds = [c for c in g.pool if _is_guild(c)]
        nodes = [n for n in g.stack if n[0] == g.stack[-1][0]]
        assert len(nodes) == len(guilds) >= 1
        for _ in guilds:
            outcomes = g.legal_actions()
            assert outcomes == [t.CH_BACK + s for s in face_down if not g.back[s]]
            assert [p for _, p in g.chance_outcomes()] == [1 / len(outcomes)] * len(outcomes)
            g.apply(g.sample_chance())
        assert g.decision != "guild_back"
        backs = [s for s in face_down if g.back[s]]
        assert len(backs) == len(guilds)
        seen_backs.update(backs)
        assert not any(g.back[s] for s in t.dealt_slots[GUILD_AGE])
    assert len(seen_backs) >= 5  # backs land on many slots


def test_an_age_without_guilds_lays_no_back():
    g = Game(RULESET, seed=3, auto_chance=False)
    _play_to(g, random.Random(3), lambda g: g.age == 1 and g.decision == "play")
    assert not any(g.back) and "guild_back" not in {g.decision}
    assert all(a < g.t.CH_BACK for a in g.history)


@pytest.mark.parametrize("seed", range(12))
def test_backs_by_hand_and_by_auto_chance_give_the_same_game(seed):
    """Resolving every chance node one by one with `sample_chance` plays the game that
    auto_chance draws in one go (set-up, backs and turn-ups alike)."""
    auto = Game(RULESET, seed=seed)
    manual = Game(RULESET, seed=seed, auto_chance=False)
    rng = random.Random(seed)
    while auto.result is None:
        while manual.current_player == CHANCE:
            manual.apply(manual.sample_chance())
        a, m = auto.to_json(), manual.to_json()
        assert a.pop("auto_chance") and not m.pop("auto_chance")
        assert a == m
        action = rng.choice(auto.legal_actions())
        auto.apply(action)
        manual.apply(action)
    while manual.current_player == CHANCE:
        manual.apply(manual.sample_chance())
    assert manual.history == auto.history and manual.result == auto.result


# Turning cards over -------------------------------------------------------------------------------

def test_a_face_down_card_is_turned_up_by_its_back():
    guild_turns = other_turns = 0
    for g in _guild_age_games(6, auto_chance=False):
        rng = random.Random(len(g.history))
        while g.result is None and g.age == GUILD_AGE:
            if g.decision == "deal":
                s = g.stack[-1][2]
                cards = [a - g.t.CH_CARD for a in g.legal_actions()]
                guild = g.back[s]
                assert cards and all(_is_guild(c) == guild for c in cards)
                assert cards == sorted(c for c in g.pool if _is_guild(c) == guild)
                g.apply(g.sample_chance())
                assert g.face_up[s] and not g.back[s]
                guild_turns += guild
                other_turns += not guild
            else:
                g.apply(g.sample_chance() if g.current_player == CHANCE
                        else rng.choice(g.legal_actions()))
    assert guild_turns and other_turns


def test_auto_chance_turns_up_guilds_under_guild_backs_only():
    turned = 0
    for g in _guild_age_games(8):
        rng = random.Random(len(g.history))
        while g.result is None and g.age == GUILD_AGE and g.decision == "play":
            backs = {s: g.back[s] for s in range(len(g.slot_card))
                     if not g.face_up[s] and not g.taken[s]}
            g.apply(rng.choice(g.legal_actions()))
            for s, guild in backs.items():
                if g.face_up[s]:
                    assert _is_guild(g.slot_card[s]) == guild
                    turned += guild
    assert turned


def test_a_card_that_does_not_fit_its_back_is_refused_with_the_reason():
    g = _guild_age_games(1, auto_chance=False)[0]
    rng = random.Random(5)
    kinds = set()
    while g.result is None and g.age == GUILD_AGE and len(kinds) < 2:
        if g.decision == "deal" and g.t.structures[GUILD_AGE][2][g.stack[-1][2]]:
            s = g.stack[-1][2]
            wrong = [c for c in g.pool if _is_guild(c) != g.back[s]]
            if wrong:
                back = "a guild back" if g.back[s] else "an Age back"
                with pytest.raises(IllegalActionError, match=f"slot {s} shows {back}"):
                    g.apply(g.t.CH_CARD + wrong[0])
                kinds.add(g.back[s])
            g.apply(g.sample_chance())
        else:
            g.apply(g.sample_chance() if g.current_player == CHANCE
                    else rng.choice(g.legal_actions()))
    assert kinds  # at least one kind of back was tried


# Texts -----------------------------------------------------------------------------------------

def test_a_guild_back_reads_as_its_slot_and_back():
    g = _play_to(Game(RULESET, seed=1, auto_chance=False), random.Random(1),
                 lambda g: g.decision == "guild_back")
    for action in g.legal_actions():
        text = g.action_to_text(action)
        assert text == f"guild back in slot {action - g.t.CH_BACK}"
        assert g.parse_action(text) == action
        assert g.parse_action(text.upper().replace(" ", "  ")) == action
        assert g.action_component(action) is None
    for bad, why in (("guild back in slot x", "a slot is a number"),
                     ("guild back in slot 20", "numbered 0 to 19"),
                     ("guild back in slot ²", "a slot is a number")):
        with pytest.raises(NotationError, match=why):
            g.parse_action(bad)
    taken = g.t.CH_BACK + g.t.dealt_slots[GUILD_AGE][0]  # a slot dealt face up
    with pytest.raises(IllegalActionError, match="not a face-down slot without a guild back"):
        g.apply(taken)


# State JSON --------------------------------------------------------------------------------------

def test_the_backs_round_trip_through_json_on_face_down_slots_only():
    for g in _guild_age_games(4):
        data = json.loads(json.dumps(g.to_json()))
        for s, slot in enumerate(data["structure"]):
            shows = g.t.structures[GUILD_AGE][2][s] and not slot["face_up"] and not slot["taken"]
            assert ("back" in slot) == bool(shows)
            if shows:
                assert slot["back"] == ("guild" if g.back[s] else "age")
        again = Game.from_json(RULESET, data)
        assert again.back == g.back and again.to_json() == data


def _guild_age_state() -> tuple[Game, dict]:
    g = _guild_age_games(1, backs=2)[0]
    return g, json.loads(json.dumps(g.to_json()))


def _first(data: dict, back: str | None = None, **where) -> int:
    return next(s for s, slot in enumerate(data["structure"])
                if (back is None or slot.get("back") == back)
                and all(slot[k] == v for k, v in where.items()))


def _guilds(g: Game) -> int:
    return sum(1 for c in g.pool if _is_guild(c))


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["structure"][_first(d, face_up=True, taken=False)].update(back="guild"),
     lambda g: r"structure\[\d+\]\.back: only a card dealt face down and still face down in "
               r"the structure shows its back"),
    (lambda d: d["structure"][_first(d, back="age")].update(back="purple"),
     lambda g: r"structure\[\d+\]\.back: expected 'age' or 'guild', got 'purple'"),
    (lambda d: d["structure"][_first(d, back="age")].pop("back"),
     lambda g: r"structure\[\d+\]: missing field 'back': state the back of every face-down "
               r"card, or of none"),
    (lambda d: d["structure"][_first(d, back="age")].update(back="guild"),
     lambda g: rf"structure: {sum(g.back) + 1} face-down cards show a guild back \(or "
               rf"will\), but the deck \(pool\) holds {_guilds(g)} guilds"),
    (lambda d: [slot.update(back="age") for slot in d["structure"] if "back" in slot],
     lambda g: r"structure: \d+ face-down cards show an Age back, but the deck \(pool\) holds "
               r"only \d+ cards? that are not guilds"),
])
def test_backs_that_do_not_fit_are_refused_with_a_clear_message(edit, message):
    g, data = _guild_age_state()
    edit(data)
    with pytest.raises(StateFormatError, match=f"^{message(g)}$"):
        Game.from_json(RULESET, data)


def test_a_guild_back_on_a_taken_slot_is_refused():
    g, data = _guild_age_state()
    s = _first(data, back="guild")
    other = _first(data, face_up=True, taken=False)
    data["structure"][other].update(taken=True, back="guild")  # a card taken...
    with pytest.raises(StateFormatError, match=rf"^structure\[{other}\]\.back: only a card "
                                               "dealt face down and still face down"):
        Game.from_json(RULESET, data)
    assert s != other


def test_a_guild_back_in_an_age_without_guilds_is_refused():
    g = _play_to(Game(RULESET, seed=4), random.Random(4),
                 lambda g: g.age == 1 and g.decision == "play" and len(g.history) > 40)
    data = g.to_json()
    data["structure"][_first(data, back="age")]["back"] = "guild"
    with pytest.raises(StateFormatError, match=r"^structure: 1 face-down cards show a guild "
                                               r"back \(or will\), but the deck \(pool\) holds 0 guilds$"):
        Game.from_json(RULESET, data)


def test_a_state_that_states_no_back_gets_the_guilds_on_the_first_face_down_slots():
    """The documented default (a position written by hand, a state saved before guild
    backs): the deck's guilds lie on the first face-down slots, in slot order."""
    for g in _guild_age_games(5):
        data = g.to_json()
        for slot in data["structure"]:
            slot.pop("back", None)
        loaded = Game.from_json(RULESET, data)
        face_down = [s for s in loaded.t.face_down_slots[GUILD_AGE]
                     if not loaded.face_up[s] and not loaded.taken[s]]
        guilds = sum(1 for c in loaded.pool if _is_guild(c))
        assert [s for s in face_down if loaded.back[s]] == face_down[:guilds]
        # and it plays on: guilds turn up there
        _play_to(loaded, random.Random(0), lambda g: g.age != GUILD_AGE)


def test_positions_built_by_hand_show_age_backs():
    from wondersmith.engine.positions import position
    g = position(RULESET, ["palace"], age=3, face_down_above=True)
    above = [s for s in range(len(g.slot_card)) if not g.face_up[s] and not g.taken[s]]
    assert above and not any(g.back) and not any(_is_guild(c) for c in g.pool)
    assert all(g.to_json()["structure"][s]["back"] == "age" for s in above)


def _waiting_to_lay(backs: int) -> Game:
    """A set-up at its first `guild_back` decision with `backs` or more to lay."""
    for seed in range(100):
        g = _play_to(Game(RULESET, seed=seed, auto_chance=False), random.Random(seed),
                     lambda g: g.decision == "guild_back")
        if sum(1 for n in g.stack if n[0] == g.stack[-1][0]) >= backs:
            return g
    raise AssertionError(f"no set-up lays {backs} guild backs")


def test_no_guild_back_is_stated_before_the_set_up_has_dealt_its_face_up_cards():
    g = _play_to(Game(RULESET, seed=1, auto_chance=False), random.Random(1),
                 lambda g: g.age == GUILD_AGE and g.decision == "deal")
    data = g.to_json()
    s = g.t.face_down_slots[GUILD_AGE][0]
    assert data["structure"][s]["back"] == "age"
    assert Game.from_json(RULESET, data).to_json() == data
    data["structure"][s]["back"] = "guild"
    with pytest.raises(StateFormatError, match=r"^structure: guild backs are laid once the "
                                               r"set-up has drawn and dealt its face-up cards$"):
        Game.from_json(RULESET, data)


def test_a_set_up_waiting_to_lay_its_backs_round_trips():
    g = _waiting_to_lay(2)
    g.apply(g.sample_chance())  # one back laid, the others still to lay
    data = json.loads(json.dumps(g.to_json()))
    again = Game.from_json(RULESET, data)
    assert again.back == g.back and again.to_json() == data
    assert again.decision == "guild_back"
    bad = copy.deepcopy(data)
    bad["stack"].append(dict(bad["stack"][-1]))  # one more back to lay than guilds left
    with pytest.raises(StateFormatError, match=r"guild back \(or will\), but the deck"):
        Game.from_json(RULESET, bad)


# What a seat sees ----------------------------------------------------------------------------

def test_the_observation_shows_the_backs_and_hides_the_cards():
    for g in _guild_age_games(4):
        t = g.t
        for player in (0, 1):
            seen = g.observation(player)
            for s, slot in enumerate(seen["structure"]):
                if not slot["face_up"] and not slot["taken"]:
                    assert slot["card"] is None
                    assert slot["back"] == ("guild" if g.back[s] else "age")
            assert "pool" not in seen and seen["guilds_left"] == len(g.guild_pool)
            vector = g.observation_vector(player)
            block = vector[-(2 * t.n_slots + 5):-5]  # the backs: before the deck and the turn
            for s in range(len(g.slot_card)):
                shows = t.structures[GUILD_AGE][2][s] and not g.face_up[s] and not g.taken[s]
                assert block[2 * s:2 * s + 2] == (
                    [0.0, 0.0] if not shows else [0.0, 1.0] if g.back[s] else [1.0, 0.0])


def test_which_guild_lies_under_a_back_is_not_seen_but_the_back_is():
    g = _guild_age_games(1, backs=2)[0]
    t = g.t
    other = g.clone()  # the same table with other guilds in the deck
    swap = {c: d for c, d in zip(sorted(c for c in g.pool if _is_guild(c)), sorted(g.guild_pool))}
    other.pool = sorted(swap.get(c, c) for c in g.pool)
    other.guild_pool = sorted(set(g.guild_pool) - set(swap.values()) | set(swap))
    assert other.pool != g.pool
    assert other.observation(0) == g.observation(0)
    assert other.observation_vector(1) == g.observation_vector(1)
    moved = g.clone()  # the same cards, a guild back on another slot
    s = next(s for s in t.face_down_slots[GUILD_AGE] if moved.back[s])
    u = next(s for s in t.face_down_slots[GUILD_AGE]
             if not moved.back[s] and not moved.face_up[s] and not moved.taken[s])
    moved.back[s], moved.back[u] = False, True
    assert moved.observation(0) != g.observation(0)
    assert moved.observation_vector(0) != g.observation_vector(0)


@pytest.mark.parametrize("draw", range(10))
def test_a_redrawn_state_keeps_the_backs_and_turns_up_guilds_under_them(draw):
    g = _guild_age_games(3, backs=1)[draw % 3]
    rng = random.Random(draw)
    sample = g.sample_state(draw % 2, rng)
    assert sample.back == g.back
    assert sample.observation(draw % 2) == g.observation(draw % 2)
    assert sum(1 for c in sample.pool if _is_guild(c)) == sum(g.back)
    backs = {s: g.back[s] for s in range(len(g.slot_card))
             if not g.face_up[s] and not g.taken[s]}
    _play_to(sample, rng, lambda h: h.age != GUILD_AGE)
    for s, guild in backs.items():
        if sample.face_up[s]:
            assert _is_guild(sample.slot_card[s]) == guild


def test_the_docs_name_the_new_chance_outcome():
    from pathlib import Path
    docs = Path(__file__).resolve().parents[2] / "docs"
    for name in ("engine.md", "embedding.md"):
        text = (docs / name).read_text(encoding="utf-8")
        assert re.search(r"guild back in slot", text), name
        assert "CH_BACK" in text, name


def test_play_shows_a_face_down_guild_by_its_back():
    from rich.console import Console
    from wondersmith.cli.table_view import render_structure
    g = _guild_age_games(1, backs=2)[0]
    console = Console(width=120, record=True)
    console.print(render_structure(g, 0, 120))
    text = console.export_text()
    assert text.count("[guild?]") == sum(g.back) + 1  # the cells, and the title's key
    face_down = sum(1 for s in range(len(g.slot_card)) if not g.face_up[s] and not g.taken[s])
    assert text.count("[ ? ]") == face_down - sum(g.back)


@pytest.mark.parametrize("seed", range(6))
def test_guilds_numbered_apart_deal_the_same_games(seed, monkeypatch):
    """Duel's guilds are numbered in one run, found in the deck by bisection; data whose
    guilds are numbered apart looks at each card, and draws exactly the same."""
    def play(auto_chance):
        g = Game(RULESET, seed=seed, auto_chance=auto_chance)
        return _play_to(g, random.Random(seed), lambda g: False).history

    fast = play(True), play(False)
    assert T.back_runs is not None
    monkeypatch.setattr(T, "back_runs", None)
    assert (play(True), play(False)) == fast
