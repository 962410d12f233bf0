"""Records and the API, completed (issue 11, part 8): texts that name one action and their
slot, handed-over Wonders in records, lookup by id, forced chance, the position builder."""
from __future__ import annotations

import json
import random

import pytest

from wondersmith.engine import (CHANCE, Game, IllegalActionError, NotationError, RecordFormatError,
                                StateFormatError, game_record, replay_record)
from wondersmith.engine.positions import position
from classic_helpers import ruleset as classic_ruleset
from engine_helpers import RULESET, do


def _manual_game(seed: int):
    """A random game with every chance outcome applied as an action; yields each state."""
    rng = random.Random(seed)
    g = Game(RULESET, seed=seed, auto_chance=False)
    while not g.is_terminal:
        yield g
        legal = g.legal_actions()
        g.apply(g.sample_chance() if g.current_player == CHANCE else rng.choice(legal))


def test_every_action_text_names_one_action_and_reads_back():
    kinds = set()
    for seed in range(12):
        for g in _manual_game(seed):
            texts = g.legal_texts()
            assert len(set(texts)) == len(texts)
            for action, text in zip(g.legal_actions(), texts):
                assert g.parse_action(text) == action
            kinds.add(g.decision)
    assert {"deal", "draft", "play", "first_player", "reveal_wonder"} <= kinds


def test_deals_and_turn_ups_name_their_slot():
    g = Game(RULESET, seed=2, auto_chance=False)
    while g.decision != "deal":
        g.apply(g.sample_chance() if g.current_player == CHANCE else g.legal_actions()[0])
    slot = g.stack[-1][2]
    text = g.action_to_text(g.legal_actions()[0])
    assert text.endswith(f" to slot {slot}")
    name = text[len("deal "):-len(f" to slot {slot}")]
    with pytest.raises(NotationError, match=f"goes to slot {slot}, not {slot + 1}"):
        g.parse_action(f"deal {name} to slot {slot + 1}")
    assert g.parse_action(f"deal {name}") == g.legal_actions()[0]  # the form of older records


def test_a_face_down_card_turned_up_names_its_slot():
    g = position(RULESET, ["baths"], face_down_above=True, auto_chance=False)
    do(g, "discard Baths")
    assert g.decision == "deal"
    text = g.legal_texts()[0]
    assert text.startswith("turn up ") and text.endswith(f" in slot {g.stack[-1][2]}")


def test_the_library_token_reads_apart_from_a_pair_token():
    g = position(RULESET, ["baths"], wonders=(("the_great_library",), ()), auto_chance=False,
                 board_tokens=("agriculture", "mathematics", "philosophy", "urbanism", "economy"),
                 box_tokens=("law", "masonry", "strategy", "architecture", "theology"))
    do(g, "wonder The Great Library with Baths", "draw token Law", "draw token Masonry",
       "draw token Strategy")
    assert g.legal_texts() == ["take Law from the library", "take Masonry from the library",
                               "take Strategy from the library"]
    pair = position(RULESET, ["apothecary"], buildings=(("school",), ()), board_tokens=("law",))
    do(pair, "build Apothecary")
    assert pair.legal_texts() == ["take Law"]
    with pytest.raises(NotationError, match="from a science pair, not the library"):
        pair.parse_action("take Law from the library")


def test_records_list_every_wonder_handed_over_and_replay_checks_them():
    rng = random.Random(3)
    g = Game(RULESET, seed=3)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    record = json.loads(json.dumps(game_record(g)))
    handed = [a for a in record["actions"] if " receives " in a]
    assert len(handed) == len(RULESET.rules["setup"]["wonder_draft"])  # one a draft round
    assert all(a.split()[0] == "player" for a in handed)
    assert replay_record(RULESET, record).to_json() == g.to_json()
    i = record["actions"].index(handed[0])
    record["actions"][i] = "player 0 receives The Colossus" if "Colossus" not in handed[0] \
        else "player 0 receives Piraeus"
    with pytest.raises(RecordFormatError, match=rf"actions\[{i}\] .*is due"):
        replay_record(RULESET, record)
    record["actions"][i] = handed[0]
    record["actions"].insert(1, handed[0])
    with pytest.raises(RecordFormatError, match=r"actions\[1\] .*no Wonder was handed over"):
        replay_record(RULESET, record)


def test_components_are_looked_up_by_id():
    g = Game(RULESET, seed=0)
    for number in (0, g.t.wonder0, g.t.token0, g.t.N - 1):
        assert g.component(g.component_id(number)) == number
    assert g.component_id(g.component("baths")) == "baths"
    for bad in ("eiffel", "", None, 3):
        with pytest.raises(NotationError, match="no component has the id"):
            g.component(bad)


def test_one_chance_outcome_is_forced_and_the_others_are_sampled():
    g = Game(RULESET, seed=1, auto_chance=False)
    g.resolve_chance(force=["first player 1", "board token Law", "reveal The Sphinx"])
    assert g.current_player == 1 and g.decision == "draft"
    data = g.to_json()
    assert "law" in data["board_tokens"] and "the_sphinx" in data["draft"]
    assert len(data["board_tokens"]) == RULESET.rules["setup"]["board_tokens"]
    # Unforced outcomes are the seed's: the same as resolving without forcing anything.
    a, b = Game(RULESET, seed=1, auto_chance=False), Game(RULESET, seed=1, auto_chance=False)
    a.resolve_chance()
    while b.current_player == CHANCE:
        b.apply(b.sample_chance())
    assert a.to_json() == b.to_json()
    with pytest.raises(IllegalActionError, match="no chance event before the next decision"):
        Game(RULESET, seed=1, auto_chance=False).resolve_chance(force=["deal Baths"])


def test_the_position_builder_sets_a_position_in_a_few_lines():
    g = position(RULESET, ["baths", "lumber_yard"], buildings=(["stone_pit"], []), coins=(3, 9),
                 pawn=4, tokens=(["law"], []), wonders=((("the_sphinx", "altar"), "piraeus"), ()))
    assert g.decision == "play" and g.current_player == 0 and g.coins == [3, 9]
    accessible = sorted(g.component_id(g.slot_card[s]) for s in g.accessible)
    assert "baths" in accessible and "lumber_yard" in accessible and len(accessible) == 3
    assert g.count_wonders(0) == 1 and g.count_tokens(0) == 1
    data = g.to_json()
    assert data["players"][1]["loot_lost"] == [True, False]  # the pawn passed the first zone
    assert "law" not in data["board_tokens"] + data["box_tokens"]
    with pytest.raises(StateFormatError, match="'stone_pit' is both"):
        position(RULESET, ["stone_pit"], buildings=(["stone_pit"], []))


def test_a_forced_classic_deal_goes_to_the_seat_it_names():
    """A deal outcome is a card or a board, not a seat: a forced text naming its seat waits
    for that seat's deal, the others are drawn from the seed as when nothing is forced."""
    classic = classic_ruleset()
    names = lambda g: [(g.t.classes[g.t.board0 + b].name, side) for b, side in g.boards]  # noqa: E731
    plain = Game(classic, seed=0, players=3, auto_chance=False)
    plain.resolve_chance()
    assert "Olympia" not in [name for name, _ in names(plain)]
    g = Game(classic, seed=0, players=3, auto_chance=False)
    card = plain.hands[2][0]  # a card of player 2's, forced into player 1's hand
    g.resolve_chance(force=["board Olympia side b to player 2",
                            f"deal {g.component_id(card)} to player 1"])
    assert names(g)[:2] == names(plain)[:2] and names(g)[2] == ("Olympia", 1)
    assert g.hands[0] == plain.hands[0] and card in g.hands[1] and card not in g.hands[2]
    with pytest.raises(NotationError, match="no player 3: seats are 0 to 2"):
        Game(classic, seed=0, players=3, auto_chance=False).resolve_chance(
            force=["board Olympia side b to player 3"])
    once = Game(classic, seed=0, players=3, auto_chance=False)
    once.apply(once.sample_chance())  # the first player: player 0's board is dealt next
    once.apply_text("board Gizah side a to player 0")
    with pytest.raises(NotationError, match="goes to player 1, not 0"):
        once.apply_text("board Olympia side b to player 0")
    with pytest.raises(IllegalActionError, match="no chance event before the next decision"):
        once.resolve_chance(force=["board Olympia side b to player 0"])  # dealt already


def test_every_player_decision_is_worded_for_a_player():
    """`decision_prompt` words each decision a player meets, as the mechanic that owns it says
    (play's menu shows it): never the internal name."""
    from wondersmith.engine.core.kinds import IS_CHANCE, IS_INTERNAL, KIND_NAMES, OWNER, PROMPTS
    from wondersmith.engine.mechanics.catalogue import MECHANICS

    shipped = set(MECHANICS)
    decisions = [k for k, owner in enumerate(OWNER)
                 if owner in shipped and not IS_CHANCE[k] and not IS_INTERNAL[k]]
    assert {KIND_NAMES[k] for k in decisions} >= {"draft", "play", "destroy", "choose", "discard_build"}
    for k in decisions:
        assert PROMPTS[k] != KIND_NAMES[k].replace("_", " "), KIND_NAMES[k]
    g = Game(RULESET, seed=3)
    assert (g.decision, g.decision_prompt) == ("draft", "pick a Wonder")
    while g.decision != "play":
        g.apply(g.legal_actions()[0])
    assert g.decision_prompt == "take a card of the structure"
    c = Game(classic_ruleset(), seed=3, players=3)
    assert (c.decision, c.decision_prompt) == ("choose", "play a card from the hand")
    while not c.is_terminal:
        c.apply(c.legal_actions()[0])
    assert c.decision_prompt == ""
