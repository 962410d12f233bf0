"""The toolkit from Python: validate rules data and load a game, as the commands do.

    import wondersmith
    problems = wondersmith.validate_paths(["cards"])     # [] when the data is clean
    game = wondersmith.load_game("cards/duel")           # the typed intermediate form
    ruleset = wondersmith.load_ruleset("duel")           # what the engine plays

A game id ("duel") means that game of the designer's data repository holding the working
directory (`wondersmith.project`), or of the packaged examples outside one, as for the
commands. The engine is `wondersmith.engine` (docs/embedding.md).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterable

from wondersmith import project
from wondersmith.diagnostics import ERROR, Diagnostic, format_text, sort_key
from wondersmith.engine import UnknownRulesetError, runtime
from wondersmith.ir import loader
from wondersmith.ir.model import Game
from wondersmith.validate import locales

StrPath = str | os.PathLike[str]


class InvalidDataError(ValueError):
    """The rules data has errors; `diagnostics` lists every problem found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(format_text(diagnostics))
        self.diagnostics = diagnostics


def validate_paths(paths: Iterable[StrPath] = ("cards",)) -> list[Diagnostic]:
    """Every diagnostic for the games and card files under `paths`, in a stable order.

    A path is a game folder, a folder of games or a data file, as for `wondersmith validate`;
    the checks are the same (strict YAML, schema, semantics, locales). Raises
    FileNotFoundError for a path that does not exist.
    """
    folders = [Path(p) for p in paths]
    for path in folders:
        if not path.exists():
            raise FileNotFoundError(f"no such file or folder: {path}")
    games, strays = loader.find_games(folders)
    found: list[Diagnostic] = []
    for folder in games:
        found += loader.load_game(folder).diagnostics
        found += locales.check(folder)  # per-locale names and catalogs (WS4xx)
    for path in strays:
        doc = loader.check_file(path, "cards")
        found += doc.diagnostics
        if not doc.diagnostics:
            found.append(Diagnostic(loader.display_path(path), 1, 1, "WS317",
                                    "this card file belongs to no game (no game.yaml above it)",
                                    "move it into a game folder under cards/"))
    # An error in a base game's file is the base's and each extension's: reported once.
    return sorted(dict.fromkeys(found), key=sort_key)


def load_game(folder: StrPath) -> Game:
    """The game in `folder` (the one with `game.yaml`), or the game of that id in the data
    repository here (the packaged examples outside one), in its typed intermediate form.

    Raises InvalidDataError when the data has errors (warnings do not stop it), and
    FileNotFoundError when `folder` holds no game.yaml and names no game.
    """
    folder = Path(folder)
    if not (folder / loader.GAME_FILE).is_file():
        if project.looks_like_folder(str(folder)):
            raise FileNotFoundError(f"no {loader.GAME_FILE} in {folder}")
        try:
            folder = project.resolve(str(folder))[2]
        except project.ProjectError as exc:
            raise FileNotFoundError(f"no {loader.GAME_FILE} in {folder}, and {exc}") from None
    loaded = loader.load_game(folder)
    errors = [d for d in loaded.diagnostics if d.severity == ERROR]
    if errors or loaded.game is None:
        raise InvalidDataError(errors or loaded.diagnostics)
    return loaded.game


def find_ruleset(game: str = "duel") -> project.LoadedRuleset:
    """The ruleset `game` names (a game id, or a game's folder) and where it came from:
    `.ruleset`, `.game`, `.folder`, `.data_hash`, `.banner()`. In a data repository its
    package is compiled first when stale or missing, with one line on stderr saying so.

    Raises UnknownRulesetError (its message lists the games found) for an unknown game and
    InvalidDataError when the game's data has errors.
    """
    try:
        return project.load(game, say=_tell)
    except project.ProjectError as exc:
        if exc.diagnostics:
            raise InvalidDataError(exc.diagnostics) from None
        raise UnknownRulesetError(str(exc)) from None


def load_ruleset(game: str = "duel") -> runtime.Ruleset:
    """`find_ruleset(game).ruleset`: the designer's own ruleset inside a data repository,
    the packaged one outside. (`wondersmith.engine.load_ruleset` imports exactly the
    compiled folder it is given, and never looks for a repository.)"""
    return find_ruleset(game).ruleset


def _tell(line: str) -> None:
    print(line, file=sys.stderr)
