"""The reference engine. It depends on nothing else in the toolkit.

    from wondersmith.engine import load_ruleset, Game
    game = Game(load_ruleset("duel"), seed=1)
"""
from __future__ import annotations

import importlib

from . import runtime
from .costs import Payment
from .errors import (EngineError, IllegalActionError, NotationError, RecordFormatError, StateFormatError,
                     UnknownRulesetError)
from .records import game_record, replay_record
from .scoring import Result
from .state import CHANCE, TERMINAL, Game


def load_ruleset(game: str) -> runtime.Ruleset:
    """The compiled ruleset `wondersmith.generated.<game>.RULESET`."""
    if not game.isidentifier():
        raise UnknownRulesetError(f"no compiled ruleset named {game!r}")
    try:
        module = importlib.import_module(f"wondersmith.generated.{game}")
    except ModuleNotFoundError as exc:
        raise UnknownRulesetError(
            f"no compiled ruleset named {game!r} (wondersmith.generated.{game} is missing: {exc})") from None
    return module.RULESET


def new_game(game: str = "duel", seed: int = 0, auto_chance: bool = True) -> Game:
    return Game(load_ruleset(game), seed=seed, auto_chance=auto_chance)


__all__ = [
    "CHANCE", "TERMINAL", "EngineError", "Game", "IllegalActionError", "NotationError",
    "Payment", "RecordFormatError", "Result", "StateFormatError", "UnknownRulesetError", "game_record",
    "load_ruleset", "new_game", "replay_record", "runtime",
]
