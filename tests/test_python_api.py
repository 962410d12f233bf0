"""The Python API: `wondersmith.validate_paths`, `wondersmith.load_game`, `__version__`."""
from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import wondersmith
from wondersmith.api import validate_paths as collect
from wondersmith.ir.model import Game

from conftest import DUEL, ROOT


def test_version_is_the_distribution_version() -> None:
    assert wondersmith.__version__ == version("wondersmith")


def test_public_names() -> None:
    for name in wondersmith.__all__:
        assert getattr(wondersmith, name) is not None
        assert name in dir(wondersmith)
    assert wondersmith.Game is Game
    with pytest.raises(AttributeError, match="no attribute 'compile_everything'"):
        wondersmith.compile_everything


def test_validate_paths_on_clean_data() -> None:
    assert wondersmith.validate_paths([DUEL]) == []
    assert wondersmith.validate_paths([str(ROOT / "cards")]) == []


def test_validate_paths_reports_what_validate_reports(duel_copy: Path) -> None:
    tokens = duel_copy / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + "surprise: 1\n", encoding="utf-8")
    found = wondersmith.validate_paths([duel_copy])
    assert [d.code for d in found] == ["WS201"]
    assert found[0].file.endswith("tokens.yaml") and found[0].severity == "error"
    assert found == collect([duel_copy])  # the command's own checks


def test_validate_paths_includes_locale_warnings(duel_copy: Path) -> None:
    fr = duel_copy / "locales" / "fr.yaml"
    lines = fr.read_text(encoding="utf-8").splitlines(keepends=True)
    name_line = next(i for i, line in enumerate(lines) if line.startswith("  lumber_yard:"))
    fr.write_text("".join(lines[:name_line] + lines[name_line + 1:]), encoding="utf-8")
    found = wondersmith.validate_paths([duel_copy])
    assert {(d.code, d.severity) for d in found} == {("WS401", "warning")}


def test_validate_paths_missing_path(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="nowhere"):
        wondersmith.validate_paths([tmp_path / "nowhere"])


def test_load_game() -> None:
    game = wondersmith.load_game(str(DUEL))
    assert isinstance(game, Game)
    assert game.id == "duel"
    assert {b.id for b in game.buildings} >= {"lumber_yard", "logging_camp"}


def test_load_game_on_invalid_data(duel_copy: Path) -> None:
    game_file = duel_copy / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8") + "surprise: 1\n",
                         encoding="utf-8")
    with pytest.raises(wondersmith.InvalidDataError) as caught:
        wondersmith.load_game(duel_copy)
    assert [d.code for d in caught.value.diagnostics] == ["WS201"]
    assert "WS201" in str(caught.value) and "game.yaml" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_load_game_without_a_game(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="game.yaml"):
        wondersmith.load_game(tmp_path)


def test_the_engine_imports_without_the_toolkit() -> None:
    code = ("import sys, wondersmith.engine; "
            "print(sorted(m for m in ('jsonschema', 'jinja2', 'yaml', 'wondersmith.api') "
            "if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert run.stdout.strip() == "[]"
