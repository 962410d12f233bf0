"""`wondersmith play` shows every action in words: errors, prompts and the history."""
from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.cli.play import TERMINAL_HINT, explain, history_in_words
from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.errors import IllegalActionError

runner = CliRunner()
WIDE = {"COLUMNS": "200"}  # one message per line, whatever the terminal


def play(answers: list[str], *args: str):
    return runner.invoke(app, ["play", "duel", "--seed", "3", *args],
                         input="".join(a + "\n" for a in answers), env=WIDE)


def choices(output: str) -> list[list[str]]:
    """Each menu of legal actions shown, in order, as the texts listed."""
    menus = []
    for block in output.split("Your decision")[1:]:
        menus.append(re.findall(r"^\s+\d+\. (.+?)(?:  \(\d+ coins?\))?$", block, re.M))
    return menus


def test_an_illegal_action_is_named_in_words_not_by_its_id() -> None:
    result = play(["build Sawmill", "wonder The Sphinx with Baths", "q"])
    assert result.exit_code == 0, result.output
    assert "illegal action 'build Sawmill': waiting for player 0 to decide: draft" \
        in result.output
    assert "illegal action 'wonder The Sphinx with Baths'" in result.output
    assert not re.search(r"illegal action \d", result.output)


def test_a_number_out_of_the_menu_asks_for_one_in_it() -> None:
    result = play(["1031", "0", "q"])
    assert result.exit_code == 0, result.output
    assert "No choice 1031: choose 1 to 4, or type an action." in result.output
    assert "No choice 0: choose 1 to 4" in result.output
    assert "cannot read" not in result.output


def test_history_lists_both_players_moves_in_words() -> None:
    answers = ["h", "1", "1", "2", "1", "h", "q"]
    result = play(answers)
    assert result.exit_code == 0, result.output
    assert "No move yet." in result.output
    listed = result.output.split("> ")[-2]  # what the last 'h' printed
    moves = re.findall(r"^\s+\d+\. (you|bot): (.+)$", listed, re.M)
    # Each answer replies to one menu; every move of ours is the option picked from it.
    menus = choices(result.output)
    assert len(menus) == len(answers)
    picked = [menu[int(a) - 1] for a, menu in zip(answers, menus) if a.isdigit()]
    assert [text for who, text in moves if who == "you"] == picked
    # The bot's moves are those announced as it played, in the same words.
    announced = re.findall(r"^(?:> )?bot: (.+)$", result.output, re.M)  # input is not echoed
    assert [text for who, text in moves if who == "bot"] == announced
    assert all(not text[0].isdigit() for _, text in moves)


def test_explain_never_shows_an_internal_id() -> None:
    game = Game(load_ruleset("duel"), seed=3)
    legal = game.legal_actions()
    wrong = next(a for a in range(game.t.num_actions) if a not in legal)
    text = explain(game, IllegalActionError(wrong, "not now"))
    assert text == f"illegal action '{game.action_to_text(wrong)}': not now"
    assert str(wrong) not in text
    assert explain(game, IllegalActionError(10**6, "no such action")) == \
        "illegal action 'action #1000000': no such action"
    assert history_in_words(game, 0) == []


def test_history_replays_through_the_chance_events_of_a_new_age() -> None:
    answers = ["1"] * 30 + ["h", "q"]
    result = play(answers)
    assert result.exit_code == 0, result.output
    assert "Age 2 structure" in result.output  # the deal of Age II happened on the way
    assert " Bot's city (seat 1) ─" in result.output  # no neighbours at Duel's table
    listed = result.output.split("> ")[-2]
    moves = re.findall(r"^\s+\d+\. (you|bot): (.+)$", listed, re.M)
    menus = choices(result.output)
    picked = [menu[0] for a, menu in zip(answers, menus) if a == "1"]
    assert [text for who, text in moves if who == "you"] == picked
    assert [text for who, text in moves if who == "bot"] == \
        re.findall(r"^(?:> )?bot: (.+)$", result.output, re.M)


def test_classic_for_four_runs_to_the_end_against_three_bots() -> None:
    """Issue 12's test: `play classic --players 4` against three bots, to the end. Every turn
    all four choose at once: you first, then the choices are revealed together."""
    result = runner.invoke(app, ["play", "classic", "--players", "4", "--seed", "5",
                                 "--bot", "random,greedy,random"], input="1\n" * 120, env=WIDE)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "4 players; you are seat 0, against random (seat 1), greedy (seat 2), random (seat 3)" in out
    assert "Game over" in out and re.search(r"category\s*┃\s*you\s*┃\s*seat 1\s*┃\s*seat 2\s*┃\s*seat 3", out)
    # 18 turns, each chosen at the same time as the three bots and revealed together.
    assert out.count("Your decision (play a card from the hand), at the same time as seat 1, "
                     "seat 2, seat 3") >= 18  # the decision in words, not its internal name
    assert "(choose)" not in out
    reveals = re.findall(r"Chosen together:\n  you: .+\n  seat 1: .+\n  seat 2: .+\n  seat 3: .+\n", out)
    assert len(reveals) >= 18
    assert "Age 3 of 3, hands pass left" in out and "Age 2 of 3, hands pass right" in out
    # Your hand is shown, the others' only as a count; the discard pile lies face down.
    assert re.search(r"Your city \(seat 0\)[^╰]*\n│ hand\s+[A-Z]", out)
    assert re.search(r"City of seat 1, your right neighbour[^╰]*\n│ hand\s+\d cards?\s", out)
    assert not re.search(r"City of seat 1[^╰]*\n│ hand\s+[A-Z]", out)
    assert "City of seat 2 ─" in out and "City of seat 3, your left neighbour" in out
    assert re.search(r"discard pile: \d+ cards? face down", out)
    # The conflicts of each Age are announced as they are fought.
    assert [int(a) for a in re.findall(r"^Conflicts at the end of Age (\d):", out, re.M)] == [1, 2, 3]


def test_classic_player_counts_are_checked() -> None:
    result = runner.invoke(app, ["play", "classic", "--players", "8"])
    assert result.exit_code == 2
    assert "7 Wonders is played by 2 to 7 players, not 8" in result.output
    assert "Traceback" not in result.output


def test_another_seats_discard_and_stage_cards_stay_face_down() -> None:
    """Classic rulings 4 and 7: a discarded card and a card under a Wonder stage are face down;
    the reveal names your own card only."""
    result = runner.invoke(app, ["play", "classic", "--players", "3", "--seed", "11",
                                 "--bot", "random"], input="1\n" * 17 + "h\n" + "1\n" * 80, env=WIDE)
    assert result.exit_code == 0, result.output[-3000:]
    others = re.findall(r"^  seat \d: (.+)$", result.output, re.M)
    # The history ('h' after 17 answers) lists the bots' moves as they were shown.
    before, listed = "> ".join(result.output.split("> ")[:18]), result.output.split("> ")[18]
    history = re.findall(r"^\s+\d+\. (seat \d): (.+)$", listed, re.M)
    assert len(history) >= 17 * 2
    assert history == re.findall(r"^(?:> )?\s*(seat \d): (.+)$", before, re.M)
    assert "discard a card" in others
    assert not [t for t in others if t.startswith("discard ") and t != "discard a card"]
    assert not [t for t in others if re.match(r"stage \d+ with (?!a card)", t)]
    assert re.search(r"^  you: build ", result.output, re.M)


def test_the_menu_words_your_own_next_wonder_stage_when_another_seat_is_asked_first() -> None:
    """Seat 2 chooses at the same time as seats 0 and 1, whom the engine asks first: the menu
    still names seat 2's own next stage, and the reveal says the same."""
    from rich.console import Console

    from wondersmith.cli.play import play_table
    from wondersmith.engine.bots import make_bot

    console = Console(record=True, width=200)
    offered: list[str] = []

    def pick_a_stage(prompt: str) -> str:  # the first stage the menu offers, else the first line
        menu = console.export_text(clear=False).split("Your decision")[-1]
        stages = re.findall(r"^\s+(\d+)\. (stage \d+) with", menu, re.M)
        if stages:
            offered.append(stages[0][1])
        return stages[0][0] if stages else "1"

    game = Game(load_ruleset("classic"), seed=7, players=3)
    assert play_table(game, 2, {0: make_bot("random", 1), 1: make_bot("random", 2)}, console,
                      pick_a_stage)
    revealed = re.findall(r"^  you: (stage \d+) with", console.export_text(), re.M)
    assert len(revealed) >= 2 and revealed == [f"stage {n}" for n in range(1, len(revealed) + 1)]
    assert offered[:len(revealed)] == revealed


def test_a_later_seat_typing_another_seats_action_is_told_it_is_not_theirs() -> None:
    """Seat 2 chooses with seats 0 and 1, asked first: a typed card of seat 0's hand is read for
    seat 2 and refused as not among its choices, in words; seat 2's own play is taken."""
    from rich.console import Console

    from wondersmith.cli.play import _ask_action

    game = Game(load_ruleset("classic"), seed=7, players=3)
    assert game.current_player == 0 and 2 in game.choosing()
    theirs = next(a for a in game.legal_actions_for(0) if a not in game.legal_actions_for(2))
    text = game.action_to_text(theirs, 0)
    console = Console(record=True, width=200)
    names = {0: "seat 0", 1: "seat 1", 2: "you"}
    assert _ask_action(game, 2, [0, 1], console, lambda _: text, names) == -1
    assert f"illegal action '{text}': not among the choices of seat 2 now" in console.export_text()
    mine = game.legal_texts(2)[-1]
    assert _ask_action(game, 2, [0, 1], console, lambda _: mine, names) == game.parse_action(mine, 2)


def test_the_free_city_is_named_and_credited_with_the_plays_its_holder_chooses() -> None:
    """Ruling 22 (the 2-player variant): the third city is the Free City, not a seat; each of
    its plays is credited to it, saying which player chose it, and is revealed with the
    players' choices of the same turn (its holder chooses it after their own card)."""
    result = runner.invoke(app, ["play", "classic", "--players", "2", "--seed", "5",
                                 "--bot", "random"], input="1\n" * 12 + "h\n" + "1\n" * 60, env=WIDE)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "seat 2:" not in out and "City of seat 2" not in out
    assert "against the random bot" in out and "The Free City (seat 2) is a third city" in out
    assert re.search(r"Free City \(seat 2\), your left neighbour: played by the holder of the Free "
                     r"City card, you now", out)
    assert re.search(r"Free City \(seat 2\), your left neighbour: played by the holder of the Free "
                     r"City card, bot now", out)
    assert "Bot's city (seat 1), your right neighbour" in out
    # Each turn: your card, the bot's, and the Free City's, chosen by one of you, together.
    turns = re.findall(r"Chosen together:\n  you: .+\n  bot: .+\n  Free City \(played by (you|bot)\): .+\n", out)
    assert len(turns) == 18 and set(turns) == {"you", "bot"}
    # When you hold the card you are asked for the Free City after your own card.
    menus = out.split("Your decision")[1:]
    for_free_city = [m for m in menus if m.startswith(" for the Free City (play a card from the hand)")]
    assert for_free_city and len(for_free_city) == turns.count("you")
    ours = re.findall(r"^  Free City \(played by you\): (.+)$", out, re.M)
    assert ours == [re.findall(r"^\s+1\. (.+?)(?:  \(\d+ coins?\))?$", m, re.M)[0] for m in for_free_city]
    # The history credits the same plays to the same cities (it replays the variant's game).
    listed = out.split("> ")[13]
    history = re.findall(r"^\s+\d+\. (you|bot|Free City \(played by (?:you|bot)\)): (.+)$", listed, re.M)
    shown = re.findall(r"^  (you|bot|Free City \(played by (?:you|bot)\)): (.+)$", out.split("> ")[12], re.M)
    assert len(history) >= 3 * 6 and history[-len(shown):] == shown
    assert re.search(r"category\s*┃\s*you\s*┃\s*bot\s*┃\s*Free City\s*┃", out)
    assert re.search(r"Game over: (you win|the bot wins|shared victory)", out)


def test_simulate_names_the_free_city_and_scores_it_apart_from_the_seats() -> None:
    result = runner.invoke(app, ["simulate", "classic", "--players", "2", "-n", "2",
                                 "--bots", "greedy,random", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    assert summary["players"] == 2 and summary["free_city_seat"] == 2
    assert len(summary["win_rate_by_seat"]) == 2 and len(summary["mean_score_by_seat"]) == 3
    assert all(len(v) == 3 for v in summary["mean_category_by_seat"].values())
    assert summary["mean_score_by_seat"][2] > 0
    table = runner.invoke(app, ["simulate", "classic", "--players", "2", "-n", "2",
                                "--bots", "greedy,random"], env=WIDE)
    assert table.exit_code == 0, table.output
    assert "The Free City (seat 2) is played by the bot holding the Free City card" in table.output
    assert re.search(r"│ Free City\s*│\s*-\s*│\s*\d+\.\d\s*│", table.output)
    assert re.search(r"category\s*┃\s*seat 0\s*┃\s*seat 1\s*┃\s*Free City\s*┃", table.output)
    duel = runner.invoke(app, ["simulate", "duel", "-n", "2", "--json"])
    assert json.loads(duel.output[duel.output.index("{"):])["free_city_seat"] is None


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_simulate_classic_names_every_seat_and_counts_every_game(players: int) -> None:
    bots = ["greedy"] + ["random"] * (players - 1)
    result = runner.invoke(app, ["simulate", "classic", "--players", str(players), "-n", "3",
                                 "--bots", ",".join(bots), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    assert summary["games"] == 3 and summary["players"] == players
    assert summary["free_city_seat"] is None
    assert summary["bots"] == bots
    for per_seat in (summary["win_rate_by_seat"], summary["mean_score_by_seat"],
                     *summary["mean_category_by_seat"].values()):
        assert len(per_seat) == players
    # Each game has one winner or is shared: in thirds, as 3 games were counted.
    assert sum(summary["win_rate_by_seat"]) + summary["shared_rate"] == pytest.approx(1)
    assert all(round(3 * rate, 9) == int(round(3 * rate)) for rate in summary["win_rate_by_seat"])
    assert summary["mean_category_by_seat"]["total"] == pytest.approx(summary["mean_score_by_seat"])
    table = runner.invoke(app, ["simulate", "classic", "--players", str(players), "-n", "2"], env=WIDE)
    assert table.exit_code == 0, table.output
    assert re.search(rf"^2 games in .*, {players} seats, bots random( vs random){{{players - 1}}} ",
                     table.output, re.M)
    header = re.search(r"category\s*┃(.*)┃", table.output)[1]
    assert re.findall(r"seat (\d+)", header) == [str(seat) for seat in range(players)]


@pytest.mark.parametrize("game, players, victories", [
    ("classic", "4", ["civilian"]),
    ("duel", "2", ["civilian", "military", "scientific"]),
])
def test_simulate_lists_the_victory_types_of_the_game_played(game: str, players: str,
                                                              victories: list[str]) -> None:
    """Each game's own victory types (the engine's `VICTORIES`), in the table and in --json:
    classic has no military or scientific victory, Duel has its three."""
    assert list(type(Game(load_ruleset(game), players=int(players))).VICTORIES) == victories
    result = runner.invoke(app, ["simulate", game, "--players", players, "-n", "3", "--json"])
    assert result.exit_code == 0, result.output
    kinds = json.loads(result.output[result.output.index("{"):])["victory_types"]
    assert list(kinds) == victories and sum(kinds.values()) == pytest.approx(1)
    table = runner.invoke(app, ["simulate", game, "--players", players, "-n", "3"], env=WIDE)
    assert table.exit_code == 0, table.output
    shown = table.output.split("Victory types")[1].split("Mean points")[0]
    assert re.findall(r"│ (\w+)\s*│\s*\d+\.\d%\s*│", shown) == victories


def _panel(game: Game, p: int, you: int = 0) -> str:
    from rich.console import Console

    from wondersmith.cli.table_view import render_city

    console = Console(record=True, width=200)
    console.print(render_city(game, p, "city", you))
    return re.sub(r"[ \t]+", " ", console.export_text())


def _olympia_position(side: str, free_used: bool = False) -> Game:
    from wondersmith.engine.positions import position

    return position(load_ruleset("classic"), players=3, age=2,
                    boards={0: ("olympia", side), 1: ("rhodos", "b"), 2: ("babylon", "b")},
                    stages={0: ["altar", "baths"], 2: ["theater"]}, free_used={0: free_used},
                    conflict_tokens={0: [1, -1], 1: [-1]})


def test_your_board_lists_every_stage_with_its_cost_and_effect_in_the_games_phrases() -> None:
    """Your own panel: the board and side, how many stages are built, then each stage
    (built, the next, the later ones) with its cost and its effects as the sheets word them;
    another city's panel: its board and its stage count only."""
    game = _olympia_position("a")
    mine = _panel(game, 0)
    assert "│ board Olympia, side A: 2 of 3 stages built" in mine
    assert "│ stage cost effect" in mine
    assert "│ 1 built 2 wood 3 victory points" in mine
    assert "│ 2 built 2 stone Once per Age, build a structure for free" in mine
    assert "│ 3 next 2 ore 7 victory points" in mine
    assert "│ hand Sawmill, " in mine
    theirs = _panel(game, 2)
    assert "│ board Babylon, side B: 1 of 3 stages built" in theirs
    assert "stage cost effect" not in theirs and "│ hand 7 cards" in theirs
    # Seen from its own seat: costs of two resources, and the stage that plays the 7th card.
    babylon = _panel(game, 2, you=2)
    assert "│ 1 built 1 clay and 1 loom 3 victory points" in babylon
    assert "│ 2 next 2 wood and 1 glass At the end of each Age you may play the last card of your hand" \
        in babylon
    assert "│ board Rhodos, side B: 0 of 2 stages built" in _panel(game, 1)


def test_the_free_build_is_shown_only_where_a_built_stage_gives_it() -> None:
    """Olympia A's free build (once per Age from its 2nd stage): whether it is used this Age,
    on that board only; no raw state key (`free used False`) on any panel."""
    assert "│ free build not used yet this Age" in _panel(_olympia_position("a"), 0)
    assert "│ free build used this Age" in _panel(_olympia_position("a", free_used=True), 0)
    side_b = _olympia_position("b")
    for p in range(3):
        text = _panel(side_b, p)
        assert "free build" not in text and "free used" not in text and "False" not in text
        assert "boards" not in text and "hands" not in text


def test_shields_and_conflict_tokens_are_worded() -> None:
    game = _olympia_position("a")
    assert "│ shields 0" in _panel(game, 0)
    assert "│ conflicts +1, -1 (0 VP)" in _panel(game, 0)
    assert "│ conflicts -1 (-1 VP)" in _panel(game, 1)
    assert "│ conflicts none yet" in _panel(game, 2)
    assert "conflict tokens" not in _panel(game, 0)


@pytest.mark.parametrize("players", [3, 5])
def test_each_age_end_announces_who_fought_whom_and_the_tokens_taken(players: int) -> None:
    """The announcement agrees with the engine: each pair of neighbours once, the city with
    more shields wins, and each city's tokens announced are those it took."""
    from wondersmith.cli.city_words import conflicts_fought, tokens_held
    from wondersmith.cli.seats import city_names

    game = Game(load_ruleset("classic"), seed=2, players=players)
    names = city_names(players, players, 0)
    for age in (1, 2, 3):
        before = tokens_held(game)
        assert conflicts_fought(game, age, before, names) == []  # nothing fought yet
        while game.age == age and not game.is_terminal:
            game.apply_joint({p: game.legal_actions_for(p)[0] for p in game.choosing()})
        lines = [str(line) for line in conflicts_fought(game, age, before, names)]
        assert lines[0] == f"Conflicts at the end of Age {age}:"
        fights = [re.fullmatch(r"  (.+?) \((\d+) shields?\) against (.+?) \((\d+) shields?\): (.+)", line)
                  for line in lines[1:]]
        assert all(fights) and len(fights) == players
        pairs = {frozenset((names.index(f[1]), names.index(f[3]))) for f in fights}
        assert pairs == {frozenset((p, (p + 1) % players)) for p in range(players)}
        announced = {p: [] for p in range(players)}
        for f in fights:
            a, b = names.index(f[1]), names.index(f[3])
            assert (int(f[2]), int(f[4])) == (game.shields(a), game.shields(b))
            if f[2] == f[4]:
                assert f[5] == "a tie, no token"
                continue
            won, lost = (a, b) if int(f[2]) > int(f[4]) else (b, a)
            verb = "win" if names[won] == "you" else "wins"
            got = re.fullmatch(rf"{names[won]} {verb}, \+(\d) for {names[won]} and (-\d) for {names[lost]}", f[5])
            assert got, f[5]
            announced[won].append(int(got[1]))
            announced[lost].append(int(got[2]))
        for p in range(players):
            assert sorted(announced[p]) == sorted(game.conflict_tokens[p][before[p]:])


def test_an_age_of_ties_is_announced_too() -> None:
    """Every city discards all Age I: no shields anywhere, every pair ties, and the Age's end
    still says so, pair by pair."""
    from wondersmith.cli.city_words import conflicts_fought, tokens_held
    from wondersmith.cli.seats import city_names

    game = Game(load_ruleset("classic"), seed=2, players=3)
    names = city_names(3, 3, 0)
    before = tokens_held(game)
    while game.age == 1:
        game.apply_joint({p: next(a for a in game.legal_actions_for(p)
                                  if game.action_to_text(a, p).startswith("discard "))
                          for p in game.choosing()})
    assert game.conflict_tokens == [[], [], []]
    lines = [str(line) for line in conflicts_fought(game, 1, before, names)]
    assert lines[0] == "Conflicts at the end of Age 1:"
    assert len(lines) == 4 and all(line.endswith("(0 shields): a tie, no token") for line in lines[1:])
    assert conflicts_fought(game, 2, tokens_held(game), names) == []  # Age II goes on


def test_duel_has_no_conflicts_to_announce() -> None:
    from wondersmith.cli.city_words import conflicts_fought, tokens_held

    game = Game(load_ruleset("duel"), seed=3)
    assert tokens_held(game) is None and conflicts_fought(game, 1, None, ["you", "bot"]) == []


@pytest.mark.parametrize("game, typed", [("duel", "zzz"), ("classic", "zzz"),
                                         ("classic", "build Nothing")])
def test_an_unreadable_command_says_how_to_find_the_legal_actions(game: str, typed: str) -> None:
    """Not the API's wording (`legal_texts()`): the terminal's, pointing at the menu that is
    shown again below the message."""
    result = runner.invoke(app, ["play", game, "--seed", "1", "--players", "2" if game == "duel" else "3"],
                           input=f"{typed}\nq\n", env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    message = re.search(r"^> (.+)$", result.output, re.M)[1]
    assert "legal_texts()" not in result.output
    assert message.endswith(TERMINAL_HINT)  # after a "did you mean", where one is close
    assert result.output.count("Your decision") == 2  # the menu, again after the message


def test_a_game_of_other_mechanics_plays_to_the_end(tmp_path) -> None:
    """A city's state that no worded row shows (Agora's senate cubes) is listed in words, key
    by key: every game the engine plays can be played in the terminal (the 3-seat toy game:
    tests/test_tables.py)."""
    toy = "agora_toy"
    from pathlib import Path

    from wondersmith.codegen import outputs

    games = Path(__file__).resolve().parent / "fixtures" / "games"
    result = outputs.expected(games, tmp_path, [games / toy])
    assert not result.errors, result.errors
    outputs.write(result, tmp_path)
    played = runner.invoke(app, ["play", toy, "--path", str(tmp_path), "--seed", "4"],
                           input="1\n" * 300, env=WIDE)
    assert played.exit_code == 0, played.output[-3000:]
    assert "Game over" in played.output
    assert re.search(r"│ chamber cubes\s+\d", played.output)


def test_the_excerpt_in_the_embedding_guide_is_what_play_shows() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "embedding.md").read_text()
    start = doc.index("```\nConflicts at the end of Age 1:")
    excerpt = doc[start + 4:doc.index("```", start + 4)]
    result = runner.invoke(app, ["play", "classic", "--players", "3", "--seed", "1"],
                           input="1\n" * 150, env={"COLUMNS": "72"})
    assert result.exit_code == 0, result.output[-3000:]
    conflicts, panel = excerpt.split("╭", 1)
    out = result.output
    assert "╭" + panel in out
    at = out.index("Conflicts at the end of Age 1:")
    assert " ".join(out[at:at + len(conflicts) + 20].split()).startswith(" ".join(conflicts.split()))
    assert out.index("╭" + panel) > at


# Issue 25, part 5: what the draft offers, abbreviations, names at 80 columns, typing errors.

def test_the_wonder_draft_shows_each_wonders_cost_and_effect() -> None:
    """Below each Wonder offered, what it costs and does, in the sheets' words; the line
    above stays the action as typed."""
    from wondersmith.cli.city_words import cost_words, effects_in_words

    result = play(["q"])
    assert result.exit_code == 0, result.output
    game = Game(load_ruleset("duel"), seed=3)
    menu = "\n".join(line.rstrip() for line in result.output.split("Your decision")[1].splitlines()) + "\n"
    offered = [game.ruleset.by_id[game.action_component(a)] for a in game.legal_actions()]
    assert len(offered) == 4
    for wonder in offered:
        effect = effects_in_words(game)[wonder.id]
        assert effect and f"pick {wonder.name}\n       costs {cost_words(game, wonder)}; {effect}\n" in menu
    assert "pick The Colossus" not in menu
    colossus = "\n".join(line.rstrip() for line in play(["1", "q"]).output.split("Your decision")[2].splitlines())
    assert "pick The Colossus\n       costs 3 clay and 1 glass; 2 shields; 3 victory points\n" in colossus
    assert choices(result.output)[0] == [f"pick {w.name}" for w in offered]


def test_the_abbreviations_of_the_panels_are_explained_once() -> None:
    result = play(["1"] * 12 + ["q"])
    assert result.exit_code == 0, result.output
    out = result.output
    keys = re.findall(r"^Key: (.+)$", out, re.M)
    explained = [part.split(" ", 1)[0] for line in keys for part in line.rstrip(".").split("; ")]
    assert sorted(explained) == sorted(["VP", "(8c)", "✓"]), keys
    for abbr in ("(8c)", "✓"):
        first = re.search(rf"\w {re.escape(abbr)}", out).start()  # first shown in a panel
        assert first < out.index(f"Key: {abbr}" if abbr == "(8c)" else f"{abbr} a Wonder built")
    assert "(8c) a Wonder not built yet, and what building it costs its city now, in coins" in out


@pytest.mark.parametrize("age", [1, 2, 3])
def test_card_names_wrap_in_the_structure_at_80_columns_and_are_never_cut(age: int) -> None:
    import io
    import random

    from rich.console import Console

    from wondersmith.cli.table_view import render_structure

    game, rng = Game(load_ruleset("duel"), seed=age), random.Random(age)
    while game.age < age or game.is_chance_node:
        game.apply(rng.choice(game.legal_actions()))
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render_structure(game, 0, 80))
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    text = " ".join(lines)
    shown = [game.t.names[game.slot_card[s]] for s in range(len(game.slot_card))
             if game.face_up[s] and not game.taken[s]]
    assert len(shown) >= 6
    for name in shown:
        for word in name.split():
            assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text), (name, word)
    assert any(len(name) > 10 for name in shown)  # what a 10-character cell used to cut


@pytest.mark.parametrize("game, typed, meant", [
    ("duel", "pick the colosus", "pick The Colossus"), ("duel", "pik The Colossus", "pick The Colossus"),
    ("classic", "zzz qqq", None)])
def test_a_mistyped_command_gets_a_did_you_mean_and_a_short_hint(game: str, typed: str,
                                                                   meant: str | None) -> None:
    answers = ["1", typed, "q"] if game == "duel" else [typed, "q"]
    result = runner.invoke(app, ["play", game, "--seed", "3", "--players", "2" if game == "duel" else "3"],
                           input="".join(a + "\n" for a in answers), env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    (message,) = [line for line in result.output.splitlines() if line.endswith(TERMINAL_HINT)]
    if meant:
        assert f"; did you mean '{meant}'? the menu lists the legal actions" in message
    else:
        assert "did you mean" not in message
    assert len(message) < 200, message
    for grammar in ("<", "slot N", "board token", "first player", "known:"):  # no listing
        assert grammar not in message
