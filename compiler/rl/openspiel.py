"""The engine as an OpenSpiel game. Importing this module registers, with `pyspiel`,
`python_wondersmith_<game>` for each ruleset of `REGISTERED`, and the simultaneous-move form
`python_wondersmith_<game>_simultaneous` for each of `REGISTERED_SIMULTANEOUS`:

    import pyspiel
    import wondersmith.rl.openspiel
    game = pyspiel.load_game("python_wondersmith_duel")
    table = pyspiel.load_game("python_wondersmith_classic", {"players": 5})
    joint = pyspiel.load_game("python_wondersmith_classic_simultaneous", {"players": 5})

A ruleset played at several table sizes (classic: 3 to 7, and 2 for its 2-player variant)
takes the parameter `players` (default: the ruleset's own count). A decision several seats
take at once (classic's turn) comes in two forms (docs/rl.md):

- `python_wondersmith_<game>`, a SEQUENTIAL game (spiel_game.py): a run of consecutive
  decisions, one seat after the other, each hidden from the others until all are in, the
  turn-based form OpenSpiel's `turn_based_simultaneous_game` gives a simultaneous game,
  which every OpenSpiel search and solving algorithm takes;
- `python_wondersmith_<game>_simultaneous`, a SIMULTANEOUS game (spiel_joint.py): one node
  at which every choosing seat acts, applied with `apply_actions` (the engine's
  `apply_joint`).

Both wrap a `wondersmith.engine.Game` made with `auto_chance=False`: every random event is
an OpenSpiel chance node with the engine's `chance_outcomes()`. Action ids are the engine's;
`returns()` is +1 for a win, -1 for a loss, 0 for a shared victory (`seats.py`).

The rulesets registered on import are those of the designer's data repository holding the
working directory (compiled first when stale), or the packaged ones outside any
(`wondersmith.project`): Duel and classic under the names above when it has them, and each
other game of the repository as `python_wondersmith_<game>`.
"""
from __future__ import annotations

import sys

from wondersmith import project
from wondersmith.api import InvalidDataError, load_ruleset
from wondersmith.engine import UnknownRulesetError, runtime

from .spiel_game import RULESETS, Observer, WondersmithGame, WondersmithState, pyspiel
from .spiel_game import _replayed  # noqa: F401 (states pickled by earlier versions name it here)
from .spiel_joint import JointGame, JointState

__all__ = ["register", "short_name", "WondersmithGame", "WondersmithState", "JointGame",
           "JointState", "Observer", "REGISTERED", "REGISTERED_SIMULTANEOUS"]

REGISTERED = ("duel", "classic")
REGISTERED_SIMULTANEOUS = ("classic",)  # the rulesets whose turns several seats take at once
PREFIX = "python_wondersmith_"
SIMULTANEOUS_SUFFIX = "_simultaneous"


def short_name(game: str, simultaneous: bool = False) -> str:
    return f"{PREFIX}{game}{SIMULTANEOUS_SUFFIX if simultaneous else ''}"


def register(game: str, ruleset: runtime.Ruleset | None = None, name: str | None = None,
             simultaneous: bool = False) -> str:
    """Register a ruleset with OpenSpiel and return the name to give `pyspiel.load_game`:
    the ruleset `game` of the data repository here (the packaged one outside any:
    `wondersmith.load_ruleset`), or `ruleset`, under `name` (default `python_wondersmith_<game>`, with
    `_simultaneous` after it for the simultaneous-move form). Registering the same ruleset
    under the same name again does nothing; another ruleset under a name already taken
    raises ValueError (pyspiel cannot unregister a game)."""
    name = name or short_name(game, simultaneous)
    if not name.isidentifier():  # OpenSpiel parses names in "name(param=value)" strings
        raise ValueError(f"an OpenSpiel game name is letters, digits and _, got {name!r}")
    ruleset = ruleset if ruleset is not None else load_ruleset(game)
    if name in RULESETS:
        if RULESETS[name] is not ruleset:
            raise ValueError(f"{name} is already registered with another ruleset: pass name=")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"{name} is already an OpenSpiel game: pass name=")
    counts = ruleset.player_counts
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"wondersmith {ruleset.name}{' (simultaneous moves)' if simultaneous else ''}",
        # Sequential: one seat decides at a time, simultaneous decisions too (seats.deciders).
        # Simultaneous: every seat of such a decision acts at one node (spiel_joint.py).
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        # A game played at several table sizes takes `players` (default: the ruleset's).
        parameter_specification={"players": ruleset.players} if len(counts) > 1 else {},
    )
    # A class, not a closure, as the factory: pyspiel keeps it until the interpreter exits,
    # and a closure freed then (without the GIL) aborts the process.
    base = JointGame if simultaneous else WondersmithGame
    factory = type(f"{base.__name__}_{name}", (base,), {"ruleset": ruleset, "game_type": game_type})
    pyspiel.register_game(game_type, factory)
    RULESETS[name] = ruleset
    return name


def register_project_games() -> list[str]:
    """Register every game of the data repository here (the packaged examples outside one),
    the simultaneous-move form too for those of `REGISTERED_SIMULTANEOUS`; a game that cannot
    be loaded (invalid data) is left out with one line on stderr. Returns the names."""
    names = []
    for game in project.current_project().games():
        if not game.isidentifier():
            continue
        try:
            ruleset = load_ruleset(game)
        except (UnknownRulesetError, InvalidDataError) as exc:
            print(f"wondersmith.rl.openspiel: {game} is not registered: "
                  f"{str(exc).splitlines()[0]}", file=sys.stderr)
            continue
        names.append(register(game, ruleset))
        if game in REGISTERED_SIMULTANEOUS:
            names.append(register(game, ruleset, simultaneous=True))
    return names


register_project_games()
