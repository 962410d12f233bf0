"""game.yaml for a circle of cities (7 Wonders): its keys, the keys each mechanic requires,
copies by player count, and what the compiler makes of them.

The game is tests/fixtures/games/circle, a small 7 Wonders game; the broken variants of it
that give each WS32x code are in tests/fixtures/game/ (tests/test_validate_codes.py).
"""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from wondersmith.codegen import python as codegen
from wondersmith.dsl import vocabulary as v
from wondersmith.ir.loader import load, load_game
from wondersmith.engine.mechanics import conflicts, science_sets
from wondersmith.ir.rules import CORE, guilds_at
from wondersmith.render.i18n import Translator as Catalog
from wondersmith.render import phrases

from conftest import DUEL, FIXTURES

CLASSIC = DUEL.parent / "classic"

CIRCLE = FIXTURES / "games" / "circle"


@pytest.fixture
def circle_copy(tmp_path: Path) -> Path:
    target = tmp_path / "cards" / "circle"
    shutil.copytree(CIRCLE, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _codes(folder: Path) -> list[tuple[str, str]]:
    return [(d.code, d.message + " | " + d.hint) for d in load_game(folder).diagnostics]


def test_the_circle_keys_reach_the_ir() -> None:
    game = load(CIRCLE)
    assert (game.players, game.players_max, list(game.player_counts)) == (3, 4, [3, 4])
    assert [(a.age, a.cards) for a in game.ages] == [(1, 0), (2, 0)]
    assert game.rules["ages"] == ({"age": 1, "printed": 4, "hand": 1, "pass": "left"},
                                  {"age": 2, "printed": 8, "hand": 2, "pass": "right"})
    setup = game.rules["setup"]
    assert setup["boards"] == {"count": 4, "deal": "random", "side": "random"}
    assert (setup["guilds"]["count"], setup["guilds"]["printed"]) == ({"players_plus": 0}, 4)
    assert [guilds_at(game.rules, n) for n in (3, 4)] == [3, 4]
    assert game.rules["turn"] == {"simultaneous": True, "per_age": 1}
    assert game.config("hand_draft").turns == 1
    trade = game.config("neighbour_trade")
    assert (game.rules["trade"]["from"], trade.sellable, trade.income_spendable) == (
        "neighbours", ("brown", "grey", "board"), "next_turn")
    assert game.config("conflicts") == conflicts.Config((1, 3), -1, "end_of_age")
    assert game.config("science_sets") == science_sets.Config("squared", 3, 7, "chosen_at_end")
    assert game.config(CORE).tie_break == "coins" and "two_player_variant" not in game.rules
    # Duel's keys: absent from the record, and from the cards' layout
    assert not game.structures and "military" not in game.rules


def test_a_whole_number_of_players_still_means_exactly_that_many() -> None:
    game = load(DUEL)
    assert (game.players, game.players_max, list(game.player_counts)) == (2, 0, [2])
    assert guilds_at(game.rules, 2) == game.config("card_structure").guilds_drawn == 3
    assert all(b.copies == () and b.copies_at(2) == 1 for b in game.buildings)


def test_copies_are_counted_by_player_count() -> None:
    game = load(CIRCLE)
    lumber_yard = next(b for b in game.buildings if b.id == "lumber_yard")
    assert lumber_yard.copies == (3, 4)
    assert [lumber_yard.copies_at(n) for n in (2, 3, 4, 7)] == [0, 1, 2, 2]


def test_the_two_player_variant_is_read(circle_copy: Path) -> None:
    with (circle_copy / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("two_player_variant:\n  players: 2\n  deck_players: 3\n"
                "  cards: [border, free_city]\n  free_city_last_card: discarded\n")
    variant = load(circle_copy).rules["two_player_variant"]
    assert (variant["players"], variant["deck_players"]) == (2, 3)
    assert variant == {"players": 2, "deck_players": 3, "cards": ("border", "free_city"),
                       "free_city_last_card": "discarded"}


def test_a_key_is_required_by_the_mechanic_that_reads_it(circle_copy: Path) -> None:
    _edit(circle_copy / "game.yaml", "turn:\n  simultaneous: true\n  per_age: 1\n", "")
    _edit(circle_copy / "game.yaml", "{age: 1, printed: 4, hand: 1, pass: left}",
          "{age: 1, printed: 4, hand: 1}")
    codes = _codes(circle_copy)
    assert ("WS203", "missing required key 'turn' | add `turn:` here (read by mechanic "
                     "'hand_draft')") in codes
    assert ("WS203", "missing required key 'pass' | add `pass:` here (read by mechanic "
                     "'hand_draft')") in codes


def test_duel_keys_are_required_only_with_their_mechanic(duel_copy: Path,
                                                         circle_copy: Path) -> None:
    _edit(duel_copy / "game.yaml", "max_wonders_built: 7\n", "")
    assert ("WS203", "missing required key 'max_wonders_built' | add `max_wonders_built:` "
                     "here (read by mechanic 'wonder_limit')") in _codes(duel_copy)
    # The circle game has none of Duel's keys; listing a mechanic asks for its own.
    _edit(circle_copy / "game.yaml", "wonder_boards]", "wonder_boards, wonder_limit]")
    assert [c for c, _ in _codes(circle_copy)] == ["WS203"]


def test_duel_checks_do_not_run_on_a_circle(circle_copy: Path) -> None:
    """No structures (WS312), no cards-per-symbol (WS310) in a game without those mechanics;
    and a chain symbol may be given by two cards and used by two (WS303, WS306: Duel only)."""
    _edit(circle_copy / "age2.yaml", "effects: [points: 3]", "effects: [science: compass]")
    game = load(circle_copy)
    assert sorted(b.id for b in game.buildings if b.chain_from == "market") == ["forum",
                                                                                 "temple"]
    assert sorted(b.id for b in game.buildings if b.chain_gives == "market") == ["altar",
                                                                                 "stone_pit"]


def test_build_from_discard_is_bare_at_once_or_at_the_end_of_the_turn() -> None:
    bare = v.parse_effect("build_from_discard")
    later = v.parse_effect({"build_from_discard": {"when": "end_of_turn"}})
    assert bare.when == "at_once" and bare.data() == "build_from_discard"
    assert bare.value() is None  # the export of Duel is unchanged
    assert later.data() == {"build_from_discard": {"when": "end_of_turn"}}
    assert v.parse_effect(later.data()) == later
    assert phrases.effect_text(Catalog("fr"), later).startswith("À la fin du tour")


def test_defeat_tokens_are_counted_in_words() -> None:
    effect = v.parse_effect({"points": {"per": "defeat_tokens", "in": "neighbours"}})
    assert "defeat token" in effect.describe()
    assert "jeton Défaite" in phrases.effect_text(Catalog("fr"), effect)


@pytest.mark.parametrize("data, attrs, lines", [
    ({"points": {"per": "defeat_tokens", "in": "neighbours"}}, {},
     ["sum(game.count_defeats(other) for other in game.neighbours(player))"]),
    ({"points": {"per": "wonders"}}, {}, ["game.count_wonders(player)"]),
    ({"build_from_discard": {"when": "end_of_turn"}}, {},
     ["game.build_from_discard(player, when='end_of_turn')"]),
    ("build_from_discard", {}, ["game.build_from_discard(player)"]),
    ({"free_build": {"once_per": "age"}}, {"free_build_per_age": True}, []),
    ({"copy_guild": {"from": "neighbours"}}, {"copy_guild": "neighbours"}, []),
    ({"science_choice": ["compass", "gear"]}, {"science_choice": ("compass", "gear")}, []),
    ("play_seventh_card", {"play_seventh_card": True}, []),
])
def test_the_classic_verbs_compile_to_the_runtime_contract(data, attrs: dict,
                                                           lines: list[str]) -> None:
    compiler = codegen._Compiler(load(CIRCLE))
    writer = codegen._ClassWriter(compiler, compiler.game.buildings[0], {})
    v.parse_effect(data).compile(writer)
    assert writer.attrs == attrs
    assert writer.on_build_lines + writer.end_point_terms == lines


@pytest.mark.parametrize("source, prices", [
    ("left", ((0, 1, "left"), (1, 1, "left"))),
    ("right", ((0, 1, "right"), (1, 1, "right"))),
    ("neighbours", ((0, 1, "left"), (1, 1, "left"), (0, 1, "right"), (1, 1, "right"))),
])
def test_trade_prices_in_a_circle_are_paid_to_a_neighbour(source: str, prices: tuple) -> None:
    compiler = codegen._Compiler(load(CIRCLE))
    writer = codegen._ClassWriter(compiler, compiler.game.buildings[0], {})
    v.parse_effect({"trade_price": {"resources": ["wood", "stone"], "price": 1,
                                    "from": source}}).compile(writer)
    assert writer.collected() == {"neighbour_prices": prices}


def test_a_duel_trade_price_is_the_bank_price_and_names_no_side() -> None:
    compiler = codegen._Compiler(load(DUEL))
    writer = codegen._ClassWriter(compiler, compiler.game.buildings[0], {})
    v.parse_effect({"trade_price": {"resources": ["wood"], "price": 1}}).compile(writer)
    assert writer.collected() == {"trade_prices": ((0, 1),)}
    with pytest.raises(codegen.CompileError, match="mean nothing in a two-player game"):
        v.parse_effect({"trade_price": {"resources": ["wood"], "price": 1,
                                        "from": "left"}}).compile(writer)


def _compiled_circle(tmp_path: Path):
    """The circle fixture compiled and imported: its RULESET."""
    files = codegen.generate(load(CIRCLE), "cards/circle")
    assert set(files) == {"__init__.py", "buildings.py", "boards.py"}  # no empty modules
    namespace: dict = {}
    package = tmp_path / "circle_pkg"
    package.mkdir()
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    (package / "ruleset.json").write_text('{"source_hash": "x"}', encoding="utf-8")
    import importlib.util
    import sys
    spec = importlib.util.spec_from_file_location("circle_pkg", package / "__init__.py",
                                                  submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["circle_pkg"] = module
    try:
        spec.loader.exec_module(module)
        namespace = vars(module)
    finally:
        del sys.modules["circle_pkg"]
    return namespace["RULESET"]


def test_a_circle_game_compiles_to_boards_with_stage_classes(tmp_path: Path) -> None:
    ruleset = _compiled_circle(tmp_path)
    olympia = ruleset.by_id["olympia"]
    assert olympia.kind == "board" and olympia.produces == (1, 0, 0)
    (side_a, stages_a), (side_b, stages_b) = olympia.sides
    assert (side_a, side_b) == ("a", "b") and len(stages_a) == 2 and len(stages_b) == 1
    second = stages_a[1]
    assert (second.id, second.name, second.kind, second.board, second.side, second.stage) == \
        ("olympia_a_2", "Olympia", "stage", "olympia", "a", 2)
    assert second.free_build_per_age and second.cost == (0, 2, 0)
    assert ruleset.by_id["olympia_b_1"].copy_guild == "neighbours"
    assert ruleset.player_counts == (3, 4) and ruleset.players == 3
    assert [b.id for b in ruleset.boards] == [b.id for b in load(CIRCLE).boards]
    assert ruleset.wonders == () and "olympia_a_1" not in [w.id for w in ruleset.wonders]
    assert tuple(ruleset.rules) == ("ages", "setup", "turn", "trade", "discard", "conflicts",
                                    "science", "scoring")
    assert ruleset.rules["ages"][1] == {"age": 2, "printed": 8, "hand": 2, "pass": "right"}
    assert ruleset.rules["setup"]["guilds"]["count"] == {"players_plus": 0}


def test_a_circle_game_without_green_cards_plays_to_the_end_and_scores_science_apart(
        tmp_path: Path) -> None:
    """The fixture has no colour carrying science symbols: science VP (here from wildcards
    only, so 0) are their own category instead of a "green" the game does not have."""
    import random

    from wondersmith.engine import Game
    ruleset = _compiled_circle(tmp_path)
    assert "green" not in ruleset.colors
    for players in ruleset.player_counts:
        game, rng = Game(ruleset, seed=players, players=players), random.Random(players)
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        for scores in game.result.scores:
            assert "science" in scores and "green" not in scores
            assert scores["total"] == sum(v for k, v in scores.items() if k != "total")


def test_a_stage_id_that_is_also_a_card_id_is_refused(circle_copy: Path) -> None:
    game = load(circle_copy)
    clash = dataclasses.replace(game.buildings[0], id="olympia_a_1")
    game = dataclasses.replace(game, buildings=(clash, *game.buildings[1:]))
    with pytest.raises(codegen.CompileError, match="class name OlympiaA1 is also made from"):
        codegen.generate(game, "cards/circle")


@pytest.mark.parametrize("old, new, code, message", [
    ("sellable: [brown, grey, board]", "sellable: [brown, green, board]", "WS302",
     "colour 'green' is not declared in game.yaml"),
    ("boards: {count: 4,", "boards: {count: 3,", "WS314",
     "3 boards in the box, but the game has 4"),
    ("max: 4}", "max: 5}", "WS314",
     "5 players need a board each, but the game has 4"),
])
def test_game_yaml_names_what_exists(circle_copy: Path, old: str, new: str, code: str,
                                     message: str) -> None:
    _edit(circle_copy / "game.yaml", old, new)
    assert code in [c for c, m in _codes(circle_copy) if m.startswith(message)]


def test_the_variant_plays_a_deck_of_a_seated_count(circle_copy: Path) -> None:
    with (circle_copy / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("two_player_variant: {players: 2, deck_players: 5}\n")
    assert ("WS324", "the variant plays the deck of 5 players; the game seats 3 to 4 | "
                     "write a count from 3 to 4") in _codes(circle_copy)


def test_opponent_seating_refuses_a_range_of_players(duel_copy: Path) -> None:
    _edit(duel_copy / "game.yaml", "players: 2\n", "players: {min: 2, max: 3}\n")
    assert ("WS320", "`seating: opponent` seats exactly two players; this game has 2 to 3 | "
                     "write `seating: circle`, or `players: 2`") in _codes(duel_copy)


def test_export_writes_copies_boards_and_stages(circle_copy: Path) -> None:
    import json

    from typer.testing import CliRunner

    from wondersmith.cli import app

    result = CliRunner().invoke(app, ["export", "circle", "--cards",
                                      str(circle_copy.parent)])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["ages"][0] == {"age": 1, "printed": 4, "hand": 1, "pass": "left"}
    assert all(b["copies"] for b in doc["buildings"] if b["color"] != "purple")
    olympia = doc["boards"][0]
    assert olympia["produces"] == {"wood": 1} and list(olympia["sides"]) == ["a", "b"]
    assert olympia["sides"]["a"][1] == {"id": "olympia_a_2", "stage": 2, "cost": {"stone": 2},
                                        "effects": [{"verb": "free_build",
                                                     "timing": "ongoing",
                                                     "value": {"once_per": "age"}}]}


def test_the_counting_checks_wait_for_every_file(circle_copy: Path) -> None:
    """Without age2.yaml's cards, Age 2's hands, the printed counts and the chains would all
    misfire: only the schema error is reported."""
    _edit(circle_copy / "age2.yaml", "  - id: statue\n", "  - id: statue\n    colour: red\n")
    assert [c for c, _ in _codes(circle_copy)] == ["WS201"]


def test_hand_draft_plays_without_wonder_boards(tmp_path: Path) -> None:
    """hand_draft reads no state of wonder_boards: classic without its Wonder boards validates
    (no WS320 asking for them) and plays to the end, its seats building and discarding only."""
    import random

    from wondersmith.codegen import outputs
    from wondersmith.engine import Game, load_ruleset
    from wondersmith.engine.observation import vector_size

    folder = tmp_path / "cards" / "classic"
    shutil.copytree(CLASSIC, folder, ignore=shutil.ignore_patterns("locales"))
    _edit(folder / "game.yaml", ", wonder_boards]", "]")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text("\n".join(
        line for line in text.splitlines() if not line.startswith("  boards:")) + "\n",
        encoding="utf-8")
    (folder / "wonders.yaml").unlink()
    assert _codes(folder) == []
    result = outputs.expected(folder.parent, tmp_path / "out", [folder])
    assert not result.errors and result.games == ["classic"]
    outputs.write(result, tmp_path / "out")
    ruleset = load_ruleset("classic", path=tmp_path / "out")
    rng = random.Random(4)
    for players in (3, 5):
        game = Game(ruleset, seed=players, players=players)
        assert "wonder_boards" not in type(game).MECHANICS
        while not game.is_terminal:
            seats = game.choosing()
            legal = {s: game.legal_actions_for(s) for s in seats}
            assert not [a for s in seats for a in legal[s]
                        if game.action_to_text(a, s).startswith("stage ")]
            for s in seats:  # what a seat sees needs no board either
                assert len(game.observation_vector(s)) == vector_size(game)
                assert game.observation(s)["mechanics"]["hand_draft"]["hands"][s]
            game.apply_joint({s: rng.choice(legal[s]) for s in seats})
        assert len(game.result.scores) == players
