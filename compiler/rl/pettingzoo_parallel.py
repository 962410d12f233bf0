"""The engine as a PettingZoo parallel environment, PettingZoo's form for simultaneous moves:

    from wondersmith.rl.pettingzoo_parallel import parallel_env
    table = parallel_env(game="classic", players=5)
    observations, infos = table.reset(seed=42)
    observations, rewards, terminations, truncations, infos = table.step(actions)

Each `step` takes a dict of actions by agent and applies, with the engine's `apply_joint`,
one for each seat that decides now (`Game.choosing()`: at a classic turn every player; a
decision one seat takes alone, such as Halikarnassos building from the discard pile, that
seat only). An agent that does not decide now has an all-zero `action_mask`, and its action,
if given, is ignored. A deciding agent's missing action raises ValueError. `parallel_env()`
ends the game on an illegal action (one the mask forbids) with -1 for the agent that took it
and 0 for the others, with PettingZoo's logged warning, as `env()` does for the AEC
environment; `parallel_raw_env` raises the engine's IllegalActionError instead, and applies
nothing. Agents, spaces, observations,
rewards (+1 / -1 / 0 at the end only) and the seeding of chance are those of the AEC
environment (`pettingzoo.py`): the same seed and the same choices play the same game there,
made one by one in seat order.
"""
from __future__ import annotations

import secrets

try:
    from gymnasium import spaces
    from pettingzoo import ParallelEnv
    from pettingzoo.utils.env_logger import EnvLogger
    from pettingzoo.utils.wrappers import BaseParallelWrapper
except ImportError as exc:  # the optional extra is missing
    raise ImportError('wondersmith.rl.pettingzoo_parallel needs PettingZoo: pip install "wondersmith[rl]"') from exc

from wondersmith.engine import IllegalActionError, runtime
from wondersmith.engine.bots import new_game

from . import seats
from .pettingzoo import observed, rendered, set_up


def parallel_env(game: str = "classic", render_mode: str | None = None,
                 ruleset: runtime.Ruleset | None = None, players: int | None = None) -> ParallelEnv:
    """The parallel environment of ruleset `game` (or of `ruleset`) at a table of `players`
    seats (default: the ruleset's), where an illegal action ends the game."""
    return IllegalActionLoses(parallel_raw_env(game, render_mode=render_mode, ruleset=ruleset,
                                               players=players))


class parallel_raw_env(ParallelEnv):  # noqa: N801 (PettingZoo's naming)
    """One table of a ruleset; every seat that decides now acts at each step."""

    metadata = {"render_modes": ["ansi", "human"], "name": "wondersmith_v0", "is_parallelizable": True}

    def __init__(self, game: str = "classic", render_mode: str | None = None,
                 ruleset: runtime.Ruleset | None = None, players: int | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"got {render_mode!r}")
        set_up(self, game, ruleset, players)
        self.render_mode = render_mode
        self.game = new_game(self.ruleset, 0, self.players)
        self.agents = self.possible_agents[:]

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.game = new_game(self.ruleset, seed if seed is not None else secrets.randbits(64),
                             self.players)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]):
        game = self.game
        if not self.agents:
            raise ValueError("the game is over: reset() starts another")
        joint = {}
        for seat in game.choosing():
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} decides now: its action is missing")
            joint[seat] = int(actions[agent])
        # All or nothing: an illegal action raises the engine's IllegalActionError, with its
        # reason, and applies no seat's. The chance that follows is sampled from the seed.
        game.apply_joint(joint)
        agents = self.agents
        observations = self._observations()
        over = game.is_terminal
        returns = seats.returns(game, len(agents))
        rewards = {agent: returns[seat] if over else 0.0 for seat, agent in enumerate(agents)}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos = {agent: {} for agent in agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def lose(self, agent: str):
        """End the game at once with -1 for `agent` and 0 for the others (an illegal action),
        as a `step` that ends it returns."""
        agents = self.agents
        observations = self._observations()
        self.agents = []
        return (observations, {a: seats.MIN_RETURN if a == agent else 0.0 for a in agents},
                dict.fromkeys(agents, True), dict.fromkeys(agents, False), {a: {} for a in agents})

    def render(self) -> str | None:
        """"ansi": the table as text, with the legal actions of every seat that decides;
        "human": the same, printed."""
        return rendered(self, self.game.choosing())

    def close(self) -> None:
        pass

    def _observations(self) -> dict:
        game = self.game
        return {agent: observed(self, seat, game.legal_actions_for(seat))
                for seat, agent in enumerate(self.agents)}


class IllegalActionLoses(BaseParallelWrapper):
    """As PettingZoo's TerminateIllegalWrapper does for AEC environments: an action the mask
    forbids, of an agent that decides now, ends the game and loses it for that agent."""

    def step(self, actions: dict[str, int]):
        table = self.env
        try:
            return table.step(actions)
        except IllegalActionError:  # nothing was applied (apply_joint is all or nothing)
            game = table.game
            for seat in game.choosing():
                agent = table.possible_agents[seat]
                if int(actions[agent]) not in game.legal_actions_for(seat):
                    EnvLogger.warn_on_illegal_move()
                    return table.lose(agent)
            raise
