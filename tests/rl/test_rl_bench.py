"""benchmarks/bench_rl.py runs every adapter it names (its figures are in docs/rl.md; no
timing is checked here)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from wondersmith.engine import load_ruleset
from wondersmith.rl.seats import max_decisions

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_rl.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_rl", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_simultaneous_forms_count_each_seats_choice(bench):
    """A game of 3 seats has at least 18 turns of 3 choices, and a joint action counts a
    choice per deciding seat (not one per node), so both forms' counts lie between that and
    the bound on one seat's decisions after another."""
    bound = 2 * max_decisions(load_ruleset("classic"), 3)
    assert 2 * 18 * 3 <= bench.openspiel_joint_games("classic", 2, 3) <= bound
    assert 2 * 18 * 3 <= bench.openspiel_games("classic", 2, 3) <= bound
    assert 2 * 18 * 3 <= bench.pettingzoo_parallel_games("classic", 2, 3) <= bound


@pytest.mark.parametrize(("game", "simultaneous"), [("classic", True), ("duel", False)])
def test_the_report_has_a_row_per_adapter(bench, monkeypatch, capsys, game, simultaneous):
    monkeypatch.setattr(sys, "argv", ["bench_rl.py", "-n", "1", "--game", game])
    bench.main()
    rows = [line.split()[0] for line in capsys.readouterr().out.splitlines()[1:]]
    expected = ["engine", "openspiel", "openspiel+obs", "openspiel+observer", "pettingzoo"]
    assert rows == expected + (["openspiel-simultaneous", "pettingzoo-parallel"] if simultaneous
                               else [])
