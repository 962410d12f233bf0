"""benchmarks/bench_bots.py runs: seed ranges, settings and the interval it prints. Not a
speed or strength test: the benchmark itself gives the numbers."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bots.py"
spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
bench_bots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_bots)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True,
                          timeout=600)


def test_wilson_interval_matches_known_values():
    # 80 of 100: 71.1%-86.7% (the Wilson score interval at z = 1.96, as statistics packages give it).
    low, high = bench_bots.wilson(80, 100)
    assert low == pytest.approx(0.7112, abs=1e-4) and high == pytest.approx(0.8666, abs=1e-4)
    assert bench_bots.wilson(0, 10)[0] == 0.0 and bench_bots.wilson(10, 10)[1] == 1.0


def test_seed_ranges_are_inclusive_and_settings_typed():
    assert bench_bots.parse_seeds("5-7,20") == [5, 6, 7, 20]
    assert bench_bots.parse_settings(["ismcts.iterations=30", "ismcts.exploration=0.5"]) == {
        "ismcts": {"iterations": 30, "exploration": 0.5}}


def test_games_are_played_as_simulate_plays_them_and_counted():
    done = run("--seeds", "3-4", "--bots", "ismcts,greedy", "--set", "ismcts.iterations=3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "duel, 2 seats, bots ismcts,greedy, 2 games seeds 3-4, ismcts.iterations=3"
    won = {line.split(":")[0].strip(): int(line.split("won ")[1].split("/")[0]) for line in lines[1:]}
    assert set(won) == {"ismcts", "greedy"} and sum(won.values()) <= 2
    assert all("/2 = " in line and "[95% " in line and "s CPU" in line for line in lines[1:])
    # Same games as simulate: game i of a range uses seed first + i, the bots swapping seats.
    from wondersmith.engine import load_ruleset
    from wondersmith.engine.bots import make_bot, play_game
    ruleset = load_ruleset("duel")
    wins = 0
    for i, seed in enumerate((3, 4)):
        names = ["ismcts", "greedy"] if i % 2 == 0 else ["greedy", "ismcts"]
        bots = [make_bot(name, 2 * seed + k) for k, name in enumerate(names)]
        for bot in bots:
            if bot.name == "ismcts":
                bot.iterations = 3
        result = play_game(ruleset, bots, seed=seed).result
        wins += result.winners == (names.index("ismcts"),)
    assert won["ismcts"] == wins


def test_an_unknown_setting_is_refused_with_a_message():
    done = run("-n", "1", "--set", "ismcts.depth=3")
    assert done.returncode != 0 and "bot 'ismcts' has no setting 'depth'" in done.stderr
    done = run("-n", "1", "--set", "iterations")
    assert done.returncode != 0 and "--set wants BOT.NAME=VALUE" in done.stderr


def test_compare_plays_the_same_moves_with_both_greedy_bots_and_prints_the_ratio():
    done = run("--compare", "-n", "2", "--seed", "5")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("duel, 2 seats, greedy bot against its reference, 2 games from seed 5: the same ")
    assert [line.split(":")[0].strip() for line in lines[1:3]] == ["reference", "greedy"]
    assert all("moves a CPU second" in line and "Python calls a move" in line for line in lines[1:3])
    assert lines[3].startswith("  ratio: ") and "x the moves a second" in lines[3]


def test_compare_stops_with_a_message_when_the_moves_differ(monkeypatch, capsys):
    class Contrary(bench_bots.GreedyBot):  # not the reference's moves
        def choose(self, game, seat=None, allowed=None):
            legal = game.legal_actions() if seat is None else game.legal_actions_for(seat)
            return legal[-1]

    monkeypatch.setattr(bench_bots, "GreedyBot", Contrary)
    with pytest.raises(SystemExit, match="moves differ from the reference's in game 3"):
        bench_bots.compare("duel", 2, 3, 1)


ISMCTS_BENCH = BENCH.parent / "bench_ismcts.py"


def test_the_ismcts_curve_plays_every_setting_on_the_same_games_and_prints_a_row_each():
    done = subprocess.run([sys.executable, str(ISMCTS_BENCH), "--iterations", "1,3", "--seeds", "3-4"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "duel, ISMCTS against greedy, seeds 3-4 (2 games a setting), 1 jobs"
    assert lines[1].startswith("load average before ")
    rows = [line.split() for line in lines[3:]]
    assert [row[0] for row in rows] == ["1", "3"]
    assert all(row[2].endswith("/2") and "%-" in row[4] for row in rows)
    # The 3-iteration row's wins are those bench_bots counts for the same seeds and setting.
    single = run("--seeds", "3-4", "--bots", "ismcts,greedy", "--set", "ismcts.iterations=3")
    ismcts_line = next(line for line in single.stdout.splitlines() if line.strip().startswith("ismcts:"))
    assert rows[1][2] == ismcts_line.split("won ")[1].split(" ")[0]


def test_the_ismcts_curve_refuses_bad_iteration_counts_with_a_message():
    for bad in ("ten", "0,5"):
        done = subprocess.run([sys.executable, str(ISMCTS_BENCH), "--iterations", bad, "--seeds", "3"],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode != 0 and "--iterations wants counts" in done.stderr


def test_the_paired_difference_of_two_settings_is_the_mean_of_game_by_game_differences():
    spec = importlib.util.spec_from_file_location("bench_ismcts", ISMCTS_BENCH)
    bench_ismcts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_ismcts)
    mean, low, high = bench_ismcts.paired_difference([True, True, False, False], [True, False, False, False])
    # differences 0, 1, 0, 0: mean 0.25, standard deviation 0.5, half-width 1.96 * 0.5 / 2
    assert mean == 0.25 and low == pytest.approx(0.25 - 0.49) and high == pytest.approx(0.25 + 0.49)
    assert bench_ismcts.paired_difference([True, False], [True, False]) == (0.0, 0.0, 0.0)


def test_the_ismcts_curve_writes_its_games_and_pairs_them_with_another_run(tmp_path):
    """--json writes each setting's wins game by game; --pair pairs two such files (runs of two
    builds on the same seeds): a run against itself differs by nothing."""
    first = tmp_path / "first.json"
    done = subprocess.run([sys.executable, str(ISMCTS_BENCH), "--iterations", "1,2", "--seeds", "3-4",
                           "--json", str(first)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = json.loads(first.read_text())
    assert [row["iterations"] for row in rows] == [1, 2] and all(len(row["won"]) == 2 for row in rows)
    printed = [line.split()[2] for line in done.stdout.splitlines()[3:5]]
    assert printed == [f"{sum(row['won'])}/2" for row in rows]
    paired = subprocess.run([sys.executable, str(ISMCTS_BENCH), "--pair", str(first), str(first)],
                            capture_output=True, text=True, timeout=600)
    assert paired.returncode == 0, paired.stderr
    lines = paired.stdout.splitlines()
    assert lines[0].startswith(f"{first} less {first}'s 2 iterations")
    assert [line.split()[0] for line in lines[1:]] == ["1", "2"]
    assert lines[2].endswith("+0.0 pp [+0.0, +0.0]")  # the last setting less itself


def test_the_ismcts_curve_refuses_a_file_it_did_not_write(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    for path in (bad, tmp_path / "missing.json"):
        done = subprocess.run([sys.executable, str(ISMCTS_BENCH), "--pair", str(path), str(path)],
                              capture_output=True, text=True, timeout=600)
        assert done.returncode != 0 and "not a file written by --json" in done.stderr
        assert "Traceback" not in done.stderr
