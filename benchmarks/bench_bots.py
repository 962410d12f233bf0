"""Bots' strength and cost: win rates, seconds a move, and the bot's own share of that time.

    python benchmarks/bench_bots.py --game classic --players 4 --bots ismcts,greedy,greedy,greedy
        [-n 8] [--seed 1] [--profile ismcts]

Games are played as `wondersmith simulate` plays them (game i uses seed `seed + i`, the bots
turned one seat round the table every game, seat k's bot seeded `seats * (seed + i) + k`),
so the win rates are `simulate`'s. For each bot it prints its win rate, its mean score and the
seconds a move it took, by wall clock and by CPU time (CPU time leaves out the time the
process waits for a core on a loaded machine).

`--profile NAME` runs cProfile during NAME's moves only and splits their time between the
bot's own code (`engine/bots.py`) and everything it calls (the engine copying, redrawing and
playing states): the first is the bot's overhead, the second moves with the engine's speed.
cProfile slows both down, so read the shares, not the seconds.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wondersmith.engine import load_ruleset  # noqa: E402
from wondersmith.engine.bots import make_bot, play_game  # noqa: E402

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


def _bot(name: str, seed: int, iterations: int | None):
    bot = make_bot(name, seed)
    if iterations and name == "ismcts":
        bot.iterations = iterations
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="duel")
    parser.add_argument("--players", type=int, default=None, help="[default: one seat per bot]")
    parser.add_argument("--bots", default="ismcts,greedy", help="one per seat, comma-separated")
    parser.add_argument("-n", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", metavar="BOT", help="profile this bot's moves")
    parser.add_argument("--iterations", type=int, help="ISMCTS iterations a move [default: the bot's]")
    args = parser.parse_args()
    names = [b.strip() for b in args.bots.split(",")]
    if args.players and len(names) == 1:
        names *= args.players
    ruleset = load_ruleset(args.game)
    seats = len(names)
    profiler = cProfile.Profile() if args.profile else None
    totals: dict[str, list] = {}
    wins = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    points = dict.fromkeys(names, 0)
    for i in range(args.n):
        s = args.seed + i
        table = [names[(seat + i) % seats] for seat in range(seats)]
        bots = [Timed(_bot(name, seats * s + k, args.iterations), totals,
                      profiler if name == args.profile else None)
                for k, name in enumerate(table)]
        game = play_game(ruleset, bots, seed=s)
        for seat, name in enumerate(table):
            played[name] += 1
            points[name] += game.result.scores[seat]["total"]
            wins[name] += seat in game.result.winners and len(game.result.winners) == 1
    print(f"{args.game}, {seats} seats, bots {','.join(names)}, {args.n} games from seed {args.seed}")
    for name in dict.fromkeys(names):
        moves, wall, cpu = totals.get(name, (0, 0.0, 0.0))
        per = f"{wall / moves:.3f} s a move wall, {cpu / moves:.3f} s CPU" if moves else "no move"
        print(f"  {name:>8}: won {wins[name] / played[name]:6.1%} of its seats' games, mean score "
              f"{points[name] / played[name]:5.1f}, {moves} moves, {per}")
    if profiler is not None:
        stats = pstats.Stats(profiler)
        own = sum(row[2] for func, row in stats.stats.items() if func[0].endswith(BOT_CODE))
        total = sum(row[2] for row in stats.stats.values())
        print(f"profile of {args.profile}'s moves: {own / total:.1%} of the time in the bot's own "
              f"code ({BOT_CODE}), {1 - own / total:.1%} in the engine and Python's library")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
