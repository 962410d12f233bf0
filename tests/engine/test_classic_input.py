"""A loaded classic state is refused, naming the problem, whenever it could not be played on:
each case below is a real position with one part changed, which the engine accepted before
and then stopped in (no legal action later on) or crashed in. `tests/engine/test_input.py`
has Duel's cases and the fuzzers that found these."""
from __future__ import annotations

import random

import pytest

from wondersmith.engine import Game, StateFormatError, load_ruleset

CLASSIC = load_ruleset("classic")


def _state(players: int, until, seed: int = 3, auto_chance: bool = False) -> dict:
    """The JSON of the first position of a seeded random game for which `until(game)`."""
    rng = random.Random(seed)
    g = Game(CLASSIC, seed=seed, players=players, auto_chance=auto_chance)
    while not until(g):
        assert not g.is_terminal, "the game ended before the position was met"
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def _refused(data: dict, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(CLASSIC, data)


def _dealing(g: Game) -> bool:
    return g.decision == "deal_hand" and g.age == 1 and g.stack[-1][2] == 1


def _choosing_hidden(g: Game) -> bool:  # seat 0 has chosen, seat 1 is asked
    return g.decision == "choose" and g.current_player == 1 and g.age == 1


def test_an_accepted_position_of_each_kind_loads():
    for until in (_dealing, _choosing_hidden):
        data = _state(3, until)
        assert Game.from_json(CLASSIC, data).to_json() == data


def test_a_seat_dealt_too_few_cards_is_refused():
    data = _state(3, _dealing)
    data["stack"] = [n for i, n in enumerate(data["stack"])
                     if not (n["kind"] == "deal_hand" and n["arg"] == 2 and i == len(data["stack"]) - 8)]
    _refused(data, r"mechanics\.hand_draft\.hands\[2\]: 0 cards in hand and 6 still to deal, "
                   r"not the 7 of an Age 1 hand")


def test_a_deal_from_an_empty_deck_is_refused():
    data = _state(3, _dealing)
    data["pool"] = data["pool"][:3]
    _refused(data, r"stack\[\d+\]: deal_hand deals from the deck \(pool\), and no card is left")


def test_a_draw_from_an_empty_box_of_guilds_is_refused():
    data = _state(3, _choosing_hidden)
    data["guild_pool"] = []
    _refused(data, r"guild_pool: 0 guilds in the box, and 5 are still to be drawn from it")


def test_a_seat_holding_cards_left_out_of_the_choice_is_refused():
    data = _state(3, lambda g: g.decision == "choose" and g.age == 1, auto_chance=True)
    data["stack"][-1]["arg"] = 0b101
    _refused(data, r"stack\[0\]\.arg: seat 1 holds cards, so it chooses too \(mask 5 leaves it out\)")


def test_a_choice_below_the_deals_waits_for_its_first_seat():
    data = _state(3, _dealing)
    data["stack"][0]["player"] = 2
    _refused(data, r"stack\[0\]\.player: no seat has chosen yet, so the decision waits for seat 0, not 2")


def test_a_hidden_choice_that_is_not_legal_for_its_seat_is_refused():
    g = Game.from_json(CLASSIC, _state(3, lambda g: g.decision == "choose" and g.age == 1))
    assert g.current_player == 0
    legal0 = g.legal_actions()
    g.apply(legal0[0])  # seat 0 chooses, hidden; seat 1 is asked
    foreign = next(a for a in g.legal_actions_for(1) if a not in legal0)  # a card of seat 1's hand
    data = g.to_json()
    data["simultaneous"][0] = foreign
    _refused(data, rf"simultaneous\[0\]: action {foreign} is not one seat 0 may take at this "
                   r"choose decision")


def test_a_simultaneous_decision_waiting_for_no_seat_is_refused_not_crashed():
    data = _state(3, _choosing_hidden)
    data["stack"][-1]["player"] = -1  # a chance node's player: no seat
    _refused(data, r"stack\[0\]: choose asks the seats of mask 7 and waits for one of them, not -1")


def test_a_board_dealt_to_no_seat_is_refused():
    data = _state(3, lambda g: g.decision == "board_deal" and g.stack[-1][2] == 0)
    data["stack"][-1]["arg"] = 9
    _refused(data, r"stack\[\d+\]\.arg: no seat 9")


def test_a_city_left_without_a_board_is_refused():
    data = _state(3, lambda g: g.decision == "board_deal" and g.stack[-1][2] == 0)
    data["stack"] = [n for n in data["stack"] if not (n["kind"] == "board_deal" and n["arg"] == 1)]
    _refused(data, r"mechanics\.wonder_boards\.boards\[1\]: no board, and none is still to be "
                   r"dealt to it before Age I")


def test_a_board_dealt_twice_to_one_seat_is_refused():
    data = _state(3, lambda g: g.decision == "board_deal" and g.stack[-1][2] == 0)
    data["stack"].append(dict(data["stack"][-1]))
    _refused(data, r"stack\[\d+\]\.arg: seat 0 is dealt one board, and stack holds two deals for it")


# The 2-player variant --------------------------------------------------------------------

def _turn_opening(g: Game) -> bool:
    return g.decision == "free_city_draw" and g.age == 1 and len(g.hands[0]) == 6


def test_the_free_city_pile_is_drawn_by_the_holder_only():
    data = _state(2, _turn_opening)
    holder = data["mechanics"]["free_city"]["free_city_holder"]
    data["stack"][-1]["arg"] = 1 - holder
    _refused(data, rf"stack\[\d+\]\.arg: the holder of the Free City card \(seat {holder}\) "
                   rf"draws, not {1 - holder}")


def test_a_turn_whose_holder_has_not_drawn_is_refused():
    data = _state(2, _turn_opening)
    data["stack"].pop()  # the draw
    _refused(data, r"mechanics\.free_city\.free_city_holder: the holder has not drawn from the "
                   r"pile this turn, and no free_city_draw waits")


def test_dealing_without_the_holder_s_draw_after_it_is_refused():
    data = _state(2, _dealing)
    data["stack"] = [n for n in data["stack"] if n["kind"] != "free_city_draw"]
    _refused(data, r"stack: the holder of the Free City card draws from the pile once the "
                   r"hands are dealt, and no free_city_draw waits")


@pytest.mark.parametrize("players", [2, 3, 7])
def test_every_position_of_random_games_round_trips(players: int):
    """Halikarnassos's free build at the end of a 6th turn, a Babylon B card kept among
    empty hands: positions like these round-trip too (a 2-player one was refused before)."""
    for seed in range(12):
        rng = random.Random(seed)
        g = Game(CLASSIC, seed=seed, players=players, auto_chance=bool(seed % 2))
        while not g.is_terminal:
            data = g.to_json()
            assert Game.from_json(CLASSIC, data).to_json() == data, (seed, g.decision)
            g.apply(rng.choice(g.legal_actions()))
