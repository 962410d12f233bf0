"""The engine in the ecosystem's standard APIs (the optional extra `wondersmith[rl]`).

- `wondersmith.rl.openspiel`: importing it registers `python_wondersmith_<game>` with
  OpenSpiel (`pyspiel`) for every ruleset named in `openspiel.REGISTERED` (Duel and
  classic, the latter with a `players` parameter), a sequential game (`spiel_game.py`), and
  `python_wondersmith_classic_simultaneous`, classic as a simultaneous-move game
  (`spiel_joint.py`).
- `wondersmith.rl.pettingzoo`: `env(game="duel")`, `env(game="classic", players=N)` return a
  PettingZoo AEC environment; `wondersmith.rl.pettingzoo_parallel.parallel_env(game="classic",
  players=N)` a parallel one, in which every seat of a simultaneous turn acts at one step.

The adapters wrap `wondersmith.engine.Game` through its public API only; `seats.py` holds what they
share (returns, the bound on decisions, the text view, who decides). Importing this package
imports neither OpenSpiel nor PettingZoo: each adapter imports its own library.
"""
