"""Uniform random games through the RL adapters, beside the engine alone: games per second.

    python benchmarks/bench_rl.py [-n GAMES] [--game duel] [--players N]

`--game classic --players 5` plays classic 7 Wonders at five seats (default: the game's own
count); a decision counts each seat's choice of a turn.

- engine: `Game(ruleset, seed)`, chance sampled by the engine, no observation;
- openspiel: `python_wondersmith_<game>`, chance nodes sampled by the caller, no observation;
- openspiel+obs: the same, reading the mover's `state.observation_tensor()` at each decision
  (through OpenSpiel's C++ layer, which makes a new initial state for every call);
- openspiel+observer: the same observation through `make_observation(game)`'s observer, in
  Python, as OpenSpiel's Python algorithms read it;
- openspiel-simultaneous (classic): `python_wondersmith_<game>_simultaneous`, a joint action of
  every deciding seat per node with `apply_actions`, no observation;
- pettingzoo-parallel (classic): `parallel_env(game)`, every deciding agent's action per step,
  with the observations and masks of every agent at each step;
- pettingzoo: `env(game)` with its wrappers, the usual `agent_iter`/`last()` loop, which
  builds the mover's observation vector and action mask at each step.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from wondersmith.engine import load_ruleset  # noqa: E402
from wondersmith.engine.bots import new_game  # noqa: E402
from wondersmith.rl import openspiel  # noqa: E402
from wondersmith.rl.pettingzoo import env  # noqa: E402
from wondersmith.rl.pettingzoo_parallel import parallel_env  # noqa: E402


def engine_games(game: str, n: int, players: int | None) -> int:
    ruleset, rng, decisions = load_ruleset(game), random.Random(0), 0
    for seed in range(n):
        state = new_game(ruleset, seed, players)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def spiel_game(game: str, players: int | None, simultaneous: bool = False):
    """The registered OpenSpiel game of ruleset `game` at `players` seats (default: its own)."""
    name = openspiel.register(game, simultaneous=simultaneous)
    return pyspiel.load_game(name, {"players": players}) if players else pyspiel.load_game(name)


def decision_states(spiel, n: int, rng: random.Random):
    """Each decision node of n OpenSpiel games, chance sampled uniformly with `rng` between
    them; the caller applies the decision before asking for the next."""
    for _ in range(n):
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                yield state


def openspiel_games(game: str, n: int, players: int | None, observe: str = "") -> int:
    spiel = spiel_game(game, players)
    observer = make_observation(spiel) if observe == "observer" else None
    rng, decisions = random.Random(0), 0
    for state in decision_states(spiel, n, rng):
        if observer is not None:
            observer.set_from(state, state.current_player())
        elif observe:
            state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


def openspiel_joint_games(game: str, n: int, players: int | None) -> int:
    spiel = spiel_game(game, players, simultaneous=True)
    seats = range(spiel.num_players())
    rng, decisions = random.Random(0), 0
    for state in decision_states(spiel, n, rng):
        joint = [state.legal_actions(seat) for seat in seats]
        state.apply_actions([rng.choice(legal) if legal else 0 for legal in joint])
        decisions += sum(map(bool, joint))  # each seat's choice, as the other runs count
    return decisions


def pettingzoo_games(game: str, n: int, players: int | None) -> int:
    table, rng, decisions = env(game, players=players), np.random.default_rng(0), 0
    for seed in range(n):
        table.reset(seed=seed)
        for _ in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            decisions += 1
    return decisions


def pettingzoo_parallel_games(game: str, n: int, players: int | None) -> int:
    table, rng, decisions = parallel_env(game, players=players), np.random.default_rng(0), 0
    for seed in range(n):
        observations, _ = table.reset(seed=seed)
        while table.agents:
            actions = {agent: int(rng.choice(np.flatnonzero(seen["action_mask"])))
                       for agent, seen in observations.items() if seen["action_mask"].any()}
            observations, *_ = table.step(actions)
            decisions += len(actions)
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="games per adapter (default 200)")
    parser.add_argument("--game", default="duel")
    parser.add_argument("--players", type=int, default=None,
                        help="seats at the table (default: the game's own count)")
    args = parser.parse_args()
    game, n, players = args.game, args.n, args.players
    runs = {
        "engine": lambda: engine_games(game, n, players),
        "openspiel": lambda: openspiel_games(game, n, players),
        "openspiel+obs": lambda: openspiel_games(game, n, players, observe="tensor"),
        "openspiel+observer": lambda: openspiel_games(game, n, players, observe="observer"),
        "pettingzoo": lambda: pettingzoo_games(game, n, players),
    }
    if game in openspiel.REGISTERED_SIMULTANEOUS:
        runs["openspiel-simultaneous"] = lambda: openspiel_joint_games(game, n, players)
        runs["pettingzoo-parallel"] = lambda: pettingzoo_parallel_games(game, n, players)
    seats = f" at {players} seats" if players else ""
    print(f"{n} uniform random games of {game}{seats} each")
    for name, run in runs.items():
        start = time.perf_counter()
        decisions = run()
        seconds = time.perf_counter() - start
        print(f"{name:22} {args.n / seconds:8.1f} games/s  {decisions / seconds:9.0f} decisions/s")


if __name__ == "__main__":
    main()
