"""`wondersmith simulate` and `wondersmith play`."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app

runner = CliRunner()


def test_simulate_json_summary():
    res = runner.invoke(app, ["simulate", "duel", "-n", "30", "--seed", "4", "--bots", "random,greedy", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout[res.stdout.index("{"):])
    assert summary["games"] == 30
    assert abs(sum(summary["win_rate_by_seat"]) + summary["shared_rate"] - 1) < 1e-9
    assert set(summary["win_rate_by_bot"]) == {"random", "greedy"}
    assert summary["win_rate_by_bot"]["greedy"] > summary["win_rate_by_bot"]["random"]
    assert abs(sum(summary["victory_types"].values()) - 1) < 1e-9
    assert summary["games_per_second"] > 0


def _summary(args):
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout[res.stdout.index("{"):])


def test_simulate_is_reproducible_and_parallel_gives_the_same_games():
    args = ["simulate", "duel", "-n", "30", "--seed", "2", "--bots", "random,random", "--json"]
    one, two = _summary(args), _summary(args + ["--workers", "2"])
    for key in ("win_rate_by_seat", "victory_types", "mean_score_by_seat", "mean_category_by_seat"):
        assert one[key] == two[key]


def test_simulate_table_output():
    res = runner.invoke(app, ["simulate", "duel", "-n", "10", "--bots", "greedy,random"])
    assert res.exit_code == 0
    assert "By seat" in res.stdout and "Victory types" in res.stdout and "games/s" in res.stdout


@pytest.mark.parametrize("args,message", [
    (["simulate", "duel", "-n", "0"], "-n must be at least 1"),
    (["simulate", "duel", "--bots", "random,random,random"], "played by 2 players, not 3"),
    (["simulate", "duel", "--bots", "random,alphazero"], "unknown bot 'alphazero'"),
    (["simulate", "duel", "--workers", "0"], "--workers must be at least 1"),
    (["simulate", "duel", "--bots", "random,,random"], "(an empty name)"),
    (["simulate", "duel", "--bots", ","], "(an empty name)"),
    (["simulate", "chess"], "no game 'chess'"),
    (["play", "duel", "--bot", "nobody"], "unknown bot 'nobody'"),
    (["play", "duel", "--seat", "3"], "--seat is 0 or 1"),
])
def test_bad_input_exits_2_with_a_message_and_no_traceback(args, message):
    res = runner.invoke(app, args)
    assert res.exit_code == 2
    assert message in res.output
    assert "Traceback" not in res.output


def test_play_a_whole_game_against_the_random_bot():
    res = runner.invoke(app, ["play", "duel", "--bot", "random", "--seed", "3"], input="1\n" * 400)
    assert res.exit_code == 0, res.output[-2000:]
    assert "Game over" in res.output
    assert "Age 1 structure" in res.output and "Conflict track" in res.output


def test_play_accepts_text_reports_errors_and_quits():
    res = runner.invoke(app, ["play", "duel", "--seed", "3"], input="build Baths\nq\n")
    assert res.exit_code == 0
    assert "illegal action" in res.output and "Game abandoned" in res.output


@pytest.mark.parametrize("game", ["duel", "classic"])
def test_simulate_tables_leave_out_the_colours_the_game_never_scores(game):
    from wondersmith.engine import Game, load_ruleset
    from wondersmith.engine.scoring import colors_never_scored

    never = colors_never_scored(Game(load_ruleset(game)).t)
    assert set(never) == {"brown", "grey", "red"}  # no card of theirs gives VP
    res = runner.invoke(app, ["simulate", game, "-n", "4", "--seed", "1", "--bots", "greedy"],
                        env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    rows = {line.split("│")[1].strip() for line in res.stdout.splitlines() if line.count("│") > 2}
    assert not rows & set(never)
    assert {"military", "blue", "green", "yellow", "purple", "wonders", "coins", "total"} <= rows
    summary = _summary(["simulate", game, "-n", "4", "--seed", "1", "--bots", "greedy", "--json"])
    assert set(never) <= set(summary["mean_category_by_seat"])  # the JSON keeps every column
