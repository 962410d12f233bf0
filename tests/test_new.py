"""`wondersmith new`: a valid skeleton in the right file, comments kept, bad ids refused; the
game validates after it (counts and structure slots updated), or `new` refuses with the fix."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.ir.loader import check_file, load_game
from wondersmith.tools.skeleton import free_slot

runner = CliRunner()


def new(cards: Path, *args: str):
    return runner.invoke(app, ["new", *args, "--game", "duel", "--data", str(cards)])


@pytest.mark.parametrize("args, file, skeleton", [
    (["card", "grand_hall", "--age", "2", "--color", "blue"], "age2.yaml",
     "  - id: grand_hall\n    name: Grand Hall\n    color: blue\n    effects: [points: 1]\n"),
    (["card", "bankers_guild", "--age", "3", "--color", "purple"], "guilds.yaml",
     "  - id: bankers_guild\n    name: Bankers Guild\n    color: purple\n"),
    (["wonder", "the_lost_city"], "wonders.yaml",
     "  - id: the_lost_city\n    name: The Lost City\n    cost: {wood: 1}\n"
     "    effects:\n      - points: 1\n"),
    (["token", "navigation"], "tokens.yaml",
     "  - id: navigation\n    name: Navigation\n    effects: [points: 1]\n"),
])
def test_skeleton_is_appended_and_validates(duel_copy: Path, args, file, skeleton) -> None:
    path = duel_copy / file
    before = path.read_text(encoding="utf-8")
    result = new(duel_copy.parent, *args)
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n"))  # appended; comments and all kept
    assert after.endswith(skeleton) or skeleton in after
    assert check_file(path, "cards").diagnostics == []  # schema level
    assert_valid(duel_copy)
    if args[0] == "card" and "purple" not in args:
        # The counts are updated, and the structure has a slot for the card.
        assert "updated the counts of Age 2" in result.stdout
        assert "added a slot to Age 2's structure, row 5 column 8" in result.stdout
    else:  # guilds, Wonders and tokens are not counted per Age
        assert "updated the counts" not in result.stdout
        assert "slot" not in result.stdout
    assert "hint" not in result.stdout  # nothing left to fix, so nothing to undo
    assert runner.invoke(app, ["fmt", "--check", str(duel_copy)]).exit_code == 0


def assert_valid(game: Path) -> None:
    """`wondersmith validate` passes on the game: no error (a new card's missing translations
    are warnings)."""
    result = runner.invoke(app, ["validate", "--format", "json", str(game)])
    assert result.exit_code == 0, result.stdout
    assert load_game(game).ok


def test_dry_run_writes_nothing(duel_copy: Path) -> None:
    before = (duel_copy / "tokens.yaml").read_text(encoding="utf-8")
    result = new(duel_copy.parent, "token", "navigation", "--dry-run")
    assert result.exit_code == 0
    assert "would be appended to" in result.stdout and "id: navigation" in result.stdout
    assert (duel_copy / "tokens.yaml").read_text(encoding="utf-8") == before


def test_new_age_file_is_created(duel_copy: Path) -> None:
    (duel_copy / "age3.yaml").unlink()
    result = new(duel_copy.parent, "card", "arsenal_two", "--age", "3", "--color", "red")
    assert result.exit_code == 0, result.output
    path = duel_copy / "age3.yaml"
    assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
    assert check_file(path, "cards").diagnostics == []


@pytest.mark.parametrize("args, message", [
    (["card", "tavern", "--age", "1"], "id 'tavern' already exists"),
    (["token", "law"], "id 'law' already exists"),
    (["card", "Big-Hall", "--age", "1"], "bad id 'Big-Hall'"),
    (["card", "hall"], "a card needs its Age"),
    (["card", "hall", "--age", "9"], "Age 9 is not an Age of duel"),
    (["card", "hall", "--age", "1", "--color", "pink"], "colour 'pink' is not a colour"),
    (["token", "hall", "--age", "1"], "--age and --color are for cards"),
    (["spell", "hall"], "unknown kind 'spell'"),
])
def test_refusals_exit_2(duel_copy: Path, args, message) -> None:
    before = {p.name: p.read_text(encoding="utf-8") for p in duel_copy.glob("*.yaml")}
    result = new(duel_copy.parent, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert {p.name: p.read_text(encoding="utf-8") for p in duel_copy.glob("*.yaml")} == before


def test_unknown_game_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "token", "x", "--game", "nope", "--data", str(tmp_path)])
    assert result.exit_code == 2 and "no game at" in result.stderr


def _age(game_yaml: str, age: int) -> str:
    start = game_yaml.index(f"  - age: {age}\n    cards:")
    return game_yaml[start:game_yaml.index("\n", game_yaml.index("colors:", start))]


def test_counts_are_raised_keeping_comments_and_order(duel_copy: Path) -> None:
    game = duel_copy / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("ages:\n", "ages:  # per Age, checked by validate\n"),
                    encoding="utf-8")
    result = new(duel_copy.parent, "card", "grand_hall", "--age", "3", "--color", "grey")
    assert result.exit_code == 0, result.output
    after = game.read_text(encoding="utf-8")
    assert "ages:  # per Age, checked by validate\n" in after
    # Age III had no grey card: the key goes where the game's colour order puts it.
    assert _age(after, 3) == ("  - age: 3\n    cards: 21\n"
                              "    colors: {grey: 1, blue: 6, green: 4, yellow: 5, red: 5}")
    assert _age(after, 1) == _age(text, 1)
    assert_valid(duel_copy)


@pytest.mark.parametrize("age, row", [
    (1, "      - columns: [0, 2, 4, 6, 8, 10]\n      - columns: [1]\n  - age: 2\n"),
    (2, "      - columns: [4, 6, 8]\n  - age: 3\n"),
    (3, "        face_down: true\n      - columns: [2, 4, 6]\n"),
])
def test_a_duel_card_gets_a_slot_in_its_structure(duel_copy: Path, age: int, row: str) -> None:
    result = new(duel_copy.parent, "card", "grand_hall", "--age", str(age), "--color", "red")
    assert result.exit_code == 0, result.output
    assert (duel_copy / "game.yaml").read_text(encoding="utf-8").count(row) == 1
    assert_valid(duel_copy)
    assert runner.invoke(app, ["fmt", "--check", str(duel_copy)]).exit_code == 0


@pytest.mark.parametrize("rows, slot", [
    ([[0, 2, 4], [1, 3]], (1, 5)),                 # at the right end, resting on 4
    ([[0, 2], [3]], (1, 1)),                       # at the left end, resting on 0 and 2
    ([[0, 2, 4], [1, 3, 5]], (2, 2)),              # nowhere in the row: a new row, on 1
    ([[4, 6], [3, 5, 7], [2, 4, 6, 8]], (3, 3)),   # Duel's Age I, three rows in
    ([[0, 2]], (0, 4)),                            # a first row rests on nothing
])
def test_free_slot_rests_on_the_row_above(rows, slot) -> None:
    assert free_slot(rows) == slot


def test_dry_run_shows_the_count_change(duel_copy: Path) -> None:
    before = {p.name: p.read_text(encoding="utf-8") for p in duel_copy.glob("*.yaml")}
    result = new(duel_copy.parent, "card", "grand_hall", "--age", "1", "--dry-run")
    assert result.exit_code == 0, result.output
    assert "# would change " in result.stdout
    assert "\n-    cards: 23\n" in result.stdout and "\n+    cards: 24\n" in result.stdout
    assert "+    colors: {brown: 6, grey: 2, blue: 4," in result.stdout
    assert "\n+      - columns: [1]\n" in result.stdout  # the card's slot in the structure
    assert {p.name: p.read_text(encoding="utf-8") for p in duel_copy.glob("*.yaml")} == before


@pytest.mark.parametrize("ident", ["none", "class", "true"])
def test_reserved_ids_are_refused(duel_copy: Path, ident: str) -> None:
    result = new(duel_copy.parent, "token", ident)
    assert result.exit_code == 2 and "reserved word in Python" in result.stderr


# --- 7 Wonders: copies, guilds and boards --------------------------------------------------


@pytest.fixture
def classic_copy(tmp_path: Path) -> Path:
    import shutil

    from conftest import ROOT

    target = tmp_path / "cards" / "classic"
    shutil.copytree(ROOT / "cards" / "classic", target)
    return target


def new_in(game: Path, *args: str):
    return runner.invoke(app, ["new", *args, "--game", game.name, "--data", str(game.parent)])


def _files(game: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in game.rglob("*.yaml")}


def test_a_classic_card_in_full_hands_is_refused_with_the_fix(classic_copy: Path) -> None:
    # Every Age of 7 Wonders deals exactly 7 cards a player at every count: one more card
    # cannot go in until another copy makes room. Nothing is written.
    before = _files(classic_copy)
    result = new_in(classic_copy, "card", "grand_hall", "--age", "2", "--color", "blue")
    assert result.exit_code == 2
    assert _files(classic_copy) == before
    assert "refused: with card grand_hall, classic would not validate; nothing was written" \
        in result.stderr
    assert "at 3 players Age 2 deals 22 cards; 3 hands of 7 need 21" in result.stderr
    assert ("hint: Age 2 deals full hands at every player count already: make room first, by "
            "taking a copy printed for 3 players out of Age 2 (drop 3 from a card's "
            "`copies`) and lowering its `printed` by one, then run this again") in result.stderr


def test_a_classic_card_goes_in_once_room_is_made(classic_copy: Path) -> None:
    # The fix the refusal gives: Brickyard printed for 4 players only, Age II printed 48.
    age2, game = classic_copy / "age2.yaml", classic_copy / "game.yaml"
    text = age2.read_text()
    start = text.index("  - id: brickyard\n")
    age2.write_text(text[:start] + text[start:].replace("copies: [3, 4]", "copies: [4]", 1))
    game.write_text(game.read_text().replace("{age: 2, printed: 49,", "{age: 2, printed: 48,"))
    result = new_in(classic_copy, "card", "grand_hall", "--age", "2", "--color", "blue")
    assert result.exit_code == 0, result.output
    assert ("  - id: grand_hall\n    name: Grand Hall\n    color: blue\n    copies: [3]\n"
            "    effects: [points: 1]\n") in age2.read_text()
    assert "  - {age: 2, printed: 49, hand: 7, pass: right}\n" in game.read_text()
    assert "updated the counts of Age 2" in result.stdout
    assert "hint" not in result.stdout
    assert_valid(classic_copy)
    assert runner.invoke(app, ["fmt", "--check", str(classic_copy)]).exit_code == 0


def test_a_game_that_does_not_load_is_refused(duel_copy: Path) -> None:
    # A YAML error in the very file the card would go to, and one elsewhere: `new` cannot
    # tell the counts and slots to keep valid, so it says what to fix first.
    age1 = duel_copy / "age1.yaml"
    age1.write_text(age1.read_text().replace("    name: Stable\n", "     name: Stable\n"))
    before = _files(duel_copy)
    for age in ("1", "2"):
        result = new(duel_copy.parent, "card", "grand_hall", "--age", age)
        assert result.exit_code == 2
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "refused: duel does not load, so `new` cannot keep it valid: fix these first" \
            in result.stderr
        assert "age1.yaml:47:6: error WS101" in result.stderr
    assert _files(duel_copy) == before


def test_problems_there_before_are_reported_not_undone(duel_copy: Path) -> None:
    # A duplicate id made by hand; `new` keeps what it adds valid and repeats the old problem.
    age1 = duel_copy / "age1.yaml"
    age1.write_text(age1.read_text().replace("  - id: logging_camp\n", "  - id: lumber_yard\n"))
    result = new(duel_copy.parent, "token", "navigation")
    assert result.exit_code == 0, result.output
    assert "validate still reports what it did before:" in result.stdout
    assert [d.code for d in load_game(duel_copy).diagnostics] == ["WS301"]


def test_a_classic_guild_raises_the_guilds_printed(classic_copy: Path) -> None:
    result = new_in(classic_copy, "card", "bankers_guild", "--age", "3", "--color", "purple")
    assert result.exit_code == 0, result.output
    guilds = (classic_copy / "guilds.yaml").read_text()
    assert "  - id: bankers_guild\n    name: Bankers Guild\n    color: purple\n" in guilds
    assert "copies" not in guilds.split("bankers_guild")[1]  # guilds are drawn, not dealt
    game = (classic_copy / "game.yaml").read_text()
    assert "printed: 11" in game and "{age: 3, printed: 51," in game
    assert_valid(classic_copy)


def test_a_board_has_both_sides_and_raises_the_boards_count(classic_copy: Path) -> None:
    result = new_in(classic_copy, "board", "babel")
    assert result.exit_code == 0, result.output
    assert "added board babel in" in result.stdout
    assert "updated the counts of the boards" in result.stdout
    assert (classic_copy / "wonders.yaml").read_text().endswith(
        "  - id: babel\n    name: Babel\n    produces: {wood: 1}\n    sides:\n      a:\n"
        "        stages:\n          - {cost: {wood: 2}, effects: [points: 3]}\n      b:\n"
        "        stages:\n          - {cost: {wood: 2}, effects: [points: 3]}\n")
    assert "boards: {count: 8," in (classic_copy / "game.yaml").read_text()
    assert_valid(classic_copy)
    loaded = load_game(classic_copy)
    assert [s for _, s in loaded.game.boards[-1].sides] and loaded.game.boards[-1].id == "babel"
    assert runner.invoke(app, ["fmt", "--check", str(classic_copy)]).exit_code == 0


def test_a_board_in_duel_is_refused(duel_copy: Path) -> None:
    result = new(duel_copy.parent, "board", "babel")
    assert result.exit_code == 2
    assert "duel has no Wonder boards" in result.output


@pytest.mark.parametrize("kind, words", [
    ("wonder", "classic has no Wonders: no mechanic of its game.yaml plays them (wonder_draft would)"),
    ("token", "classic has no progress tokens: no mechanic of its game.yaml plays them "
              "(progress_tokens or senate or conspiracies would)"),
])
def test_a_wonder_or_token_in_classic_is_refused(classic_copy: Path, kind: str, words: str) -> None:
    before = {p: p.read_text() for p in classic_copy.rglob("*.yaml")}
    result = new_in(classic_copy, kind, "colossus_two")
    assert result.exit_code == 2
    assert words in " ".join(result.output.split())
    assert {p: p.read_text() for p in classic_copy.rglob("*.yaml")} == before  # nothing written
