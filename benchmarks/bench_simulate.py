"""Peak memory of `wondersmith simulate` against the number of games: it must stay flat.

    python benchmarks/bench_simulate.py [-n 1000 10000 100000] [--game duel] [--players N]
        [--bots random] [--workers 1]

`--game classic --players 7` plays classic 7 Wonders at seven seats; `--bots` is one bot for
every seat or one per seat (as `wondersmith simulate` takes them).

Each count runs `wondersmith simulate GAME -n N --json` in a fresh process and reports the
peak RSS of that process (and of its worker processes, if any) with the games per second.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import io, json, resource, sys
from contextlib import redirect_stdout
from wondersmith.cli import app
out = io.StringIO()
with redirect_stdout(out):
    try:
        app(sys.argv[1:], standalone_mode=False)
    except SystemExit:
        pass
summary = json.loads(out.getvalue()[out.getvalue().index("{"):])
print(json.dumps({"games": summary["games"], "games_per_second": summary["games_per_second"],
                  "rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "workers_rss_kib": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""


def measure(game: str, n: int, bots: str, workers: int, players: int | None = None) -> dict:
    args = [sys.executable, "-c", CHILD, "simulate", game, "-n", str(n), "--bots", bots,
            "--workers", str(workers), "--json", *(["--players", str(players)] if players else [])]
    done = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--game", default="duel")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    for n in args.n:
        m = measure(args.game, n, args.bots, args.workers, args.players)
        workers = f", largest worker {m['workers_rss_kib'] / 1024:.1f} MiB" if args.workers > 1 else ""
        print(f"{m['games']:>9,} games: peak RSS {m['rss_kib'] / 1024:.1f} MiB{workers} "
              f"({m['games_per_second']:,} games/s)", flush=True)


if __name__ == "__main__":
    main()
