"""What `generated/` must hold for the data under `cards/`, and writing or checking it.

Everything is produced in memory first; files are written only when every game compiled,
each through a temporary file and a rename, so a failure never leaves half-written output.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from wondersmith.codegen.python import CompileError, compile_check, generate, json_text
from wondersmith.diagnostics import Diagnostic
from wondersmith.codegen.export import export
from wondersmith.ir.loader import find_games, load_game

EXPORT_FILE = "ruleset.json"
PACKAGE_INIT = '"""Compiler output, one package per game. Do not edit: run `wondersmith compile`."""\n'


@dataclass
class Outputs:
    files: dict[Path, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # compile errors, already located
    games: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and not any(d.severity == "error" for d in self.diagnostics)


def expected(cards: Path, out: Path) -> Outputs:
    """Every file the compiler writes under `out` for the games under `cards`."""
    result = Outputs()
    folders, _ = find_games([cards])
    result.files[out / "__init__.py"] = PACKAGE_INIT
    for folder in folders:
        loaded = load_game(folder)
        result.diagnostics += loaded.diagnostics
        if not loaded.ok:
            continue
        game = loaded.game
        source = folder.relative_to(cards.resolve().parent).as_posix() \
            if folder.is_relative_to(cards.resolve().parent) else folder.name
        try:
            files = generate(game, source)
            compile_check(files)
        except CompileError as exc:
            result.errors.append(str(exc))
            continue
        files[EXPORT_FILE] = json_text(export(game))
        result.games.append(game.id)
        for name, text in files.items():
            result.files[out / game.id / name] = text
    return result


def stale(outputs: Outputs, out: Path) -> list[str]:
    """Files that are missing, different, or left over from data that no longer exists."""
    problems = []
    for path, text in sorted(outputs.files.items()):
        if not path.is_file():
            problems.append(f"missing: {path}")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"stale: {path}")
    for game in outputs.games:
        for path in sorted((out / game).glob("*")):
            if path.is_file() and path not in outputs.files:
                problems.append(f"not generated from the data: {path}")
    return problems


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write(outputs: Outputs, out: Path) -> list[Path]:
    """Write changed files and remove leftovers; returns the paths that changed."""
    changed = []
    for path, text in sorted(outputs.files.items()):
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            _write_atomic(path, text)
            changed.append(path)
    for game in outputs.games:
        for path in sorted((out / game).glob("*")):
            if path.is_file() and path not in outputs.files:
                path.unlink()
                changed.append(path)
    return changed
