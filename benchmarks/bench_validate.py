"""Benchmark: validating all Duel data (every layer) stays under 0.3 s of CPU after start-up.

    python benchmarks/bench_validate.py [--repeat N] [--budget SECONDS]

Measures the process CPU time (time.process_time) of `load_game(cards/duel)` over N runs after
one warm-up run (imports, schema compilation and other start-up costs are excluded), prints
min and median, and exits 1 if the median is over the budget.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wondersmith.ir.loader import load_game  # noqa: E402


def measure(folder: Path, repeat: int) -> tuple[float, list[float]]:
    start = time.process_time()
    first = load_game(folder)  # warm-up: compiled validators, caches
    cold = time.process_time() - start
    if not first.ok:
        raise SystemExit(f"{folder} is not valid; fix it before benchmarking")
    times = []
    for _ in range(repeat):
        start = time.process_time()
        load_game(folder)
        times.append(time.process_time() - start)
    return cold, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--game", type=Path, default=ROOT / "cards" / "duel")
    args = parser.parse_args()
    cold, times = measure(args.game, args.repeat)
    low, median = min(times), statistics.median(times)
    print(f"load_game({args.game.name}): {args.repeat} runs, CPU min {low * 1000:.1f} ms, "
          f"median {median * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
          f"(budget {args.budget * 1000:.0f} ms); first run {cold * 1000:.1f} ms")
    return 0 if median <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main())
