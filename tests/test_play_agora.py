"""`wondersmith play agora` and `simulate agora` run 7 Wonders Duel: Agora to the end."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.engine import Game, load_ruleset

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def test_play_agora_runs_to_the_end_against_a_bot_with_senate_decisions_in_words() -> None:
    result = runner.invoke(app, ["play", "agora", "--seed", "2", "--bot", "greedy"],
                           input="1\n" * 400, env=WIDE)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Game over" in out
    assert re.search(r"│ senate\s*│", out)  # the senate's score category
    assert "place a cube in chamber" in out  # a Senate step, offered in words


def test_simulate_agora_lists_its_four_victory_types() -> None:
    victories = ["civilian", "military", "scientific", "political"]
    assert list(type(Game(load_ruleset("agora"))).VICTORIES) == victories
    result = runner.invoke(app, ["simulate", "agora", "-n", "4", "--bots", "greedy,greedy",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    assert list(data["victory_types"]) == victories
    assert sum(data["victory_types"].values()) == 1
