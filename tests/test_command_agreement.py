"""Issue 26, item 3: the commands that take data agree on what is no data and what is not a
data file. A `cards/` holding only an empty game folder is a usage error (exit 2) for every
command, never "compiled: 1 file(s) changed"; a file that is not YAML is refused by `fmt` and
`sheets` as by `validate`."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app

from conftest import DUEL

runner = CliRunner()


@pytest.mark.parametrize("command", [["validate"], ["compile"], ["compile", "--check"],
                                     ["build"], ["sheets"], ["migrate"]])
def test_an_empty_game_folder_is_no_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         command: list[str]) -> None:
    (tmp_path / "cards" / "duel").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    assert "no game data under cards" in result.output
    assert not (tmp_path / "generated").exists()  # nothing written


def test_compile_without_a_game_points_to_validate(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # Card files but no game.yaml: validate names them (WS317, exit 1); compile has nothing
    # to compile and says so, rather than writing an empty package.
    (tmp_path / "cards" / "loose").mkdir(parents=True)
    (tmp_path / "cards" / "loose" / "age1.yaml").write_text("age: 1\nbuildings: []\n")
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["validate"]).exit_code == 1
    result = runner.invoke(app, ["compile"])
    assert result.exit_code == 2 and "wondersmith validate" in result.output
    assert not (tmp_path / "generated").exists()


@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["fmt", "--check"], ["sheets"]])
def test_a_file_that_is_not_yaml_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\n")
    result = runner.invoke(app, [*command, str(passwd)])
    assert result.exit_code == 2, result.output
    assert "not a YAML file" in result.output and "root:x" not in result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["sheets"]])
def test_a_named_pipe_given_by_name_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    pipe = tmp_path / "age1.yaml"
    os.mkfifo(pipe)
    result = runner.invoke(app, [*command, str(pipe)])
    assert result.exit_code == 2 and "neither a file nor a folder" in result.output


def test_fmt_still_skips_yaml_that_is_not_rules_data(tmp_path: Path) -> None:
    # The pre-commit hook passes every changed YAML file; CI files and locales are skipped.
    ci = tmp_path / "ci.yml"
    ci.write_text("on: push\n")
    result = runner.invoke(app, ["fmt", "--check", str(ci)])
    assert result.exit_code == 0 and "0 file(s) checked" in result.output


def test_a_yml_locale_file_is_named_not_left_out(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # Card files are covered by tests/fixtures/game/ws112_yml_file.yaml; locales too.
    shutil.copytree(DUEL, tmp_path / "cards" / "duel")
    (tmp_path / "cards/duel/locales/fr.yaml").rename(tmp_path / "cards/duel/locales/fr.yml")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "cards/duel/locales/fr.yml:1:1: error WS112: fr.yml is not read" in result.output
    assert "rename it to fr.yaml" in result.output
