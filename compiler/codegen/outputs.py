"""What `generated/` must hold for the data under `cards/`, and writing or checking it.

Everything is produced in memory first; files are written only when every game compiled.
Each game's package `generated/<game>/` is replaced as a whole (`atomic.replace_dir`), so a
failure or a kill leaves the old package or the new one, never a mix.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from wondersmith import atomic
from wondersmith.codegen.python import CompileError, compile_check, generate, json_text
from wondersmith.diagnostics import Diagnostic
from wondersmith.codegen.export import export
from wondersmith.ir.loader import find_games, load_game, source_files
from wondersmith.manifest import Manifest, files_digest, inputs_digest, package_files

EXPORT_FILE = "ruleset.json"
PACKAGE_INIT = '"""Compiler output, one package per game. Do not edit: run `wondersmith compile`."""\n'


@dataclass
class Outputs:
    files: dict[Path, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # compile errors, already located
    games: list[str] = field(default_factory=list)
    inputs: dict[Path, str] = field(default_factory=dict)  # package folder -> inputs hash

    @property
    def ok(self) -> bool:
        return not self.errors and not any(d.severity == "error" for d in self.diagnostics)

    def package(self, folder: Path) -> dict[str, bytes]:
        """The files of one game's package, by name."""
        return {path.name: text.encode("utf-8") for path, text in self.files.items()
                if path.parent == folder}


def compile_inputs(folder: Path) -> str:
    """The inputs hash of the package compiled from the game folder `folder`."""
    files = source_files(folder)
    # The code each verb compiles to lives in its module of dsl/verbs/.
    files.update(package_files("codegen/*.py", "codegen/templates/*", "dsl/*.py",
                               "dsl/verbs/*.py"))
    return inputs_digest(files, output="package")


def expected(cards: Path, out: Path, folders: list[Path] | None = None) -> Outputs:
    """Every file the compiler writes under `out` for the games under `cards` (or only for
    the game folders `folders`)."""
    result = Outputs()
    if folders is None:
        folders, _ = find_games([cards])
    result.files[out / "__init__.py"] = PACKAGE_INIT
    for folder in folders:
        loaded = load_game(folder)
        # An error in a base game's file is the extension's too: reported once.
        result.diagnostics += [d for d in loaded.diagnostics if d not in result.diagnostics]
        if not loaded.ok:
            continue
        game = loaded.game
        result.inputs[out / game.id] = compile_inputs(folder)
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


def stale(outputs: Outputs, out: Path, manifest: Manifest | None = None) -> list[str]:
    """Files that are missing, different, or left over from data that no longer exists;
    with a manifest, also its claims about these outputs that are not true."""
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
        for path in sorted(out.glob(f".{game}.*{atomic.TEMP_SUFFIX}")):
            problems.append(f"left by an interrupted compile: {path}")
    if manifest is not None:
        for folder, inputs in sorted(outputs.inputs.items()):
            key = manifest.key(folder)
            entry = manifest.entries.get(key) if key else None
            if key is None:
                continue
            if entry is None:
                problems.append(f"manifest: {key} is not recorded")
            elif entry.inputs != inputs or entry.output != files_digest(outputs.package(folder)):
                problems.append(f"manifest: {key} is recorded from other inputs")
    return problems


def write(outputs: Outputs, out: Path, manifest: Manifest | None = None) -> list[Path]:
    """Write what changed: each changed game package is replaced as a whole. Returns the
    files that changed (written or removed)."""
    changed = []
    init = out / "__init__.py"
    if init in outputs.files:
        if not init.is_file() or init.read_text(encoding="utf-8") != outputs.files[init]:
            atomic.write_text(init, outputs.files[init])
            changed.append(init)
    for game in outputs.games:
        folder = out / game
        atomic.recover_dir(folder)  # a run killed mid-swap leaves temporary folders
        files = outputs.package(folder)
        old = {p.name: p.read_bytes() for p in folder.glob("*") if p.is_file()} \
            if folder.is_dir() else {}
        if old != files:
            atomic.replace_dir(folder, files)
            changed += sorted(folder / name for name in set(old) | set(files)
                              if old.get(name) != files.get(name))
        if manifest is not None:
            manifest.record(folder, outputs.inputs[folder], files_digest(files))
    return changed
