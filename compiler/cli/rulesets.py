"""Which ruleset a command plays: the GAME argument (a game id or a game folder) looked up in
the designer's data repository, or the packaged examples outside one (`wondersmith.project`),
announced in one line on stderr so that a command's JSON on stdout stays clean."""
from __future__ import annotations

from pathlib import Path

import typer

from wondersmith.diagnostics import format_text
from wondersmith.project import LoadedRuleset, ProjectError, load, load_compiled

GAME_HELP = ("The game: its id (e.g. duel), found in the data repository here or above, or the "
             "packaged examples outside one; or its folder (e.g. ./cards/mygame)")
PATH_HELP = ("Folder of compiled rulesets to play instead (`wondersmith compile`'s output) "
             "[default: the data repository's, compiled when stale]")


def _tell(line: str) -> None:
    typer.echo(line, err=True)


def load_or_exit(command: str, game: str, path: Path | None = None) -> LoadedRuleset:
    """The ruleset `game` names (from `path` when given), after printing where it comes from;
    exit 2 for an unknown game (one line listing the games found), 1 for invalid data."""
    try:
        loaded = load(game, say=_tell) if path is None else load_compiled(game, path)
    except ProjectError as exc:
        if exc.diagnostics:
            typer.echo(format_text(exc.diagnostics), err=True)
        typer.echo(f"wondersmith {command}: {exc}", err=True)
        raise typer.Exit(1 if exc.diagnostics else 2) from None
    _tell(loaded.banner())
    return loaded
