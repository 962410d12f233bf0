"""`wondersmith new card|wonder|token|board ID --game G`: append a valid skeleton, ready to edit.

A new item also raises the counts game.yaml keeps of it (comments kept). In Duel an Age card
raises its Age's `cards` and colour count, so the only thing left by hand is a slot for it in
the Age's structure (WS311 says which). In 7 Wonders a card is one copy printed for the
fewest players and raises its Age's `printed` (a guild, the guilds' `printed`; a board, the
boards' `count`); the hands then deal one card too many, and WS321 says where.
"""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Optional

import typer

from wondersmith import atomic
from wondersmith.datafiles import RefusedFile
from wondersmith.tools import skeleton
from wondersmith.diagnostics import format_text
from wondersmith.ir.loader import display_path, load_game

# Per-Age and per-colour counts and the structures' slots: what a new card changes. `new`
# updates the counts itself (unless told not to); a structure slot is the designer's choice.
COUNT_CODES = {"WS308", "WS309", "WS311", "WS321", "WS323"}


def _diff(update: skeleton.CountUpdate) -> str:
    name = display_path(update.path)
    return "".join(difflib.unified_diff(update.before.splitlines(keepends=True),
                                        update.after.splitlines(keepends=True),
                                        f"{name} (before)", f"{name} (after)"))


def register(app: typer.Typer) -> None:
    @app.command()
    def new(
        kind: str = typer.Argument(..., help="card, wonder, token or board"),
        ident: str = typer.Argument(..., metavar="ID", help="The new id, in snake_case"),
        game: str = typer.Option(..., "--game", "-g", help="The game's folder under --data"),
        age: Optional[int] = typer.Option(None, "--age", help="A card's Age"),
        color: Optional[str] = typer.Option(None, "--color", help="A card's colour [blue]"),
        data: Path = typer.Option(Path("cards"), "--data", help="The folder of games"),
        update_counts: bool = typer.Option(
            True, "--update-counts/--no-update-counts",
            help="Raise the counts game.yaml keeps of the new card or board"),
        dry_run: bool = typer.Option(False, "--dry-run",
                                     help="Print the skeleton, its file and the change to "
                                          "game.yaml; write nothing"),
    ) -> None:
        """Append a valid skeleton of a card, Wonder, token or board to the right data file.

        Exit 0 when written, 2 on a bad or existing id or other usage error.
        """
        try:
            folder = skeleton.game_folder(data, game)
            added = skeleton.add(folder, kind, ident, age=age, color=color)
            counts = skeleton.count_update(folder, age, color or "blue", kind) \
                if kind in ("card", "board") and update_counts else None
        except (skeleton.SkeletonError, RefusedFile) as exc:  # a link out, a named pipe
            typer.echo(f"wondersmith: {exc}", err=True)
            raise typer.Exit(2)
        where = display_path(added.path)
        if dry_run:
            typer.echo(f"# would be appended to {where}")
            typer.echo(added.item, nl=False)
            if counts is not None:
                typer.echo(f"# would change {display_path(counts.path)}")
                typer.echo(_diff(counts), nl=False)
            raise typer.Exit(0)
        atomic.write_text(added.path, added.text)
        typer.echo(f"{'created' if added.created else 'added'} {kind} {ident} in {where}")
        if counts is not None:
            atomic.write_text(counts.path, counts.after)
            what = f"Age {age}" if kind == "card" else "the boards"
            typer.echo(f"updated the counts of {what} in {display_path(counts.path)}")
        loaded = load_game(folder)
        left = [d for d in loaded.diagnostics if d.code in COUNT_CODES]
        others = [d for d in loaded.diagnostics if d.code not in COUNT_CODES]
        if left:
            typer.echo(f"now update {display_path(folder / 'game.yaml')}:")
            typer.echo(format_text(left))
        if others:
            typer.echo(format_text(others))
