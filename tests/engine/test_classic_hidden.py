"""Classic 7 Wonders: cards played face down stay hidden from the other seats (rulings 4 and
7): a card tucked under a Wonder stage, the discard pile; sampled states redraw them."""
from __future__ import annotations

import random

from classic_helpers import play, position

from wondersmith.engine import Game


def _tucked_position() -> Game:
    # Seat 1 has built one stage with an Age I card (Altar); the discard pile holds two cards.
    return position(3, boards={0: ("gizah", "a"), 1: ("rhodos", "a"), 2: ("ephesos", "a")},
                    stages={0: ["baths"], 1: ["altar"]}, discard=["theater", "stockade"],
                    hands={0: ["workshop", "scriptorium"], 1: ["barracks", "apothecary"],
                           2: ["lumber_yard", "loom"]})


def test_ruling_4_another_seat_sees_that_a_stage_was_built_not_with_which_card():
    g = _tucked_position()
    seen = g.observation(0)["mechanics"]["wonder_boards"]["stages"]
    assert seen == [["baths"], 1, 0]  # its own cards; a count for the others
    assert g.observation(1)["mechanics"]["wonder_boards"]["stages"] == [1, ["altar"], 0]


def test_ruling_7_the_discard_pile_is_a_count_except_while_building_from_it():
    g = _tucked_position()
    assert all(g.observation(p)["discard"] == 2 for p in g.t.seats)
    h = position(3, boards={0: ("halikarnassos", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar"]}, cities={0: ["ore_vein", "clay_pit"]},
                 hands={0: ["marketplace", "baths"], 1: ["guard_tower", "barracks"],
                        2: ["scriptorium", "apothecary"]}, discard=["theater"])
    stage = next(t for t in h.legal_texts() if t.startswith("stage 2 with Marketplace"))
    play(h, {0: stage, 1: "discard Guard Tower", 2: "discard Apothecary"})
    assert h.decision == "discard_build"
    assert sorted(h.observation(0)["discard"]) == sorted(h.t.ids[c] for c in h.discard)
    assert h.observation(1)["discard"] == len(h.discard)


def test_the_observation_vector_does_not_depend_on_the_hidden_tucked_card():
    g = _tucked_position()
    other = _tucked_position()
    other.stages[1] = [other.component("loom")]  # another Age I card under seat 1's stage
    assert g.observation_vector(0) == other.observation_vector(0)


def test_sampled_states_redraw_the_tucked_cards_among_the_unseen_cards_of_their_age():
    g = _tucked_position()
    seen = g.observation(0)
    rng = random.Random(4)
    under_seat_1 = set()
    for _ in range(40):
        guess = g.sample_state(0, rng)
        assert guess.observation(0) == seen
        assert guess.stages[0] == g.stages[0]  # seat 0 tucked it: it knows
        assert len(guess.stages[1]) == 1 and guess.t.age[guess.stages[1][0]] == 1
        under_seat_1.add(guess.stages[1][0])
    # Altar is one of the 7 unseen Age I cards (other hands, discard pile, under the stage)
    assert len(under_seat_1) > 2
