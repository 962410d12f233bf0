"""Side by side with dfomin/7wd-engine: uniform random full Duel games a second in each engine.

    python benchmarks/bench_vs_7wd.py [--seconds S | -n GAMES] [--repeats R] [--seed K]
                                      [--theirs PATH] [--their-cache] [--indjev99 PROGRAM]
                                      [--instructions GAMES]

Both engines play the same kind of game: from the set-up to the end, every decision a
uniformly random legal action, chance as each engine does it. Ours plays exactly as
`benchmarks/bench_engine.py` plays (its `play` function); theirs through its public API
(`Game.create`, `Game.is_finished`, `Game.get_available_actions`, `Game.apply_action`).
Each run is a fresh subprocess of this Python that warms up, then plays whole games for S
seconds, 10 at a time between looks at the clock (or exactly GAMES games); runs alternate ours, theirs, ours, ... R times each, and the
summary gives the median and the spread of games a second by CPU time and by wall time, the
decisions a game and legal actions a decision of both (to show the games are comparable), and
the ratio. `--their-cache` adds their engine with the price cache it ships turned on
(`state.price_cache = {}` at creation), `--indjev99 PROGRAM` indjev99's C++ engine through a
small driver built by hand (benchmarks/README.md gives its source and the build steps; it takes
this script's worker options and prints the same JSON line), each a side of the same rounds
with its own ratio to ours. `--instructions GAMES` counts instead the CPU instructions a game of each engine
under valgrind's callgrind (a run with GAMES games less a run with none): a figure that the
load of a shared machine does not move, for tracking changes (instructions are not time:
the two engines run at different instructions per cycle).

Their engine is never copied into this repository. It is read from a checkout of the pinned
commit, made once in `$XDG_CACHE_HOME/wondersmith/` (default `~/.cache/wondersmith/`) by
`git clone` from GitHub, or from `--theirs PATH`: a git repository holding the pinned commit
(cloned from into the cache), or a folder with their `swd/` package (used as it is, unpinned).
Their PyPI-style install does not work (their setup.cfg packages `swd/resources` as a
top-level `resources`), hence a checkout. When their engine can't be had, the report says
SKIPPED and why, and measures ours alone.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent
UPSTREAM = "https://github.com/dfomin/7wd-engine"
PINNED = "4a4b5209833156394bb86fa12ba22e4e3f13b6c8"  # their newest commit, 2023-02-14
WARMUP_GAMES = 20
STATS_GAMES = 200  # untimed games that count legal actions a decision
# With --seconds, games are played this many at a time between looks at the clock: each
# call seeds the random policy (and their chance) afresh, which costs about 17 µs, 2 % of
# one of our games and 0.5 % of theirs if done for every game; the same on both sides.
CHUNK_GAMES = 10
RUN_TIMEOUT = 3600
CACHED = "theirs+cache"  # their engine with its price cache on (--their-cache)
NATIVE = "indjev99"  # indjev99's C++ engine, a program built by hand (--indjev99 PROGRAM)
# What a run prints as its last line, a JSON object (a worker of this script, or that program).
RUN_KEYS = {"games", "decisions", "wall", "cpu", "stats_decisions", "stats_offered", "most_offered"}


class Unavailable(Exception):
    """Their engine can't be had here; the report says why."""


class UsageError(Exception):
    """A bad argument: one line on stderr, exit 2."""


# --- the side each worker process plays ---------------------------------------------------

def play_theirs(game, n: int, seed: int, cache: bool = False) -> int:
    """n uniform random games in their engine, shaped like bench_engine.play; decisions.
    Their chance draws from the random module, so it is seeded here. `cache`: each game
    with the price cache their engine ships turned on (`state.price_cache = {}` once made;
    it is off, None, by default)."""
    import random
    random.seed(seed)
    rand = random.Random(seed).random
    create, finished = game.create, game.is_finished
    legal, apply = game.get_available_actions, game.apply_action
    decisions = 0
    for _ in range(n):
        state = create()
        if cache:
            state.price_cache = {}
        while not finished(state):
            actions = legal(state)
            apply(state, actions[int(rand() * len(actions))])
            decisions += 1
    return decisions


def offered_ours(ruleset, n: int, seed: int) -> tuple[int, int, int]:
    """(decisions, legal actions offered, most offered at once) over n untimed games."""
    import random

    from wondersmith.engine import Game
    rand = random.Random(seed).random
    decisions = offered = most = 0
    for i in range(n):
        game = Game(ruleset, seed=seed + i)
        while game.result is None:
            actions = game.legal_actions()
            decisions, offered, most = decisions + 1, offered + len(actions), max(most, len(actions))
            game.apply(actions[int(rand() * len(actions))])
    return decisions, offered, most


def offered_theirs(game, n: int, seed: int, cache: bool = False) -> tuple[int, int, int]:
    import random
    random.seed(seed)
    rand = random.Random(seed).random
    decisions = offered = most = 0
    for _ in range(n):
        state = game.create()
        if cache:
            state.price_cache = {}
        while not game.is_finished(state):
            actions = game.get_available_actions(state)
            decisions, offered, most = decisions + 1, offered + len(actions), max(most, len(actions))
            game.apply_action(state, actions[int(rand() * len(actions))])
    return decisions, offered, most


def worker(side: str, checkout: str | None, seconds: float, games: int | None, seed: int,
           stats_games: int = STATS_GAMES) -> dict:
    """Warm up, then time whole games (for `seconds`, or exactly `games`); then count legal
    actions over `stats_games` untimed games."""
    if side == "ours":
        sys.path.insert(0, str(BENCHMARKS))
        import bench_engine

        from wondersmith.engine import load_ruleset
        ruleset = load_ruleset("duel")

        def play(n: int, at: int) -> int:
            return bench_engine.play(ruleset, n, seed=at)[0]

        def offered(n: int, at: int) -> tuple[int, int, int]:
            return offered_ours(ruleset, n, at)
    else:
        import warnings
        sys.path.insert(0, checkout)
        warnings.simplefilter("ignore", DeprecationWarning)  # their importlib.resources.read_text
        from swd.game import Game

        cache = side == CACHED

        def play(n: int, at: int) -> int:
            return play_theirs(Game, n, at, cache)

        def offered(n: int, at: int) -> tuple[int, int, int]:
            return offered_theirs(Game, n, at, cache)

    play(WARMUP_GAMES, seed + 900_000)  # theirs loads its YAML in the first game
    played = decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    if games is not None:
        decisions, played = play(games, seed), games
    else:
        while time.perf_counter() - start < seconds:
            decisions += play(CHUNK_GAMES, seed + played)
            played += CHUNK_GAMES
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    counted, offered_total, most = offered(stats_games, seed + 800_000) if stats_games else (0, 0, 0)
    return {"games": played, "decisions": decisions, "wall": wall, "cpu": cpu,
            "stats_decisions": counted, "stats_offered": offered_total, "most_offered": most}


# --- their checkout -----------------------------------------------------------------------

def git(*args: str, timeout: float = 300) -> str:
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    try:
        done = subprocess.run(["git", *args], capture_output=True, text=True, timeout=timeout, env=env)
    except FileNotFoundError:
        raise Unavailable("git is not installed") from None
    except subprocess.TimeoutExpired:
        raise Unavailable(f"git {args[0]} took more than {timeout:.0f} s") from None
    if done.returncode:
        lines = (done.stderr.strip() or done.stdout.strip() or f"exit {done.returncode}").splitlines()
        raise Unavailable(f"git {args[0]} failed: {lines[-1]}")
    return done.stdout.strip()


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "wondersmith" / f"7wd-engine-{PINNED[:12]}"


def pinned_checkout(source: str) -> Path:
    """The cache's checkout of PINNED, cloned from `source` (a URL or a local repository) when
    missing. Cloned into a temporary folder beside it, then renamed: never half-made."""
    target = cache_folder()
    if (target / "swd" / "game.py").is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".clone-", dir=target.parent))
    try:
        git("clone", "--quiet", "--no-checkout", source, str(work))
        try:
            git("-C", str(work), "checkout", "--quiet", "--detach", PINNED, timeout=60)
        except Unavailable:
            raise Unavailable(f"{source} has no commit {PINNED}") from None
        if not (work / "swd" / "game.py").is_file():
            raise Unavailable(f"{source} at {PINNED[:12]} has no swd/game.py")
        try:
            work.rename(target)
        except OSError:  # another run made it meanwhile
            if not (target / "swd" / "game.py").is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def their_checkout(theirs: str | None) -> tuple[Path, str]:
    """(folder holding `swd/`, how it is described in the report)."""
    if theirs is None:
        return pinned_checkout(UPSTREAM), f"dfomin/7wd-engine {PINNED[:12]} (pinned)"
    path = Path(theirs).expanduser()
    if not path.is_dir():
        raise UsageError(f"--theirs: no folder {theirs}")
    if (path / ".git").exists() or ((path / "HEAD").is_file() and (path / "objects").is_dir()):
        try:
            return pinned_checkout(str(path.resolve())), f"dfomin/7wd-engine {PINNED[:12]} (pinned, from {path})"
        except Unavailable as exc:
            raise UsageError(f"--theirs: {exc}") from None
    if (path / "swd" / "game.py").is_file():
        return path.resolve(), f"dfomin/7wd-engine in {path} (not a git repository: commit unknown)"
    raise UsageError(f"--theirs: {theirs} is neither a git repository nor a folder with swd/game.py")


# --- the side-by-side runs ----------------------------------------------------------------

def run_worker(side: str, checkout: Path | None, args: argparse.Namespace, seed: int) -> dict:
    """One run of `side` in a fresh process: this script as a worker, or for indjev99's
    engine the program built as benchmarks/README.md says, which takes the same options and
    prints the same JSON line."""
    if side == NATIVE:
        command = [args.indjev99, "--seed", str(seed)]
    else:
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", side, "--seed", str(seed)]
    command += ["-n", str(args.n)] if args.n is not None else ["--seconds", str(args.seconds)]
    if checkout is not None and side != NATIVE:
        command += ["--checkout", str(checkout)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT)
    if done.returncode:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"{side} run failed (exit {done.returncode}):\n{tail}")
    try:
        run = json.loads(done.stdout.strip().splitlines()[-1])
        missing = RUN_KEYS - set(run)
    except (IndexError, ValueError, TypeError):
        raise RuntimeError(f"{side} run printed no JSON line: {done.stdout.strip()[-200:]!r}") from None
    if missing:
        raise RuntimeError(f"{side} run's JSON line lacks {', '.join(sorted(missing))}")
    return run


def instructions_a_game(side: str, checkout: Path | None, games: int, program: str | None = None) -> int:
    """Instructions of `games` games under callgrind, less those of a run with none, a game
    (`program`: indjev99's, whose run with none is `-n 0 --seconds 0`)."""
    counts = []
    for n in (None, 0, games):
        if side == NATIVE:
            command = [str(program), "-n", str(n or 0), "--seconds", "0"]
        else:
            command = [sys.executable, str(Path(__file__).resolve()), "--worker", side,
                       "-n", str(n or 0), "--stats-games", "0"]
        if checkout is not None and side != NATIVE:
            command += ["--checkout", str(checkout)]
        if n is None:  # first a run outside callgrind, which writes the bytecode caches of
            # files changed since the last run: else the run with no games pays compiling
            # them (millions of instructions) and the figure a game comes out too low
            subprocess.run(command, capture_output=True, timeout=RUN_TIMEOUT)
            continue
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                                  env=dict(os.environ, PYTHONHASHSEED="0"))  # the same dict layouts each time
        except FileNotFoundError:
            raise RuntimeError("--instructions needs valgrind (Debian: apt-get install valgrind)") from None
        found = [line.split("Collected :")[1] for line in done.stderr.splitlines() if "Collected :" in line]
        if done.returncode or not found:
            tail = "\n".join(done.stderr.strip().splitlines()[-5:])
            raise RuntimeError(f"{side} under callgrind failed (exit {done.returncode}):\n{tail}")
        counts.append(int(found[0]))
    return (counts[1] - counts[0]) // games


def spread(values: list[float]) -> str:
    middle = statistics.median(values)
    if len(values) == 1:
        return f"{middle:>8,.0f}"
    return f"{middle:>8,.0f} [{min(values):,.0f}-{max(values):,.0f}, ±{(max(values) - min(values)) / 2 / middle:.0%}]"


def summary(side: str, runs: list[dict]) -> tuple[list[float], list[float]]:
    per_cpu = [r["games"] / max(r["cpu"], 1e-9) for r in runs]
    per_wall = [r["games"] / r["wall"] for r in runs]
    games = sum(r["games"] for r in runs)
    counted = sum(r["stats_decisions"] for r in runs)
    offered = sum(r["stats_offered"] for r in runs)
    most = max(r["most_offered"] for r in runs)
    print(f"{side:<12} games/s CPU {spread(per_cpu)}   games/s wall {spread(per_wall)}")
    print(f"{'':<12} {sum(r['decisions'] for r in runs) / games:.1f} decisions a game over {games:,} "
          f"timed games; {offered / counted:.2f} legal actions a decision (at most {most}) "
          f"over {STATS_GAMES * len(runs):,} untimed games")
    return per_cpu, per_wall


def ratio_line(side: str, ours: tuple[list[float], list[float]],
               other: tuple[list[float], list[float]]) -> str:
    """Ours against `side` (for indjev99's C++ engine, it against ours): the ratio of the
    medians by CPU and wall time, and run by run by CPU (each run of ours with the run of
    `side` in the same round)."""
    (first_cpu, first_wall), (second_cpu, second_wall) = (other, ours) if side == NATIVE else (ours, other)
    pairs = [a / b for a, b in zip(first_cpu, second_cpu)]
    names = f"{side} / ours" if side == NATIVE else f"ours / {side}"
    return (f"ratio   {names}: {statistics.median(first_cpu) / statistics.median(second_cpu):.2f}x by CPU "
            f"time, {statistics.median(first_wall) / statistics.median(second_wall):.2f}x by wall time "
            f"(medians); run by run {statistics.median(pairs):.2f}x [{min(pairs):.2f}-{max(pairs):.2f}] by CPU")


def describe_ours() -> str:
    import wondersmith
    try:
        commit = git("-C", str(ROOT), "rev-parse", "--short", "HEAD", timeout=10)
    except Unavailable:
        commit = "commit unknown"
    return f"wondersmith {wondersmith.__version__} ({commit})"


def count_instructions(checkout: Path | None, theirs: str, games: int, sides: list[str],
                       program: str | None = None) -> int:
    counts = {}
    for side in sides:
        try:
            counts[side] = instructions_a_game(side, None if side == "ours" else checkout, games, program)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"bench_vs_7wd: {exc}", file=sys.stderr)
            return 1
        print(f"{side:<7} {counts[side]:>13,} instructions a game (callgrind, {games} games after "
              f"{WARMUP_GAMES} warm-up games)", flush=True)
    if checkout is None:
        print(f"theirs  {theirs}\nratio   not measured: their engine did not run")
    for side in sides[1:]:
        if side == NATIVE:
            print(f"ratio   ours / {side}: {counts['ours'] / counts[side]:.2f}x the instructions a game")
        else:
            print(f"ratio   {side} / ours: {counts[side] / counts['ours']:.2f}x the instructions a game")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    length = parser.add_mutually_exclusive_group()
    length.add_argument("--seconds", type=float, default=3.0, help="seconds of games a run (default 3)")
    length.add_argument("-n", type=int, help="exactly this many games a run, instead of --seconds")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each engine, interleaved (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--theirs", metavar="PATH",
                        help="a git repository of dfomin/7wd-engine holding the pinned commit, or a folder "
                             "with its swd/ package (default: a cached clone from GitHub)")
    parser.add_argument("--their-cache", action="store_true",
                        help="also run their engine with its price cache on (state.price_cache = {})")
    parser.add_argument("--indjev99", metavar="PROGRAM",
                        help="also run indjev99's C++ engine: the program built as benchmarks/README.md says")
    parser.add_argument("--instructions", type=int, metavar="GAMES",
                        help="count CPU instructions a game over GAMES games under valgrind instead of timing")
    parser.add_argument("--worker", choices=["ours", "theirs", CACHED], help=argparse.SUPPRESS)
    parser.add_argument("--stats-games", type=int, default=STATS_GAMES, help=argparse.SUPPRESS)
    parser.add_argument("--checkout", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.worker, args.checkout, args.seconds, args.n, args.seed, args.stats_games)))
        return 0
    if args.repeats < 1 or (args.n is not None and args.n < 1) or args.seconds <= 0 or \
            (args.instructions is not None and args.instructions < 1):
        parser.error("--repeats, -n, --seconds and --instructions must be positive")
    if args.indjev99 is not None and not (os.path.isfile(args.indjev99) and os.access(args.indjev99, os.X_OK)):
        print(f"bench_vs_7wd: --indjev99: no program {args.indjev99} (build it as benchmarks/README.md says)",
              file=sys.stderr)
        return 2

    try:
        checkout, theirs = their_checkout(args.theirs)
    except UsageError as exc:
        print(f"bench_vs_7wd: {exc}", file=sys.stderr)
        return 2
    except Unavailable as exc:
        checkout, theirs = None, f"SKIPPED: dfomin/7wd-engine is not available ({exc}); pass --theirs PATH"

    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start")
    print(f"ours:   {describe_ours()}, duel")
    print(f"theirs: {theirs}" + (", and with its price cache on" if args.their_cache and checkout else ""))
    if args.indjev99 is not None:
        print(f"native: indjev99's C++ engine, {args.indjev99}")
    sides = ["ours"] + (["theirs"] + ([CACHED] if args.their_cache else []) if checkout is not None else [])
    sides += [NATIVE] if args.indjev99 is not None else []
    if args.instructions is not None:
        return count_instructions(checkout, theirs, args.instructions, sides, args.indjev99)
    length = f"{args.n} games" if args.n is not None else f"{args.seconds:g} s of games"
    print(f"runs of {length}, {args.repeats} of each engine, interleaved; every run a fresh process "
          f"after {WARMUP_GAMES} warm-up games\n")
    print(f"{'run':>3}  {'engine':<13}{'games':>8}{'CPU s':>8}{'wall s':>8}{'games/s CPU':>13}{'games/s wall':>14}")
    runs: dict[str, list[dict]] = {side: [] for side in sides}
    for repeat in range(args.repeats):
        for side in sides:
            seed = args.seed + 1_000_000 * repeat
            try:
                run = run_worker(side, None if side == "ours" else checkout, args, seed)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                print(f"bench_vs_7wd: {exc}", file=sys.stderr)
                return 1
            runs[side].append(run)
            print(f"{repeat + 1:>3}  {side:<13}{run['games']:>8,}{run['cpu']:>8.2f}{run['wall']:>8.2f}"
                  f"{run['games'] / max(run['cpu'], 1e-9):>13,.0f}{run['games'] / run['wall']:>14,.0f}", flush=True)

    print()
    rates = {side: summary(side, side_runs) for side, side_runs in runs.items()}
    if checkout is None:
        print(f"theirs  {theirs}\nratio   not measured: their engine did not run")
    for side in sides[1:]:
        print(ratio_line(side, rates["ours"], rates[side]))
    print(f"machine: load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end; "
          "± is half the range over the runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
