"""Expansions as data (issue 27): a game whose game.yaml says `extends: <game id>`.

The extension is tests/fixtures/games/duel_plus (Duel, one new Wonder, The Colossus changed,
8 starting coins), copied beside a copy of cards/duel in a data repository of its own; the
broken variants of the codes WS113-WS116 and WS335-WS337 are in tests/fixtures/game/.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import shutil
from pathlib import Path

import pytest
import yaml
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


# --- export, diff, fmt ------------------------------------------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_export_gives_the_whole_resolved_game(repo: Path) -> None:
    result = runner.invoke(app, ["export", "duel_plus"])
    assert result.exit_code == 0, result.output
    exported = json.loads(result.stdout)
    duel = json.loads(runner.invoke(app, ["export", "duel"]).stdout)
    assert exported["game"]["id"] == "duel_plus" and exported["setup"]["starting_coins"] == 8
    assert len(exported["buildings"]) == len(duel["buildings"])
    assert {w["id"] for w in exported["wonders"]} == {w["id"] for w in duel["wonders"]} | \
        {"the_fan_forum"}
    assert not {"extends", "replaces", "added_mechanics"} & set(exported)


def test_diff_shows_a_change_of_the_base_in_the_extension(repo: Path, tmp_path: Path) -> None:
    old = tmp_path / "old"
    shutil.copytree(repo / "cards", old)
    _edit(repo / "cards" / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coins: 5]")
    _edit(repo / "cards" / "duel" / "locales" / "fr.yaml", "tavern: Taverne",
          "tavern: Auberge")
    result = runner.invoke(app, ["diff", str(old), "cards"])
    assert result.exit_code == 1, result.output
    sections = result.stdout.split("duel_plus:\n")
    assert len(sections) == 2
    for section in sections:  # the same change, in Duel and in Duel Plus
        assert "changed building tavern (Tavern)" in section
        assert "locale fr" in section and "Auberge" in section


def test_diff_of_one_extension_at_a_revision_reads_its_base_there(repo: Path) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)

    git("init", "-q", "-b", "main")
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", "cards")
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "data")
    _edit(repo / "cards" / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coins: 5]")
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "tavern")
    result = runner.invoke(app, ["diff", "HEAD~1", "HEAD", "--data", "cards/duel_plus"])
    assert result.exit_code == 1, result.output
    assert result.stdout.startswith("duel_plus:\n")
    assert "changed building tavern (Tavern)" in result.stdout


def test_fmt_formats_only_the_folder_it_is_given(repo: Path) -> None:
    base = repo / "cards" / "duel" / "age1.yaml"
    _edit(base, "effects: [coins: 4]", "effects:   [coins: 4]")  # not canonical
    ext = repo / "cards" / "duel_plus" / "wonders.yaml"
    _edit(ext, "effects:\n      - coins: 4\n      - points: 2",
          "effects: [{coins: 4}, {points: 2}]")
    before = base.read_bytes()
    result = runner.invoke(app, ["fmt", "cards/duel_plus"])
    assert result.exit_code == 0, result.output
    assert "reformatted cards/duel_plus/wonders.yaml" in result.stdout
    assert "cards/duel/" not in result.output and base.read_bytes() == before
    assert runner.invoke(app, ["fmt", "--check", "cards/duel_plus"]).exit_code == 0


# --- locales ----------------------------------------------------------------------------------


def test_an_extensions_locale_adds_to_its_bases(repo: Path) -> None:
    from wondersmith.validate import locales

    folder = repo / "cards" / "duel_plus"
    own = folder / "locales" / "fr.yaml"  # the fixture's: the new Wonder's name only
    names = locales.load_names(folder, "fr")
    assert names["the_fan_forum"] == "Le Forum des fans"
    assert names["lumber_yard"] == locales.load_names(repo / "cards" / "duel", "fr")["lumber_yard"]
    # Nothing is missing: the base's names are the base's file's to give.
    assert locales.check_names(folder, load_game(folder).game) == []
    own.write_text("language: fr\nnames: {}\n", encoding="utf-8")
    (d,) = locales.check_names(folder, load_game(folder).game)
    # The extension's own components only: the new Wonder (the Colossus keeps Duel's name).
    assert d.code == "WS401" and "1 of 2 names" in d.message and "the_fan_forum" in d.message
    # A name alike a base component's, in this language, is the extension's clash.
    own.write_text("language: fr\nnames:\n  the_fan_forum: Chantier\n", encoding="utf-8")
    (d,) = locales.check_names(folder, load_game(folder).game)
    assert d.code == "WS405" and d.file == "cards/duel_plus/locales/fr.yaml"


def test_the_sheets_inputs_cover_the_bases_names(repo: Path) -> None:
    from wondersmith.validate.locales import names_files

    files = names_files(repo / "cards" / "duel_plus", "fr")
    assert files == {"base/duel/names": repo / "cards" / "duel" / "locales" / "fr.yaml",
                     "game/names": repo / "cards" / "duel_plus" / "locales" / "fr.yaml"}


def test_build_renders_the_extended_game(repo: Path) -> None:
    from wondersmith.build import run_build

    report = run_build(Path("cards"), langs=("fr",), formats=("html",))
    assert report.ok, report.diagnostics
    sheet = (repo / "generated" / "sheets" / "duel_plus-fr-a4.html").read_text(encoding="utf-8")
    rules = (repo / "docs" / "rules" / "duel_plus-fr.md").read_text(encoding="utf-8")
    for text in (sheet, rules):
        assert "Le Forum des fans" in text  # the extension's own name
        assert "Chantier" in text  # Duel's Lumber Yard, by Duel's French name
    # A base's translation edited: the extension's sheet is out of date, and rebuilt.
    _edit(repo / "cards" / "duel" / "locales" / "fr.yaml", "lumber_yard: Chantier",
          "lumber_yard: Chantier naval")
    again = run_build(Path("cards"), langs=("fr",), formats=("html",))
    assert Path("generated/sheets/duel_plus-fr-a4.html") in again.written
    assert "Chantier naval" in (repo / "generated" / "sheets" / "duel_plus-fr-a4.html"
                                ).read_text(encoding="utf-8")


# --- new --------------------------------------------------------------------------------------


def test_new_adds_a_component_to_the_extensions_folder(repo: Path) -> None:
    base_before = {p: p.read_bytes() for p in (repo / "cards" / "duel").rglob("*.yaml")}
    wonder = runner.invoke(app, ["new", "wonder", "the_second_forum", "--game", "duel_plus"])
    assert wonder.exit_code == 0, wonder.output
    assert "the_second_forum" in (repo / "cards" / "duel_plus" / "wonders.yaml").read_text()
    # An Age card: the extension's first age1.yaml, and the Age's counts and structure,
    # which it inherited, become its own, raised.
    card = runner.invoke(app, ["new", "card", "fan_club", "--game", "duel_plus", "--age", "1"])
    assert card.exit_code == 0, card.output
    assert (repo / "cards" / "duel_plus" / "age1.yaml").is_file()
    loaded = load_game(repo / "cards" / "duel_plus")
    assert loaded.ok, loaded.diagnostics
    assert {b.id for b in loaded.game.buildings if b.age == 1} >= {"fan_club", "lumber_yard"}
    assert loaded.game.ages[0].cards == 24
    assert {p: p.read_bytes() for p in (repo / "cards" / "duel").rglob("*.yaml")} == base_before
    assert runner.invoke(app, ["fmt", "--check", "cards"]).exit_code == 0


def test_new_refuses_a_base_id_and_says_how_to_replace_it(repo: Path) -> None:
    result = runner.invoke(app, ["new", "card", "lumber_yard", "--game", "duel_plus",
                                 "--age", "1"])
    assert result.exit_code == 2
    assert "already exists in duel, the base of duel_plus" in result.stderr
    assert "replaces:" in result.stderr


# --- the designer guide's worked example -------------------------------------------------------

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "designer-guide.md"
GUIDE_FILE = re.compile(r"<!-- file: cards/duel_plus/(\S+) -->\n```yaml\n(.*?)```\n", re.S)


def _guide_files() -> dict[str, str]:
    return dict(GUIDE_FILE.findall(GUIDE.read_text(encoding="utf-8")))


def test_the_guides_example_is_the_fixture_whole() -> None:
    shown = _guide_files()
    fixture = {p.relative_to(PLUS).as_posix(): p.read_text(encoding="utf-8")
               for p in PLUS.rglob("*.yaml")}
    assert shown == fixture


def test_the_guides_example_builds_and_plays_to_the_end(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(DUEL, tmp_path / "cards" / "duel")
    for name, text in _guide_files().items():  # written from the guide's own text
        path = tmp_path / "cards" / "duel_plus" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    validated = runner.invoke(app, ["validate", "cards/duel_plus"])
    assert validated.exit_code == 0 and "no problems found" in validated.output, \
        validated.output
    assert runner.invoke(app, ["compile"]).exit_code == 0
    played = runner.invoke(app, ["play", "duel_plus", "--seed", "3", "--bot", "random"],
                           input="1\n" * 400, env={"COLUMNS": "200"})
    assert played.exit_code == 0, played.output[-2000:]
    assert "Game over" in played.output


@pytest.mark.parametrize("value, code, words", [
    ("5", "WS204", "expected a game id, got a number"),
    ("[duel]", "WS204", "expected a game id, got a list"),
    ("null", "WS204", "expected a game id, got nothing"),
    ('"../duel"', "WS113", "no game '../duel' beside this one in cards/"),
    ("Duel", "WS113", "no game 'Duel'"),
])
def test_a_base_named_wrongly_is_one_clear_error(repo: Path, value: str, code: str,
                                                 words: str) -> None:
    _edit(repo / "cards" / "duel_plus" / "game.yaml", "extends: duel", f"extends: {value}")
    result = runner.invoke(app, ["validate", "cards/duel_plus"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    (d,) = load_game(repo / "cards" / "duel_plus").diagnostics
    assert (d.file, d.line, d.code) == ("cards/duel_plus/game.yaml", 7, code)
    assert words in d.message
    if value == "Duel":
        assert d.hint == "did you mean 'duel'?"


def test_the_watch_loop_shows_a_base_files_error_once(repo: Path) -> None:
    from wondersmith.tools.watch import Rebuilder

    _edit(repo / "cards" / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coin: 4]")
    diagnostics, _ = Rebuilder(Path("cards")).validate()
    assert diagnostics == api.validate_paths(["cards"])
    assert [d.code for d in diagnostics] == ["WS202"]


def test_compile_prints_a_base_files_error_once(repo: Path) -> None:
    _edit(repo / "cards" / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coin: 4]")
    result = runner.invoke(app, ["compile"])
    assert result.exit_code == 1
    assert result.stdout.count("WS202") == 1, result.stdout


def test_init_with_an_example_that_extends_brings_its_base(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    from wondersmith.tools import scaffold

    examples = tmp_path / "examples"
    shutil.copytree(DUEL, examples / "duel")
    shutil.copytree(PLUS, examples / "duel_plus")
    monkeypatch.setattr(scaffold.resources, "folder",
                        lambda package, *parts: examples.joinpath(*parts))
    target = tmp_path / "mine"
    result = runner.invoke(app, ["init", str(target), "--example", "duel_plus"])
    assert result.exit_code == 0, result.output
    assert (target / "cards" / "duel" / "game.yaml").is_file()
    assert load_game(target / "cards" / "duel_plus").ok


def test_the_editors_schema_of_an_extension_requires_only_its_own_keys() -> None:
    from jsonschema import Draft202012Validator

    from wondersmith.dsl import schemas

    validator = Draft202012Validator(schemas.SCHEMAS["extension.schema.json"]())
    own = yaml.safe_load((PLUS / "game.yaml").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(own)) == []
    assert (PLUS / "game.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schema/extension.schema.json\n")
    # Still closed: a misspelt key is caught in the editor, and the extension names itself.
    wrong = {**own, "setup": {"startin_coins": 8}}
    assert [e.validator for e in validator.iter_errors(wrong)] == ["additionalProperties"]
    assert {e.message for e in validator.iter_errors({"format": 3, "extends": "duel"})} == {
        "'id' is a required property", "'name' is a required property"}


def test_a_problem_the_extension_makes_in_a_base_file_says_the_fix_is_the_extensions(
        repo: Path) -> None:
    (repo / "cards" / "duel_plus" / "age1.yaml").write_text(
        "age: 1\nbuildings:\n  - id: fan_club\n    name: Fan Club\n    color: blue\n"
        "    effects: [points: 1]\n", encoding="utf-8")
    found = load_game(repo / "cards" / "duel_plus").diagnostics
    counts = [d for d in found if d.code == "WS308"]
    assert counts and all(d.file == "cards/duel/game.yaml" for d in counts)
    assert all("is the base game 'duel's, valid alone: fix this in "
               "cards/duel_plus/game.yaml" in d.hint for d in counts)
