"""benchmarks/bench_load.py runs: the three ways to a ruleset are timed in fresh processes and
the two playable ones play. Not a speed test: the benchmark itself gives the numbers."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_load.py"


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True,
                          timeout=600)


def test_every_way_is_timed_and_the_playable_ones_play() -> None:
    done = bench("--repeats", "1", "-n", "3", "--game", "classic", "--players", "3")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("classic at 3 players: 1 fresh processes each, CPU time")
    for label in ("generated", "validated data", "plain YAML reading"):
        assert re.search(rf"^  {label} +best +[\d.]+ ms, median +[\d.]+ ms$", out, re.M), label
    tables = re.search(r"^  of the generated way, the engine's tables \(built from the classes\) "
                       r"and the first set-up: best ([\d.]+) ms, median [\d.]+ ms$", out, re.M)
    generated = re.search(r"^  generated +best +([\d.]+) ms", out, re.M)
    assert tables and 0 < float(tables[1]) <= float(generated[1])  # a part of the start-up
    play = out.split("play, 3 uniform random games a run:\n")[1]
    assert [line.split("  best")[0].strip() for line in play.splitlines()] == [
        "generated", "plain YAML reading"]
    assert all(int(re.search(r"best +([\d,]+) games/s", line)[1].replace(",", "")) > 0
               for line in play.splitlines())


def test_bad_arguments_exit_2() -> None:
    for args in (["--repeats", "0"], ["-n", "-1"], ["--game", "chess"]):
        done = bench(*args)
        assert done.returncode == 2 and "Traceback" not in done.stderr
