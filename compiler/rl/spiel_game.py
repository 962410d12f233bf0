"""The engine's game as an OpenSpiel game and state, in the turn-based form: a decision
several seats take at once (classic's turn) is a run of decisions, one seat after the other,
each hidden from the others until all are in. `openspiel.py` registers them per ruleset;
`spiel_joint.py` derives the simultaneous-move form from them.

A state wraps a `wondersmith.engine.Game` made with `auto_chance=False`: every random event
is an OpenSpiel chance node whose outcomes and probabilities are the engine's
`chance_outcomes()`. Action ids are the engine's (player actions and chance outcomes share
one numbering). Observations are the engine's `observation(player)`: the tensor is
`observation_vector(player)`, the string its JSON; the information state is the JSON of
every observation the player has had since the start, with the player's own actions.
"""
from __future__ import annotations

import json

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # the optional extra is missing
    raise ImportError('wondersmith.rl.openspiel needs OpenSpiel: pip install "wondersmith[rl]"') from exc

from wondersmith.engine import Game, runtime
from wondersmith.engine.bots import new_game

from . import seats

RULESETS: dict[str, runtime.Ruleset] = {}  # by registered name: what a replay loads (openspiel.register)


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
            max_game_length=self.max_length(ruleset, players, probe),
        )
        super().__init__(self.game_type, info, params)
        self.observation_size = seats.observation_size(probe)

    @staticmethod
    def max_length(ruleset: runtime.Ruleset, players: int, probe: Game) -> int:
        """The bound on the player decisions of a game (OpenSpiel's `max_game_length`)."""
        return seats.max_decisions(ruleset, players)

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
        return self._decider()

    def _decider(self) -> int:
        """Who decides at a decision node: the engine's seat to move (one at a time)."""
        return self._held.game.current_player

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
            _remember(self._seen, engine, {mover: int(action)})

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
            self._seen = self._views_so_far()
        return "[" + ",".join(self._seen[player]) + "]"

    def _views_so_far(self) -> list[list[str]]:
        """Each seat's views since the start (`information_state_json`), by replaying the
        history: one step per action."""
        replay = new_game(self._held.game.ruleset, 0, self._seats, auto_chance=False)
        seen = [[_json(replay.observation(p))] for p in range(self._seats)]
        for action in self.history():
            moves = {replay.current_player: action}  # chance (-1): no seat's own action
            replay.apply(action)
            _remember(seen, replay, moves)
        return seen


def _remember(seen: list[list[str]], engine: Game, moves: dict[int, int]) -> None:
    """Append each seat's view of the step just taken, in which each seat of `moves` took
    its action (one seat, or every seat of a joint action)."""
    for player, views in enumerate(seen):
        view = _json(engine.observation(player))
        views.append(f'{{"action":{moves[player]},"observation":{view}}}' if player in moves
                     else view)


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
        self.game = game if game is not None else new_game(RULESETS[name], 0, players,
                                                           auto_chance=False)
        self.actions = actions if actions is not None else []

    def apply(self, action: int) -> None:
        self.game.apply(action)
        self.actions.append(action)

    def apply_joint(self, joint: dict[int, int]) -> None:
        """One action for each seat the engine's `choosing()` names, applied together; kept
        as the engine applies them, in seat order, so a replay applies them one by one."""
        self.game.apply_joint(joint)
        self.actions.extend(joint[seat] for seat in sorted(joint))

    def __deepcopy__(self, memo: dict) -> "_Held":
        return _Held(self.name, self.players, self.actions[:], self.game.clone())

    def __reduce__(self):
        return _replayed, (self.name, self.actions, self.players)


def _replayed(name: str, actions: list[int], players: int = 0) -> _Held:
    if name not in RULESETS:
        raise ValueError(f"{name} is not registered in this process: call register() first")
    held = _Held(name, players or RULESETS[name].players)
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
