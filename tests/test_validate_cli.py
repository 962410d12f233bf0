"""`wondersmith validate` from the outside: exit codes, output formats, no tracebacks."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app

from conftest import FIXTURES, ROOT

runner = CliRunner()
GITHUB_LINE = re.compile(r"::error file=([^,]+),line=(\d+),col=(\d+),title=(WS\d{3})::(.+)")


def run(*args: str):
    return runner.invoke(app, ["validate", *args])


def _break(game: Path) -> None:
    """Two problems: an unknown verb (layer 2) in age1.yaml."""
    path = game / "age1.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("effects: [coins: 4]", "effects: [coin: 4]"), encoding="utf-8")


def test_clean_data_exits_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run()
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "no problems found" in result.stderr


def test_clean_data_json_is_empty_list(duel_copy: Path) -> None:
    result = run(str(duel_copy), "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_invalid_data_exits_1_text(duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(duel_copy.parent.parent)
    _break(duel_copy)
    result = run("cards")
    assert result.exit_code == 1
    line = _line_of(duel_copy / "age1.yaml", "coin: 4")
    pad = " " * len(str(line))
    assert result.stdout.splitlines() == [
        f"cards/duel/age1.yaml:{line}:15: error WS202: unknown effect 'coin'",
        f" {pad} |",
        f" {line} |     effects: [coin: 4]",
        f" {pad} |               ^^^^",
        "    hint: did you mean 'coins'?",
    ]
    assert "1 error(s)" in result.stderr


def _line_of(path: Path, needle: str) -> int:
    text = path.read_text(encoding="utf-8")
    return text.count("\n", 0, text.index(needle)) + 1


def test_invalid_data_json(duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(duel_copy)
    _break(duel_copy)
    result = run(".", "--format", "json")
    assert result.exit_code == 1
    (item,) = json.loads(result.stdout)
    assert item == {"file": "age1.yaml", "line": _line_of(duel_copy / "age1.yaml", "coin: 4"),
                    "column": 15, "code": "WS202", "message": "unknown effect 'coin'",
                    "hint": "did you mean 'coins'?", "severity": "error",
                    "excerpt": "    effects: [coin: 4]", "excerpt_column": 15}


def test_invalid_data_github(duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(duel_copy)
    _break(duel_copy)
    result = run(".", "-f", "github")
    assert result.exit_code == 1
    (line,) = result.stdout.splitlines()
    match = GITHUB_LINE.fullmatch(line)
    assert match, line
    assert match.groups() == ("age1.yaml", str(_line_of(duel_copy / "age1.yaml", "coin: 4")),
                              "15", "WS202", "unknown effect 'coin' (did you mean 'coins'?)")


def test_github_escapes_newlines_and_commas(tmp_path: Path) -> None:
    # A file name with a comma and a colon must not break the annotation's properties.
    from wondersmith.diagnostics import Diagnostic, format_github
    out = format_github([Diagnostic("a,b:c.yaml", 3, 4, "WS101", "two\nlines 100%")])
    assert out == ("::error file=a%2Cb%3Ac.yaml,line=3,col=4,title=WS101::two%0Alines 100%25 "
                   "(Fix the YAML at the position shown: the message says what is wrong in plain words.)")


def test_many_files_many_problems_sorted(duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(duel_copy)
    _break(duel_copy)
    (duel_copy / "tokens.yaml").write_text("tokens:\n  - id: x\n    name: X\n    on: 1\n")
    result = run(".", "-f", "json")
    items = json.loads(result.stdout)
    assert [(i["file"], i["code"]) for i in items] == [("age1.yaml", "WS202"),
                                                        ("tokens.yaml", "WS103")]
    assert items == sorted(items, key=lambda i: (i["file"], i["line"], i["column"]))


@pytest.mark.parametrize("args, message", [
    (["--format", "xml"], "unknown format 'xml'"),
    (["/no/such/path"], "no such file or folder"),
    (["README.md"], "not a YAML file"),
])
def test_usage_errors_exit_2(args: list[str], message: str,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_folder_without_games_is_usage_error(tmp_path: Path) -> None:
    result = run(str(tmp_path))
    assert result.exit_code == 2
    assert "no game data" in result.stderr


def test_unknown_option_is_usage_error() -> None:
    assert run("--bogus").exit_code == 2


@pytest.mark.parametrize("name", ["ws104_alias_bomb.yaml", "ws104_deep.yaml",
                                  "ws106_latin1.yaml", "ws108_tag.yaml",
                                  "ws101_syntax.yaml"])
def test_hostile_files_no_traceback(name: str, tmp_path: Path) -> None:
    # Run the real console script: a crash would print a traceback and exit with another code.
    (tmp_path / name).write_bytes((FIXTURES / "yaml" / name).read_bytes())
    proc = subprocess.run([sys.executable, "-c", "from wondersmith.cli import main; main()",
                           "validate", name], cwd=tmp_path, capture_output=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert b"Traceback" not in proc.stderr + proc.stdout
    assert proc.stdout.startswith(name.encode() + b":")


def test_very_deep_nesting_does_not_crash(tmp_path: Path) -> None:
    # 200 000 nested brackets overflow libyaml's recursive composer unless caught before it.
    (tmp_path / "deep.yaml").write_bytes(b"a: " + b"[" * 200_000 + b"]" * 200_000 + b"\n")
    proc = subprocess.run([sys.executable, "-c", "from wondersmith.cli import main; main()",
                           "validate", "deep.yaml", "-f", "json"], cwd=tmp_path,
                          capture_output=True, timeout=60)
    assert proc.returncode == 1, proc.stderr
    assert [d["code"] for d in json.loads(proc.stdout)] == ["WS104"]
