"""What code generation buys: start-up and play, from the compiled classes and without them.

    python benchmarks/bench_load.py [--game duel] [--players N] [--repeats R] [-n GAMES]

Three ways for a process to get a playable ruleset, each timed in R fresh subprocesses (CPU
time, from after `import wondersmith.engine` to the end of the first game's set-up, so the
engine's own import, the same for all three, is left out):

- `generated`: `load_ruleset(game)`, the classes `wondersmith compile` wrote, as an app
  embedding the engine loads them;
- `validated data`: `wondersmith.ir.loader.load_game(cards/<game>)`, the YAML read and checked
  by every validation layer into the typed intermediate form: the least an engine would pay at
  start-up if it interpreted the data instead (and it would still need an interpreter of the
  intermediate form, which the toolkit does not have);
- `plain YAML reading`: the tests' independent reading of the YAML into the same runtime
  ruleset (`tests/engine/engine_yaml_ruleset.py`), with no validation at all, effects as
  closures.

For the generated way it also gives the part spent after the classes are imported: the
engine's tables, built from the classes once per ruleset and player count (tables.py), and the
first game's set-up: what generating the tables too could save at most.

Then GAMES uniform random games (as `bench_engine.py` plays them) from the generated classes
and from the plain YAML reading, R times each, interleaved, best and median games/s CPU: once
loaded, both run on the engine's same flattened tables, so this shows what the generated
classes do (or do not) add to play itself.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKER = r"""
import json, sys, time
sys.path[:0] = [{root!r}, {tests!r}, {benchmarks!r}]
from wondersmith.engine import Game, load_ruleset
import yaml  # imported by two of the three ways; imported here so it is left out of all
how, game, players, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
kwargs = {{"players": players}} if players else {{}}
start = time.process_time()
if how == "generated":
    ruleset = load_ruleset(game)
elif how == "yaml":
    import engine_yaml_ruleset
    ruleset = engine_yaml_ruleset.load(game)
else:
    from wondersmith.ir.loader import load_game
    from pathlib import Path
    loaded = load_game(Path({root!r}) / "cards" / game)
    if not loaded.ok:
        raise SystemExit(f"cards/{{game}} is not valid")
    ruleset = None
set_up = time.process_time()
if ruleset is not None:
    Game(ruleset, seed=0, **kwargs)
loaded_in = time.process_time() - start
set_up = time.process_time() - set_up
rate = 0.0
if games and ruleset is not None:
    import bench_engine
    bench_engine.PLAYERS.update(kwargs)
    bench_engine.play(ruleset, 20)  # warm-up
    start = time.process_time()
    bench_engine.play(ruleset, games, seed=1)
    rate = games / (time.process_time() - start)
print(json.dumps([loaded_in, rate, set_up]))
"""

WAYS = (("generated", "generated"), ("validated", "validated data"), ("yaml", "plain YAML reading"))


def run(how: str, game: str, players: int, games: int) -> tuple[float, float, float]:
    code = WORKER.format(root=str(ROOT), tests=str(ROOT / "tests" / "engine"),
                         benchmarks=str(ROOT / "benchmarks"))
    done = subprocess.run([sys.executable, "-c", code, how, game, str(players), str(games)],
                          capture_output=True, text=True, timeout=1800)
    if done.returncode:
        tail = "\n".join(done.stderr.strip().splitlines()[-3:])
        raise SystemExit(f"bench_load: the {how} run failed (exit {done.returncode}):\n{tail}")
    return tuple(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="duel", choices=("duel", "classic"))
    parser.add_argument("--players", type=int, default=0, help="seats (default: the ruleset's)")
    parser.add_argument("--repeats", type=int, default=5, metavar="R")
    parser.add_argument("-n", type=int, default=1000, metavar="GAMES", help="games a play run (0: none)")
    args = parser.parse_args()
    if args.repeats < 1 or args.n < 0:
        parser.error("--repeats must be positive and -n not negative")
    loads = {how: [] for how, _ in WAYS}
    set_ups = []  # of the generated way: the engine's tables and the first game's set-up
    rates = {"generated": [], "yaml": []}
    for _ in range(args.repeats):
        for how, _label in WAYS:
            games = args.n if how in rates else 0
            loaded_in, rate, set_up = run(how, args.game, args.players, games)
            loads[how].append(loaded_in)
            if how == "generated":
                set_ups.append(set_up)
            if games:
                rates[how].append(rate)
    seats = f" at {args.players} players" if args.players else ""
    print(f"{args.game}{seats}: {args.repeats} fresh processes each, CPU time "
          f"(load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print("start-up, from after `import wondersmith.engine` to a game set up:")
    for how, label in WAYS:
        times = loads[how]
        print(f"  {label:<20} best {min(times) * 1000:7.1f} ms, median {statistics.median(times) * 1000:7.1f} ms")
    print(f"  of the generated way, the engine's tables (built from the classes) and the first "
          f"set-up: best {min(set_ups) * 1000:.1f} ms, median {statistics.median(set_ups) * 1000:.1f} ms")
    if args.n:
        print(f"play, {args.n} uniform random games a run:")
        for how, label in WAYS:
            if how in rates:
                r = rates[how]
                print(f"  {label:<20} best {max(r):7,.0f} games/s, median {statistics.median(r):7,.0f}")


if __name__ == "__main__":
    main()
