"""`play`, `simulate` and the bots at tables of any size and at simultaneous decisions.

Two games stand in for what Duel does not have: the toy 3-seat game of
tests/fixtures/games/trio/ (compiled into a temporary folder, loaded with `--path`), and Duel
with the engine's worked example of a simultaneous decision (docs/engine.md: every seat votes
at once for a progress token)."""
from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.cli.play import play_table
from wondersmith.cli.simulate import _seats
from wondersmith.codegen import outputs
from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.bots import BOTS, GreedyBot, ISMCTSBot, RandomBot, make_bot, play_game

from conftest import DOC_MECHANIC, register_doc_mechanic

ROOT = Path(__file__).resolve().parents[1]
TRIO = ROOT / "tests" / "fixtures" / "games" / "trio"
VOTE = DOC_MECHANIC
runner = CliRunner()
WIDE = {"COLUMNS": "200"}


@pytest.fixture(scope="module")
def trio_path(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("generated")
    result = outputs.expected(TRIO.parent, out, [TRIO])
    assert not result.errors and result.games == ["trio"]
    outputs.write(result, out)
    return out


@pytest.fixture(scope="module")
def voting():
    """Duel with the doc's voting mechanic, registered once per session (kinds are global)."""
    register_doc_mechanic()
    duel = load_ruleset("duel")
    return dataclasses.replace(duel, mechanics=(*duel.mechanics, VOTE))


def summary_of(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout[result.stdout.index("{"):])


# ---------------------------------------------------------------- simulate


def test_simulate_three_seats_one_bot_per_seat(trio_path) -> None:
    summary = summary_of(runner.invoke(app, [
        "simulate", "trio", "--path", str(trio_path), "-n", "30", "--seed", "1",
        "--bots", "random,greedy,greedy", "--json"]))
    assert summary["players"] == 3 and summary["bots"] == ["random", "greedy", "greedy"]
    assert len(summary["win_rate_by_seat"]) == len(summary["mean_score_by_seat"]) == 3
    assert sum(summary["win_rate_by_seat"]) + summary["shared_rate"] == pytest.approx(1)
    assert all(len(v) == 3 for v in summary["mean_category_by_seat"].values())
    # Each game seats one random bot and two greedy ones.
    means = summary["mean_score_by_seat"]
    by_bot = summary["mean_score_by_bot"]
    assert (by_bot["random"] + 2 * by_bot["greedy"]) / 3 == pytest.approx(sum(means) / 3)


def test_simulate_takes_the_seat_count_from_players_or_the_bots(trio_path) -> None:
    base = ["simulate", "trio", "--path", str(trio_path), "-n", "3", "--json"]
    assert summary_of(runner.invoke(app, base))["bots"] == ["random"] * 3
    assert summary_of(runner.invoke(app, [*base, "--players", "3", "--bots", "greedy"]))["bots"] \
        == ["greedy"] * 3


def test_simulate_parallel_gives_the_same_games_at_three_seats(trio_path) -> None:
    args = ["simulate", "trio", "--path", str(trio_path), "-n", "30", "--seed", "5",
            "--bots", "random,greedy,random", "--json"]
    one, two = summary_of(runner.invoke(app, args)), summary_of(runner.invoke(app, [*args, "-w", "2"]))
    for key in ("win_rate_by_seat", "shared_rate", "victory_types", "mean_score_by_seat",
                "mean_category_by_seat", "win_rate_by_bot"):
        assert one[key] == two[key]


def test_bots_turn_round_the_table() -> None:
    assert [_seats(["a", "b", "c"], i) for i in range(4)] == [
        ("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"), ("a", "b", "c")]
    assert [_seats(["x", "y"], i) for i in range(2)] == [("x", "y"), ("y", "x")]  # Duel: a swap


def test_the_table_shows_every_seat(trio_path) -> None:
    result = runner.invoke(app, ["simulate", "trio", "--path", str(trio_path), "-n", "4",
                                 "--bots", "random,greedy,greedy"], env=WIDE)
    assert result.exit_code == 0, result.output
    assert "3 seats" in result.stdout and "shared" in result.stdout
    assert re.search(r"category\s+.\s+seat 0\s+.\s+seat 1\s+.\s+seat 2", result.stdout)


@pytest.mark.parametrize("args,message", [
    (["simulate", "duel", "--players", "3"], "7 Wonders Duel is played by 2 players, not 3"),
    (["simulate", "duel", "--bots", "random,random,random"], "played by 2 players, not 3"),
    (["simulate", "duel", "--players", "2", "--bots", "random,greedy,random"],
     "--bots names 3 bots for 2 seats: give one per seat, or one for them all"),
    (["simulate", "duel", "--bots", ","], "--bots takes bot names"),
    (["simulate", "duel", "--path", "/nonexistent"], "no compiled ruleset in /nonexistent"),
    (["play", "duel", "--players", "4"], "7 Wonders Duel is played by 2 players, not 4"),
    (["play", "duel", "--players", "0"], "not 0"),
    (["play", "duel", "--seat", "-1"], "--seat is 0 or 1, not -1"),
    (["play", "duel", "--bot", "random,greedy"], "--bot names 2 bots for the 1 other seats"),
])
def test_bad_seat_counts_are_usage_errors(args, message) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_bad_seat_counts_at_a_larger_table(trio_path) -> None:
    base = ["--path", str(trio_path)]
    for args, message in ((["simulate", "trio", "--players", "4"], "Trio is played by 3 players, not 4"),
                          (["simulate", "trio", "--players", "3", "--bots", "random,greedy"],
                           "--bots names 2 bots for 3 seats"),
                          (["play", "trio", "--seat", "3"], "--seat is 0 to 2, not 3"),
                          (["play", "trio", "--bot", "random,random,random"],
                           "--bot names 3 bots for the 2 other seats")):
        result = runner.invoke(app, [*args, *base])
        assert result.exit_code == 2 and message in result.output, result.output


# ---------------------------------------------------------------- play


def test_play_three_seats_to_the_end(trio_path) -> None:
    result = runner.invoke(app, ["play", "trio", "--path", str(trio_path), "--seed", "4",
                                 "--bot", "random,greedy", "--seat", "1"],
                           input="1\n" * 200, env=WIDE)
    assert result.exit_code == 0, result.output[-3000:]
    assert "3 players; you are seat 1, against random (seat 0), greedy (seat 2)" in result.output
    assert "Game over" in result.output
    assert "City of seat 0, your left neighbour" in result.output
    assert "City of seat 2, your right neighbour" in result.output
    assert re.search(r"category\s*┃\s*seat 0\s*┃\s*you\s*┃\s*seat 2", result.output)
    # Every bot move is announced, named by its seat.
    assert re.search(r"^(?:> )?seat 0: ", result.output, re.M)
    assert re.search(r"^(?:> )?seat 2: ", result.output, re.M)


def test_play_history_names_each_seat(trio_path) -> None:
    result = runner.invoke(app, ["play", "trio", "--path", str(trio_path), "--seed", "2",
                                 "--bot", "random"], input="1\n1\nh\nq\n", env=WIDE)
    assert result.exit_code == 0, result.output
    listed = result.output.split("> ")[-2]
    moves = re.findall(r"^\s+\d+\. (you|seat \d): (.+)$", listed, re.M)
    assert {who for who, _ in moves} == {"you", "seat 1", "seat 2"}
    assert [who for who, _ in moves].count("you") == 2
    announced = re.findall(r"^(?:> )?(seat \d): (.+)$", result.output, re.M)
    assert [m for m in moves if m[0] != "you"] == announced


class Keyboard:
    """Scripted answers for `play_table`, and the positions at which each was asked."""

    def __init__(self, game: Game, answers: list[str]) -> None:
        self.game, self.answers, self.asked = game, list(answers), []

    def __call__(self, prompt: str) -> str:
        self.asked.append((self.game.decision, self.game.choosing()))
        return self.answers.pop(0) if self.answers else "1"


def test_a_simultaneous_decision_is_chosen_then_revealed_together(voting) -> None:
    game = Game(voting, seed=3)
    keyboard = Keyboard(game, [])
    console = Console(record=True, width=200)
    bot = RandomBot(5)
    before_vote: list[Game] = []

    class Watching:  # the bot, recording the position it was asked on
        name = "random"

        def choose(self, g, seat=None):
            if g.decision == VOTE:
                before_vote.append(g.clone())
            return bot.choose(g, seat)

    assert play_table(game, 0, {1: Watching()}, console, keyboard)
    text = console.export_text()
    assert game.is_terminal and "Chosen together:" in text
    assert (VOTE, (0, 1)) in keyboard.asked  # you were asked with both seats still to choose
    assert "at the same time as bot: the choices are revealed together" in text
    # The bot chose on the position before your vote: nobody had chosen yet.
    assert len(before_vote) == 1 and before_vote[0].choosing() == (0, 1)
    assert "simultaneous" not in before_vote[0].to_json()
    reveal = text[text.index("Chosen together:"):].splitlines()[1:3]
    assert reveal[0].strip().startswith("you: take ") and reveal[1].strip().startswith("bot: take ")


def test_a_typed_action_at_a_simultaneous_decision(voting) -> None:
    game = Game(voting, seed=3)
    while game.decision != VOTE:
        game.apply(game.legal_actions()[0])
    console = Console(record=True, width=200)
    mine = game.legal_actions_for(1)[-1]
    keyboard = Keyboard(game, ["build Baths", game.action_to_text(mine), "q"])
    assert not play_table(game, 1, {0: RandomBot(1)}, console, keyboard)
    text = console.export_text()
    assert re.search(r"illegal action 'build Baths': .+", text)
    assert f"you: {game.action_to_text(mine)}" in text


# ---------------------------------------------------------------- bots


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_a_simultaneous_decision_for_any_seat(voting, name) -> None:
    game = Game(voting, seed=5)
    while game.decision != VOTE:
        game.apply(game.legal_actions()[0])
    for seat in game.choosing():
        action = make_bot(name, 3).choose(game, seat)
        assert action in game.legal_actions_for(seat)


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_never_read_another_seats_hidden_choice(voting, name) -> None:
    """Seat 1 decides the same whichever token seat 0 has already (secretly) voted for."""
    base = Game(voting, seed=5)
    while base.decision != VOTE:
        base.apply(base.legal_actions()[0])
    picks = set()
    for vote in base.legal_actions_for(0):
        game = base.clone()
        game.apply(vote)
        assert game.current_player == 1
        bot = ISMCTSBot(9, iterations=40) if name == "ismcts" else make_bot(name, 9)
        picks.add(bot.choose(game))
    assert len(picks) == 1


def test_play_game_applies_simultaneous_choices_together(voting) -> None:
    asked = []

    class Recording(RandomBot):
        def choose(self, game, seat=None):
            if game.decision == VOTE:
                asked.append((seat, game.choosing()))
            return super().choose(game, seat)

    game = play_game(voting, (Recording(1), Recording(2)), seed=7)
    assert game.is_terminal
    assert asked == [(0, (0, 1)), (1, (0, 1))]  # both asked on the same, untouched position


def test_greedy_and_ismcts_play_three_seats(trio_path) -> None:
    trio = load_ruleset("trio", trio_path)
    game = play_game(trio, (GreedyBot(1), ISMCTSBot(2, iterations=30), RandomBot(3)), seed=2)
    assert game.is_terminal and len(game.result.scores) == 3


def test_greedy_beats_random_at_three_seats(trio_path) -> None:
    trio = load_ruleset("trio", trio_path)
    wins = 0
    for i in range(30):
        seat = i % 3
        bots = [RandomBot(10 * i + s) for s in range(3)]
        bots[seat] = GreedyBot(i)
        game = play_game(trio, bots, seed=500 + i)
        wins += game.result.winner == seat
    assert wins >= 15  # a random seat of three would win about 10


def test_a_shared_victory_is_lost_for_those_outside_it(trio_path) -> None:
    from wondersmith.engine.bots import WIN, evaluate

    trio = load_ruleset("trio", trio_path)
    rng = random.Random(0)
    for seed in range(200):
        game = Game(trio, seed=seed)
        while not game.is_terminal:
            game.apply(rng.choice(game.legal_actions()))
        r = game.result
        if r.winner is None:
            best = max(s["total"] for s in r.scores)
            for seat, s in enumerate(r.scores):
                assert evaluate(game, seat) == (0.0 if s["total"] == best else -WIN)
            return
    pytest.skip("no shared victory in 200 random games")
