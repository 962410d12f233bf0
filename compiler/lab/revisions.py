"""A revision of the card data (a git revision or a folder), compiled to a ruleset in memory.

Nothing is written into the repository: a git revision is extracted with `git archive` into a
temporary folder, loaded and validated by the toolkit's loader, compiled by the code generator,
and the generated modules are executed as an in-memory package.
"""
from __future__ import annotations

import importlib.machinery
import io
import json
import subprocess
import sys
import tarfile
import tempfile
import types
from dataclasses import dataclass
from pathlib import Path

from wondersmith.codegen.python import generate
from wondersmith.diagnostics import format_text
from wondersmith.ir.loader import find_games, load_game
from wondersmith.project import find_project

# Execution order: the package's __init__ imports the three group modules.


class RevisionError(Exception):
    """The revision cannot be loaded: unknown revision, no such game, invalid data."""


@dataclass(frozen=True)
class Revision:
    """Everything a worker needs to rebuild the ruleset: plain strings, cheap to pickle."""

    label: str  # as the user wrote it
    commit: str  # the full commit hash, or "" for a folder
    game: str
    data_hash: str  # the loader's hash of the data files
    sources: tuple[tuple[str, str], ...]  # generated module name -> Python text
    folder: str = ""  # the game's data folder: a path, or "<revision>:<path>" in git

    @property
    def key(self) -> str:
        return f"{self.game}_{self.data_hash}"


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True)
    except OSError as exc:
        raise RevisionError(f"cannot run git: {exc.strerror}") from exc


def _data_folder(root: Path, cwd: Path) -> str:
    """The data folder inside a git revision when `--data` is not given: the `cards/` of the
    data repository holding `cwd`, as a path in the git repository at `root`; else `cards`."""
    here = find_project(cwd)
    if here is not None and here.cards.is_relative_to(root.resolve()):
        return here.cards.relative_to(root.resolve()).as_posix()
    return "cards"


def _extract(rev: str, data: str | None, cwd: Path, into: Path) -> tuple[Path, str]:
    top = _git(["rev-parse", "--show-toplevel"], cwd)
    if top.returncode:
        raise RevisionError(f"'{rev}' is neither a folder nor a git revision (not inside a git repository)")
    root = Path(top.stdout.decode().strip())
    if data is None:
        data = _data_folder(root, cwd)
    commit = _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], root)
    if rev.startswith("-") or commit.returncode:
        raise RevisionError(f"'{rev}' is neither a folder nor a git revision")
    data = data.strip("/") or "."
    run = _git(["archive", "--format=tar", rev, "--", data], root)
    if run.returncode:
        raise RevisionError(f"no '{data}' folder at revision {rev} (use --data to name the data folder)")
    with tarfile.open(fileobj=io.BytesIO(run.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / data, commit.stdout.decode().strip()


def load_revision(spec: str, game: str, data: str | None = None, cwd: Path | None = None) -> Revision:
    """Load `game` from a folder or a git revision and compile it (in memory). `data`: the
    data folder inside a git revision (default: the data repository's `cards/`)."""
    cwd = cwd or Path.cwd()
    path = Path(spec) if Path(spec).is_absolute() else cwd / spec
    with tempfile.TemporaryDirectory(prefix="wondersmith-lab-") as tmp:
        commit = ""
        if not path.exists():
            path, commit = _extract(spec, data, cwd, Path(tmp))
        elif not path.is_dir():
            raise RevisionError(f"'{spec}' is a file; give a data folder or a git revision")
        folders, _ = find_games([path])
        loaded = [load_game(f) for f in folders]
        match = [g for g in loaded if g.game is not None and g.game.id == game]
        if not match:
            bad = [g for g in loaded if g.folder.name == game]
            if bad:
                raise RevisionError(f"invalid data for '{game}' in '{spec}':\n{format_text(bad[0].diagnostics)}")
            found = ", ".join(sorted(g.game.id for g in loaded if g.game)) or "none"
            raise RevisionError(f"no game '{game}' under '{spec}' (games found: {found})")
        one = match[0]
        if not one.ok:
            errors = [d for d in one.diagnostics if d.severity == "error"]
            raise RevisionError(f"invalid data for '{game}' in '{spec}':\n{format_text(errors)}")
        files = generate(one.game, f"{spec}:{game}")
        folder = (f"{spec}:{one.folder.relative_to(Path(tmp).resolve()).as_posix()}" if commit
                  else str(one.folder))
    sources = tuple((name[:-3], text) for name, text in sorted(files.items()) if name.endswith(".py"))
    revision = Revision(spec, commit, game, one.game.source_hash, sources, folder)
    _MODELS[revision.key] = one.game
    return revision


_MODELS: dict[str, object] = {}  # the loaded rules (`model.Game`) of each revision, in this process


def model_of(revision: Revision):
    """The rules `load_revision` loaded for `revision` (for the semantic diff); a worker
    process, which only gets the compiled sources, has none."""
    try:
        return _MODELS[revision.key]
    except KeyError:
        raise RevisionError(f"'{revision.label}' was not loaded in this process") from None


_RULESETS: dict[str, object] = {}


class _PackageData:
    """The generated package's data files, served from memory to `importlib.resources`: its
    `__init__` reads the data's hash from `ruleset.json` beside it (the hash's one place)."""

    def __init__(self, files: dict[str, str]) -> None:
        self._files = files

    def get_resource_reader(self, name: str) -> "_PackageData":
        return self

    def files(self) -> "_PackageData":
        return self

    def joinpath(self, name: str) -> "_DataFile":
        return _DataFile(self._files[name])


@dataclass(frozen=True)
class _DataFile:
    text: str

    def read_text(self, encoding: str = "utf-8") -> str:
        return self.text


def ruleset_of(revision: Revision):
    """The revision's `RULESET`, executed once per process as package `wondersmith_lab_<key>`."""
    cached = _RULESETS.get(revision.key)
    if cached is not None:
        return cached
    package = f"wondersmith_lab_{revision.key}"
    texts = dict(revision.sources)
    # The component modules (buildings, wonders, tokens, boards: what the game has), then the
    # package's `__init__`, which imports them.
    order = [*sorted(name for name in texts if name != "__init__"), "__init__"]
    modules = {}
    for name in order:
        full = package if name == "__init__" else f"{package}.{name}"
        module = types.ModuleType(full)
        module.__package__ = package
        if name == "__init__":
            module.__path__ = []  # a package, so that `from .buildings import ...` resolves
            data = _PackageData({"ruleset.json": json.dumps(
                {"source_hash": revision.data_hash})})
            module.__spec__ = importlib.machinery.ModuleSpec(full, data, is_package=True)
        modules[name] = module
    # The package must be importable before its children run; register everything first.
    for name, module in modules.items():
        sys.modules[module.__name__] = module
    try:
        for name in order:
            code = compile(texts[name], f"<{revision.label}:{name}.py>", "exec")
            exec(code, modules[name].__dict__)  # generated by our own codegen from validated data
    except Exception:
        for module in modules.values():
            sys.modules.pop(module.__name__, None)
        raise
    ruleset = modules["__init__"].RULESET
    _RULESETS[revision.key] = ruleset
    return ruleset
