"""Expansions as data (issue 27): a game whose game.yaml says `extends: <game id>`.

The extension is tests/fixtures/games/duel_plus (Duel, one new Wonder, The Colossus changed,
8 starting coins), copied beside a copy of cards/duel in a data repository of its own; the
broken variants of the codes WS113-WS116 and WS335-WS337 are in tests/fixtures/game/.
"""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith import api
from wondersmith.cli import app
from wondersmith.codegen import outputs
from wondersmith.engine import Game, load_ruleset
from wondersmith.ir.loader import load_game, source_files

from conftest import DUEL, FIXTURES

PLUS = FIXTURES / "games" / "duel_plus"
runner = CliRunner()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data repository holding Duel and Duel Plus; the working directory."""
    shutil.copytree(DUEL, tmp_path / "cards" / "duel")
    shutil.copytree(PLUS, tmp_path / "cards" / "duel_plus")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _extension(repo: Path, name: str, game_yaml: str, files: dict[str, str] | None = None
               ) -> Path:
    folder = repo / "cards" / name
    folder.mkdir()
    (folder / "game.yaml").write_text(game_yaml, encoding="utf-8")
    for file, text in (files or {}).items():
        (folder / file).write_text(text, encoding="utf-8")
    return folder


def test_the_resolved_game_is_the_base_with_the_extension_laid_over_it(repo: Path) -> None:
    duel = load_game(repo / "cards" / "duel").game
    loaded = load_game(repo / "cards" / "duel_plus")
    assert loaded.ok, loaded.diagnostics
    plus = loaded.game
    assert (plus.id, plus.name) == ("duel_plus", "Duel Plus")
    # A mapping merges key by key: one coin more, the rest of set-up is Duel's.
    assert plus.rules["setup"]["starting_coins"] == 8
    assert {k: v for k, v in plus.rules["setup"].items() if k != "starting_coins"} == \
        {k: v for k, v in duel.rules["setup"].items() if k != "starting_coins"}
    assert plus.mechanics == duel.mechanics and plus.ages == duel.ages
    assert plus.buildings == duel.buildings and plus.tokens == duel.tokens
    # One Wonder added at the end, The Colossus replaced in its place.
    assert [w.id for w in plus.wonders] == [w.id for w in duel.wonders] + ["the_fan_forum"]
    colossus = {w.id: w for w in plus.wonders}["the_colossus"]
    assert colossus.loc.file.endswith("duel_plus/wonders.yaml") or \
        colossus.loc.file == "cards/duel_plus/wonders.yaml"
    assert colossus.effects != {w.id: w for w in duel.wonders}["the_colossus"].effects
    # The directives are the extension's, not the game's.
    assert "extends" not in plus.rules and "replaces" not in plus.rules


def test_each_component_keeps_the_place_it_was_written(repo: Path) -> None:
    plus = load_game(repo / "cards" / "duel_plus").game
    by_id = {c.id: c for c in (*plus.buildings, *plus.wonders)}
    assert by_id["lumber_yard"].loc.file == "cards/duel/age1.yaml"
    assert by_id["the_fan_forum"].loc.file == "cards/duel_plus/wonders.yaml"
    assert plus.loc.file == "cards/duel_plus/game.yaml"


def test_a_base_files_error_is_reported_once_at_its_own_place(repo: Path) -> None:
    age1 = repo / "cards" / "duel" / "age1.yaml"
    age1.write_text(age1.read_text(encoding="utf-8").replace(
        "effects: [produce: {wood: 1}]", "effects: [produce: {wod: 1}]", 1), encoding="utf-8")
    alone = load_game(repo / "cards" / "duel").diagnostics
    assert alone and {d.file for d in alone} == {"cards/duel/age1.yaml"}
    assert api.validate_paths(["cards"]) == alone
    # The extension alone shows them too, once each, at the base's place; and does not load.
    loaded = load_game(repo / "cards" / "duel_plus")
    assert loaded.diagnostics == alone and not loaded.ok
    result = runner.invoke(app, ["validate", "cards"])
    assert result.exit_code == 1
    assert result.stdout.count("age1.yaml:") == len(alone), result.stdout


def test_an_extension_error_points_into_the_extension(repo: Path) -> None:
    game = repo / "cards" / "duel_plus" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "starting_coins: 8", "starting_coins: many"), encoding="utf-8")
    (d,) = load_game(repo / "cards" / "duel_plus").diagnostics
    assert (d.file, d.code) == ("cards/duel_plus/game.yaml", "WS204")
    assert game.read_text(encoding="utf-8").splitlines()[d.line - 1].strip() == \
        "starting_coins: many"


def test_an_error_of_the_combination_in_a_base_file_is_reported_there(repo: Path) -> None:
    """The extension drops a colour Duel's cards use: the cards are the base's, so the
    diagnostic is at the base's card; the colours' list is the extension's."""
    game = repo / "cards" / "duel_plus" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8")
                    + "colors: [brown, grey, blue, green, yellow, red]\n", encoding="utf-8")
    found = load_game(repo / "cards" / "duel_plus").diagnostics
    assert found and {d.file for d in found} <= {"cards/duel/guilds.yaml",
                                                 "cards/duel_plus/game.yaml"}, found
    assert any(d.file == "cards/duel/guilds.yaml" for d in found)


def test_added_mechanics_come_after_the_base_ones(repo: Path) -> None:
    folder = _extension(repo, "duel_senate", "format: 3\nid: duel_senate\nname: Duel Senate\n"
                        "extends: duel\nadded_mechanics: [wonder_boards]\n")
    loaded = load_game(folder)
    duel = load_game(repo / "cards" / "duel").game
    doc = loaded.document
    assert doc.data["mechanics"] == [*duel.mechanics, "wonder_boards"]
    # The added name is where the extension wrote it.
    n = len(duel.mechanics)
    assert doc.origin(("mechanics", n)) == "cards/duel_senate/game.yaml"
    assert doc.origin(("mechanics", 0)) == "cards/duel/game.yaml"


def test_a_mechanic_added_twice_is_reported_in_the_extension(repo: Path) -> None:
    folder = _extension(repo, "twice", "format: 3\nid: twice\nname: Twice\n"
                        "extends: duel\nadded_mechanics: [wonder_draft]\n")
    (d,) = load_game(folder).diagnostics
    assert (d.file, d.line, d.column, d.code) == ("cards/twice/game.yaml", 5, 19, "WS338")


def test_a_chain_of_extensions_resolves_each_in_turn(repo: Path) -> None:
    folder = _extension(repo, "duel_plus_plus", "format: 3\nid: duel_plus_plus\n"
                        "name: Duel Plus Plus\nextends: duel_plus\nsetup: {board_tokens: 4}\n")
    loaded = load_game(folder)
    assert loaded.ok, loaded.diagnostics
    game = loaded.game
    # Duel Plus's coins, its own tokens, Duel's rest; Duel Plus's `replaces:` is not its own.
    assert (game.rules["setup"]["starting_coins"], game.rules["setup"]["board_tokens"]) == (8, 4)
    assert "the_fan_forum" in {w.id for w in game.wonders}
    assert set(source_files(folder)) >= {"base/duel/game.yaml", "base/duel_plus/game.yaml",
                                         "base/duel_plus/wonders.yaml", "game/game.yaml"}


def test_a_cycle_of_two_games_is_an_error_in_each(repo: Path) -> None:
    _extension(repo, "ping", "format: 3\nid: ping\nname: Ping\nextends: pong\n")
    _extension(repo, "pong", "format: 3\nid: pong\nname: Pong\nextends: ping\n")
    found = api.validate_paths(["cards/ping", "cards/pong"])
    assert {(d.file, d.code) for d in found} == {("cards/ping/game.yaml", "WS114"),
                                                 ("cards/pong/game.yaml", "WS114")}
    assert any("ping → pong → ping" in d.message for d in found)


def test_validate_and_the_source_hash_see_the_base(repo: Path) -> None:
    result = runner.invoke(app, ["validate", "cards"])
    assert result.exit_code == 0, result.output
    before = load_game(repo / "cards" / "duel_plus").game.source_hash
    inputs = outputs.compile_inputs(repo / "cards" / "duel_plus")
    age1 = repo / "cards" / "duel" / "age1.yaml"
    age1.write_text(age1.read_text(encoding="utf-8") + "# an edit of the base\n",
                    encoding="utf-8")
    assert load_game(repo / "cards" / "duel_plus").game.source_hash != before
    assert outputs.compile_inputs(repo / "cards" / "duel_plus") != inputs


def test_compile_check_finds_the_extension_stale_after_a_base_edit(repo: Path) -> None:
    assert runner.invoke(app, ["compile"]).exit_code == 0
    assert (repo / "generated" / "duel_plus" / "wonders.py").is_file()
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0
    age1 = repo / "cards" / "duel" / "age1.yaml"
    age1.write_text(age1.read_text(encoding="utf-8") + "# an edit of the base\n",
                    encoding="utf-8")
    stale = runner.invoke(app, ["compile", "--check"])
    assert stale.exit_code == 1 and "generated/duel_plus" in stale.output


def test_the_compiled_extension_plays_to_the_end(repo: Path) -> None:
    result = outputs.expected(repo / "cards", repo / "generated")
    assert result.ok, (result.errors, result.diagnostics)
    outputs.write(result, repo / "generated")
    ruleset = load_ruleset("duel_plus", path=repo / "generated")
    assert "the_fan_forum" in {w.id for w in ruleset.wonders}
    assert [p["coins"] for p in Game(ruleset, seed=0).to_json()["players"]] == [8, 8]
    for seed in range(3):
        game, rng = Game(ruleset, seed=seed), random.Random(seed)
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        assert game.to_json()["result"]


def test_play_and_simulate_by_id_in_the_data_repository(repo: Path) -> None:
    found = api.find_ruleset("duel_plus")
    assert found.game == "duel_plus" and found.ruleset.source_hash == \
        load_game(repo / "cards" / "duel_plus").game.source_hash
    simulated = runner.invoke(app, ["simulate", "duel_plus", "-n", "4", "--seed", "1"])
    assert simulated.exit_code == 0, simulated.output
