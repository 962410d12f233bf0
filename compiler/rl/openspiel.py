"""The engine as an OpenSpiel game. Importing this module registers, with `pyspiel`,
`python_wondersmith_<game>` for each ruleset of `REGISTERED`:

    import pyspiel
    import wondersmith.rl.openspiel
    game = pyspiel.load_game("python_wondersmith_duel")
    table = pyspiel.load_game("python_wondersmith_classic", {"players": 5})

A ruleset played at several table sizes (classic: 3 to 7) takes the parameter `players`
(default: the ruleset's own count). A decision several seats take at once (classic's turn)
is a run of consecutive decisions, one seat after the other, each hidden from the others
until all are in: the turn-based form OpenSpiel's own `turn_based_simultaneous_game` gives a
simultaneous game, which every OpenSpiel algorithm can search (docs/rl.md).

A state wraps a `wondersmith.engine.Game` made with `auto_chance=False`: every random event
(the first player, board tokens, Wonders revealed, cards left out, guilds, deals, the Great
Library's draw) is an OpenSpiel chance node whose outcomes and probabilities are the engine's
`chance_outcomes()`. Action ids are the engine's (player actions and chance outcomes share
one numbering); `returns()` is +1 for a win, -1 for a loss, 0 for a shared victory
(`seats.py`). Observations are the engine's `observation(player)`: the tensor is
`observation_vector(player)`, the string its JSON. With `perfect_recall` (the information
state) the string is the JSON of every observation the player has had since the start, with
the player's own actions.
"""
from __future__ import annotations

import json

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # the optional extra is missing
    raise ImportError('wondersmith.rl.openspiel needs OpenSpiel: pip install "wondersmith[rl]"') from exc

from wondersmith.engine import Game, load_ruleset, runtime
from wondersmith.engine.bots import new_game

from . import seats

REGISTERED = ("duel", "classic")
PREFIX = "python_wondersmith_"
_REGISTERED: dict[str, runtime.Ruleset] = {}  # by name, what this module registered


def short_name(game: str) -> str:
    return f"{PREFIX}{game}"


def register(game: str, ruleset: runtime.Ruleset | None = None, name: str | None = None) -> str:
    """Register a ruleset with OpenSpiel and return the name to give `pyspiel.load_game`:
    the packaged ruleset `game`, or `ruleset` (e.g. `load_ruleset(game, path="generated")`,
    a designer's own), under `name` (default `python_wondersmith_<game>`). Registering the
    same ruleset under the same name again does nothing; another ruleset under a name
    already taken raises ValueError (pyspiel cannot unregister a game)."""
    name = name or short_name(game)
    if not name.isidentifier():  # OpenSpiel parses names in "name(param=value)" strings
        raise ValueError(f"an OpenSpiel game name is letters, digits and _, got {name!r}")
    ruleset = ruleset if ruleset is not None else load_ruleset(game)
    if name in _REGISTERED:
        if _REGISTERED[name] is not ruleset:
            raise ValueError(f"{name} is already registered with another ruleset: pass name=")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"{name} is already an OpenSpiel game: pass name=")
    counts = ruleset.player_counts
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"wondersmith {ruleset.name}",
        # One seat decides at a time, simultaneous decisions too (see seats.deciders).
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
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
    factory = type(f"WondersmithGame_{name}", (WondersmithGame,),
                   {"ruleset": ruleset, "game_type": game_type})
    pyspiel.register_game(game_type, factory)
    _REGISTERED[name] = ruleset
    return name


class WondersmithGame(pyspiel.Game):
    """One ruleset as an OpenSpiel game; `register` makes a subclass per ruleset."""

    ruleset: runtime.Ruleset
    game_type: pyspiel.GameType

    def __init__(self, params: dict | None = None) -> None:
        ruleset = self.ruleset
        params = dict(params or {})
        players = int(params.get("players", ruleset.players))
        if players not in ruleset.player_counts:
            raise ValueError(f"{ruleset.name} is played by {sorted(ruleset.player_counts)} "
                             f"players, not {players}")
        self.players = players
        probe = new_game(ruleset, 0, players, auto_chance=False)
        actions = seats.action_count(probe)
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=actions,  # chance outcomes are action ids too
            num_players=players,
            min_utility=seats.MIN_RETURN,
            max_utility=seats.MAX_RETURN,
            utility_sum=0.0,
            max_game_length=seats.max_decisions(ruleset, players),
        )
        super().__init__(self.game_type, info, params)
        self.observation_size = seats.observation_size(probe)

    def new_initial_state(self) -> "WondersmithState":
        return WondersmithState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "Observer | None":
        """The observer of a player's own view (the default), with or without perfect
        recall; None (OpenSpiel's "not supported") for a public-only or private-only
        view, which the engine does not split."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            return Observer(self.observation_size, perfect_recall=False)
        if (not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            return None
        return Observer(self.observation_size, iig_obs_type.perfect_recall)


class WondersmithState(pyspiel.State):
    """A state of the game. `engine` is the wrapped `wondersmith.engine.Game`: read it
    freely, but change it only through OpenSpiel (`apply_action`), which keeps the history."""

    def __init__(self, game: WondersmithGame) -> None:
        super().__init__(game)
        self._seats = game.num_players()
        # No seed: chance is OpenSpiel's.
        self._held = _Held(game.get_type().short_name, self._seats)
        # Each seat's observations so far (JSON), kept from the first time an information
        # state is asked for: a caller who never asks does not pay for them.
        self._seen: list[list[str]] | None = None

    @property
    def engine(self) -> Game:
        return self._held.game

    def current_player(self) -> int:
        engine = self._held.game
        if engine.is_terminal:
            return pyspiel.PlayerId.TERMINAL
        if engine.is_chance_node:
            return pyspiel.PlayerId.CHANCE
        return engine.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if player not in seats.deciders(self._held.game):
            return []
        return list(self._held.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.game.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        engine = self._held.game
        mover = engine.current_player
        self._held.apply(int(action))
        if self._seen is not None:
            _remember(self._seen, engine, mover, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        # Worded for `player` (at a turn, "stage 2" is that seat's next stage); the engine's
        # texts are unique among the legal actions, as OpenSpiel wants.
        engine = self._held.game
        seat = player if 0 <= player < len(engine.t.seats) else None
        return engine.action_to_text(int(action), seat)

    def is_terminal(self) -> bool:
        return self._held.game.is_terminal

    def returns(self) -> list[float]:
        return seats.returns(self._held.game, self._seats)

    def __str__(self) -> str:
        return seats.describe(self._held.game)

    def observation_json(self, player: int) -> str:
        """`observation(player)` as JSON (keys sorted, no spaces)."""
        return _json(self._held.game.observation(player))

    def information_state_json(self, player: int) -> str:
        """What `player` can tell apart with perfect recall, as a JSON list: the first
        observation, then after each step the observation, with the action when it was
        the player's own (`{"action": id, "observation": ...}`)."""
        if self._seen is None:
            replay = new_game(self._held.game.ruleset, 0, self._seats, auto_chance=False)
            self._seen = [[_json(replay.observation(p))] for p in range(self._seats)]
            for action in self.history():
                mover = replay.current_player
                replay.apply(action)
                _remember(self._seen, replay, mover, action)
        return "[" + ",".join(self._seen[player]) + "]"


def _remember(seen: list[list[str]], engine: Game, mover: int, action: int) -> None:
    """Append each seat's view of the step `mover` just took with `action`."""
    for player, views in enumerate(seen):
        view = _json(engine.observation(player))
        views.append(f'{{"action":{action},"observation":{view}}}' if player == mover else view)


class _Held:
    """The engine's game inside a state, with the actions applied to it. OpenSpiel clones a
    Python state with deepcopy and serialises it with pickle: this copies the game with its
    own cheap `clone()`, and pickles it as its seat count and actions, replayed on load
    against the ruleset registered under the game's name (never the engine's objects and
    tables)."""

    __slots__ = ("game", "name", "players", "actions")

    def __init__(self, name: str, players: int, actions: list[int] | None = None,
                 game: Game | None = None) -> None:
        self.name = name
        self.players = players
        self.game = game if game is not None else new_game(_REGISTERED[name], 0, players,
                                                           auto_chance=False)
        self.actions = actions if actions is not None else []

    def apply(self, action: int) -> None:
        self.game.apply(action)
        self.actions.append(action)

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.name, self.players, self.actions[:], self.game.clone())

    def __reduce__(self):
        return _replayed, (self.name, self.actions, self.players)


def _replayed(name: str, actions: list[int], players: int = 0) -> _Held:
    if name not in _REGISTERED:
        raise ValueError(f"{name} is not registered in this process: call register() first")
    held = _Held(name, players or _REGISTERED[name].players)
    for action in actions:
        held.apply(action)
    return held


def _json(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Observer:
    """OpenSpiel's Python observer. The observation: the engine's `observation_vector` as
    the tensor, `observation(player)` as JSON for the string. The information state
    (`perfect_recall`): a string only, the JSON list of every observation so far; it has
    no fixed-size tensor, so its tensor is empty."""

    def __init__(self, size: int, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0 if perfect_recall else size, np.float32)
        self.dict = {} if perfect_recall else {"observation": self.tensor}

    def set_from(self, state: WondersmithState, player: int) -> None:
        if not self.perfect_recall:
            vector = state.engine.observation_vector(player)
            self.tensor[:] = np.fromiter(vector, np.float32, len(vector))  # faster than from a list

    def string_from(self, state: WondersmithState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_json(player)
        return state.observation_json(player)


for _game in REGISTERED:
    register(_game)
