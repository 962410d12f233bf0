"""Uniform random games from set-up to the end: games per second and peak memory.

    python benchmarks/bench_engine.py [-n GAMES] [--game duel] [--profile]

Memory is traced over two batches (n/2 games, then n games): the peak must not grow
with the number of games, since nothing is kept from one game to the next.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from compiler.engine import Game, load_ruleset  # noqa: E402


def play(ruleset, n: int, seed: int = 0) -> tuple[int, int]:
    """Play n games; return (decisions, chance outcomes)."""
    rng = random.Random(seed)
    rand = rng.random
    decisions = 0
    chance = 0
    for i in range(n):
        game = Game(ruleset, seed=seed + i)
        apply = game.apply
        legal = game.legal_actions
        while game.result is None:
            actions = legal()
            apply(actions[int(rand() * len(actions))])
            decisions += 1
        chance += game.chance_count
    return decisions, chance


def peak_memory(ruleset, n: int) -> int:
    gc.collect()
    tracemalloc.start()
    play(ruleset, n, seed=10_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5000, help="games to time")
    parser.add_argument("--game", default="duel")
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    ruleset = load_ruleset(args.game)
    play(ruleset, 50)  # warm-up: tables are built once per ruleset

    start, cpu_start = time.perf_counter(), time.process_time()
    decisions, chance = play(ruleset, args.n)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(f"{args.n} games in {seconds:.2f} s wall, {cpu:.2f} s CPU: {args.n / seconds:,.0f} games/s wall, "
          f"{args.n / cpu:,.0f} games/s CPU "
          f"({decisions / args.n:.1f} decisions and {chance / args.n:.1f} chance outcomes a game, "
          f"{(decisions + chance) / seconds:,.0f} steps/s)")

    small = max(10, args.n // 10)
    a, b = peak_memory(ruleset, small), peak_memory(ruleset, small * 4)
    print(f"peak traced memory: {a / 1024:.0f} KiB over {small} games, {b / 1024:.0f} KiB over "
          f"{small * 4} games ({'flat' if b < a * 1.5 else 'GROWS'})")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(ruleset, min(args.n, 2000))
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
