"""Senators' backs in Agora (card_structure/deal.py, backs.py; senate/senators.py): a face-down
senator shows the senators' grey back (the Italian seed, agora-rulings 2), laid by chance
when the Age is set up, as Duel's guild backs are, and turned up among the senators only;
guilds keep their own back in Age III."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wondersmith.cli.table_view import render_structure
from wondersmith.engine import (CHANCE, Game, IllegalActionError, StateFormatError,
                                load_ruleset)
from wondersmith.engine.core.kinds import KIND_NAMES
from wondersmith.engine.mechanics.card_structure import backs, deal
from wondersmith.engine.records import game_record, replay_record, upgrade_record

AGORA = load_ruleset("agora")
T = Game(AGORA, seed=0).t
SENATOR, GUILD, AGE = T.backs.index("senator"), T.backs.index("guild"), 0
PER_AGE = T.senators_per_age
OLD_RECORD = Path(__file__).parent.parent / "fixtures" / "engine" / \
    "agora-record-before-senator-backs.json"


def _play_to(g: Game, rng: random.Random, stop) -> Game:
    """Play `g` at random (chance from the seed) until `stop(g)` or the end."""
    while g.result is None and not stop(g):
        g.apply(g.sample_chance() if g.current_player == CHANCE
                else rng.choice(g.legal_actions()))
    return g


def _face_down(g: Game) -> list[int]:
    return [s for s in g.t.face_down_slots.get(g.age, ()) if not g.face_up[s] and not g.taken[s]]


def _first_turn_of(age: int, seed: int, auto_chance: bool = True) -> Game:
    return _play_to(Game(AGORA, seed=seed, auto_chance=auto_chance), random.Random(seed),
                    lambda g: g.age == age and g.decision == "play")


def _assert_backs_fit_the_deck(g: Game) -> None:
    """Each back of its own hides a card of its deck; each Age back an Age card: the deck
    holds as many cards of each back as face-down slots show it, and a slot draws only
    among the cards of its back."""
    down = _face_down(g)
    for b in range(len(g.t.backs)):
        shown = sum(1 for s in down if g.back[s] == b)
        assert deal.cards_of_back(g.t, g.pool, b) == shown, (g.t.backs[b], g.age)
    for s in down:
        assert {g.t.card_back[c] for c in deal.deal_deck(g, s)} <= {g.back[s]}


# The data: which cards show which back, and how many senators each Age lays --------------------

def test_agora_has_three_backs_and_each_card_the_back_of_its_deck():
    assert T.backs == ("age", "guild", "senator")
    assert T.back_ages_of[SENATOR] == {1, 2, 3} and T.back_ages_of[GUILD] == {T.guild_age}
    for c in range(T.NB):
        want = SENATOR if c in T.senators else GUILD if T.is_guild[c] else AGE
        assert T.card_back[c] == want, T.ids[c]
    duel = Game(load_ruleset("duel"), seed=0).t
    assert duel.backs == ("age", "guild") and duel.back_ages == {duel.guild_age}


def test_each_age_shuffles_in_its_senators_and_lays_a_back_for_each_one_dealt_face_down():
    """Ruling 2: 5, 5 and 3 senators (the data's `per_age`), shuffled in after the 3 cards
    left out, so none is left out: every senator of the Age is dealt face up or under a
    senator back."""
    assert PER_AGE == (5, 5, 3) and sum(PER_AGE) == len(T.senators) == 13
    laid_in_all = 0
    for seed in range(6):
        for age in (1, 2, 3):
            g = _first_turn_of(age, seed)
            if g.result is not None:
                break
            in_structure = [c for s, c in enumerate(g.slot_card) if c in T.senators and g.face_up[s]]
            laid = [s for s in _face_down(g) if g.back[s] == SENATOR]
            assert not any(c in T.senators for c in g.left_out[-1])
            assert len(in_structure) + len(laid) == PER_AGE[age - 1], (seed, age)
            assert len(g.slot_card) == (25, 25, 23)[age - 1]
            laid_in_all += len(laid)
            _assert_backs_fit_the_deck(g)
    assert laid_in_all > 20


def test_agoras_age_three_still_lays_the_guild_backs_beside_the_senators():
    """The 3 guilds drawn into Age III are dealt face up or under a guild back, the senators
    under a senator back, the other cards under the Age's: an Age III slot may show any."""
    shown = set()
    for seed in range(8):
        g = _first_turn_of(3, seed)
        if g.result is not None:
            continue
        face_up_guilds = [c for s, c in enumerate(g.slot_card) if g.face_up[s] and T.is_guild[c]]
        down = _face_down(g)
        assert len(face_up_guilds) + sum(1 for s in down if g.back[s] == GUILD) == T.guilds_drawn
        _assert_backs_fit_the_deck(g)
        shown |= {g.back[s] for s in down}
    assert shown == {AGE, GUILD, SENATOR}


def test_the_backs_are_laid_by_chance_once_the_face_up_cards_are_dealt():
    """One `senator_back` node per senator of the deck, after the face-up deals (and after
    the guild backs in Age III); its outcomes are the face-down slots showing an Age back."""
    kinds_seen = set()
    for seed in range(4):
        g = Game(AGORA, seed=seed, auto_chance=False)
        rng = random.Random(seed)
        while g.result is None and not (g.age == 3 and g.decision == "play"):
            if g.decision in ("guild_back", "senator_back"):
                kinds_seen.add(g.decision)
                assert all(g.face_up[s] for s in T.dealt_slots[g.age])
                if g.decision == "senator_back":  # the guilds' backs are all laid first
                    assert "guild_back" not in {KIND_NAMES[kind] for kind, _, _ in g.stack}
                b = T.backs.index(g.decision.split("_")[0])
                free = [s for s in T.face_down_slots[g.age] if not g.back[s]]
                assert g.legal_actions() == [T.back_base[b] + s for s in free]
            g.apply(g.sample_chance() if g.current_player == CHANCE
                    else rng.choice(g.legal_actions()))
    assert kinds_seen == {"guild_back", "senator_back"}


def test_auto_chance_lays_the_same_backs_as_the_nodes_one_by_one():
    compared = 0
    for seed in range(3):
        fast = _first_turn_of(3, seed, auto_chance=True)
        slow = _first_turn_of(3, seed, auto_chance=False)
        if fast.result is None:
            assert fast.history == slow.history
            assert fast.back == slow.back
            compared += 1
    assert compared


@pytest.mark.parametrize("seed", range(3))
def test_backs_numbered_apart_deal_the_same_games(seed: int, monkeypatch):
    """Agora's guilds and senators are each numbered in one run, found in the deck by
    bisection; data numbering them apart looks at each card, and draws exactly the same."""
    def play(auto_chance: bool) -> list[int]:
        g = Game(AGORA, seed=seed, auto_chance=auto_chance)
        return _play_to(g, random.Random(seed), lambda g: False).history

    fast = play(True), play(False)
    assert T.back_runs is not None and len(T.back_runs) == 2  # the guilds, the senators
    monkeypatch.setattr(T, "back_runs", None)
    assert (play(True), play(False)) == fast


# What both players see -----------------------------------------------------------------------

def test_a_face_down_senator_shows_the_senator_back_to_both_players():
    g = _first_turn_of(1, 0)
    senator_slots = [s for s in _face_down(g) if g.back[s] == SENATOR]
    assert senator_slots
    n = len(T.backs)
    for player in (0, 1):
        seen = g.observation(player)
        for s in _face_down(g):
            assert seen["structure"][s]["back"] == T.backs[g.back[s]]
            assert seen["structure"][s]["card"] is None
        vector = backs.backs_seen(g, player)
        assert len(vector) == n * T.n_slots
        assert [s for s in range(T.n_slots) if vector[n * s + SENATOR]] == senator_slots
    # Turned up, a senator back gives a senator and an Age back an Age card.
    turned = 0
    for seed in range(4):
        g = _first_turn_of(1, seed, auto_chance=False)
        rng = random.Random(seed)
        while g.result is None and g.age == 1:
            if g.decision == "deal" and T.structures[1][2][g.stack[-1][2]]:
                s, was = g.stack[-1][2], g.back[g.stack[-1][2]]
                g.apply(g.sample_chance())
                assert T.card_back[g.slot_card[s]] == was and g.back[s] == AGE
                turned += 1
                continue
            g.apply(g.sample_chance() if g.current_player == CHANCE
                    else rng.choice(g.legal_actions()))
    assert turned > 10


def test_a_card_that_does_not_fit_its_back_is_refused_with_the_reason():
    g = _first_turn_of(1, 1, auto_chance=False)
    rng = random.Random(1)
    while not (g.decision == "deal" and T.structures[1][2][g.stack[-1][2]]):
        g.apply(g.sample_chance() if g.current_player == CHANCE else rng.choice(g.legal_actions()))
    s = g.stack[-1][2]
    wrong = next(c for c in g.pool if T.card_back[c] != g.back[s])
    shows = "a senator back" if g.back[s] == SENATOR else "an Age back"
    with pytest.raises(IllegalActionError, match=f"slot {s} shows {shows}"):
        g.apply(T.CH_CARD + wrong)


def test_a_senator_back_reads_as_its_slot_and_back():
    g = Game(AGORA, seed=2, auto_chance=False)
    _play_to(g, random.Random(2), lambda g: g.decision == "senator_back")
    action = g.legal_actions()[0]
    text = g.action_to_text(action)
    assert text == f"senator back in slot {action - T.CH_SENATOR_BACK}"
    assert g.parse_action(text) == action and g.parse_action(text.upper()) == action


def test_the_structure_view_marks_senators_and_guilds_face_down():
    from rich.console import Console
    g = next(g for g in map(lambda seed: _first_turn_of(3, seed), range(20))
             if g.result is None and {GUILD, SENATOR} <= set(g.back))
    console = Console(width=160, record=True, color_system=None)
    console.print(render_structure(g, 0, 160))
    text = console.export_text()
    assert "[senator?]" in text and "[guild?]" in text and "[ ? ]" in text
    assert "a senator face down" in text


# State JSON, sample_state ----------------------------------------------------------------------

def test_the_state_writes_each_face_down_back_and_reads_it_back():
    g = next(g for g in map(lambda seed: _first_turn_of(3, seed), range(20))
             if g.result is None and {GUILD, SENATOR} <= set(g.back))
    data = g.to_json()
    written = {slot.get("back") for slot in data["structure"]}
    assert {"age", "guild", "senator"} <= written
    again = Game.from_json(AGORA, json.loads(json.dumps(data)))
    assert again.back == g.back and again.to_json() == data
    # A senator back where the deck holds no more senators than slots showing it is refused.
    bad = json.loads(json.dumps(data))
    s = next(s for s, slot in enumerate(bad["structure"]) if slot.get("back") == "age")
    bad["structure"][s]["back"] = "senator"
    with pytest.raises(StateFormatError, match=r"face-down cards show a senator back \(or "
                                               r"will\), but the deck \(pool\) holds \d+ senators?$"):
        Game.from_json(AGORA, bad)
    bad["structure"][s]["back"] = "grey"
    with pytest.raises(StateFormatError, match="expected 'age', 'guild' or 'senator', got 'grey'"):
        Game.from_json(AGORA, bad)


def test_duel_has_no_senator_back():
    duel = _play_to(Game(load_ruleset("duel"), seed=4), random.Random(4),
                    lambda g: g.age == 3 and g.decision == "play")
    data = duel.to_json()
    assert {slot.get("back") for slot in data["structure"]} == {None, "age", "guild"}
    s = next(s for s, slot in enumerate(data["structure"]) if slot.get("back") == "age")
    data["structure"][s]["back"] = "senator"
    with pytest.raises(StateFormatError, match="expected 'age' or 'guild', got 'senator'"):
        Game.from_json(duel.t.ruleset, data)


def test_a_state_that_states_no_backs_puts_the_senators_of_the_deck_on_senator_backs():
    g = _first_turn_of(2, 3)
    data = g.to_json()
    for slot in data["structure"]:
        slot.pop("back", None)
    again = Game.from_json(AGORA, data)
    down = _face_down(again)
    assert sum(1 for s in down if again.back[s] == SENATOR) == \
        deal.cards_of_back(T, again.pool, SENATOR)
    _assert_backs_fit_the_deck(again)


def test_sample_state_never_puts_a_senator_under_an_age_back_nor_an_age_card_under_a_senator_back():
    rng = random.Random(5)
    checked = 0
    for seed in range(5):
        g = Game(AGORA, seed=seed)
        play = random.Random(seed)
        while g.result is None:
            if g.decision == "play" and play.random() < 0.2:
                for player in (0, 1):
                    sample = g.sample_state(player, rng)
                    assert sample.back == g.back
                    _assert_backs_fit_the_deck(sample)
                    # Played out, every turn-up keeps to its back.
                    probe = sample.clone()
                    probe.auto_chance = False
                    while probe.result is None and probe.age == g.age:
                        if probe.decision == "deal" and T.structures[probe.age][2][probe.stack[-1][2]]:
                            s = probe.stack[-1][2]
                            was = probe.back[s]
                            probe.apply(probe.sample_chance())
                            assert T.card_back[probe.slot_card[s]] == was
                        else:
                            probe.apply(probe.sample_chance() if probe.current_player == CHANCE
                                        else play.choice(probe.legal_actions()))
                    checked += 1
            g.apply(play.choice(g.legal_actions()))
    assert checked > 20


# Invariants over random games ------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_backs_agree_with_the_deck_at_every_turn_of_random_agora_games(seed: int):
    g = Game(AGORA, seed=seed)
    rng = random.Random(seed)
    while g.result is None:
        if g.decision == "play":
            _assert_backs_fit_the_deck(g)
            assert all(g.back[s] == AGE for s in range(len(g.back))
                       if g.face_up[s] or g.taken[s])
        g.apply(rng.choice(g.legal_actions()))
    record = game_record(g)
    assert replay_record(AGORA, record).to_json() == g.to_json()


# Records made before the senators' backs ------------------------------------------------------

def test_an_agora_record_made_before_senator_backs_replays_with_them_inferred():
    """Its senators were turned up from the whole deck: the replay lays a senator back on
    each slot a senator was turned up in, and the others on the slots never turned over."""
    old = json.loads(OLD_RECORD.read_text(encoding="utf-8"))
    assert not any("senator back" in str(a) for a in old["actions"])
    game = replay_record(AGORA, old, check_source_hash=False)
    new = upgrade_record(AGORA, old, check_source_hash=False)
    laid = [a for a in new["actions"] if str(a).startswith("senator back in slot")]
    kept = [a for a in new["actions"] if a not in laid]
    assert laid and len(kept) == len(old["actions"])
    for before, after in zip(old["actions"], kept):  # a senator drawn was written as its
        assert after == before or (type(before) is int and after.startswith("shuffle in "))  # id
    again = replay_record(AGORA, new, check_source_hash=False)
    assert again.to_json() == game.to_json()
    assert game.result is not None


# Positions ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("age", [1, 2, 3])
def test_an_agora_position_keeps_the_senators_of_later_ages_in_the_box(age: int):
    """The position builder: the box holds the senators of the Ages to come, never one the
    position places; its deck is the Age's own cards, so its face-down slots show Age backs."""
    from wondersmith.engine.positions import position
    built = ["politician_left_1"]
    g = position(AGORA, None, age=age, face_down_above=True, buildings=(built, []))
    assert len(g.senators_box) == len(T.senators) - sum(PER_AGE[:age])
    assert T.index["politician_left_1"] not in g.senators_box
    down = _face_down(g)
    assert down and all(g.back[s] == AGE for s in down)
    assert not any(c in T.senators for c in g.pool)
    assert all(T.card_back[c] == AGE for s in down for c in deal.deal_deck(g, s))
