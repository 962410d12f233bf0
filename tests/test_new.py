"""`wondersmith new`: a valid skeleton in the right file, comments kept, bad ids refused."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.cli.new import COUNT_CODES
from wondersmith.ir.loader import check_file, load_game

runner = CliRunner()


def new(cards: Path, *args: str):
    return runner.invoke(app, ["new", *args, "--game", "duel", "--data", str(cards)])


@pytest.mark.parametrize("args, file, skeleton", [
    (["card", "grand_hall", "--age", "2", "--color", "blue"], "age2.yaml",
     "  - id: grand_hall\n    name: Grand Hall\n    color: blue\n    effects: [points: 1]\n"),
    (["card", "bankers_guild", "--age", "3", "--color", "purple"], "guilds.yaml",
     "  - id: bankers_guild\n    name: Bankers Guild\n    color: purple\n"),
    (["wonder", "the_lost_city"], "wonders.yaml",
     "  - id: the_lost_city\n    name: The Lost City\n    cost: {wood: 1}\n"
     "    effects:\n      - points: 1\n"),
    (["token", "navigation"], "tokens.yaml",
     "  - id: navigation\n    name: Navigation\n    effects: [points: 1]\n"),
])
def test_skeleton_is_appended_and_validates(duel_copy: Path, args, file, skeleton) -> None:
    path = duel_copy / file
    before = path.read_text(encoding="utf-8")
    result = new(duel_copy.parent, *args)
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n"))  # appended; comments and all kept
    assert after.endswith(skeleton) or skeleton in after
    assert check_file(path, "cards").diagnostics == []  # schema level
    codes = {d.code for d in load_game(duel_copy).diagnostics}
    assert codes <= COUNT_CODES  # only the per-Age counts the designer must update
    if args[0] == "card" and "purple" not in args:
        assert "now update the counts" in result.stdout
    else:  # guilds, Wonders and tokens are not counted per Age
        assert codes == set()
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_dry_run_writes_nothing(duel_copy: Path) -> None:
    before = (duel_copy / "tokens.yaml").read_text(encoding="utf-8")
    result = new(duel_copy.parent, "token", "navigation", "--dry-run")
    assert result.exit_code == 0
    assert "would be appended to" in result.stdout and "id: navigation" in result.stdout
    assert (duel_copy / "tokens.yaml").read_text(encoding="utf-8") == before


def test_new_age_file_is_created(duel_copy: Path) -> None:
    (duel_copy / "age3.yaml").unlink()
    result = new(duel_copy.parent, "card", "arsenal_two", "--age", "3", "--color", "red")
    assert result.exit_code == 0, result.output
    path = duel_copy / "age3.yaml"
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    assert check_file(path, "cards").diagnostics == []


@pytest.mark.parametrize("args, message", [
    (["card", "tavern", "--age", "1"], "id 'tavern' already exists"),
    (["token", "law"], "id 'law' already exists"),
    (["card", "Big-Hall", "--age", "1"], "bad id 'Big-Hall'"),
    (["card", "hall"], "a card needs its Age"),
    (["card", "hall", "--age", "9"], "Age 9 is not an Age of duel"),
    (["card", "hall", "--age", "1", "--color", "pink"], "colour 'pink' is not a colour"),
    (["token", "hall", "--age", "1"], "--age and --color are for cards"),
    (["spell", "hall"], "unknown kind 'spell'"),
])
def test_refusals_exit_2(duel_copy: Path, args, message) -> None:
    before = {p.name: p.read_text(encoding="utf-8") for p in duel_copy.glob("*.yaml")}
    result = new(duel_copy.parent, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert {p.name: p.read_text(encoding="utf-8") for p in duel_copy.glob("*.yaml")} == before


def test_unknown_game_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "token", "x", "--game", "nope", "--data", str(tmp_path)])
    assert result.exit_code == 2 and "no game at" in result.stderr
