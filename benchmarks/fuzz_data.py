"""Fuzz the real data: N mutants of cards/duel (or `--game classic`, `--game agora`: an
extension, compiled on cards/duel copied beside it), its card files, game.yaml
and locale files and the files themselves (links, pipes, folders), through validation with
every excerpt, compilation, an import of the generated code and rendering, in-process (the
mutator: tests/fuzzing.py).

    python benchmarks/fuzz_data.py [--cases 10000] [--seed 1] [--limit 10] [--workers 2]
                                   [--game duel|classic|agora]

Prints how many cases ran, were diagnosed (validation errors or a located compile refusal),
compiled (imported and rendered), crashed (an exception the CLI would report as an internal error)
or hung (over --limit seconds), and the first failures with the steps that made them, and
exits 1 if any crashed or hung. Cases are seeded: `--seed S` gives the same cases on every
run, so a failure is replayed with `--seed S --only CASE`.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import fuzzing  # noqa: E402


def _chunk(args: tuple[int, int, int, float, str]) -> tuple[Counter, list]:
    start, stop, seed, limit, game = args
    mutator = fuzzing.Mutator(fuzzing.ROOT / "cards" / game)
    counts: Counter = Counter()
    failures = []
    with tempfile.TemporaryDirectory() as work, fuzzing.memoised_layers():
        for i in range(start, stop):
            mutant = mutator.mutant(fuzzing.random.Random(f"{seed}:{i}"))
            outcome, detail = fuzzing.run_case(mutant, Path(work), limit)
            counts[outcome] += 1
            if outcome in ("crashed", "hung"):
                failures.append((seed, i, mutant.target, mutant.steps, detail))
    return counts, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per case")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", type=int, default=None, help="replay one case")
    parser.add_argument("--game", default="duel", help="the game of cards/ to mutate")
    args = parser.parse_args()
    first, last = (args.only, args.only + 1) if args.only is not None else (0, args.cases)
    step = 250
    if not (fuzzing.ROOT / "cards" / args.game / "game.yaml").is_file():
        parser.error(f"no game {args.game!r} in cards/")
    jobs = [(a, min(a + step, last), args.seed, args.limit, args.game)
            for a in range(first, last, step)]
    start = time.perf_counter()
    counts: Counter = Counter()
    failures: list = []
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for done, (chunk_counts, chunk_failures) in enumerate(pool.imap(_chunk, jobs), 1):
            counts += chunk_counts
            failures += chunk_failures
            print(f"  {sum(counts.values())} cases, {counts['crashed']} crashed, "
                  f"{counts['hung']} hung", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    ran = sum(counts.values())
    print(f"seed {args.seed}: ran {ran}, diagnosed {counts['diagnosed']}, compiled "
          f"{counts['compiled']}, crashed {counts['crashed']}, hung {counts['hung']} "
          f"({seconds:.0f} s, {ran / seconds:.1f} cases/s)")
    for seed, case, target, steps, detail in failures[:10]:
        print(f"\ncase {case} ({target}: {'; '.join(steps)}):\n{detail}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
