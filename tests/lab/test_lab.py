"""The balance lab end to end: a planted change is found, a no-op change is not, results do not
depend on the backend, the report is byte-identical, and the experiment hooks do what they say."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.bots import RandomBot, play_game
from wondersmith.lab import report
from wondersmith.lab.backends import LocalBackend
from wondersmith.lab.design import Design, Tier
from wondersmith.lab.play import play_chunk
from wondersmith.lab.revisions import RevisionError, load_revision, ruleset_of
from wondersmith.lab.runner import run
from wondersmith.lab.sprt import Sprt

ROOT = Path(__file__).resolve().parents[2]
RANDOM = (Tier(("random", "random")),)


def test_a_revision_compiled_in_memory_plays_like_the_generated_package(revisions):
    mine = ruleset_of(revisions["base"])
    assert mine is not load_ruleset("duel")
    for seed in (1, 2):
        a = play_game(mine, (RandomBot(seed), RandomBot(seed + 9)), seed=seed)
        b = play_game(load_ruleset("duel"), (RandomBot(seed), RandomBot(seed + 9)), seed=seed)
        assert a.to_json()["history"] == b.to_json()["history"]


def test_a_git_revision_loads_through_git_archive():
    head = load_revision("HEAD", "duel", cwd=ROOT)
    assert len(head.commit) == 40 and head.data_hash


@pytest.mark.parametrize("spec, message", [("no-such-rev-xyz", "neither a folder nor a git revision"),
                                           ("README.md", "is a file")])
def test_a_bad_revision_is_a_clear_error(spec, message):
    with pytest.raises(RevisionError, match=message):
        load_revision(spec, "duel", cwd=ROOT)


def test_an_unknown_game_is_a_clear_error():
    with pytest.raises(RevisionError, match="no game 'chess'"):
        load_revision(str(ROOT / "cards"), "chess")


def test_a_planted_strong_card_ranks_first_with_an_interval_above_zero(revisions):
    design = Design("duel", 128, seed=1, tiers=RANDOM)
    results = run((revisions["base"], revisions["planted"]), design, LocalBackend(1))
    changes = results["components"]["changes"]
    assert results["components"]["ranking"][0] == "theater"
    theater = changes["theater"]["owner_win_rate"]
    assert theater["value"] > 0.1 and theater["low"] > 0 and theater["discovery"]
    # paired games: most results do not change, so the flipped share is well below a half
    assert results["overall"]["flipped"]["high"] < 0.5


def test_a_no_op_change_stays_within_the_false_discovery_rate(revisions):
    """Age I in another order: the deals differ, the game does not. Over repeated seeds, runs
    with any discovery among the ~95 components must stay near the 5 % FDR (under the complete
    null, BH's FDR is the chance of any false flag)."""
    flagged = 0
    seeds = range(6)
    for seed in seeds:
        results = run((revisions["base"], revisions["reordered"]), Design("duel", 32, seed=seed, tiers=RANDOM),
                      LocalBackend(1))
        flags = [c for c, e in results["components"]["changes"].items()
                 if any(t.get("discovery") for t in e.values())]
        flagged += bool(flags)
        assert results["overall"]["flipped"]["value"] > 0.1  # the change did perturb the games
    assert flagged <= 1  # P(2 or more of 6 | 5 %) ≈ 3 %


def _compare(revisions, backend, **extra):
    design = Design("duel", 24, seed=3, tiers=(Tier(("random", "greedy")),), **extra)
    sprt = Sprt("seat0_win_rate_change", -0.3, 0.3)
    return run((revisions["base"], revisions["planted"]), design, backend, sprt)


def test_results_are_identical_with_one_and_two_workers(revisions):
    one = report.to_json(_compare(revisions, LocalBackend(1)))
    two = report.to_json(_compare(revisions, LocalBackend(2)))
    assert one == two


def test_results_are_identical_on_ray(revisions):
    pytest.importorskip("ray")
    from wondersmith.lab.backends import RayBackend
    one = report.to_json(_compare(revisions, LocalBackend(1)))
    assert report.to_json(_compare(revisions, RayBackend(None, 2))) == one


def test_a_decided_sprt_stops_the_run(revisions):
    design = Design("duel", 400, seed=2, tiers=RANDOM)
    test = Sprt("seat0_win_rate_change", 0.0, 0.03)
    results = run((revisions["base"], revisions["base"]), design, LocalBackend(2), test)
    assert results["sprt"]["status"] == "H0"  # identical data: no change
    assert results["deals_played"] < 400
    assert results["games_per_revision"] == 2 * results["deals_played"]


def test_results_match_the_schema_and_the_report_is_self_contained(revisions):
    results = run((revisions["base"], revisions["planted"]),
                  Design("duel", 16, tiers=RANDOM + (Tier(("greedy", "random")),), restrict=0.1), LocalBackend(1))
    schema = json.loads(report.SCHEMA.read_text())
    jsonschema.validate(json.loads(report.to_json(results)), schema)
    html = report.render_html(results, "wondersmith balance compare a b")
    assert html.count("<svg") >= 3
    # offline: nothing is fetched (namespace URIs in the SVG metadata are names, not loads)
    for fetch in ('src="http', "src='http", 'href="http', "<link", "@import", "url(http"):
        assert fetch not in html
    assert "value of access to it" in html and "Theater" in html


def test_the_report_is_byte_identical_across_processes(tmp_path, planted):
    outputs = []
    for name, workers in (("a", "1"), ("b", "1")):  # across workers: the JSON tests above
        html, js = tmp_path / f"{name}.html", tmp_path / f"{name}.json"
        proc = subprocess.run(
            [str(Path(sys.executable).parent / "wondersmith"), "balance", "compare", str(ROOT / "cards"), str(planted),
             "--deals", "8", "--bots", "random", "--sprt", "seat0_win_rate", "-w", workers, "-q",
             "--report", str(html), "--json", str(js)], capture_output=True, text=True, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        outputs.append((html.read_bytes(), js.read_bytes()))
    assert outputs[0] == outputs[1]


def test_a_barred_seat_never_builds_the_barred_component(revisions):
    design = Design("duel", 8, seed=4, tiers=RANDOM, restrict=0.3)
    games = play_chunk((revisions["base"],), design, design.chunks()[0])["games"]
    buildings = {c.id for c in ruleset_of(revisions["base"]).buildings}
    barred_built = [c for g in games for seat in (0, 1)
                    for c in set(g["owned"][seat]) & set(g["barred"][seat]) if c in buildings]
    assert barred_built == []
    assert all(g["barred"][0] and g["barred"][1] for g in games)


def test_random_wonder_assignment_bypasses_the_draft(revisions):
    design = Design("duel", 24, seed=5, tiers=(Tier(("greedy", "greedy")),), wonders="random")
    games = [g for c in design.chunks() for g in play_chunk((revisions["base"],), design, c)["games"]]
    draft = Design("duel", 24, seed=5, tiers=(Tier(("greedy", "greedy")),))
    drafted = [g for c in draft.chunks() for g in play_chunk((revisions["base"],), draft, c)["games"]]
    assert all(len(g["wonders"][0]) == 4 == len(g["wonders"][1]) for g in games)
    assert [g["wonders"] for g in games] != [g["wonders"] for g in drafted]


def test_data_text_in_plots_stays_text():
    """A component name is drawn as it is: escaped into the SVG, never mathtext or markup."""
    from wondersmith.lab.plots import forest
    svg = forest([("<script>x</script> & $y$", {"value": 0.1, "low": 0.0, "high": 0.2}, False)], "t", "x")
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "$y$" in svg


def test_an_sprt_on_a_card_access_value_finds_the_planted_card(revisions):
    """Randomized restriction: a seat barred from the +10 VP Theater loses clearly more often."""
    design = Design("duel", 800, seed=6, tiers=RANDOM, restrict=0.3)
    test = Sprt("access:theater", 0.0, 0.1)
    results = run((revisions["planted"],), design, LocalBackend(1), test)
    assert results["sprt"]["status"] == "H1" and results["deals_played"] < 800
    assert results["components"]["revisions"][0]["theater"]["access_value"]["value"] > 0
