"""Bots' strength and cost: win rates (with a 95% interval), and the CPU time a move.

    python benchmarks/bench_bots.py --game duel --bots ismcts,greedy --seeds 500-599,1000-1099
        [--jobs 2] [--set ismcts.iterations=600] [--profile ismcts]
    python benchmarks/bench_bots.py --game classic --bots ismcts,greedy,greedy,greedy -n 8 --seed 1
    python benchmarks/bench_bots.py --compare --game classic --players 7 -n 4

Games are played as `wondersmith simulate` plays them (game i uses seed `seed + i`, the bots
turned one seat round the table every game, seat k's bot seeded `seats * (seed + i) + k`),
so the win rates are `simulate`'s: `--seed S -n N` is `simulate --seed S -n N`, and
`--seeds 500-599,1000-1099` plays both ranges, each as `simulate` would (two bots swap seats
from one game to the next). For each bot it prints its win rate (a game counts as won when
the bot is the sole winner) with the Wilson 95% interval, its mean score and the seconds a
move it took, by wall clock and by CPU time (CPU time leaves out the time the process waits
for a core on a loaded machine; it still grows when other processes share the caches).

`--set BOT.NAME=VALUE` changes one setting of every bot of that name (`ismcts.iterations=600`,
`ismcts.exploration=0.5`): how settings are tuned and defaults chosen.

`--compare` times the greedy bot against its plain reference (`ReferenceGreedyBot`, the
oracle of tests/engine/test_greedy_reference.py) in this one process: each game is played by
both, one after the other (which goes first alternates), their moves are checked to be the
same, and it prints the moves a CPU second of each, their ratio, and the Python function calls
a move of each (exact: the same on every run and machine, unlike a time).

`--profile NAME` runs cProfile during NAME's moves only and splits their time between the
bot's own code (`engine/bots.py`) and everything it calls (the engine copying, redrawing and
playing states): the first is the bot's overhead, the second moves with the engine's speed.
cProfile slows both down, so read the shares, not the seconds.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import math
import pstats
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wondersmith.engine import load_ruleset  # noqa: E402
from wondersmith.engine.bots import GreedyBot, ReferenceGreedyBot, make_bot, play_game  # noqa: E402

BOT_CODE = str(Path("engine", "bots.py"))


class Timed:
    """A bot that adds up the time of its moves, and profiles them if asked."""

    def __init__(self, bot, totals: dict, profiler: cProfile.Profile | None) -> None:
        self.bot, self.totals, self.profiler = bot, totals, profiler
        self.name = bot.name

    def choose(self, game, seat=None):
        wall, cpu = time.perf_counter(), time.process_time()
        if self.profiler is not None:
            self.profiler.enable()
        try:
            return self.bot.choose(game, seat)
        finally:
            if self.profiler is not None:
                self.profiler.disable()
            entry = self.totals.setdefault(self.name, [0, 0.0, 0.0])
            entry[0] += 1
            entry[1] += time.perf_counter() - wall
            entry[2] += time.process_time() - cpu


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_seeds(text: str) -> list[int]:
    """`500-599,1000-1099` (inclusive ranges) or single seeds, comma-separated."""
    seeds = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        seeds.extend(range(int(first), int(last or first) + 1))
    return seeds


def seed_ranges(text: str) -> list[tuple[int, int]]:
    """`parse_seeds` as runs of consecutive seeds, (first, count): each is played as
    `simulate --seed FIRST -n COUNT` plays it."""
    ranges: list[tuple[int, int]] = []
    for seed in parse_seeds(text):
        if ranges and seed == ranges[-1][0] + ranges[-1][1]:
            ranges[-1] = (ranges[-1][0], ranges[-1][1] + 1)
        else:
            ranges.append((seed, 1))
    return ranges


def parse_settings(items: list[str]) -> dict[str, dict[str, float]]:
    settings: dict[str, dict[str, float]] = {}
    for item in items:
        key, _, value = item.partition("=")
        bot, _, name = key.partition(".")
        if not (bot and name and value):
            raise SystemExit(f"bench_bots: --set wants BOT.NAME=VALUE, got {item!r}")
        number = float(value)
        settings.setdefault(bot, {})[name] = int(number) if number.is_integer() else number
    return settings


def make(name: str, seed: int, settings: dict):
    bot = make_bot(name, seed)
    for key, value in settings.get(name, {}).items():
        if not hasattr(bot, key):
            raise SystemExit(f"bench_bots: bot {name!r} has no setting {key!r}")
        setattr(bot, key, value)
    return bot


def play(game_name: str, names: list[str], start: int, i: int, settings: dict,
         profile: str | None = None, profiler: cProfile.Profile | None = None):
    """Game i of a range starting at seed `start`, seated and seeded as `simulate` does it."""
    ruleset = load_ruleset(game_name)
    seats = len(names)
    s = start + i
    table = [names[(seat + i) % seats] for seat in range(seats)]
    totals: dict[str, list] = {}
    bots = [Timed(make(name, seats * s + k, settings), totals,
                  profiler if name == profile else None)
            for k, name in enumerate(table)]
    result = play_game(ruleset, bots, seed=s).result
    return table, result.winners, [sc["total"] for sc in result.scores[:seats]], totals


class Recorded:
    """A bot that writes down its moves and adds up their CPU time and Python calls."""

    def __init__(self, bot, tally: dict) -> None:
        self.bot, self.tally, self.name = bot, tally, bot.name

    def choose(self, game, seat=None):
        calls = self.tally["calls"]

        def count(frame, event, arg) -> None:
            if event == "call" or event == "c_call":
                calls[0] += 1

        cpu = time.process_time()
        if self.tally["count_calls"]:
            sys.setprofile(count)
        try:
            move = self.bot.choose(game, seat)
        finally:
            sys.setprofile(None)
            self.tally["cpu"] += time.process_time() - cpu
        self.tally["moves"].append(move)
        return move


def compare(game_name: str, seats: int, start: int, n: int) -> None:
    """The greedy bot against its reference on games `start` to `start + n - 1`, interleaved."""
    ruleset = load_ruleset(game_name)
    kinds = {"reference": ReferenceGreedyBot, "greedy": GreedyBot}
    tallies = {name: {"cpu": 0.0, "moves": [], "calls": [0], "count_calls": False} for name in kinds}
    counted = {name: {"cpu": 0.0, "moves": [], "calls": [0], "count_calls": True} for name in kinds}
    for i in range(n):
        s = start + i
        order = list(kinds) if i % 2 == 0 else list(reversed(kinds))
        for name in order:
            tally = tallies[name]
            before = len(tally["moves"])
            play_game(ruleset, [Recorded(kinds[name](seats * s + k), tally) for k in range(seats)], seed=s)
            tally.setdefault("per_game", []).append(tally["moves"][before:])
        if i == 0:  # calls counted on the first game only: exact, and tracing is slow
            for name in kinds:
                play_game(ruleset, [Recorded(kinds[name](seats * s + k), counted[name]) for k in range(seats)],
                          seed=s)
    ref, fast = tallies["reference"], tallies["greedy"]
    if ref["moves"] != fast["moves"]:
        game = next(i for i, (a, b) in enumerate(zip(ref["per_game"], fast["per_game"])) if a != b)
        raise SystemExit(f"bench_bots: the greedy bot's moves differ from the reference's in game "
                         f"{start + game}")
    moves = len(fast["moves"])
    print(f"{game_name}, {seats} seats, greedy bot against its reference, {n} games from seed {start}: "
          f"the same {moves} moves")
    for name, tally in tallies.items():
        calls = counted[name]["calls"][0] / len(counted[name]["moves"])
        print(f"  {name:>9}: {moves / tally['cpu']:8.0f} moves a CPU second ({tally['cpu']:.3f} s CPU), "
              f"{calls:8.0f} Python calls a move (game {start})")
    print(f"  ratio: {ref['cpu'] / fast['cpu']:.2f}x the moves a second, "
          f"{counted['reference']['calls'][0] / counted['greedy']['calls'][0]:.2f}x fewer calls")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="duel")
    parser.add_argument("--players", type=int, default=None, help="[default: one seat per bot]")
    parser.add_argument("--bots", default="ismcts,greedy", help="one per seat, comma-separated")
    parser.add_argument("-n", type=int, default=8, help="games from --seed [default: 8]")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seeds", help="seed ranges instead of --seed/-n, e.g. 500-599,1000-1099")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games [default: 1]")
    parser.add_argument("--set", action="append", default=[], metavar="BOT.NAME=VALUE",
                        help="a bot setting, e.g. ismcts.iterations=600 (repeatable)")
    parser.add_argument("--iterations", type=int, help="ISMCTS iterations a move (--set ismcts.iterations=N)")
    parser.add_argument("--profile", metavar="BOT", help="profile this bot's moves (one process)")
    parser.add_argument("--compare", action="store_true",
                        help="time the greedy bot against its reference on the same games (--players seats)")
    args = parser.parse_args()
    if args.compare:
        if args.seeds:
            raise SystemExit("bench_bots: --compare plays --seed and -n, not --seeds")
        compare(args.game, args.players or load_ruleset(args.game).players, args.seed, args.n)
        return
    names = [b.strip() for b in args.bots.split(",")]
    if args.players and len(names) == 1:
        names *= args.players
    settings = parse_settings(args.set)
    if args.iterations:
        settings.setdefault("ismcts", {})["iterations"] = args.iterations
    ranges = seed_ranges(args.seeds) if args.seeds else [(args.seed, args.n)]
    games = [(start, i) for start, n in ranges for i in range(n)]
    seats = len(names)
    totals: dict[str, list] = {}
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    points = dict.fromkeys(names, 0)
    range_wins = {start: dict.fromkeys(names, 0) for start, _ in ranges}
    jobs = 1 if args.profile else max(1, args.jobs)
    profiler = cProfile.Profile() if args.profile else None
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Inline() as pool:
        futures = [pool.submit(play, args.game, names, start, i, settings, args.profile, profiler)
                   for start, i in games]
        for (start, _), fut in zip(games, futures):
            table, winners, scores, moves = fut.result()
            for name, (count, wall, cpu) in moves.items():
                entry = totals.setdefault(name, [0, 0.0, 0.0])
                entry[0] += count
                entry[1] += wall
                entry[2] += cpu
            for seat, name in enumerate(table):
                played[name] += 1
                points[name] += scores[seat]
                won = seat in winners and len(winners) == 1
                wins[name] += won
                range_wins[start][name] += won
    where = args.seeds and f"seeds {args.seeds}" or f"from seed {args.seed}"
    print(f"{args.game}, {seats} seats, bots {','.join(names)}, {len(games)} games {where}"
          + "".join(f", {bot}.{k}={v}" for bot, kv in settings.items() for k, v in kv.items()))
    for name in dict.fromkeys(names):
        moves, wall, cpu = totals.get(name, (0, 0.0, 0.0))
        per = (f"{wall / moves * 1000:.3f} ms a move wall, {cpu / moves * 1000:.3f} ms CPU"
               if moves else "no move")
        low, high = wilson(wins[name], played[name])
        print(f"  {name:>8}: won {wins[name]}/{played[name]} = {wins[name] / played[name]:6.1%} "
              f"[95% {low:.1%}-{high:.1%}] of its seats' games, mean score "
              f"{points[name] / played[name]:5.1f}, {moves} moves, {per}")
        if len(ranges) > 1:
            for start, n in ranges:
                won = range_wins[start][name]
                low, high = wilson(won, n)
                print(f"{'':12}seeds {start}-{start + n - 1}: won {won}/{n} = {won / n:6.1%} "
                      f"[95% {low:.1%}-{high:.1%}]")
    if profiler is not None:
        stats = pstats.Stats(profiler)
        own = sum(row[2] for func, row in stats.stats.items() if func[0].endswith(BOT_CODE))
        total = sum(row[2] for row in stats.stats.values())
        print(f"profile of {args.profile}'s moves: {own / total:.1%} of the time in the bot's own "
              f"code ({BOT_CODE}), {1 - own / total:.1%} in the engine and Python's library")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


class _Inline:
    """`submit` runs at once in this process: one job, and the profiler stays here."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def submit(self, fn, *args):
        return _Done(fn(*args))


class _Done:
    def __init__(self, value) -> None:
        self.value = value

    def result(self):
        return self.value


if __name__ == "__main__":
    main()
