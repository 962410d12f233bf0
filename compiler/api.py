"""The toolkit from Python: validate rules data and load a game, as the commands do.

    import wondersmith
    problems = wondersmith.validate_paths(["cards"])     # [] when the data is clean
    game = wondersmith.load_game("cards/duel")           # the typed intermediate form

The engine is `wondersmith.engine` (docs/embedding.md).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable

from wondersmith.diagnostics import ERROR, Diagnostic, format_text, sort_key
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
    return sorted(found, key=sort_key)


def load_game(folder: StrPath) -> Game:
    """The game in `folder` (the one with `game.yaml`) in its typed intermediate form.

    Raises InvalidDataError when the data has errors (warnings do not stop it), and
    FileNotFoundError when `folder` holds no game.yaml.
    """
    folder = Path(folder)
    if not (folder / loader.GAME_FILE).is_file():
        raise FileNotFoundError(f"no {loader.GAME_FILE} in {folder}")
    loaded = loader.load_game(folder)
    errors = [d for d in loaded.diagnostics if d.severity == ERROR]
    if errors or loaded.game is None:
        raise InvalidDataError(errors or loaded.diagnostics)
    return loaded.game
