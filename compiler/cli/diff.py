"""`wondersmith diff OLD [NEW]`: what changed in the rules between two revisions or folders."""
from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import tarfile
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Optional

import typer

from wondersmith.tools import diff as semdiff
from wondersmith.tools.diff_report import FORMATS
from wondersmith.diagnostics import Diagnostic, format_text
from wondersmith.ir import extends
from wondersmith.ir.loader import find_games, load_game


class UsageError(Exception):
    """Bad revision, missing folder: exit 2 with the message."""


class InvalidData(Exception):
    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("invalid data")
        self.diagnostics = diagnostics


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True)
    except OSError as exc:  # git not installed
        raise UsageError(f"cannot run git: {exc.strerror}") from exc


def repo_root(cwd: Path) -> Path | None:
    run = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=cwd,
                         capture_output=True, text=True) if _has_git() else None
    return Path(run.stdout.strip()) if run and run.returncode == 0 else None


def _has_git() -> bool:
    from shutil import which
    return which("git") is not None


def checkout(rev: str, data: str, cwd: Path, into: Path) -> Path:
    """The data folder `data` as it was at `rev`, extracted under `into`."""
    root = repo_root(cwd)
    if root is None:
        raise UsageError(f"'{rev}' is neither a folder nor a git revision "
                         "(not inside a git repository)")
    if rev.startswith("-") or _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                                   root).returncode:
        raise UsageError(f"'{rev}' is neither a folder nor a git revision")
    # `data` is relative to the repository root, like the pathspecs of git archive.
    data = data.strip("/") or "."
    run = _git(["archive", "--format=tar", rev, "--", data], root)
    if run.returncode:
        raise UsageError(f"no '{data}' folder at revision {rev} "
                         "(use --data to name the data folder)")
    with tarfile.open(fileobj=io.BytesIO(run.stdout)) as tar:
        tar.extractall(into, filter="data")
    folder = into / data
    parent = Path(data).parent.as_posix()
    if extends.declared_base(folder) is not None and parent != ".":
        # One extension's folder: its bases, beside it in the same folder of games, too.
        checkout(rev, parent, cwd, into)
    return folder


def _relabel(diagnostics: list[Diagnostic], root: Path, label: str) -> list[Diagnostic]:
    """Diagnostics of a checked-out revision, with paths as `REV:cards/duel/age1.yaml`."""
    out = []
    for d in diagnostics:
        try:
            rel = os.path.relpath(os.path.abspath(d.file), root)
        except ValueError:
            rel = d.file
        out.append(dataclasses.replace(d, file=f"{label}:{rel}"))
    return out


def load_side(spec: str, data: str, cwd: Path, stack: ExitStack
              ) -> dict[str, tuple]:
    """{game id: (Game, locales, data format)} for a folder or a git revision; a game in an
    older data format is read through the migrations."""
    path = Path(spec)
    label = None
    if not path.exists():
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="wondersmith-diff-")))
        path = checkout(spec, data, cwd, tmp)
        label = (spec, tmp)
    elif not path.is_dir():
        raise UsageError(f"'{spec}' is a file; give a data folder or a git revision")
    games, _ = find_games([path])
    if not games:
        raise UsageError(f"no game data under '{spec}'" + (f" (at '{data}')" if label else ""))
    out: dict[str, tuple] = {}
    problems: list[Diagnostic] = []
    for folder in games:
        loaded = load_game(folder)
        errors = [d for d in loaded.diagnostics if d.severity == "error"]
        if errors or loaded.game is None:
            problems += _relabel(errors, label[1], label[0]) if label else errors
            continue
        out[loaded.game.id] = (loaded.game, semdiff.load_locales(folder), loaded.format)
    if problems:
        raise InvalidData(problems)
    return out


def run_diff(old: str, new: str, data: str, cwd: Path) -> list[semdiff.GameDiff]:
    with ExitStack() as stack:
        a = load_side(old, data, cwd, stack)
        b = load_side(new, data, cwd, stack)
        diffs = []
        for gid in sorted(a.keys() | b.keys()):
            (ga, la, fa), (gb, lb, fb) = (a.get(gid, (None, None, None)),
                                          b.get(gid, (None, None, None)))
            diffs.append(semdiff.diff_games(ga, gb, la, lb, formats=(fa, fb)))
        return diffs


def register(app: typer.Typer) -> None:
    @app.command()
    def diff(
        old: str = typer.Argument(..., help="Old side: a git revision or a data folder"),
        new: Optional[str] = typer.Argument(
            None, help="New side: a git revision or a data folder [default: the working "
                       "tree's data folder]"),
        data: str = typer.Option("cards", "--data",
                                 help="The data folder inside the repository, for revisions"),
        fmt: str = typer.Option("text", "--format", "-f",
                                help="Output: text, markdown (pull requests) or json "
                                     "(schema/diff.schema.json)"),
    ) -> None:
        """The rules changes between two revisions or folders: cards, Wonders and tokens
        added, removed or renamed; costs, effects, VP, chains; set-up; translations.

        Either side may be in an older data format: it is read through the migrations.
        Exit 0 when nothing changed, 1 when something did, 2 on usage errors or invalid data.
        """
        if fmt not in FORMATS:
            typer.echo(f"wondersmith: unknown format '{fmt}' (choose text, markdown or json)",
                       err=True)
            raise typer.Exit(2)
        cwd = Path.cwd()
        if new is None:
            root = repo_root(cwd) or cwd
            new = str(root / data)
        try:
            diffs = run_diff(old, new, data, cwd)
        except UsageError as exc:
            typer.echo(f"wondersmith: {exc}", err=True)
            raise typer.Exit(2)
        except InvalidData as exc:
            typer.echo(format_text(exc.diagnostics))
            typer.echo("wondersmith: invalid data; fix it before diffing", err=True)
            raise typer.Exit(2)
        typer.echo(FORMATS[fmt](diffs), nl=fmt != "markdown")
        raise typer.Exit(1 if semdiff.count(diffs) else 0)
