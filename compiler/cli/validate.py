"""`wondersmith validate`: check rules data in three layers and report every problem."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith.api import validate_paths as collect
from wondersmith.diagnostics import FORMATTERS
from wondersmith.ir.loader import find_games

DEFAULT_PATHS = [Path("cards")]


def usage_error(message: str) -> typer.Exit:
    typer.echo(f"wondersmith: {message}", err=True)
    return typer.Exit(2)


def check_paths(paths: list[Path]) -> None:
    """Refuse (exit 2) a path that does not exist, or a file that is not YAML: the same for
    every command that takes data paths."""
    missing = [p for p in paths if not p.exists()]
    if missing:
        raise usage_error(f"no such file or folder: {missing[0]}")
    not_yaml = [p for p in paths if p.is_file() and p.suffix not in (".yaml", ".yml")]
    if not_yaml:
        raise usage_error(f"not a YAML file: {not_yaml[0]}")
    special = [p for p in paths if not p.is_file() and not p.is_dir()]
    if special:  # a named pipe or a device: never opened
        raise usage_error(f"neither a file nor a folder: {special[0]}")


def require_game_data(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """The games and stray card files under `paths`; exit 2 when there are neither (a
    `cards/` holding only an empty folder), for every command that works on them."""
    games, strays = find_games(paths)
    if not games and not strays:
        raise usage_error(f"no game data under {', '.join(map(str, paths))}")
    return games, strays


def register(app: typer.Typer) -> None:
    @app.command()
    def validate(
        paths: Optional[list[Path]] = typer.Argument(
            None, help="Game folders, folders of games, or card files [default: cards/]"),
        fmt: str = typer.Option("text", "--format", "-f",
                                help="Output: text (with source lines), json, github "
                                     "(annotations) or sarif (code scanning)"),
    ) -> None:
        """Check rules data: strict YAML, schema, then semantic checks.

        Exit 0 when clean, 1 when the data is invalid, 2 on usage errors.
        """
        if fmt not in FORMATTERS:
            raise usage_error(f"unknown format '{fmt}' (choose {', '.join(FORMATTERS)})")
        paths = paths or DEFAULT_PATHS
        check_paths(paths)
        games, _ = require_game_data(paths)
        diagnostics = collect(paths)
        errors = sum(d.severity == "error" for d in diagnostics)
        if fmt in ("json", "sarif") or diagnostics:
            typer.echo(FORMATTERS[fmt](diagnostics))
        if fmt == "text":
            typer.echo(f"{len(games)} game(s) checked: "
                       + (f"{errors} error(s)" if errors else "no problems found"), err=True)
        raise typer.Exit(1 if errors else 0)
