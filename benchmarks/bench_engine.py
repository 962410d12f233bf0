"""Uniform random games from set-up to the end: games per second and peak memory.

    python benchmarks/bench_engine.py [-n GAMES] [--game duel] [--players N] [--repeats R]
                                      [--against GAME] [--profile] [--instructions GAMES]
                                      [--bytecodes GAMES]

`--game classic --players N` times classic 7 Wonders at N players (3 to 7): every seat
chooses at a simultaneous turn, one seat at a time through `apply`, each a uniform random
legal action (payments included).

`--repeats R` times R runs of GAMES games each, one after the other in the same process, each
run on seeds no other run plays (a replayed game would find its answers memoized), and
sums them up as the best and the median run by CPU time: on a shared machine a run is slowed by
whatever else runs meanwhile and never sped up, so the best run is the closest to the engine's
own speed and the median says how much the load moved (quote both, with the load).

`--against GAME` times a second game in the same process, interleaved with the first: each of
the R rounds plays -n games of `--game`, then -n games of GAME (both at their rulesets' own
player counts, each warmed up first), and prints both rates and their ratio, `--game` over
GAME, by CPU time; then the median, best and worst ratio of the rounds, with the load (and
no memory check).
The machine's load slows both games of a round alike, so the ratio moves far less than either
rate: `--game agora --against duel --repeats 5` is how Agora's pace against Duel's is quoted
(benchmarks/README.md, "Agora against Duel").

`--instructions GAMES` counts instead the CPU instructions a game under valgrind's callgrind:
a run of the warm-up and GAMES games less a run of the warm-up alone, divided by GAMES. Load
does not move it, so it compares two versions of the engine on a shared machine (CPU time
moves by 10-20% with the load; an instruction is not a fixed time, so quote both).

`--bytecodes GAMES` counts the Python bytecodes GAMES new games execute (through
`sys.settrace`'s opcode events, so slowly), a game and a decision, and the functions that
execute most of them. The count is exact and the same on every run and machine, and unlike
callgrind's it is told by Python function: where a change must cut work. Bytecodes are not
equal in cost (a call or a list built costs more than a local read), so judge a change by CPU
time too.

Memory: peak RSS and live allocated blocks before and after n more games must stay
flat (nothing is kept from one game to the next; limits 2 MiB and 1,000 blocks), plus the
traced peak of one game. The engine memoizes in bounded caches: filling one is not a leak,
yet takes thousands of games (Duel's `functools.lru_cache` of 4,096 prices fills in about
11,000 games), so the count would call it growth. Every functools cache with a bound is
therefore emptied before each of the two counts, whoever declared it, so that neither count
holds what such a cache holds. A cache without a bound (`maxsize=None`) is counted like any
other memory, so a real leak, growth with every game, is still flagged. The memos a
ruleset's tables keep (those a mechanic declares in `Tables.bounded_memos`: classic's
first-in-first-out trade memos, each capped by its mechanic, tested in
test_classic_trade.py) are emptied too: the largest
holds 4,096 answers and is still filling after a thousand games. The sampler's 64 seeds are
counted: they move the count by a few dozen blocks.
"""
from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import io
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wondersmith.engine import Game, UnknownRulesetError, load_ruleset  # noqa: E402
from wondersmith.engine.tables import Tables  # noqa: E402

PLAYERS: dict = {}  # Game's keyword for the player count, when one is given


FIRST_TIMED_SEED = 1_000_000  # past the warm-up's seeds (0 to WARMUP_GAMES - 1)


def play(ruleset, n: int, seed: int = 0, players: dict | None = None) -> tuple[int, int]:
    """Play n games (at `players`, Game's keyword for the player count, by default the
    `--players` given); return (decisions, chance outcomes)."""
    rng = random.Random(seed)
    rand = rng.random
    decisions = 0
    chance = 0
    players = PLAYERS if players is None else players
    for i in range(n):
        game = Game(ruleset, seed=seed + i, **players)
        apply = game.apply
        legal = game.legal_actions
        while game.result is None:
            actions = legal()
            apply(actions[int(rand() * len(actions))])
            decisions += 1
        chance += game.chance_count
    return decisions, chance


# The type of the wrappers functools.lru_cache makes (functools does not name it publicly).
LRU_CACHE_WRAPPER = type(functools.lru_cache(maxsize=1)(abs))
GROWTH_LIMIT_BLOCKS = 1000  # live blocks gained over the counted games
GROWTH_LIMIT_RSS_KIB = 2048  # peak RSS gained over them


def empty_bounded_caches() -> None:
    """Empty every functools cache with a bound, and the bounded memos a ruleset's tables keep
    (a bounded cache filling is not a leak)."""
    for found in gc.get_objects():
        if isinstance(found, LRU_CACHE_WRAPPER) and found.cache_info().maxsize is not None:
            found.cache_clear()
        elif isinstance(found, Tables):
            for memo in found.bounded_memos:
                memo.clear()


def live_block_growth(play_games: Callable[[int], object], n: int) -> int:
    """Live allocated blocks gained over `play_games(n)`, bounded caches emptied before each
    count.

    tracemalloc's running total is not used for growth: list free-lists make it drift
    although nothing is retained; allocated blocks and RSS are the honest measures.
    """
    empty_bounded_caches()
    gc.collect()
    before = sys.getallocatedblocks()
    play_games(n)
    empty_bounded_caches()
    gc.collect()
    return sys.getallocatedblocks() - before


def memory_verdict(block_growth: int, rss_growth_kib: int) -> str:
    """'flat', or 'GROWS' when the live blocks or the peak RSS grew past their limits."""
    flat = abs(block_growth) < GROWTH_LIMIT_BLOCKS and rss_growth_kib < GROWTH_LIMIT_RSS_KIB
    return "flat" if flat else "GROWS"


def memory_profile(ruleset, n: int) -> tuple[int, int, int, int]:
    """(peak RSS KiB after n/4 games, after n more games, live allocated blocks growth
    over those n games (`live_block_growth`), largest traced peak of a single game in bytes).
    """
    play(ruleset, max(1, n // 4), seed=20_000)
    gc.collect()
    rss_small = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    growth = live_block_growth(lambda games: play(ruleset, games, seed=30_000), n)
    rss_big = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    worst = 0
    for i in range(50):
        tracemalloc.reset_peak()
        play(ruleset, 1, seed=40_000 + i)
        worst = max(worst, tracemalloc.get_traced_memory()[1])
    tracemalloc.stop()
    return rss_small, rss_big, growth, worst


WARMUP_GAMES = 50  # tables are built once per ruleset; the first games also fill the memos


def instructions_a_game(args: argparse.Namespace) -> int:
    """Instructions a game under callgrind: (warm-up + n games) less (warm-up alone), over n."""
    counts = []
    worker = [sys.executable, str(Path(__file__).resolve()), "--worker", "--game", args.game]
    if args.players is not None:
        worker += ["--players", str(args.players)]
    # First a run outside callgrind: it writes the bytecode caches of any source changed since
    # the last run, which the counted run with no games would otherwise pay for alone.
    subprocess.run([*worker, "-n", "0"], capture_output=True, timeout=3600)
    for n in (0, args.instructions):
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *worker,
                   "-n", str(n)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=3600)
        except FileNotFoundError:
            raise SystemExit("bench_engine: --instructions needs valgrind "
                             "(Debian: apt-get install valgrind)") from None
        found = [line.split("Collected :")[1] for line in done.stderr.splitlines()
                 if "Collected :" in line]
        if done.returncode or not found:
            tail = "\n".join(done.stderr.strip().splitlines()[-5:])
            raise SystemExit(f"bench_engine: the run under callgrind failed (exit {done.returncode}):\n{tail}")
        counts.append(int(found[0]))
    return (counts[1] - counts[0]) // args.instructions


def bytecodes_a_game(ruleset, games: int, top: int = 15) -> tuple[int, int, list[tuple[str, int]]]:
    """Bytecodes executed a game and a decision over `games` new games, and the `top`
    functions by bytecodes a game ("name (file:line)")."""
    counts: Counter[object] = Counter()

    def count(frame, event, arg):
        if event == "opcode":
            counts[frame.f_code] += 1
        return count

    def enter(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return count

    sys.settrace(enter)
    try:
        decisions, _ = play(ruleset, games, seed=FIRST_TIMED_SEED)
    finally:
        sys.settrace(None)
    total = sum(counts.values())
    # An engine file by its path in the engine (the mechanics' folders share names:
    # __init__.py, texts.py), any other by its name.
    engine = Path(sys.modules["wondersmith.engine"].__file__).parent
    named: Counter[str] = Counter()
    for code, n in counts.items():
        path = Path(code.co_filename)
        where = path.relative_to(engine).as_posix() if path.is_relative_to(engine) else path.name
        named[f"{code.co_qualname} ({where}:{code.co_firstlineno})"] += n
    return (total // games, total // max(1, decisions),
            [(name, n // games) for name, n in named.most_common(top)])


def load_game(name: str):
    """The ruleset of game `name`: classic is read from its YAML before `wondersmith compile`
    has written generated/classic."""
    try:
        return load_ruleset(name)
    except UnknownRulesetError:
        if name != "classic":
            raise
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
        from engine_yaml_ruleset import load_classic
        return load_classic()


def cpu_rate(ruleset, n: int, seed: int, players: dict | None = None) -> float:
    """Games a CPU second over n games from `seed`."""
    cpu_start = time.process_time()
    play(ruleset, n, seed=seed, players=players)
    return n / (time.process_time() - cpu_start)


def against(ruleset, name: str, other, other_name: str, n: int, rounds: int) -> list[float]:
    """Interleaved rounds of n games of `ruleset` then n of `other` (at its own player
    count), each on seeds no round played; print each round's rates and their ratio, and
    return the ratios."""
    play(other, WARMUP_GAMES, players={})
    ratios = []
    for run in range(rounds):
        seed = FIRST_TIMED_SEED + run * n
        mine, theirs = cpu_rate(ruleset, n, seed), cpu_rate(other, n, seed, players={})
        ratios.append(mine / theirs)
        print(f"round {run + 1}: {name} {mine:,.0f} games/s CPU, {other_name} {theirs:,.0f} "
              f"games/s CPU: {name}/{other_name} {mine / theirs:.2f}")
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5000, help="games to time")
    parser.add_argument("--game", default="duel")
    parser.add_argument("--players", type=int, help="seats (default: the ruleset's)")
    parser.add_argument("--repeats", type=int, default=1, metavar="R",
                        help="time R runs of -n games and report the best and the median")
    parser.add_argument("--against", metavar="GAME",
                        help="time GAME too, interleaved round by round, and print the ratio")
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    parser.add_argument("--instructions", type=int, metavar="GAMES",
                        help="count CPU instructions a game over GAMES games under valgrind instead of timing")
    parser.add_argument("--bytecodes", type=int, metavar="GAMES",
                        help="count the Python bytecodes a game over GAMES games, by function, instead of timing")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if (args.n < (0 if args.worker else 1) or args.repeats < 1
            or (args.instructions is not None and args.instructions < 1)
            or (args.bytecodes is not None and args.bytecodes < 1)):
        parser.error("-n, --repeats, --instructions and --bytecodes must be positive")
    if args.instructions is not None:
        per_game = instructions_a_game(args)
        print(f"{per_game:,} instructions a game (callgrind, {args.instructions} games after "
              f"{WARMUP_GAMES} warm-up games)")
        return
    try:
        ruleset = load_game(args.game)
        other = None if args.against is None else load_game(args.against)
    except UnknownRulesetError as error:
        parser.error(str(error))
    if args.players is not None:
        PLAYERS["players"] = args.players
        Game(ruleset, players=args.players)  # a clear ValueError for a count it is not played at
    play(ruleset, WARMUP_GAMES)  # warm-up: tables are built once per ruleset
    if args.worker:  # one run of --instructions: play games the warm-up did not, nothing else
        play(ruleset, args.n, seed=FIRST_TIMED_SEED)
        return
    if args.bytecodes is not None:
        per_game, per_decision, top = bytecodes_a_game(ruleset, args.bytecodes)
        print(f"{per_game:,} bytecodes a game, {per_decision:,} a decision ({args.bytecodes} "
              f"games after {WARMUP_GAMES} warm-up games); the functions that run most of them:")
        for name, n in top:
            print(f"{n:>9,} {100 * n / per_game:5.1f} %  {name}")
        return

    if other is not None:
        ratios = against(ruleset, args.game, other, args.against, args.n, args.repeats)
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"{args.game}/{args.against} by CPU time: median {statistics.median(ratios):.2f} of "
              f"{args.repeats} rounds (best {max(ratios):.2f}, worst {min(ratios):.2f}; "
              f"load average {load})")
        return

    rates = []
    for run in range(args.repeats):
        start, cpu_start = time.perf_counter(), time.process_time()
        # Seeds no run has played: a replayed game would find what it asks already memoized.
        decisions, chance = play(ruleset, args.n, seed=FIRST_TIMED_SEED + run * args.n)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        rates.append(args.n / cpu)
        print(f"{args.n} games in {seconds:.2f} s wall, {cpu:.2f} s CPU: {args.n / seconds:,.0f} games/s wall, "
              f"{args.n / cpu:,.0f} games/s CPU "
              f"({decisions / args.n:.1f} decisions and {chance / args.n:.1f} chance outcomes a game, "
              f"{(decisions + chance) / seconds:,.0f} steps/s)")
    if args.repeats > 1:
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"best of {args.repeats} runs: {max(rates):,.0f} games/s CPU; median "
              f"{statistics.median(rates):,.0f}; worst {min(rates):,.0f} (load average {load})")

    rss_small, rss_big, growth, worst = memory_profile(ruleset, args.n)
    print(f"memory: peak RSS {rss_small / 1024:.1f} MiB after {max(1, args.n // 4)} games, "
          f"{rss_big / 1024:.1f} MiB after {args.n} more; live blocks {growth:+d} over those "
          f"{args.n} games, bounded caches emptied ({memory_verdict(growth, rss_big - rss_small)}); "
          f"largest traced peak of one game {worst / 1024:.0f} KiB")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play(ruleset, min(args.n, 2000))
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # the reader left (`| head`): say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
