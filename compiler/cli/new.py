"""`wondersmith new card|wonder|token ID --game G`: append a valid skeleton, ready to edit."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith.tools import skeleton
from wondersmith.diagnostics import format_text
from wondersmith.ir.loader import display_path, load_game

# Per-Age and per-colour counts (and the structures' slots) must be updated by hand in
# game.yaml after adding a card; these codes are the expected reminder, not a skeleton bug.
COUNT_CODES = {"WS308", "WS309", "WS311"}


def register(app: typer.Typer) -> None:
    @app.command()
    def new(
        kind: str = typer.Argument(..., help="card, wonder or token"),
        ident: str = typer.Argument(..., metavar="ID", help="The new id, in snake_case"),
        game: str = typer.Option(..., "--game", "-g", help="The game's folder under --data"),
        age: Optional[int] = typer.Option(None, "--age", help="A card's Age"),
        color: Optional[str] = typer.Option(None, "--color", help="A card's colour [blue]"),
        data: Path = typer.Option(Path("cards"), "--data", help="The folder of games"),
        dry_run: bool = typer.Option(False, "--dry-run",
                                     help="Print the skeleton and its file; write nothing"),
    ) -> None:
        """Append a valid skeleton of a card, Wonder or token to the right data file.

        Exit 0 when written, 2 on a bad or existing id or other usage error.
        """
        try:
            folder = skeleton.game_folder(data, game)
            added = skeleton.add(folder, kind, ident, age=age, color=color)
        except skeleton.SkeletonError as exc:
            typer.echo(f"wondersmith: {exc}", err=True)
            raise typer.Exit(2)
        where = display_path(added.path)
        if dry_run:
            typer.echo(f"# would be appended to {where}")
            typer.echo(added.item, nl=False)
            raise typer.Exit(0)
        added.path.write_text(added.text, encoding="utf-8")
        typer.echo(f"{'created' if added.created else 'added'} {kind} {ident} in {where}")
        loaded = load_game(folder)
        counts = [d for d in loaded.diagnostics if d.code in COUNT_CODES]
        others = [d for d in loaded.diagnostics if d.code not in COUNT_CODES]
        if counts:
            typer.echo(f"now update the counts in {display_path(folder / 'game.yaml')} "
                       f"(`ages`: cards and colours of Age {age}, and the structure): "
                       + ", ".join(sorted({d.code for d in counts})) + " until then")
        if others:
            typer.echo(format_text(others))
