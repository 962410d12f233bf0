"""Classic 7 Wonders' action texts: worded for the seat they belong to, unique among the
legal actions, and read back to the same action (issue 11: every text is unambiguous)."""
from __future__ import annotations

import json
import random

import pytest
from classic_helpers import play, position, ruleset

from wondersmith.engine import Game, NotationError, RecordFormatError, game_record, replay_record
from wondersmith.engine.games.classic import actions


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])  # 2: the Free City variant
def test_every_legal_text_is_unique_and_reads_back_to_its_action(n):
    rng = random.Random(n)
    for seed in range(2):
        g = Game(ruleset(), seed=100 * n + seed, players=n)
        checked = 0
        while not g.is_terminal:
            if g.is_chance_node:
                g.apply(g.sample_chance())
                continue
            for seat in g.choosing():
                legal = g.legal_actions_for(seat)
                texts = g.legal_texts(seat)
                assert len(set(texts)) == len(texts), sorted(t for t in texts if texts.count(t) > 1)
                for action, text in zip(legal, texts):
                    assert g.parse_action(text, seat) == action, text
                if seat == g.current_player:  # (the Free City's holder: the Free City's texts)
                    assert texts == g.legal_texts()
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
        assert checked >= 18


def _both_presses_discarded() -> Game:
    # Age II: the Press of Age I and the Press of Age II are both discarded.
    g = position(3, boards={0: ("halikarnassos", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar"]}, cities={0: ["ore_vein", "clay_pit"]},
                 hands={0: ["statue", "temple"], 1: ["walls", "stables"],
                        2: ["school", "aqueduct"]}, discard=["press", "press_age2"], age=2)
    stage = next(t for t in g.legal_texts() if t.startswith("stage 2 with Statue"))
    play(g, {0: stage, 1: "discard Walls", 2: "discard School"})
    assert g.decision == "discard_build" and g.current_player == 0
    return g


def test_two_cards_of_one_name_in_the_discard_pile_are_told_apart_by_their_age():
    g = _both_presses_discarded()
    texts = g.legal_texts()
    assert "build Press (Age I) from discard" in texts
    assert "build Press (Age II) from discard" in texts
    assert "build Walls from discard" in texts  # a name no other card has: no Age
    assert g.parse_action("build press (age ii) from discard") == g.parse_action(
        "build press_age2 from discard")
    with pytest.raises(NotationError, match=r"two cards named 'Press' in the discard pile"):
        g.parse_action("build Press from discard")
    g.apply_text("build Press (Age II) from discard")
    assert g.component("press_age2") in g.city[0]


def test_an_age_that_names_no_such_card_is_an_error():
    g = _both_presses_discarded()
    with pytest.raises(NotationError, match="no card is named 'Press' in Age III"):
        g.parse_action("build Press (Age III) from discard")


def test_a_later_seat_s_stage_is_worded_for_that_seat():
    g = position(3, boards={0: ("gizah", "a"), 1: ("rhodos", "a"), 2: ("ephesos", "a")},
                 stages={1: ["altar"]}, cities={1: ["clay_pool", "brickyard"]}, coins={1: 9},
                 hands={0: ["forum", "vineyard"], 1: ["statue", "temple"], 2: ["walls", "aqueduct"]},
                 age=2)
    assert g.current_player == 0 and 1 in g.choosing()
    mine = g.legal_texts(1)
    stage = next(t for t in mine if t.startswith("stage "))
    assert stage.startswith("stage 2 with ")  # seat 1 built one stage; seat 0 none
    action = g.parse_action(stage, 1)
    assert g.action_to_text(action, 1) == stage
    assert action in g.legal_actions_for(1)
    with pytest.raises(NotationError, match="next stage is 2, not 1"):
        g.parse_action(stage.replace("stage 2", "stage 1"), 1)
    assert "discard Walls" in g.legal_texts(2)  # any seat still to choose has its texts
    assert g.legal_texts(0) == g.legal_texts()  # the seat to move: the same as by default


def test_a_seat_that_does_not_exist_is_a_notation_error():
    g = Game(ruleset(), seed=1, players=3)
    with pytest.raises(NotationError, match="no seat 3"):
        g.action_to_text(g.legal_actions()[0], 3)


def test_the_free_city_s_holder_reads_the_free_city_s_next_stage():
    """2 players (ruling 22): the holder of the Free City card chooses for the Free City, whose
    next stage is its own, not the holder's."""
    g = Game(ruleset(), seed=5, players=2)
    rng = random.Random(5)
    fc = g.t.free_city
    while True:
        if g.is_chance_node:
            g.apply(g.sample_chance())
            continue
        if g.stack[-1][1] == fc:
            break
        g.apply(rng.choice(g.legal_actions()))
    holder = g.current_player
    g.stages[holder] = [g.component("altar")]  # the holder has built a stage, the Free City none
    assert len(g.stages[fc]) == 0
    g._legal = None
    card = g._free_city_hand()[0]
    stage = actions.encode(g.t, actions.STAGE, card)  # a stage with a card it may play
    text = g.action_to_text(stage, holder)
    assert text == f"stage 1 with {g.t.names[card]}" == g.action_to_text(stage)
    assert g.parse_action(text, holder) == stage
    assert g.legal_texts(holder) == g.legal_texts()


def _at(g: Game, decision: str, seat: int) -> Game:
    """`g` with chance sampled up to the deal of `decision` to `seat`."""
    while not (g.decision == decision and g.stack[-1][2] == seat):
        g.apply(g.sample_chance())
    return g


@pytest.mark.parametrize("decision", ["board_deal", "deal_hand"])
def test_a_deal_naming_another_seat_is_refused(decision):
    """Issue 12 audit: a deal's outcome is a card or a board, not a seat, so the seat a text
    names is checked against the deal pending: `to player 2` at player 1's deal is an error."""
    g = _at(Game(ruleset(), seed=3, players=4, auto_chance=False), decision, 1)
    right = g.legal_texts()[-1]
    assert right.endswith(" to player 1")
    assert g.parse_action(right) == g.legal_actions()[-1]
    assert g.parse_action(right[:-len(" to player 1")]) == g.legal_actions()[-1]  # no seat: this one
    what = "board" if decision == "board_deal" else "card"
    with pytest.raises(NotationError, match=f"the {what} dealt now goes to player 1, not 3"):
        g.parse_action(right[:-1] + "3")
    with pytest.raises(NotationError, match="no player 4: seats are 0 to 3"):
        g.parse_action(right[:-1] + "4")
    with pytest.raises(NotationError, match="a player is a number, not 'one'"):
        g.parse_action(right[:-1] + "one")


def test_the_two_player_pile_and_seats_are_not_confused():
    """2 players (ruling 22): the Free City's hand is dealt `to the pile`; a player's deal
    named `to the pile`, or the pile's named `to player N`, is refused."""
    g = _at(Game(ruleset(), seed=4, players=2, auto_chance=False), "deal_hand", 0)
    card = g.legal_texts()[0][len("deal "):-len(" to player 0")]
    assert g.parse_action(f"deal {card} to player 0") == g.legal_actions()[0]
    with pytest.raises(NotationError, match="goes to player 0, not the pile"):
        g.parse_action(f"deal {card} to the pile")
    with pytest.raises(NotationError, match="goes to player 0, not 1"):
        g.parse_action(f"deal {card} to player 1")
    with pytest.raises(NotationError, match="no card is drawn from the pile now"):
        g.parse_action(f"draw {card} from the pile")
    pile = _at(g, "deal_hand", g.t.free_city)
    text = pile.legal_texts()[0]
    assert text.endswith(" to the pile") and pile.parse_action(text) == pile.legal_actions()[0]
    card = text[len("deal "):-len(" to the pile")]
    with pytest.raises(NotationError, match="the Free City's cards are dealt 'to the pile'"):
        pile.parse_action(f"deal {card} to player {g.t.free_city}")
    with pytest.raises(NotationError, match="goes to player 2, not 0"):
        pile.parse_action(f"deal {card} to player 0")


def test_a_record_edited_to_deal_to_another_seat_does_not_replay():
    g = Game(ruleset(), seed=6, players=3)
    rng = random.Random(6)
    while not g.is_terminal:
        g.apply(rng.choice(g.legal_actions()))
    record = json.loads(json.dumps(game_record(g)))
    assert replay_record(ruleset(), record).to_json() == g.to_json()
    for entry, seat in (("board ", 0), ("deal ", 1)):
        i, text = next((i, a) for i, a in enumerate(record["actions"])
                       if a.startswith(entry) and a.endswith(f" to player {seat}"))
        edited = dict(record, actions=list(record["actions"]))
        edited["actions"][i] = text[:-1] + "2"
        with pytest.raises(RecordFormatError,
                           match=rf"actions\[{i}\] .*dealt now goes to player {seat}, not 2"):
            replay_record(ruleset(), edited)
