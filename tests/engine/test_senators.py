"""Senators (mechanic `senate`, `senate.senators`, senate/senators.py) on the toy Agora game
given four senators, two shuffled into each of its two Ages (agora-rulings 2 and 9 at the
toy's scale; tests/engine/test_agora_rulings.py plays Agora's own numbers)."""
from __future__ import annotations

import random
import shutil

import pytest

from wondersmith.codegen import outputs
from wondersmith.engine import Game, StateFormatError, load_ruleset
from wondersmith.engine.mechanics.senate import senators
from wondersmith.ir.loader import load_game

from test_senate_steps import TOY

SENATORS = """\
# yaml-language-server: $schema=../../../../schema/cards.schema.json
age: 1
buildings:
  - {id: senator_left, name: Senator of the Left, color: senator,
     effects: [influence: {section: left}]}
  - {id: senator_right, name: Senator of the Right, color: senator,
     effects: [influence: {section: right}]}
  - {id: plotter_one, name: First Plotter, color: senator,
     effects: [one_of: [{place_influence: {section: any}}, coins: 2]]}
  - {id: plotter_two, name: Second Plotter, color: senator,
     effects: [one_of: [{place_influence: {section: any}}, coins: 2]]}
"""


@pytest.fixture(scope="module")
def with_senators(tmp_path_factory):
    root = tmp_path_factory.mktemp("games")
    folder = root / "agora_toy"
    shutil.copytree(TOY, folder)
    game = (folder / "game.yaml").read_text(encoding="utf-8")
    for old, new in (
            ("colors: [brown, grey, blue, yellow, red, purple]",
             "colors: [brown, grey, blue, yellow, red, purple, senator]"),
            ("  supremacy: 3\n  actions:", "  supremacy: 3\n  senators: {color: senator, "
                                            "per_age: [2, 2]}\n  actions:"),
            ("      - columns: [1, 3, 5, 7]\n", "      - columns: [1, 3, 5, 7]\n"
                                                "      - columns: [2, 6]\n"),
            ("      - columns: [1, 3, 5]", "      - columns: [1, 3, 5]\n      - columns: [2, 4]")):
        assert old in game
        game = game.replace(old, new, 1)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "senators.yaml").write_text(SENATORS, encoding="utf-8")
    loaded = load_game(folder)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    result = outputs.expected(root, root / "generated", [folder])
    assert not result.errors, result.errors
    outputs.write(result, root / "generated")
    return load_ruleset("agora_toy", path=root / "generated")


def _ids(g: Game, cards) -> set[str]:
    return {g.t.ids[c] for c in cards}


def _play(g: Game) -> None:
    """To the first turn of the game (the Wonders drafted, Age I laid out)."""
    while g.decision != "play":
        g.apply(g.legal_actions()[0])


def test_senators_are_shuffled_in_after_the_cards_left_out(with_senators) -> None:
    g = Game(with_senators, seed=4)
    t = g.t
    names = _ids(g, t.senators)
    assert names == {"senator_left", "senator_right", "plotter_one", "plotter_two"}
    assert not names & _ids(g, t.age_decks[1]) and not names & _ids(g, t.age_decks[2])
    _play(g)
    in_age = names & _ids(g, [c for c in g.slot_card if c >= 0] + g.pool)
    assert len(in_age) == 2 and len(g.senators_box) == 2
    assert not names & _ids(g, g.left_out[0])  # the cards left out are the Age's own
    assert len(g.slot_card) == 11  # 10 cards, 1 left out, 2 senators


def test_the_senators_box_is_hidden_and_checked(with_senators) -> None:
    g = Game(with_senators, seed=4)
    _play(g)
    data = g.to_json()
    assert Game.from_json(with_senators, data).to_json() == data
    assert g.observation(0)["mechanics"]["senate"]["senators_box"] == 2
    data["mechanics"]["senate"]["senators_box"] = data["mechanics"]["senate"]["senators_box"][:1]
    with pytest.raises(StateFormatError, match="1 senators, but 2 wait"):
        Game.from_json(with_senators, data)
    data["mechanics"]["senate"]["senators_box"] = ["shrine", "plotter_one"]
    with pytest.raises(StateFormatError, match="'shrine' is not a senator"):
        Game.from_json(with_senators, data)


def test_a_senator_costs_a_coin_per_senator_owned_and_no_trade(with_senators) -> None:
    """Ruling 9: no resource is bought, so nothing of it is trade (no Economy income)."""
    g = Game(with_senators, seed=4)
    _play(g)
    t, p = g.t, g.current_player
    one, two = sorted(t.senators)[:2]
    assert g.build_cost(p, one) == 0
    data = g.to_json()
    # A senator of the box moved into the city: the box holds one fewer than it should, so
    # the other senator of the box is what is checked; the city's is what is counted.
    box = data["mechanics"]["senate"]["senators_box"]
    data["players"][p]["buildings"].append(box.pop())
    data["mechanics"]["senate"]["senators_box"] = box
    with pytest.raises(StateFormatError, match="senators_box"):
        Game.from_json(with_senators, data)
    g.color_count[p][t.senator_color] += 1  # the count a senator built leaves
    g._reset_costs(p)
    assert senators.owned(g, p) == 1 and g.build_cost(p, one) == 1
    pay = g.payment(p, one)
    assert (pay.total, pay.coin_cost, pay.trade) == (1, 1, 0)


def test_random_games_deal_every_senator_and_build_them_at_their_price(with_senators):
    rng = random.Random(7)
    built_senators = 0
    for seed in range(40):
        g = Game(with_senators, seed=seed)
        t = g.t
        while not g.is_terminal:
            if g.decision == "play":
                p = g.current_player
                owned = senators.owned(g, p)
                for c in t.senators:
                    if c in g.reach:
                        assert g.build_cost(p, c) == owned
            if g.age == 2 and g.decision == "play":
                assert g.senators_box == []
            legal = g.legal_actions()
            action = g.sample_chance() if g.is_chance_node else rng.choice(legal)
            if g.decision == "play" and action < t.DISCARD and action in t.senators:
                coins = g.coins[g.current_player]
                p = g.current_player
                owned = senators.owned(g, p)
                g.apply(action)
                built_senators += 1
                assert g.coins[p] <= coins - owned or g.decision == "effect_choice"
                continue
            g.apply(action)
        if rng.random() < 0.2:
            data = g.to_json()
            assert Game.from_json(with_senators, data).to_json() == data
    assert built_senators > 10
