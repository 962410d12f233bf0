"""`wondersmith init [DIR]`: start a data repository of the designer's own."""
from __future__ import annotations

from pathlib import Path

import typer

from wondersmith.ir.loader import display_path
from wondersmith.tools import scaffold


def register(app: typer.Typer) -> None:
    @app.command()
    def init(
        target: Path = typer.Argument(Path("."), metavar="[DIR]",
                                      help="The repository's folder [default: here]"),
        example: str = typer.Option("duel", "--example",
                                    help=f"Example data to start from: {', '.join(scaffold.examples())}, or 'none'"),
    ) -> None:
        """Set up a card-data repository: schemas, pre-commit hooks and example data.

        Writes schema/ (editor completion through each file's yaml-language-server line),
        .pre-commit-config.yaml and cards/<example>/ (and the games it extends), and runs `git init` there when git is
        installed and the folder is in no git repository yet. Overwrites nothing: exit 2
        naming the files that exist. Inside the new folder, play, simulate, balance and
        export use its games.
        """
        try:
            planned = scaffold.files(None if example == "none" else example)
        except ValueError as exc:
            typer.echo(f"wondersmith: {exc}, or 'none'", err=True)
            raise typer.Exit(2)
        if target.exists() and not target.is_dir():
            typer.echo(f"wondersmith: {target} is not a folder", err=True)
            raise typer.Exit(2)
        clash = scaffold.existing(target, planned)
        if clash:
            for path in clash:
                typer.echo(f"wondersmith: {display_path(path)} exists", err=True)
            typer.echo("wondersmith: init writes nothing over existing files (`wondersmith "
                       "schema --out DIR` refreshes the schemas)", err=True)
            raise typer.Exit(2)
        written = scaffold.write(target, planned)
        typer.echo(f"wrote {len(written)} file(s) in {target}:")
        typer.echo("  schema/                  JSON Schemas, named by each data file's first line")
        typer.echo("  .pre-commit-config.yaml  validate, fmt --check and schema --check on commit")
        if example != "none":
            typer.echo(f"  cards/{example}/{' ' * max(1, 18 - len(example))}the {example} data "
                       "to start from")
        typer.echo(f"  git: {scaffold.git_init(target)}")
        typer.echo("next: `wondersmith validate`, `wondersmith build`, then `wondersmith play "
                   "GAME` plays your data here; pre-commit and CI: docs/ci.md")
