"""`wondersmith balance`: exit codes, guards and messages (never a traceback)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith import workers
from wondersmith.cli import app
from wondersmith.lab import backends
from wondersmith.lab.design import Design, Tier
from wondersmith.lab.guards import Guard, GuardError
from wondersmith.lab.metrics import Shape
from wondersmith.lab.runner import run

ROOT = Path(__file__).resolve().parents[2]
CARDS = str(ROOT / "cards")
DUEL_METRICS = Shape(2, ("civilian", "military", "scientific")).metrics


def _run(*args: str):
    return CliRunner().invoke(app, ["balance", *args])


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """One small run of `balance check` shared by the guard tests."""
    out = tmp_path_factory.mktemp("check") / "r.json"
    result = _run("check", CARDS, "--deals", "24", "--bots", "random", "-w", "1", "-q", "--json", str(out),
                  "--guard", "seat0_win_rate in 0..1")
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text())


def test_check_passes_when_the_interval_is_inside(checked):
    assert Guard.parse("seat0_win_rate in 0..1", 1, DUEL_METRICS).check(checked)[0] == "pass"


def test_check_fails_when_the_interval_has_left_the_bounds(checked):
    est = checked["overall"]["metrics"]["civilian_rate"]["revisions"][0]
    assert est["low"] > 0.3
    assert Guard.parse("civilian_rate in 0..0.3", 1, DUEL_METRICS).check(checked)[0] == "fail"


def test_check_is_unsure_when_the_interval_straddles_a_bound(checked):
    est = checked["overall"]["metrics"]["seat0_win_rate"]["revisions"][0]
    middle = round((est["low"] + est["high"]) / 2, 3)
    assert Guard.parse(f"seat0_win_rate in 0..{middle}", 1, DUEL_METRICS).check(checked)[0] == "unsure"


def test_check_exits_1_on_a_failed_guard():
    result = _run("check", CARDS, "--deals", "8", "--bots", "random", "-w", "1", "-q",
                  "--guard", "civilian_rate in 0..0.2", "--guard", "seat0_win_rate in 0..1")
    assert result.exit_code == 1
    assert "FAIL   civilian_rate" in result.output and "PASS   seat0_win_rate" in result.output


@pytest.mark.parametrize("guard, message", [
    ("seat0 between 1 and 2", "cannot read guard"),
    ("nonsense_rate in 0..1", "unknown metric"),
    ("seat0_win_rate in 0.6..0.4", "LOW must not exceed HIGH"),
    ("seat0_win_rate_change in -0.1..0.1", "needs --base"),
])
def test_bad_guards_are_usage_errors(guard, message):
    with pytest.raises(GuardError, match=message):
        Guard.parse(guard, 1, DUEL_METRICS)
    result = _run("check", CARDS, "--guard", guard)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["compare", CARDS, "no-such-revision-xyz"], "neither a folder nor a git revision"),
    (["compare", CARDS, CARDS, "--bots", "alphazero"], "unknown bot 'alphazero'"),
    (["compare", CARDS, CARDS, "--deals", "0"], "at least 1"),
    (["compare", CARDS, CARDS, "--restrict", "0.9"], "--restrict"),
    (["compare", CARDS, CARDS, "--wonders", "auction"], "--wonders"),
    (["compare", CARDS, CARDS, "--sprt", "fun_rate"], "choose from"),
    (["compare", CARDS, CARDS, "--sprt", "military_rate"], "needs --sprt-bounds"),
    (["compare", CARDS, CARDS, "--sprt", "seat0_win_rate", "--sprt-bounds", "0.6,0.5"], "LOW must be below HIGH"),
    (["compare", CARDS, CARDS, "--game", "classic", "--players", "9"], "plays classic with 2, 3, 4, 5, 6, 7 players"),
    (["compare", CARDS, CARDS, "--players", "3"], "plays duel with 2 players"),
    (["compare", CARDS, CARDS, "--game", "classic", "--bots", "greedy,random"], "one per seat"),
    (["compare", CARDS, CARDS, "--game", "classic", "--wonders", "random"], "classic has none"),
    (["compare", CARDS, CARDS, "--game", "classic", "--sprt", "military_rate"], "choose from"),
    (["compare", CARDS, CARDS, "--game", "classic", "--sprt", "board:baths"], "no board side with id 'baths'"),
    (["compare", CARDS, CARDS, "--game", "chess"], "no game 'chess'"),
    (["compare", CARDS, CARDS, "--sprt", "access:theater"], "needs --restrict"),
    (["compare", CARDS, CARDS, "--sprt", "access:nothing", "--restrict", "0.1"], "no component with id 'nothing'"),
    (["compare", CARDS, CARDS, "--sprt", "wonder:theater", "--wonders", "random"], "no Wonder with id 'theater'"),
])
def test_bad_input_is_a_clear_usage_error(args, message):
    result = _run(*args, "-q")
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_compare_prints_the_summary_and_writes_the_report(tmp_path):
    html = tmp_path / "out" / "report.html"
    result = _run("compare", CARDS, CARDS, "--deals", "8", "--bots", "random", "-w", "1", "-q",
                  "--report", str(html), "--sprt", "seat0_win_rate_change")
    assert result.exit_code == 0, result.output
    assert "seat0_win_rate" in result.output and "SPRT seat0_win_rate_change" in result.output
    text = html.read_text()
    assert text.startswith("<!DOCTYPE html>") and "wondersmith balance compare" in text
    assert not list(html.parent.glob(".report.html.*"))  # no temporary file left behind


def test_the_ci_example_runs_with_a_tiny_budget(tmp_path):
    """The balance workflow of docs/ci.md, as written, with the budget cut to 8 random deals."""
    import shlex

    import yaml

    doc = (ROOT / "docs" / "ci.md").read_text()
    start = doc.index("```yaml\nname: balance")
    workflow = yaml.safe_load(doc[start + len("```yaml\n"):doc.index("```", start + 7)])
    assert workflow[True]["pull_request"]["paths"] == ["cards/**"]  # YAML 1.1 reads `on` as True
    (job,) = workflow["jobs"].values()
    (step,) = [s for s in job["steps"] if "wondersmith balance check" in s.get("run", "")]
    args = shlex.split(step["run"].replace("\\\n", " ").replace('"origin/${{ github.base_ref }}"', "HEAD"))
    guards = [args[i + 1] for i, a in enumerate(args) if a == "--guard"]
    assert len(guards) == 3 and all(Guard.parse(g, 2, DUEL_METRICS) for g in guards)
    swap = {"200": "8", "greedy": "random", "balance.html": str(tmp_path / "balance.html")}
    args = [swap.get(a, a) for a in args]
    result = CliRunner().invoke(app, args[1:])  # without the program name
    assert result.exit_code in (0, 1), result.output
    assert (tmp_path / "balance.html").is_file()


def test_a_metric_the_game_does_not_have_is_an_unknown_guard():
    """Classic is won by points only: no victory mix or lengths to guard; seats up to N."""
    result = _run("check", CARDS, "--game", "classic", "--guard", "military_rate in 0..0.1")
    assert result.exit_code == 2 and "unknown metric 'military_rate'" in result.output
    assert "seat2_win_rate" in result.output and "seat3_win_rate" not in result.output


def test_pairs_is_still_read_as_the_number_of_deals():
    """`--pairs` (the option's name before other seat counts) keeps working in scripts."""
    result = _run("compare", CARDS, CARDS, "--pairs", "0", "-q")
    assert result.exit_code == 2 and "at least 1" in result.output


def test_the_lab_caps_its_workers_too(monkeypatch, recorded_pools):
    started: list[int] = []
    real = backends.LocalBackend.__init__

    def recording(self, count: int = 1) -> None:
        started.append(count)
        real(self, count)

    monkeypatch.setattr(workers, "usable_cpus", lambda: 2)
    monkeypatch.setattr(backends.LocalBackend, "__init__", recording)
    monkeypatch.setattr(backends, "ProcessPoolExecutor", recorded_pools)
    res = _run("check", CARDS, "--deals", "8", "--bots", "random", "-w", "100000", "-q", "--guard", "seat0_win_rate in 0..1")
    assert res.exit_code == 0, res.output
    assert started == [1]  # 8 deals are one chunk: played in the command's own process
    assert res.stderr.count("--workers 100000 capped at 1: 1 chunk(s) of games") == 1


def test_a_local_backend_never_starts_more_processes_than_chunks(monkeypatch, revisions,
                                                                 recorded_pools):
    pools = recorded_pools
    monkeypatch.setattr(backends, "ProcessPoolExecutor", pools)
    design = Design("duel", 4, seed=1, tiers=(Tier(("random", "random")),))
    assert len(design.chunks()) == 1
    run((revisions["base"],), design, backends.LocalBackend(64))
    assert pools.sizes == []
