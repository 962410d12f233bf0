"""`wondersmith migrate [PATH...] [--check] [--dry-run]`: rewrite data in today's format."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith.ir.loader import display_path, find_games
from wondersmith.ir.migrations import FORMAT_VERSION
from wondersmith.tools import migrate as migrator


def register(app: typer.Typer) -> None:
    @app.command()
    def migrate(
        paths: Optional[list[Path]] = typer.Argument(
            None, help="Game folders or folders of games [default: cards/]"),
        check: bool = typer.Option(False, "--check",
                                   help="Write nothing; exit 1 naming games in an older format"),
        dry_run: bool = typer.Option(False, "--dry-run",
                                     help="Write nothing; print the changes as a unified diff"),
    ) -> None:
        """Rewrite games in an older data format in today's format, keeping comments.

        Exit 0 when every game is in today's format (or was rewritten),
        1 with --check when some game would change, 2 on usage errors or
        games that cannot be migrated (a YAML error, a newer format).
        """
        paths = paths or [Path("cards")]
        missing = [p for p in paths if not p.exists()]
        if missing:
            typer.echo(f"wondersmith: no such file or folder: {missing[0]}", err=True)
            raise typer.Exit(2)
        games, _ = find_games(paths)
        if not games:
            typer.echo(f"wondersmith: no game data under {', '.join(map(str, paths))}",
                       err=True)
            raise typer.Exit(2)
        outdated, failed = 0, 0
        for folder in games:
            name = display_path(folder)
            result = migrator.plan(folder)
            if result.error:
                failed += 1
                typer.echo(result.error, err=True)
                typer.echo(f"wondersmith: {name}: not migrated", err=True)
                continue
            if not result.changes:
                continue
            outdated += 1
            files = ", ".join(c.path.name for c in result.changes)
            step = f"format {result.version} → {FORMAT_VERSION}"
            if dry_run:
                typer.echo("".join(c.diff() for c in result.changes), nl=False)
            elif check:
                typer.echo(f"would migrate {name} ({step}): {files}")
            else:
                migrator.apply(result)
                typer.echo(f"migrated {name} ({step}): {files}")
        verb = "would be migrated" if check or dry_run else "migrated"
        typer.echo(f"{len(games)} game(s) checked, {outdated} {verb}", err=True)
        if failed:
            raise typer.Exit(2)
        raise typer.Exit(1 if check and outdated else 0)
