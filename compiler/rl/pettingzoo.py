"""The engine as a PettingZoo AEC environment:

    from wondersmith.rl.pettingzoo import env
    table = env(game="duel", render_mode="ansi")
    table.reset(seed=42)

Agents are `player_0`, `player_1`, ... (the engine's seats). Each observation is a dict:
`observation`, the engine's `observation_vector(seat)` (float32), and `action_mask`, its
`legal_mask(seat)` (int8); the action space is `Discrete` over every action id. Chance is
resolved inside the environment from the seed given to `reset(seed=...)` (a fresh seed from
the operating system when none is given): the same seed and actions replay the same game.
Rewards come at the end only: +1 for a win, -1 for a loss, 0 for a shared victory
(`seats.py`). `env()` wraps `raw_env` as PettingZoo's classic games are wrapped: an illegal
action ends the game with -1 for the seat that took it.
"""
from __future__ import annotations

import secrets

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # the optional extra is missing
    raise ImportError('wondersmith.rl.pettingzoo needs PettingZoo: pip install "wondersmith[rl]"') from exc

from wondersmith.api import load_ruleset
from wondersmith.engine import runtime
from wondersmith.engine.bots import new_game

from . import seats


def env(game: str = "duel", render_mode: str | None = None,
        ruleset: runtime.Ruleset | None = None, players: int | None = None) -> AECEnv:
    """The AEC environment of ruleset `game` (the data repository's here, the packaged one
    outside any: `wondersmith.load_ruleset`), or of `ruleset`, at a table of `players`
    seats (default: the ruleset's), with PettingZoo's usual checks around it."""
    table = raw_env(game, render_mode=render_mode, ruleset=ruleset, players=players)
    table = wrappers.TerminateIllegalWrapper(table, illegal_reward=seats.MIN_RETURN)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


def set_up(table, game: str, ruleset: runtime.Ruleset | None, players: int | None) -> None:
    """What both environments (this AEC one and `pettingzoo_parallel`'s) set up alike: the
    ruleset and its table size (ValueError for a count it is not played with), the agents,
    and each agent's spaces."""
    table.ruleset = ruleset if ruleset is not None else load_ruleset(game)
    table.metadata = {**table.metadata, "name": f"wondersmith_{table.ruleset.game}_v0"}
    table.players = table.ruleset.players if players is None else players
    if table.players not in table.ruleset.player_counts:
        raise ValueError(f"{table.ruleset.name} is played by {sorted(table.ruleset.player_counts)} "
                         f"players, not {table.players}")
    table.possible_agents = [f"player_{seat}" for seat in range(table.players)]
    probe = new_game(table.ruleset, 0, table.players)
    actions, size = seats.action_count(probe), seats.observation_size(probe)
    # Every entry of the vector is at least -1 (one-hot places, counts, the pawn's lead and
    # the result scaled to [-1, 1]); coins have no upper bound. Spaces of their own per
    # agent, so seeding one agent's space leaves the others' alone.
    table._observation_spaces = {agent: spaces.Dict({
        "observation": spaces.Box(low=-1.0, high=np.inf, shape=(size,), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
    }) for agent in table.possible_agents}
    table._action_spaces = {agent: spaces.Discrete(actions) for agent in table.possible_agents}


def observed(table, seat: int, legal: list[int]) -> dict[str, np.ndarray]:
    """A seat's observation: its vector and the mask of `legal`, its legal actions now."""
    # The mask set from the legal ids: cheaper than converting the engine's legal_mask.
    mask = np.zeros(table._action_spaces[table.possible_agents[seat]].n, dtype=np.int8)
    mask[legal] = 1
    vector = table.game.observation_vector(seat)
    return {"observation": np.fromiter(vector, np.float32, len(vector)), "action_mask": mask}


def rendered(table, deciding: tuple[int, ...] | None = None) -> str | None:
    """`render()` of either environment: the text of `seats.describe` (with the legal actions
    of the seats `deciding`) for "ansi", printed for "human", a warning without a mode."""
    if table.render_mode is None:
        gymnasium.logger.warn("render() was called without a render_mode ('ansi' or 'human')")
        return None
    text = seats.describe(table.game, deciding)
    if table.render_mode == "human":
        print(text)
        return None
    return text


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """One table of a ruleset. Agents act one at a time, whoever the engine says decides."""

    metadata = {"render_modes": ["ansi", "human"], "name": "wondersmith_v0", "is_parallelizable": False}

    def __init__(self, game: str = "duel", render_mode: str | None = None,
                 ruleset: runtime.Ruleset | None = None, players: int | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"got {render_mode!r}")
        set_up(self, game, ruleset, players)
        self.render_mode = render_mode
        self._start(seed=0)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._start(seed if seed is not None else secrets.randbits(64))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        return observed(self, seat, self.game.legal_actions() if seat in seats.deciders(self.game)
                        else [])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.game.apply(int(action))  # chance that follows is sampled from the seed at once
        self._clear_rewards()
        if self.game.is_terminal:
            for agent_name, reward in zip(self.agents, seats.returns(self.game, len(self.agents))):
                self.rewards[agent_name] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            seat = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self._selected()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """"ansi": the table as text (`seats.describe`); "human": the same, printed."""
        return rendered(self)

    def close(self) -> None:
        pass

    def _start(self, seed: int) -> None:
        self.game = new_game(self.ruleset, seed, self.players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        """The agent to act: the seat deciding now. Where several seats decide at once, the
        engine asks them one after the other and hides their choices (seats.deciders)."""
        return self.possible_agents[seats.deciders(self.game)[0]]
