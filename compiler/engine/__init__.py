"""The reference engine. It depends on nothing else in the toolkit.

    from wondersmith.engine import load_ruleset, Game
    game = Game(load_ruleset("duel"), seed=1)
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from . import runtime
from .mechanics.bank_trade.costs import Payment
from .errors import (ArgumentError, EngineError, IllegalActionError, NotationError, OtherEventError, RecordFormatError,
                     StateFormatError, UnknownRulesetError)
from .records import game_record, replay_record, upgrade_record
from .scoring import Result
from .state import CHANCE, TERMINAL, Game


def load_ruleset(game: str, path: str | os.PathLike[str] | None = None) -> runtime.Ruleset:
    """The compiled ruleset `wondersmith.generated.<game>.RULESET`, or with `path` the one
    `wondersmith compile` wrote to `<path>/<game>/` (a designer's own repository: `generated`)."""
    if not game.isidentifier():
        raise UnknownRulesetError(f"no compiled ruleset named {game!r}")
    if path is not None:
        return _import_folder(Path(path) / game).RULESET
    try:
        module = importlib.import_module(f"wondersmith.generated.{game}")
    except ModuleNotFoundError as exc:
        raise UnknownRulesetError(
            f"no compiled ruleset named {game!r} (wondersmith.generated.{game} is missing: {exc})") from None
    return module.RULESET


def _import_folder(folder: Path) -> ModuleType:
    """The package in `folder`, imported once per process under a name of its own: named by
    the folder and its files' bytes, so a package compiled again (edited data) is imported
    afresh while an unchanged one is the same module."""
    init = folder / "__init__.py"
    if not init.is_file():
        raise UnknownRulesetError(f"no compiled ruleset in {folder} (run `wondersmith compile`)")
    digest = hashlib.sha256(str(folder.resolve()).encode() + b"\0")
    for file in sorted(p for p in folder.iterdir() if p.is_file()):
        digest.update(file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    where = digest.hexdigest()[:12]
    name = f"_wondersmith_ruleset_{folder.name}_{where}"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(folder)])
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # before running it: its relative imports look it up
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]


def new_game(game: str = "duel", seed: int = 0, auto_chance: bool = True) -> Game:
    return Game(load_ruleset(game), seed=seed, auto_chance=auto_chance)


__all__ = [
    "ArgumentError", "CHANCE", "TERMINAL", "EngineError", "Game", "IllegalActionError", "NotationError",
    "OtherEventError", "Payment", "RecordFormatError", "Result", "StateFormatError", "UnknownRulesetError", "game_record",
    "load_ruleset", "new_game", "replay_record", "runtime", "upgrade_record",
]
