"""benchmarks/bench_engine.py runs: its arguments parse, and `--instructions` counts what the
two runs under callgrind collect (a stand-in valgrind here; the real one is slow), and its
memory check flags a leak but not a bounded cache filling (on fake games). Not a speed test:
the benchmark itself gives the numbers."""
from __future__ import annotations

import functools
import importlib.util
import itertools
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench_engine.py"

# Runs the command valgrind is given (the benchmark's worker) and reports, as callgrind
# does on stderr, 1,000 instructions plus 250 a game played after the warm-up.
FAKE_VALGRIND = """#!{python}
import subprocess, sys
command = [a for a in sys.argv[1:] if not a.startswith("--tool") and not a.startswith("--callgrind")]
done = subprocess.run(command)
games = int(command[command.index("-n") + 1])
print(f"==1== Collected : {{1000 + 250 * games}}", file=sys.stderr)
sys.exit(done.returncode)
"""


def bench(*args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ) if path is None else dict(os.environ, PATH=path)
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True,
                          env=env, timeout=300)


def test_instructions_are_the_difference_of_two_runs_a_game(tmp_path: Path) -> None:
    fake = tmp_path / "valgrind"
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    done = bench("--instructions", "4", "--game", "classic", "--players", "3",
                 path=f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "250 instructions a game (callgrind, 4 games after 50 warm-up games)"


def test_without_valgrind_instructions_say_so(tmp_path: Path) -> None:
    done = bench("--instructions", "2", path=str(tmp_path))
    assert done.returncode == 1
    assert done.stderr.strip() == "bench_engine: --instructions needs valgrind (Debian: apt-get install valgrind)"


def test_bad_arguments_exit_2() -> None:
    for args in (["--instructions", "0"], ["-n", "0"], ["--repeats", "0"], ["--bytecodes", "0"]):
        done = bench(*args)
        assert done.returncode == 2
        assert "-n, --repeats, --instructions and --bytecodes must be positive" in done.stderr


def test_bytecodes_are_counted_exactly_by_function() -> None:
    module = bench_module()
    from wondersmith.engine import load_ruleset

    duel = load_ruleset("duel")
    module.play(duel, module.WARMUP_GAMES)
    per_game, per_decision, top = module.bytecodes_a_game(duel, 2)
    assert per_game > per_decision > 0
    assert any(name.startswith("StructurePlays._legal_play (mechanics/card_structure/plays.py:") for name, _ in top)
    assert sum(n for _, n in top) <= per_game
    assert sys.gettrace() is None  # the tracer is taken off again


def test_bytecodes_are_the_same_on_every_run() -> None:
    runs = [bench("--bytecodes", "2") for _ in range(2)]
    assert all(done.returncode == 0 for done in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout


def test_bytecodes_report_a_game_and_a_decision() -> None:
    done = bench("--bytecodes", "1", "--game", "classic", "--players", "3")
    assert done.returncode == 0, done.stderr
    head, *rows = done.stdout.splitlines()
    assert head.endswith("a decision (1 games after 50 warm-up games); the functions that run most of them:")
    assert len(rows) == 15 and "Plays._legal_plays (games/classic/actions.py:" in done.stdout


def test_repeats_time_each_run_and_sum_up_best_and_median() -> None:
    done = bench("-n", "3", "--repeats", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    runs = [line for line in lines if line.startswith("3 games in ")]
    assert len(runs) == 3
    rates = sorted(int(line.split(" games/s CPU")[0].rsplit(" ", 1)[1].replace(",", "")) for line in runs)
    summary = next(line for line in lines if line.startswith("best of 3 runs: "))
    assert summary.startswith(f"best of 3 runs: {rates[-1]:,} games/s CPU; median {rates[1]:,}; "
                              f"worst {rates[0]:,} (load average ")


def test_against_times_both_games_round_by_round_and_prints_the_ratio() -> None:
    done = bench("--game", "agora", "--against", "duel", "-n", "4", "--repeats", "3")
    assert done.returncode == 0, done.stderr
    *rounds, summary = done.stdout.splitlines()
    assert [line.split(":")[0] for line in rounds] == ["round 1", "round 2", "round 3"]
    ratios = []
    for line in rounds:
        agora = int(line.split("agora ")[1].split(" games/s")[0].replace(",", ""))
        duel = int(line.split("duel ")[1].split(" games/s")[0].replace(",", ""))
        ratio = float(line.rsplit("agora/duel ", 1)[1])
        assert abs(ratio - agora / duel) < 0.01 + 0.01 * ratio  # rates and ratio both rounded
        ratios.append(ratio)
    ratios.sort()
    assert summary.startswith(f"agora/duel by CPU time: median {ratios[1]:.2f} of 3 rounds "
                              f"(best {ratios[-1]:.2f}, worst {ratios[0]:.2f}; load average ")


def test_an_unknown_game_is_refused_without_a_traceback() -> None:
    for args in (["--game", "nope"], ["--against", "nope"]):
        done = bench(*args, "-n", "1")
        assert done.returncode == 2
        assert "no compiled ruleset named 'nope'" in done.stderr and "Traceback" not in done.stderr


def test_a_reader_that_leaves_early_gets_no_traceback() -> None:
    # Unbuffered, so each line is written as it is printed, after head has gone.
    command = f"{sys.executable} -u {BENCH} -n 50 | head -c 1"
    done = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stderr and done.stderr == ""


def bench_module():
    """benchmarks/bench_engine.py imported, for its memory check."""
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GAMES = 3000  # fake games: each leaks, or fills a cache with, a few blocks


def test_memory_check_flags_a_leak() -> None:
    check = bench_module()
    kept = []

    def leaking_games(n: int) -> None:
        kept.extend([game] for game in range(n))  # one list kept a game

    growth = check.live_block_growth(leaking_games, GAMES)
    assert growth >= GAMES
    assert check.memory_verdict(growth, 0) == "GROWS"


def test_memory_check_flags_a_cache_without_a_bound() -> None:
    check = bench_module()

    @functools.lru_cache(maxsize=None)
    def price(game: int) -> list[int]:
        return [game]

    growth = check.live_block_growth(lambda n: [price(game) for game in range(n)], GAMES)
    assert price.cache_info().currsize == GAMES  # not emptied: nothing bounds it
    assert check.memory_verdict(growth, 0) == "GROWS"


def test_memory_check_leaves_out_a_bounded_cache_filling() -> None:
    check = bench_module()

    @functools.lru_cache(maxsize=4 * GAMES)  # far from full after GAMES games, as family_plan
    def price(game: int) -> list[int]:
        return [game]

    played = itertools.count()

    def games(n: int) -> None:
        for _ in range(n):
            price(next(played))  # a new price each game

    before = sys.getallocatedblocks()
    games(GAMES)
    assert sys.getallocatedblocks() - before >= GAMES  # counted as is, the filling would grow
    growth = check.live_block_growth(games, GAMES)
    assert price.cache_info().currsize == 0
    assert abs(growth) < check.GROWTH_LIMIT_BLOCKS
    assert check.memory_verdict(growth, 0) == "flat"


def test_memory_check_leaves_a_memo_that_empties_itself_flat() -> None:
    check = bench_module()
    memo: dict[int, list[int]] = {}  # as the sampler's: emptied once it holds 64 seeds

    def games(n: int) -> None:
        for game in range(n):
            if len(memo) >= 64:
                memo.clear()
            memo[game] = [game] * 96

    growth = check.live_block_growth(games, GAMES)
    assert check.memory_verdict(growth, 0) == "flat"


def test_memory_verdict_flags_peak_rss_growth() -> None:
    check = bench_module()
    assert check.memory_verdict(0, check.GROWTH_LIMIT_RSS_KIB) == "GROWS"
    assert check.memory_verdict(-check.GROWTH_LIMIT_BLOCKS, 0) == "GROWS"
    assert check.memory_verdict(check.GROWTH_LIMIT_BLOCKS - 1, check.GROWTH_LIMIT_RSS_KIB - 1) == "flat"


def test_duel_memory_reads_flat() -> None:
    done = bench("-n", "300")
    assert done.returncode == 0, done.stderr
    memory = done.stdout.splitlines()[-1]
    assert memory.startswith("memory: ") and "bounded caches emptied (flat)" in memory, memory


def test_memory_check_empties_the_memos_a_rulesets_tables_keep() -> None:
    check = bench_module()
    from wondersmith.engine import Game, load_ruleset

    tables = Game(load_ruleset("classic"), players=3).t
    memos = tables.bounded_memos
    assert any(memo is tables.lines_memo for memo in memos)  # classic's trade memos
    for memo in memos:
        memo[("a", "key")] = [1, 2, 3]

    def games(n: int) -> None:
        for game in range(n):
            tables.lines_memo[game] = [game] * 8  # the memo fills as games are played

    growth = check.live_block_growth(games, GAMES)
    assert not any(memos)
    assert check.memory_verdict(growth, 0) == "flat"


def test_classic_memory_reads_flat() -> None:
    done = bench("--game", "classic", "--players", "3", "-n", "200")
    assert done.returncode == 0, done.stderr
    memory = done.stdout.splitlines()[-1]
    assert memory.startswith("memory: ") and "bounded caches emptied (flat)" in memory, memory
