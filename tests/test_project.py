"""Finding the designer's data repository (`wondersmith.project`): the nearest folder upward
holding `cards/<game>/game.yaml`, the packaged examples outside any, a game folder as the
GAME argument, one line for an unknown game, and a stale package compiled first."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wondersmith
from wondersmith import project
from wondersmith.cli import app
from wondersmith.engine import UnknownRulesetError, load_ruleset as engine_ruleset

from conftest import DUEL

runner = CliRunner()
GUARD_TOWER = "    name: Guard Tower\n    color: red\n    effects: [shields: 1]\n"


def make_repo(folder: Path, games: tuple[str, ...] = ("duel",)) -> Path:
    """A data repository at `folder` holding a copy of the Duel data per name in `games`."""
    for name in games:
        shutil.copytree(DUEL, folder / "cards" / name)
    return folder


def minimal_game(folder: Path, game_id: str) -> None:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(f"id: {game_id}\n", encoding="utf-8")


def set_shields(repo: Path, shields: int) -> None:
    age1 = repo / "cards" / "duel" / "age1.yaml"
    text = age1.read_text(encoding="utf-8")
    age1.write_text(text.replace(GUARD_TOWER, GUARD_TOWER.replace(
        "shields: 1", f"shields: {shields}")), encoding="utf-8")


def simulate(*args: str):
    return runner.invoke(app, ["simulate", *args, "-n", "1", "--json"])


def test_the_nearest_data_repository_upward_is_found(tmp_path: Path) -> None:
    minimal_game(tmp_path / "outer" / "cards" / "a", "a")
    minimal_game(tmp_path / "outer" / "inner" / "cards" / "b", "b")
    (tmp_path / "outer" / "inner" / "notes" / "deep").mkdir(parents=True)
    (tmp_path / "outer" / "docs").mkdir()
    inner = project.find_project(tmp_path / "outer" / "inner" / "notes" / "deep")
    assert inner.root == (tmp_path / "outer" / "inner").resolve() and not inner.packaged
    assert inner.games() == {"b": (tmp_path / "outer" / "inner" / "cards" / "b").resolve()}
    outer = project.find_project(tmp_path / "outer" / "docs")
    assert outer.root == (tmp_path / "outer").resolve()
    assert outer.generated == outer.root / "generated"
    # From inside a game folder, its own repository.
    assert project.find_project(tmp_path / "outer" / "cards" / "a").root == outer.root
    # A cards/ folder without a game.yaml one level down makes no repository.
    (tmp_path / "empty" / "cards" / "x").mkdir(parents=True)
    assert project.find_project(tmp_path / "empty") is None


def test_outside_any_repository_the_packaged_examples_play_and_say_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert project.find_project() is None
    assert project.current_project().packaged
    result = simulate("duel")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["ruleset"]["packaged"] is True
    assert result.stderr.startswith("ruleset: duel from the packaged examples, data sha256 ")
    assert "(no data repository here or above: `wondersmith init` makes one)" in result.stderr
    assert wondersmith.load_ruleset("duel") is engine_ruleset("duel")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_an_unknown_game_gets_one_line_listing_the_games_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    make_repo(tmp_path, ("duel", "variant"))
    (tmp_path / "cards" / "variant" / "game.yaml").write_text(
        (DUEL / "game.yaml").read_text(encoding="utf-8").replace("id: duel", "id: variant"),
        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [command, "chess"])
    assert result.exit_code == 2
    assert result.stderr == (f"wondersmith {command}: no game 'chess' in cards/; games found: "
                             "duel, variant\n")
    assert "No module named" not in result.output
    monkeypatch.chdir(tmp_path.parent)  # outside: the packaged examples are listed
    outside = runner.invoke(app, [command, "chess"])
    assert outside.exit_code == 2 and len(outside.stderr.splitlines()) == 1
    assert "no game 'chess' among the packaged examples" in outside.stderr
    assert outside.stderr.rstrip().endswith("games found: agora, classic, duel")


def test_the_python_api_names_an_unknown_game_the_same_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(make_repo(tmp_path))
    with pytest.raises(UnknownRulesetError, match=r"no game 'chess' in cards/; games found: duel$"):
        wondersmith.load_ruleset("chess")
    with pytest.raises(FileNotFoundError, match="no game 'chess'"):
        wondersmith.load_game("chess")


def test_a_game_folder_is_a_game_argument_from_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path / "mygame")
    set_shields(repo, 3)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # outside the repository: the folder names it
    result = simulate(str(repo / "cards" / "duel"))
    assert result.exit_code == 0, result.output
    ruleset = json.loads(result.stdout)["ruleset"]
    assert ruleset["folder"] == str((repo / "cards" / "duel").resolve())
    assert ruleset["packaged"] is False and ruleset["data_hash"] != engine_ruleset("duel").source_hash
    assert "ruleset: duel from ../mygame/cards/duel, data sha256 " in result.stderr
    assert (repo / "generated" / "duel" / "__init__.py").is_file()  # compiled there


def test_a_folder_that_is_no_repositorys_game_is_refused(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(DUEL, tmp_path / "loose")
    result = simulate("./loose")
    assert result.exit_code == 2
    assert "./loose is a game folder outside any data repository's cards/" in result.stderr
    (tmp_path / "plain").mkdir()
    result = simulate("./plain")
    assert result.exit_code == 2
    assert result.stderr == "wondersmith simulate: ./plain is not a game folder (it has no game.yaml)\n"


def test_a_stale_or_missing_package_is_compiled_first_with_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path)
    monkeypatch.chdir(repo / "cards")  # below the root: found upward
    first = simulate("duel")
    assert first.exit_code == 0, first.output
    compiling = [line for line in first.stderr.splitlines() if line.startswith("compiling")]
    assert compiling == ["compiling duel: ../generated/duel is missing (the data in duel "
                         "changed since the last build)"]
    assert (repo / "generated" / "manifest.json").is_file()
    again = simulate("duel")
    assert "compiling" not in again.stderr  # current now: nothing to do
    assert json.loads(again.stdout)["ruleset"] == json.loads(first.stdout)["ruleset"]
    set_shields(repo, 4)
    edited = simulate("duel")
    assert "compiling duel: ../generated/duel is stale" in edited.stderr
    assert json.loads(edited.stdout)["ruleset"]["data_hash"] != \
        json.loads(first.stdout)["ruleset"]["data_hash"]
    assert "shields = 4" in (repo / "generated" / "duel" / "buildings.py").read_text(encoding="utf-8")


def test_invalid_data_is_reported_not_compiled(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path)
    set_shields(repo, -1)
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["play", "duel"])
    assert result.exit_code == 1
    assert "age1.yaml" in result.stderr and "Traceback" not in result.output
    assert result.stderr.rstrip().endswith(
        "wondersmith play: duel is not compiled: the data in cards/duel is invalid "
        "(`wondersmith validate` lists the problems)")
    assert not (repo / "generated" / "duel").exists()
    with pytest.raises(wondersmith.InvalidDataError):
        wondersmith.load_ruleset("duel")


def test_the_python_api_reloads_a_recompiled_ruleset(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path)
    monkeypatch.chdir(repo)
    first = wondersmith.load_ruleset("duel")
    assert wondersmith.load_ruleset("duel") is first  # unchanged: imported once
    set_shields(repo, 5)
    second = wondersmith.load_ruleset("duel")
    assert second.by_id["guard_tower"].shields == 5 and first.by_id["guard_tower"].shields == 1
    assert wondersmith.load_game("duel").source_hash == second.source_hash


def test_export_uses_the_repository_or_says_it_exports_the_example(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path / "mine")
    set_shields(repo, 6)
    monkeypatch.chdir(repo / "cards" / "duel")
    mine = runner.invoke(app, ["export", "duel"])
    assert mine.exit_code == 0, mine.output
    tower = next(b for b in json.loads(mine.stdout)["buildings"] if b["id"] == "guard_tower")
    assert "6" in json.dumps(tower["effects"]) and mine.stderr == ""
    monkeypatch.chdir(tmp_path)
    packaged = runner.invoke(app, ["export", "duel"])
    assert packaged.exit_code == 0
    assert json.loads(packaged.stdout)["source_hash"] == engine_ruleset("duel").source_hash
    assert packaged.stderr == ("wondersmith: exporting from the packaged examples (no data "
                               "repository here or above: `wondersmith init` makes one)\n")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_git_revision_reads_the_data_repository_found_here(tmp_path: Path) -> None:
    """The lab's default data folder inside a git revision is the cards/ of the data
    repository holding the working directory, even one below the git repository's top."""
    from wondersmith.lab.revisions import load_revision

    top = tmp_path / "studio"
    repo = make_repo(top / "designs" / "mygame")
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "data"]):
        subprocess.run(["git", *args], cwd=top, check=True, capture_output=True,
                       env={**os.environ, **env})
    revision = load_revision("HEAD", "duel", cwd=repo / "cards" / "duel")
    assert revision.folder == "HEAD:designs/mygame/cards/duel"
    assert revision.data_hash == wondersmith.load_game(repo / "cards" / "duel").source_hash
