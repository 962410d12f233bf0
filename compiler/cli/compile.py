"""`wondersmith compile` and `wondersmith export`: data to code, data to JSON."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith import atomic
from wondersmith.codegen import outputs
from wondersmith.codegen.python import json_text
from wondersmith.diagnostics import FORMATTERS
from wondersmith.codegen.export import export
from wondersmith.cli.validate import require_game_data
from wondersmith.ir.loader import GAME_FILE, display_path, find_games, load_game
from wondersmith.manifest import Manifest
from wondersmith.output_lock import locked
from wondersmith.project import INIT_HINT, current_project

CARDS = Path("cards")
GENERATED = Path("generated")


def _fail(message: str, code: int) -> typer.Exit:
    typer.echo(f"wondersmith: {message}", err=True)
    return typer.Exit(code)


def _check_output(output: Path) -> None:
    """Refuse, before any work, an output path that can never be a file."""
    if output.is_dir():
        raise _fail(f"{output} is a folder: give the file to write (-o {output / 'ruleset.json'})", 2)
    above = next((p for p in output.parents if p.exists()), None)
    if above is not None and not above.is_dir():
        raise _fail(f"cannot write {output}: {above} is a file, not a folder", 2)


def run_compile(check: bool, cards: Path = CARDS, out: Path = GENERATED) -> None:
    """Compile (or check) every game; raises typer.Exit with the right code.

    Compiling always regenerates in memory (it is cheap) and writes only what changed; the
    manifest (`generated/manifest.json` beside `cards/`) records each package's inputs.
    `--check` proves the files and the manifest's claims about them, writing nothing.
    """
    if not cards.is_dir():
        raise _fail(f"no such folder: {cards}", 2)
    games, _ = require_game_data([cards])
    if not games:  # card files outside any game: `validate` names them (WS317)
        raise _fail(f"no game under {cards} (no {GAME_FILE}): run `wondersmith validate`", 2)
    result = outputs.expected(cards, out, games)
    if result.diagnostics:
        typer.echo(FORMATTERS["text"](result.diagnostics))
    for error in result.errors:
        typer.echo(f"{error}", err=True)
    if not result.ok:
        raise _fail("not compiled: fix the problems above (nothing was written)", 1)
    if check:
        manifest = Manifest(cards.parent)
        problems = outputs.stale(result, out, manifest) + manifest.false_claims()
        for line in dict.fromkeys(problems):
            typer.echo(line)
        if problems:
            raise _fail(f"{out}/ is out of date: run `wondersmith build` (or `wondersmith "
                        "compile` when only the compiled packages are named)", 1)
        typer.echo(f"{out}/ is up to date ({', '.join(result.games)})", err=True)
        return
    with locked(cards.parent / "generated", lambda message: typer.echo(message, err=True)):
        manifest = Manifest(cards.parent)  # read under the lock: another writer may be saving it
        changed = outputs.write(result, out, manifest)
        manifest.save()
    typer.echo(f"compiled {', '.join(result.games)}: {len(changed)} file(s) changed", err=True)


def register(app: typer.Typer) -> None:
    @app.command("compile")
    def compile_(
        check: bool = typer.Option(False, "--check",
                                   help="Write nothing; exit 1 naming each stale or missing file"),
        cards: Path = typer.Option(CARDS, help="Folder of games"),
        out: Path = typer.Option(GENERATED, help="Output folder"),
    ) -> None:
        """Compile validated data into Python effect classes and a JSON export."""
        run_compile(check, cards, out)

    @app.command("export")
    def export_(
        game: str = typer.Argument(..., help="The game's id, e.g. duel"),
        fmt: str = typer.Option("json", "--format", "-f", help="Export format: json"),
        output: Optional[Path] = typer.Option(None, "--output", "-o",
                                              help="Write to this file instead of stdout"),
        cards: Optional[Path] = typer.Option(
            None, help="Folder of games [default: the data repository's cards/ here or above, "
                       "else the packaged examples]"),
    ) -> None:
        """The whole ruleset as one canonical JSON document (schema/export.schema.json)."""
        if fmt != "json":
            raise _fail(f"unknown format '{fmt}' (json is the only one)", 2)
        if output is not None:
            _check_output(output)
        if cards is None:
            here = current_project()
            games, where = here.games(), f"{display_path(here.cards)}/"
            if here.packaged:
                where = "the packaged examples"
                typer.echo(f"wondersmith: exporting from {where} (no data repository here or "
                           f"above: {INIT_HINT})", err=True)
        else:
            folders, _ = find_games([cards]) if cards.is_dir() else ([], [])
            games, where = {f.name: f for f in folders}, f"{cards}/"
        folder = games.get(game)
        if folder is None:
            known = ", ".join(sorted(games)) or "none"
            raise _fail(f"no game '{game}' in {where} (games: {known})", 2)
        loaded = load_game(folder)
        if not loaded.ok:
            typer.echo(FORMATTERS["text"](loaded.diagnostics))
            raise _fail("not exported: the data is invalid", 1)
        text = json_text(export(loaded.game))
        if output is None:
            typer.echo(text, nl=False)
        else:
            atomic.write_text(output, text)
