"""Two commands writing generated/ at once take turns (`build`, `compile`, `build --watch`'s
rebuilds): the second waits, says so once, and both succeed. A lock whose holder died blocks
nothing."""
from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from wondersmith.output_lock import holders, locked
from wondersmith.tools.watch import Rebuilder

ROOT = Path(__file__).resolve().parents[1]
WONDERSMITH = [sys.executable, "-c", "from wondersmith.cli import main; main()"]
TIMEOUT = 120.0  # a bound for a hung command, not a speed requirement


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    return tmp_path


def _start(project: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([*WONDERSMITH, *args], cwd=project, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _lines(stream) -> queue.Queue:
    """The stream's lines as they come, then None at its end."""
    found: queue.Queue = queue.Queue()

    def read() -> None:
        for line in stream:
            found.put(line)
        found.put(None)
    threading.Thread(target=read, daemon=True).start()
    return found


def _wait_for(lines: queue.Queue, text: str) -> str:
    seen = []
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1.0)
        except queue.Empty:
            continue
        if line is None:
            break
        if text in line:
            return line
        seen.append(line)
    raise AssertionError(f"no line with {text!r}; the command said:\n{''.join(seen)}")


def test_two_compiles_at_once_both_succeed(project: Path) -> None:
    for _ in range(3):  # unlocked, about one round in two failed (a temporary file removed)
        shutil.rmtree(project / "generated", ignore_errors=True)
        both = [_start(project, "compile"), _start(project, "compile")]
        results = [p.communicate(timeout=TIMEOUT) for p in both]
        for process, (_, err) in zip(both, results):
            assert process.returncode == 0, err
        for name in ("ruleset.json", "buildings.py"):
            assert (project / "generated" / "duel" / name).read_bytes() == \
                (ROOT / "generated" / "duel" / name).read_bytes()
        assert not list((project / "generated").glob(".*.tmp"))
    check = subprocess.run([*WONDERSMITH, "compile", "--check"], cwd=project,
                           capture_output=True, text=True, timeout=TIMEOUT)
    assert check.returncode == 0, check.stdout + check.stderr


def test_compile_waits_for_the_lock_names_its_holder_then_writes(project: Path) -> None:
    with locked(project / "generated"):
        process = _start(project, "compile")
        line = _wait_for(_lines(process.stderr), "is writing")
        assert f"(pid {os.getpid()})" in line and "waiting for it to finish" in line
        time.sleep(0.5)
        assert process.poll() is None and not (project / "generated" / "duel").exists()
    process.wait(timeout=TIMEOUT)
    assert process.returncode == 0
    assert (project / "generated" / "duel" / "ruleset.json").is_file()


def test_build_waits_for_the_lock_with_a_message(project: Path) -> None:
    with locked(project / "generated"):
        process = _start(project, "build")
        try:
            _wait_for(_lines(process.stderr), "another wondersmith command")
            time.sleep(0.5)
            assert process.poll() is None  # waiting, not failing
            assert not (project / "generated" / "manifest.json").exists()
        finally:
            process.kill()
            process.wait(timeout=TIMEOUT)


def test_a_lock_whose_holder_was_killed_blocks_nothing(project: Path) -> None:
    (project / "generated").mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from wondersmith.output_lock import locked\n"
         "with locked(sys.argv[1]):\n    print('held', flush=True); time.sleep(600)",
         str(project / "generated")], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    assert holders(project / "generated") == [holder.pid]
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=TIMEOUT)
    result = subprocess.run([*WONDERSMITH, "compile"], cwd=project, capture_output=True,
                            text=True, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "waiting" not in result.stderr


def test_a_watch_rebuild_waits_for_a_build_in_progress(project: Path, monkeypatch) -> None:
    monkeypatch.chdir(project)
    told: list[str] = []
    outcome: list = []
    rebuild = Rebuilder(Path("cards"), on_wait=told.append)
    with locked(project / "generated"):
        thread = threading.Thread(target=lambda: outcome.append(rebuild()))
        thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not told and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(told) == 1 and "waiting for it to finish" in told[0]
        assert thread.is_alive() and not (project / "generated" / "sheets").exists()
    thread.join(TIMEOUT)
    assert outcome and outcome[0].ok and outcome[0].changed
