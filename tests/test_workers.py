"""Worker processes are capped at the usable CPUs and at the batches of work (`simulate
--workers`, `balance --workers`): never a fork per request, however many are asked for."""
from __future__ import annotations

import json
import pytest
from typer.testing import CliRunner

from wondersmith import workers
from wondersmith.cli import app
from wondersmith.cli import simulate as simulate_cli

runner = CliRunner()


@pytest.mark.parametrize("requested, tasks, cpus, count", [
    (1, 10, 4, 1), (400, 1, 4, 1), (400, 10, 4, 4), (100000, 10**6, 2, 2), (3, 10, 4, 3),
])
def test_cap_is_the_least_of_the_request_the_cpus_and_the_tasks(requested, tasks, cpus, count):
    plan = workers.cap(requested, tasks, cpus)
    assert plan.count == count and plan.capped == (count < requested)


def test_the_note_names_what_capped_the_request():
    assert workers.cap(400, 1, 4).note("2 games in 1 batch") == \
        "--workers 400 capped at 1: 2 games in 1 batch"
    assert workers.cap(400, 10, 4).note("…") == "--workers 400 capped at 4: 4 usable CPUs"


@pytest.fixture
def pools(monkeypatch, recorded_pools):
    """simulate's pools recorded, on a machine of 2 CPUs."""
    monkeypatch.setattr(workers, "usable_cpus", lambda: 2)
    monkeypatch.setattr(simulate_cli, "ProcessPoolExecutor", recorded_pools)
    return recorded_pools


def _simulate(*args: str):
    res = runner.invoke(app, ["simulate", "duel", "--seed", "3", "--json", *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout[res.stdout.index("{"):]), res.stderr


def test_simulate_plays_two_games_in_its_own_process_whatever_workers_asked(pools):
    summary, err = _simulate("-n", "2", "--workers", "400")
    assert summary["games"] == 2 and pools.sizes == []
    assert err.count("--workers 400 capped at 1: 2 game(s) in 1 batch(es) of up to 25") == 1


def test_simulate_starts_no_more_processes_than_cpus(pools):
    summary, err = _simulate("-n", "60", "--workers", "100000")
    assert summary["games"] == 60 and pools.sizes == [2]
    assert err.count("capped at 2: 2 usable CPUs") == 1
    same, quiet = _simulate("-n", "60", "--workers", "2")
    assert same["mean_category_by_seat"] == summary["mean_category_by_seat"]
    assert "capped" not in quiet and pools.sizes == [2, 2]
