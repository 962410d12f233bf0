"""`wondersmith fmt`: one canonical style, idempotent, comments kept, data never changed."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from typer.testing import CliRunner

from wondersmith.tools import fmt
from wondersmith.cli import app
from wondersmith.ir.loader import load_game

from conftest import DUEL, ROOT

runner = CliRunner()
CLASSIC = ROOT / "cards" / "classic"
FILES = sorted(p.name for p in DUEL.glob("*.yaml"))
# Every data file of every game (locales are not data files).
ALL_FILES = [str(p.relative_to(ROOT / "cards")) for game in (DUEL, CLASSIC)
             for p in sorted(game.glob("*.yaml"))]


def comments(text: str) -> list[str]:
    return [line.split("#", 1)[1].strip() for line in text.splitlines()
            if re.match(r"\s*#", line) or " # " in line]


def scramble(text: str) -> str:
    """The same data in another style: every collection in block style, 4-space indents,
    record keys reversed, names quoted."""
    y = YAML()
    y.indent(mapping=4, sequence=6, offset=4)
    data = y.load(text)

    def walk(node):
        if hasattr(node, "fa"):
            node.fa.set_block_style()
        if isinstance(node, dict):
            if "id" in node and "players" not in node:  # records, not game.yaml's root
                for key in reversed(list(node.keys())):
                    node.move_to_end(key)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(data)
    out = io.StringIO()
    y.dump(data, out)
    # Names quoted; not a comment that happens to say "name:".
    return re.sub(r"(?m)^(\s*(?:- )?)name: (.+)", r'\1name: "\2"', out.getvalue())


def test_repository_data_is_canonical(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["fmt", "--check"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("name", FILES)
def test_scrambled_file_formats_back_to_the_original(name: str) -> None:
    original = (DUEL / name).read_text(encoding="utf-8")
    messy = scramble(original)
    assert messy != original
    assert fmt.format_text(messy) == original
    assert fmt.same_data(messy, original)


@pytest.mark.parametrize("name", ALL_FILES)
def test_idempotent(name: str) -> None:
    once = fmt.format_text(scramble((ROOT / "cards" / name).read_text(encoding="utf-8")))
    assert fmt.format_text(once) == once


def test_model_unchanged_and_comments_kept(duel_copy: Path) -> None:
    before = load_game(duel_copy)
    texts = {}
    for path in sorted(duel_copy.glob("*.yaml")):
        texts[path.name] = path.read_text(encoding="utf-8")
        path.write_text(scramble(texts[path.name]), encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(duel_copy)])
    assert result.exit_code == 0, result.output
    after = load_game(duel_copy)
    assert before.ok and after.ok
    # Locations aside (compare=False), the typed form is equal item for item.
    assert before.game.components() == after.game.components()
    assert before.game == type(before.game)(**{**after.game.__dict__,
                                              "source_hash": before.game.source_hash})
    for path in sorted(duel_copy.glob("*.yaml")):
        assert comments(path.read_text(encoding="utf-8")) == comments(texts[path.name])


def test_classic_formats_to_itself_and_back_from_block_style(tmp_path: Path) -> None:
    """7 Wonders' files are canonical; scrambled into block style they keep their data and
    comments, and their boards read id, name, produces, sides, one line a stage. (An
    end-of-line comment inside a collection keeps it block: no comment is lost.)"""
    game = tmp_path / "classic"
    game.mkdir()
    texts = {}
    for path in sorted(CLASSIC.glob("*.yaml")):
        texts[path.name] = path.read_text(encoding="utf-8")
        assert fmt.format_text(texts[path.name]) == texts[path.name], path.name
        (game / path.name).write_text(scramble(texts[path.name]), encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(game)])
    assert result.exit_code == 0, result.output
    before, after = load_game(CLASSIC), load_game(game)
    assert before.ok and after.ok
    assert before.game.components() == after.game.components()
    for name, text in texts.items():
        formatted = (game / name).read_text(encoding="utf-8")
        assert comments(formatted) == comments(text), name
    boards = (game / "wonders.yaml").read_text(encoding="utf-8")
    assert "  - id: gizah\n    name: Gizah\n    produces: {stone: 1}\n    sides:\n" in boards
    assert "          - {cost: {stone: 4, papyrus: 1}, effects: [points: 7]}\n" in boards


def test_a_player_range_and_a_stage_are_values_on_one_line() -> None:
    text = ("players:\n  min: 3\n  max: 7\nboards:\n  - id: x\n    sides:\n      a:\n"
            "        stages:\n          - cost:\n              wood: 2\n            effects:\n"
            "              - points: 3\n")
    assert fmt.format_text(text) == ("players: {min: 3, max: 7}\nboards:\n  - id: x\n"
                                     "    sides:\n      a:\n        stages:\n"
                                     "          - {cost: {wood: 2}, effects: [points: 3]}\n")


def test_comments_in_odd_places_are_kept() -> None:
    text = ("# yaml-language-server: $schema=../../schema/cards.schema.json\n"
            "age: 1\n"
            "buildings:\n"
            "    -   effects:\n"
            "        - produce:\n"
            "            wood: 1\n"
            "        name: \"Lumber Yard\"  # eol on name\n"
            "        id: lumber_yard\n"
            "        color: brown\n"
            "    # between items\n"
            "    - id: tavern\n"
            "      name: Tavern\n"
            "      color: yellow\n"
            "      effects: [{coins: 4}]\n"
            "      cost:\n"
            "        # why this cost\n"
            "        coins: 1\n")
    out = fmt.format_text(text)
    assert comments(out) == comments(text)
    assert "  - id: lumber_yard\n    name: Lumber Yard" in out
    assert "    effects: [produce: {wood: 1}]\n    # between items\n  - id: tavern" in out
    assert "effects: [coins: 4]" in out
    # A block collection holding a comment stays block (comment lines keep their column).
    assert re.search(r"\n    cost:\n +# why this cost\n      coins: 1\n", out)
    assert fmt.format_text(out) == out


def test_quotes_only_where_needed() -> None:
    out = fmt.format_text("tokens:\n  - {id: a, name: 'yes', effects: [points: 1]}\n"
                          "  - {id: b, name: \"Plain\", effects: [points: 1]}\n"
                          "  - {id: c, name: '2015-10-01', effects: [points: 1]}\n")
    assert "name: 'yes'" in out and "name: Plain" in out and "name: '2015-10-01'" in out


def test_effects_style() -> None:
    out = fmt.format_text(
        "wonders:\n  - {id: w, name: W, cost: {wood: 1}, effects: [points: 9]}\n"
        "tokens:\n  - {id: t, name: T, effects: [coins: {per: wonders}, points: 1]}\n"
        "  - {id: u, name: U, effects: [coins: 6, points: 4]}\n")
    assert "    effects:\n      - points: 9\n" in out  # a Wonder: one effect per line
    assert "    effects:\n      - coins: {per: wonders}\n      - points: 1\n" in out
    assert "    effects: [coins: 6, points: 4]\n" in out


def test_long_flow_lines_become_block() -> None:
    names = ", ".join(f"wonder_number_{i}" for i in range(8))
    out = fmt.format_text(f"setup:\n  first_game_wonders: {{first: [{names}]}}\n")
    assert all(len(line) <= fmt.WIDTH for line in out.splitlines())
    assert fmt.format_text(out) == out


def test_check_reports_and_writes_nothing(duel_copy: Path) -> None:
    path = duel_copy / "age1.yaml"
    messy = scramble(path.read_text(encoding="utf-8"))
    path.write_text(messy, encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--check", str(duel_copy)])
    assert result.exit_code == 1
    assert result.stdout.strip().endswith("would reformat " + str(path)) or \
        "age1.yaml" in result.stdout
    assert path.read_text(encoding="utf-8") == messy
    assert runner.invoke(app, ["fmt", str(path)]).exit_code == 0
    assert runner.invoke(app, ["fmt", "--check", str(duel_copy)]).exit_code == 0


def test_non_data_yaml_is_skipped(tmp_path: Path) -> None:
    other = tmp_path / "ci.yml"
    other.write_text("on:   [push]\n", encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--check", str(other)])
    assert result.exit_code == 0
    assert other.read_text(encoding="utf-8") == "on:   [push]\n"


def test_unparsable_file_exits_2(duel_copy: Path) -> None:
    (duel_copy / "age1.yaml").write_text("age: 1\nbuildings: [\n", encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(duel_copy)])
    assert result.exit_code == 2
    assert "age1.yaml: not formatted, YAML error" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_missing_path_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["fmt", str(tmp_path / "nope")])
    assert result.exit_code == 2 and "no such file or folder" in result.stderr


def test_diff_prints_the_change_and_writes_nothing(duel_copy: Path) -> None:
    path = duel_copy / "tokens.yaml"
    original = path.read_text(encoding="utf-8")
    messy = original.replace("effects: [coins: 6, points: 4]", "effects: [ coins:  6,points: 4 ]")
    assert messy != original
    path.write_text(messy, encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--diff", str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("--- ") and lines[0].endswith("tokens.yaml (before)")
    assert lines[1].endswith("tokens.yaml (formatted)")
    removed = [line[1:] for line in lines if line.startswith("-") and not line.startswith("---")]
    added = [line[1:] for line in lines if line.startswith("+") and not line.startswith("+++")]
    assert removed == [m for m in messy.splitlines() if m not in original.splitlines()]
    assert added and all(a in original.splitlines() for a in added)
    assert path.read_text(encoding="utf-8") == messy
    # Applying the diff's result is what fmt writes; a canonical file has no diff.
    assert runner.invoke(app, ["fmt", str(path)]).exit_code == 0
    clean = runner.invoke(app, ["fmt", "--diff", str(path)])
    assert clean.exit_code == 0 and clean.stdout == ""
