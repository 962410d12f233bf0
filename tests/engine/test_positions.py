"""The position builder (positions.py) for every game: the core's per-seat options, each
mechanic's own part (core/positions.py), classic positions played on to the end, and the
errors bad input gets."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest

from wondersmith.engine import Game, StateFormatError, mechanics
from wondersmith.engine.core.positions import Part
from wondersmith.engine.positions import COINS, position
from classic_helpers import ruleset as classic_ruleset
from engine_helpers import RULESET
from test_three_seats import trio  # noqa: F401 (the 3-seat toy game, a fixture)


def _play_out(game: Game, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game


def _round_trips(game: Game) -> None:
    data = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(game.t.ruleset, data).to_json() == data


# Classic ----------------------------------------------------------------------------------

def test_a_classic_position_is_built_in_a_few_lines() -> None:
    g = position(classic_ruleset(), ["baths", "altar"], players=4, age=2,
                 boards={0: ("gizah", "b")}, coins={1: 7}, buildings={0: ["lumber_yard"]},
                 stages={0: ["ore_vein"]}, conflict_tokens={2: [1, -1]})
    assert (g.age, g.decision, list(g.choosing())) == (2, "choose", [0, 1, 2, 3])
    assert g.coins == [COINS, 7, COINS, COINS]
    assert [g.t.ids[c] for c in g.hands[0]] == ["altar", "baths"]
    assert all(len(hand) == 2 for hand in g.hands)  # the others dealt as many from Age II
    assert all(g.t.age[c] == 2 for hand in g.hands[1:] for c in hand)
    assert g.t.ids[g.t.board0 + g.boards[0][0]] == "gizah" and g.boards[0][1] == 1
    assert len({b for b, _ in g.boards}) == 4  # no board twice
    assert [g.t.ids[c] for c in g.city[0]] == ["lumber_yard"] and g.stages[0] == [g.component("ore_vein")]
    assert g.conflict_tokens[2] == [1, -1]
    assert set(g.legal_texts(0)) >= {"build Baths", "build Altar", "discard Baths", "discard Altar"}
    _round_trips(g)
    assert _play_out(g).result is not None


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_classic_positions_play_on_to_the_end_at_every_count(players) -> None:
    for seed in range(2):
        g = position(classic_ruleset(), players=players, age=1 + seed, seed=seed)
        assert g.age == 1 + seed and g.current_player >= 0
        assert len({len(h) for h in g.hands[:g.players]}) == 1 or players == 2
        _round_trips(g)
        assert _play_out(g, seed).result is not None


@pytest.mark.parametrize("players", [3, 6, 7])
def test_boards_given_that_the_seed_dealt_to_other_seats_free_those_seats_boards(players) -> None:
    for seed in range(5):
        first = position(classic_ruleset(), players=players, seed=seed)
        names = [first.t.ids[first.t.board0 + b] for b, _ in first.boards]
        g = position(classic_ruleset(), players=players, seed=seed,
                     boards={0: (names[-1], "b"), 1: (names[-2], "a")})
        got = [g.t.ids[g.t.board0 + b] for b, _ in g.boards]
        assert got[:2] == [names[-1], names[-2]] and g.boards[0][1] == 1
        assert len(set(got)) == players  # no board twice
        assert got[2:-2] == names[2:-2]  # the seats given nothing keep what the seed dealt them
        assert _play_out(g, seed).result is not None


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_an_age_three_position_deals_n_plus_two_guilds_with_the_age_cards(players) -> None:
    g = position(classic_ruleset(), players=players, age=3, seed=players)
    seats = len(g.hands)  # the 2-player variant's Free City is a third seat
    in_hands = [c for hand in g.hands for c in hand if c in g.t.classic_guilds]
    assert len(in_hands) == g.t.classic_guilds_drawn == seats + 2
    assert sorted(in_hands + list(g.guild_pool)) == sorted(g.t.classic_guilds)
    assert sum(map(len, g.hands)) == 7 * seats
    _round_trips(g)
    assert _play_out(g).result is not None


def test_a_guild_placed_in_an_age_three_position_counts_among_the_n_plus_two() -> None:
    age_three = position(classic_ruleset(), players=3, age=3, seed=0)
    hand = sorted(age_three.t.ids[c] for c in age_three.t.decks[3])[:6]  # the second turn
    g = position(classic_ruleset(), players=3, age=3, seed=0, buildings={0: ["workers_guild"]},
                 hands={0: hand})
    in_hands = [c for hand in g.hands for c in hand if c in g.t.classic_guilds]
    assert len(in_hands) == g.t.classic_guilds_drawn - 1
    assert g.component("workers_guild") not in in_hands + list(g.guild_pool)


def test_the_two_player_variant_position_starts_with_the_holders_draw() -> None:
    g = position(classic_ruleset(), ["baths"], players=2, free_city_holder=0, hands={1: ["altar"]})
    assert g.free_city_holder == 0 and g.decision == "choose"
    assert [len(h) for h in g.hands] == [2, 1, 0]  # the holder drew the pile's only card
    waiting = position(classic_ruleset(), ["baths"], players=2, auto_chance=False)
    assert waiting.decision == "free_city_draw"
    _play_out(g)


def test_a_classic_hand_given_for_another_age_or_twice_is_refused() -> None:
    with pytest.raises(StateFormatError, match="'baths' appears 2 times"):
        position(classic_ruleset(), ["baths"], players=3, buildings={1: ["baths"]})
    with pytest.raises(StateFormatError, match="a board is dealt twice"):
        position(classic_ruleset(), players=3, boards=[("gizah", "a"), ("gizah", "b"), None])
    with pytest.raises(StateFormatError, match="'caravansery' is a card of Age 2, which has not started"):
        position(classic_ruleset(), ["caravansery"], players=3)  # an Age II card in Age I


@pytest.mark.parametrize("options, message", [
    ({"pawn": 2}, r"no mechanic of classic reads pawn \(the mechanics' options: boards, "
                  r"conflict_tokens, free_used, hands, stages\)"),
    ({"hands": {0: ["baths"], 1: ["altar", "loom"]}}, "every hand holds as many cards, not 1 and 2"),
    ({"hands": [["baths"]]}, r"hands: one entry per seat \(3\), or a mapping"),
    ({"coins": {5: 3}}, r"coins: no seat 5 \(seats are 0 to 2\)"),
    ({"hands": {0: []}}, "a turn needs a card in every hand"),
    ({"age": 4}, "age: an Age from 1 to 3, not 4"),
    ({"player": 3}, "player: a seat from 0 to 2, not 3"),
    ({"boards": {0: "gizah"}}, r"boards\[0\]: \(board id, side\)"),
])
def test_bad_classic_input_gets_a_clear_error(options, message) -> None:
    with pytest.raises(ValueError, match=message):
        position(classic_ruleset(), players=3, **options)


def test_cards_and_the_same_hand_cannot_both_be_given() -> None:
    with pytest.raises(ValueError, match="the hand of seat 0 is given twice"):
        position(classic_ruleset(), ["baths"], players=3, hands={0: ["altar"]})


# Duel and any game with a structure -------------------------------------------------------

def test_duel_takes_the_core_options_per_seat_as_a_mapping_too() -> None:
    g = position(RULESET, ["baths"], coins={1: 4}, buildings={1: ["stone_pit"]}, pawn=-3)
    assert g.coins == [COINS, 4] and [g.t.ids[c] for c in g.city[1]] == ["stone_pit"]
    assert g.pawn == -3
    assert [seat["loot_lost"] for seat in g.to_json()["players"]] == [[True, False], [False, False]]  # on seat 0's side
    with pytest.raises(ValueError, match="no mechanic of duel reads hands"):
        position(RULESET, hands={0: ["baths"]})
    with pytest.raises(ValueError, match="the cards within reach are given twice"):
        position(RULESET, ["baths"], reachable=["altar"])
    assert _play_out(g).result is not None


def test_the_three_seat_toy_game_builds_positions_from_the_same_parts(trio) -> None:  # noqa: F811
    g = position(trio, player=2, coins=(1, 2, 3))  # the first card of Age I within reach
    assert g.current_player == 2 and g.coins == [1, 2, 3] and len(g.accessible) == 2
    _round_trips(g)
    assert _play_out(g).result is not None


def test_a_mechanic_registered_from_outside_adds_its_part() -> None:
    """A mechanic's part reads its own options (here it writes the discard pile)."""
    def build(draft, thrown=()):
        draft.data["discard"] = list(thrown)
        draft.placed += list(thrown)
    if "test_thrown" not in mechanics._MODULES:
        mechanics.register("test_thrown", type("Thrown", (), {"__slots__": ()}),
                           position=Part({"thrown": ()}, build))
    ruleset = dataclasses.replace(RULESET, mechanics=(*RULESET.mechanics, "test_thrown"))
    g = position(ruleset, ["baths"], thrown=["altar"])
    assert [g.t.ids[c] for c in g.discard] == ["altar"]
    with pytest.raises(ValueError, match="no mechanic of duel reads thrown"):
        position(RULESET, thrown=["altar"])


def test_the_example_of_docs_engine_md_builds_both_games() -> None:
    from pathlib import Path
    import re
    text = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(encoding="utf-8")
    section = text[text.index("### Positions"):]
    scope: dict = {}
    exec(re.search(r"```python\n(.*?)```", section, re.S).group(1), scope)
    duel, classic = scope["duel"], scope["classic"]
    assert duel.current_player == 1 and duel.pawn == 4 and duel.board_tokens == [duel.component("law") - duel.t.token0]
    assert classic.age == 2 and classic.conflict_tokens[2] == [1, -1]


@pytest.mark.parametrize(("age", "waiting"), [(1, 8), (2, 3), (3, 0)])
def test_an_agora_position_keeps_the_later_ages_senators_in_the_box(age, waiting) -> None:
    """Every Agora position was refused: the senators' box kept all 13 senators, a senator
    placed included ("'politician_right_1' is both in structure[18] and in the senators'
    box", "13 senators, but 8 wait once Age 1 is set up")."""
    from wondersmith.engine import load_ruleset
    agora = load_ruleset("agora")
    g = position(agora, ["politician_right_1"], age=age, buildings=(["conspirator_1"], []))
    box = {g.t.ids[c] for c in g.senators_box}
    assert len(box) == waiting and not box & {"politician_right_1", "conspirator_1"}
    _round_trips(g)
    with pytest.raises(ValueError, match="the position places 7 senators; 8 must wait"):
        position(agora, ["politician_right_1"],
                 buildings=(["politician_left_1", "politician_left_2", "politician_middle_1"],
                            ["politician_middle_2", "politician_middle_3", "politician_right_2"]))
