"""The ISMCTS bot's curve: its win rate against the greedy bot against its CPU time a move.

    python benchmarks/bench_ismcts.py --iterations 25,67,200 --seeds 500-599,1000-1099 --jobs 2
        [--game duel] [--set ismcts.exploration=0.5] [--json RUN.json]
    python benchmarks/bench_ismcts.py --pair RUN.json OTHER.json

Every setting (ISMCTS iterations a move) plays the same games, as `bench_bots.py` and
`wondersmith simulate` play them (game i of a range uses seed `first + i`, the two bots swapping
seats from one game to the next), so the settings meet the same deals. The games of all settings
are played interleaved (game 1 of each setting, then game 2 of each...), in `--jobs` processes,
so a change in the machine's load falls on every setting alike. For each setting it prints the
ISMCTS bot's CPU time a move, its wins (sole winner) out of its games with the Wilson 95%
interval, its win rate less the last setting's on the same games with a 95% interval (paired
game by game, so sharper than the two Wilson intervals side by side), and the greedy bot's CPU
time a move; and the load average before and after. `--json` writes each setting's games won,
game by game, and its CPU a move; `--pair` plays nothing: it reads two such files of runs on the
same seeds (two builds', run at the same time) and prints each setting's win rate in the first
less the second's last setting's, paired game by game.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bots import _Inline, parse_settings, play, seed_ranges, wilson  # noqa: E402


def parse_iterations(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise SystemExit(f"bench_ismcts: --iterations wants counts like 25,67,200, got {text!r}") from None
    if not counts or min(counts) < 1:
        raise SystemExit(f"bench_ismcts: --iterations wants counts of at least 1, got {text!r}")
    return counts


def curve(game: str, iterations: list[int], ranges: list[tuple[int, int]], settings: dict,
          jobs: int) -> list[dict]:
    """Play every seed at every setting; one row a setting: wins, games, CPU a move of both bots."""
    rows = [{"iterations": n, "wins": 0, "games": 0, "won": [], "moves": {}} for n in iterations]
    tasks = []
    for start, i in [(start, i) for start, count in ranges for i in range(count)]:
        for row in rows:
            bot_settings = {**settings, "ismcts": {**settings.get("ismcts", {}), "iterations": row["iterations"]}}
            tasks.append((row, (game, ["ismcts", "greedy"], start, i, bot_settings)))
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Inline() as pool:
        futures = [(row, pool.submit(play, *task)) for row, task in tasks]
        for row, future in futures:
            table, winners, _, moves = future.result()
            won = len(winners) == 1 and table[winners[0]] == "ismcts"
            row["games"] += 1
            row["wins"] += won
            row["won"].append(won)  # game by game, in seed order: the settings pair up
            for name, (count, _, cpu) in moves.items():
                entry = row["moves"].setdefault(name, [0, 0.0])
                entry[0] += count
                entry[1] += cpu
    return rows


def paired_difference(won: list[bool], than: list[bool], z: float = 1.96) -> tuple[float, float, float]:
    """The win rate of `won` less that of `than` on the same games, with its 95% interval
    (normal, from the game-by-game differences: the deals both settings met cancel out)."""
    diffs = [int(a) - int(b) for a, b in zip(won, than)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, -1.0, 1.0
    sd = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
    half = z * sd / n ** 0.5
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="duel")
    parser.add_argument("--iterations", default="25,67,200", help="ISMCTS iterations a move, one setting each")
    parser.add_argument("--seeds", default="500-599,1000-1099", help="seed ranges, e.g. 500-599,1000-1099")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games [default: 1]")
    parser.add_argument("--set", action="append", default=[], metavar="BOT.NAME=VALUE",
                        help="another bot setting, the same for every row (repeatable)")
    parser.add_argument("--json", metavar="PATH",
                        help="also write each setting's games won, one flag a game in seed order, and CPU a move")
    parser.add_argument("--pair", nargs=2, metavar=("RUN.json", "OTHER.json"),
                        help="play nothing: pair two --json files of runs on the same seeds (two builds, "
                             "say): each setting of RUN less OTHER's last setting, game by game")
    args = parser.parse_args()
    if args.pair:
        print_pairs(*args.pair)
        return
    iterations = parse_iterations(args.iterations)
    ranges = seed_ranges(args.seeds)
    games = sum(count for _, count in ranges)
    settings = parse_settings(args.set)
    before = os.getloadavg()
    rows = curve(args.game, iterations, ranges, settings, max(1, args.jobs))
    after = os.getloadavg()
    print(f"{args.game}, ISMCTS against greedy, seeds {args.seeds} ({games} games a setting), "
          f"{args.jobs} jobs" + "".join(f", {b}.{k}={v}" for b, kv in settings.items() for k, v in kv.items()))
    print(f"load average before {before[0]:.1f} {before[1]:.1f} {before[2]:.1f}, "
          f"after {after[0]:.1f} {after[1]:.1f} {after[2]:.1f}")
    last = rows[-1]
    print(f"{'iterations':>10}  {'ms CPU a move':>13}  {'won':>9}  {'win rate':>8}  {'95% interval':>13}  "
          f"{'vs ' + str(last['iterations']) + ', same games':>22}  greedy ms CPU a move")
    for row in rows:
        count, cpu = row["moves"].get("ismcts", (0, 0.0))
        greedy_count, greedy_cpu = row["moves"].get("greedy", (0, 0.0))
        low, high = wilson(row["wins"], row["games"])
        print(f"{row['iterations']:>10}  {cpu / max(count, 1) * 1000:>13.2f}  {row['wins']:>4}/{row['games']:<4}  "
              f"{row['wins'] / row['games']:>8.1%}  {low:>6.1%}-{high:<6.1%}  "
              f"{'%+.1f pp [%+.1f, %+.1f]' % tuple(100 * x for x in paired_difference(row['won'], last['won'])):>22}  "
              f"{greedy_cpu / max(greedy_count, 1) * 1000:.3f}")
    if args.json:
        write_json(args.json, rows)


def print_pairs(run_path: str, other_path: str) -> None:
    """Each setting of one run less the other run's last setting, on the same games."""
    run, other = read_run(run_path), read_run(other_path)
    base = other[-1]
    if len(base["won"]) != len(run[-1]["won"]):
        raise SystemExit(f"bench_ismcts: {other_path} has {len(base['won'])} games a setting, "
                         f"{run_path} {len(run[-1]['won'])}: not the same seeds")
    print(f"{run_path} less {other_path}'s {base['iterations']} iterations "
          f"({sum(base['won'])}/{len(base['won'])}, {base['ms_cpu_a_move']:.2f} ms CPU a move), same games:")
    for row in run:
        mean, low, high = paired_difference(row["won"], base["won"])
        print(f"{row['iterations']:>10} iterations  {sum(row['won'])}/{len(row['won'])}  "
              f"{row['ms_cpu_a_move']:.2f} ms CPU a move  {100 * mean:+.1f} pp [{100 * low:+.1f}, {100 * high:+.1f}]")


def read_run(path: str) -> list[dict]:
    """The rows of a run's --json file; a clear message if it is not one."""
    try:
        rows = json.loads(Path(path).read_text(encoding="utf-8"))
        if not rows or not all(isinstance(row["won"], list) and "iterations" in row and "ms_cpu_a_move" in row
                               for row in rows):
            raise ValueError("no rows")
    except (OSError, ValueError, TypeError, KeyError) as error:
        raise SystemExit(f"bench_ismcts: --pair {path}: not a file written by --json ({error})") from None
    return rows


def write_json(path: str, rows: list[dict]) -> None:
    """The rows as JSON (atomically), so runs of two builds on the same seeds can be paired."""
    from wondersmith.atomic import write_text
    summary = []
    for row in rows:
        count, cpu = row["moves"].get("ismcts", (0, 0.0))
        summary.append({"iterations": row["iterations"], "won": row["won"],
                        "ms_cpu_a_move": cpu / max(count, 1) * 1000})
    write_text(Path(path), json.dumps(summary, indent=1) + "\n")


if __name__ == "__main__":
    main()
