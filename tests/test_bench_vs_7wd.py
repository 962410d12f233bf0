"""benchmarks/bench_vs_7wd.py runs: its arguments parse, our side plays, and when their engine
can't be had the report says so. Not a speed test: the benchmark itself gives the numbers."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench_vs_7wd.py"


def bench(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    # No network in tests: git may clone from local files only, so GitHub fails at once.
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), GIT_ALLOW_PROTOCOL="file")
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True,
                          env=env, timeout=300)


def test_our_side_runs_and_a_missing_engine_is_reported_as_skipped(tmp_path: Path) -> None:
    done = bench("-n", "2", "--repeats", "1", cache=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(line.startswith("theirs: SKIPPED: dfomin/7wd-engine is not available (git clone failed")
               for line in lines), done.stdout
    assert [line.split()[:3] for line in lines if line.strip().startswith("1  ")] == [["1", "ours", "2"]]
    assert "ratio   not measured: their engine did not run" in lines
    decisions = next(line for line in lines if "decisions a game over 2 timed games" in line)
    assert 40 < float(decisions.split()[0]) < 120  # a whole Duel game, not a stub
    assert not any((tmp_path / "wondersmith").glob(".clone-*"))  # the failed clone left nothing


def test_their_side_is_driven_through_its_api_when_given_a_folder(tmp_path: Path) -> None:
    # A stand-in with their API: every game is exactly three decisions among two actions.
    package = tmp_path / "theirs" / "swd"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(
        "class Game:\n"
        "    create = staticmethod(lambda: [0])\n"
        "    is_finished = staticmethod(lambda state: state[0] == 3)\n"
        "    get_available_actions = staticmethod(lambda state: ['a', 'b'])\n"
        "    @staticmethod\n"
        "    def apply_action(state, action):\n"
        "        state[0] += 1\n")
    done = bench("-n", "2", "--repeats", "2", "--theirs", str(package.parent), cache=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "(not a git repository: commit unknown)" in done.stdout
    runs = [line.split()[:3] for line in done.stdout.splitlines() if line[:3].strip() in {"1", "2"}]
    assert runs == [["1", "ours", "2"], ["1", "theirs", "2"], ["2", "ours", "2"], ["2", "theirs", "2"]]
    assert ("3.0 decisions a game over 4 timed games; 2.00 legal actions a decision (at most 2)"
            in done.stdout)
    assert "ratio   ours / theirs: " in done.stdout


def test_bad_arguments_exit_2_with_one_line(tmp_path: Path) -> None:
    missing = bench("--theirs", str(tmp_path / "nowhere"), cache=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"bench_vs_7wd: --theirs: no folder {tmp_path / 'nowhere'}"
    assert bench("--repeats", "0", cache=tmp_path).returncode == 2
    assert bench("--instructions", "0", cache=tmp_path).returncode == 2
    both = bench("-n", "3", "--seconds", "1", cache=tmp_path)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr


# Runs the command valgrind is given (a worker) with UNDER_CALLGRIND set and reports, as
# callgrind does on stderr, 1,000 instructions plus 250 a game.
FAKE_VALGRIND = """#!{python}
import os, subprocess, sys
command = [a for a in sys.argv[1:] if not a.startswith("--tool") and not a.startswith("--callgrind")]
done = subprocess.run(command, env=dict(os.environ, UNDER_CALLGRIND="1"))
games = int(command[command.index("-n") + 1])
print(f"==1== Collected : {{1000 + 250 * games}}", file=sys.stderr)
sys.exit(done.returncode)
"""


def test_instructions_are_counted_after_a_run_outside_callgrind(tmp_path: Path) -> None:
    """Each side's worker runs once outside callgrind first, so that the counted runs find
    the bytecode caches written (the run with no games would else pay compiling changed
    files), then with no games and with GAMES games under it."""
    fake = tmp_path / "bin" / "valgrind"
    fake.parent.mkdir()
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    log = tmp_path / "starts.log"
    package = tmp_path / "theirs" / "swd"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(
        "import os\n"
        f"with open({str(log)!r}, 'a') as out:\n"
        "    out.write(os.environ.get('UNDER_CALLGRIND', '0') + '\\n')\n"
        "class Game:\n"
        "    create = staticmethod(lambda: [0])\n"
        "    is_finished = staticmethod(lambda state: state[0] == 3)\n"
        "    get_available_actions = staticmethod(lambda state: ['a'])\n"
        "    @staticmethod\n"
        "    def apply_action(state, action):\n"
        "        state[0] += 1\n")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path), GIT_ALLOW_PROTOCOL="file",
               PATH=f"{fake.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run([sys.executable, str(BENCH), "--instructions", "4", "--theirs",
                           str(package.parent)], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "ours              250 instructions a game (callgrind, 4 games after 20 warm-up games)" \
        in done.stdout
    assert "theirs            250 instructions a game" in done.stdout
    assert log.read_text().split() == ["0", "1", "1"]  # outside first, then the two counted runs


STAND_IN_GAME = (
    "class State(list):\n"
    "    price_cache = None\n"
    "class Game:\n"
    "    create = staticmethod(lambda: State([0]))\n"
    # a game with the cache on is two decisions long, without it three
    "    is_finished = staticmethod(lambda state: state[0] == (2 if state.price_cache == {} else 3))\n"
    "    get_available_actions = staticmethod(lambda state: ['a', 'b'])\n"
    "    @staticmethod\n"
    "    def apply_action(state, action):\n"
    "        state[0] += 1\n")

# A stand-in for the indjev99 program benchmarks/README.md has built: its options and JSON line.
FAKE_NATIVE = """#!{python}
import json, sys
args = sys.argv[1:]
assert args[:2] == ["--seed", args[1]] and args[2] == "-n", args
games = int(args[3])
print(json.dumps({{"games": games, "decisions": 70 * games, "wall": 0.001 * games, "cpu": 0.001 * games,
                  "stats_decisions": 700, "stats_offered": 3500, "most_offered": 9}}))
"""


def test_their_cache_and_indjev99_run_as_more_sides_in_the_same_rounds(tmp_path: Path) -> None:
    package = tmp_path / "theirs" / "swd"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(STAND_IN_GAME)
    native = tmp_path / "random_games"
    native.write_text(FAKE_NATIVE.format(python=sys.executable))
    native.chmod(0o755)
    done = bench("-n", "2", "--repeats", "2", "--theirs", str(package.parent), "--their-cache",
                 "--indjev99", str(native), cache=tmp_path)
    assert done.returncode == 0, done.stderr
    runs = [line.split()[:3] for line in done.stdout.splitlines() if line[:3].strip() in {"1", "2"}]
    assert runs == [[str(r), side, "2"] for r in (1, 2) for side in ("ours", "theirs", "theirs+cache", "indjev99")]
    summary = done.stdout.split("\n\n")[-1]
    # the cache is on in the cached side's games only: they end a decision sooner
    assert [line.split()[:2] for line in summary.splitlines() if "games/s CPU" in line] == \
        [["ours", "games/s"], ["theirs", "games/s"], ["theirs+cache", "games/s"], ["indjev99", "games/s"]]
    assert "3.0 decisions a game over 4 timed games" in summary
    assert "2.0 decisions a game over 4 timed games" in summary
    assert "70.0 decisions a game over 4 timed games; 5.00 legal actions a decision (at most 9)" in summary
    assert "ratio   ours / theirs: " in summary and "ratio   ours / theirs+cache: " in summary
    # the program's runs take 1 ms a game: 1,000 games a second, the faster engine named first
    native_line = next(line for line in summary.splitlines() if line.startswith("ratio   indjev99 / ours: "))
    ours_rate = float(next(line for line in summary.splitlines() if line.startswith("ours ")).split()[3]
                      .replace(",", ""))
    shown = float(native_line.split(": ")[1].split("x")[0])
    assert abs(shown - 1000 / ours_rate) < 0.011  # printed to 2 places from a rate printed to 1


def test_a_missing_indjev99_program_or_a_bad_one_is_one_line(tmp_path: Path) -> None:
    missing = bench("-n", "1", "--indjev99", str(tmp_path / "nowhere"), cache=tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.strip() == (f"bench_vs_7wd: --indjev99: no program {tmp_path / 'nowhere'} "
                                      "(build it as benchmarks/README.md says)")
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\necho not json\n")
    silent.chmod(0o755)
    done = bench("-n", "1", "--repeats", "1", "--indjev99", str(silent), cache=tmp_path)
    assert done.returncode == 1
    assert "bench_vs_7wd: indjev99 run printed no JSON line: 'not json'" in done.stderr
    assert "Traceback" not in done.stderr


def test_instructions_are_counted_for_every_side_asked_for(tmp_path: Path) -> None:
    fake = tmp_path / "bin" / "valgrind"
    fake.parent.mkdir()
    fake.write_text(FAKE_VALGRIND.format(python=sys.executable))
    fake.chmod(0o755)
    native_log = tmp_path / "native.log"
    native = tmp_path / "random_games"
    native.write_text(f"#!/bin/sh\necho \"$*\" >> {native_log}\n")
    native.chmod(0o755)
    package = tmp_path / "theirs" / "swd"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text(STAND_IN_GAME)
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path), GIT_ALLOW_PROTOCOL="file",
               PATH=f"{fake.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run([sys.executable, str(BENCH), "--instructions", "4", "--theirs", str(package.parent),
                           "--their-cache", "--indjev99", str(native)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    counted = [line.split()[:2] for line in done.stdout.splitlines() if "instructions a game (callgrind" in line]
    assert counted == [["ours", "250"], ["theirs", "250"], ["theirs+cache", "250"], ["indjev99", "250"]]
    assert "ratio   theirs+cache / ours: 1.00x the instructions a game" in done.stdout
    assert "ratio   ours / indjev99: 1.00x the instructions a game" in done.stdout
    # the program: once outside callgrind, then with no games and with 4, never timed
    assert native_log.read_text().splitlines() == ["-n 0 --seconds 0", "-n 0 --seconds 0", "-n 4 --seconds 0"]
