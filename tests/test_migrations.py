"""Data format versions: each migration on the real old files of this repository's history,
positions kept for diagnostics, comments kept by `wondersmith migrate`, and the command."""
from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.dsl import schemas
from wondersmith.ir import migrations
from wondersmith.ir.loader import check_file, load_game
from wondersmith.tools import migrate as migrator
from wondersmith.validate import schema_check, strict_yaml

from conftest import DUEL, ROOT

runner = CliRunner()

FIRST_DATA_REVISION = "6bffe1a1ee16105b097d6df05ecdf2ebfb8aeae7"  # format 1
GUILD_COLOUR_REVISION = "fa7aec7ca47588ddde6771fd112c107ec1f02d3e"  # format 2
FORMAT_2_REVISION = "6218505245b0e272e789aa58e4e07615c0fb29a5"  # declares `format: 2`


def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True)


@pytest.fixture(scope="module")
def history() -> None:
    """The repository's own history; these tests read the old files from it."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed: the old data files come from the history")
    if _git("rev-parse", "--verify", "--quiet", f"{FIRST_DATA_REVISION}^{{commit}}").returncode:
        pytest.skip("not a git checkout with the full history (a source archive or a shallow "
                    "clone): the old data files come from `git show`")


def show(rev: str, path: str) -> str:
    return _git("show", f"{rev}:{path}").stdout.decode("utf-8")


def checkout(rev: str, into: Path) -> Path:
    """cards/ as it was at `rev`, under `into`."""
    tar = _git("archive", "--format=tar", rev, "--", "cards").stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into / "cards"


# --- The register of steps --------------------------------------------------------------------


def test_steps_are_registered_in_order_one_version_after_another() -> None:
    versions = [s.version for s in migrations.STEPS]
    assert versions == sorted(versions)
    assert set(versions) == set(range(migrations.OLDEST_FORMAT, migrations.FORMAT_VERSION))
    assert all(s.kind in migrations.KINDS and s.title for s in migrations.STEPS)
    assert migrations.FORMAT_VERSION == 3


def test_a_step_out_of_order_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(migrations, "STEPS", list(migrations.STEPS))
    with pytest.raises(ValueError, match="registered after"):
        migrations.step(0, "game")(lambda tree: None)
    with pytest.raises(ValueError, match="unknown kind"):
        migrations.step(9, "sheets")(lambda tree: None)


def test_the_data_and_the_schema_are_in_todays_format() -> None:
    doc = strict_yaml.load("game.yaml", (DUEL / "game.yaml").read_bytes())
    assert doc.data["format"] == migrations.FORMAT_VERSION
    prop = schemas.game_schema()["properties"]["format"]
    assert prop["const"] == migrations.FORMAT_VERSION
    written = json.loads((ROOT / "schema" / "game.schema.json").read_text(encoding="utf-8"))
    assert "format" in written["required"]


# --- Step 1 → 2: the guilds' colour, on the real file of the first data revision --------------


def test_guild_colour_step_on_the_first_data_revision(history) -> None:
    text = show(FIRST_DATA_REVISION, "cards/duel/game.yaml")
    doc = strict_yaml.load("game.yaml", text.encode())
    assert "format" not in doc.data and "color" not in doc.data["setup"]["guilds"]
    unmigrated = {(d.code, d.message) for d in schema_check.check(doc, "game")}
    assert ("WS203", "missing required key 'color'") in unmigrated  # the error
    assert migrations.declared_format(doc) == (1, [])
    applied = migrations.upgrade_document(doc, "game", 1)
    assert [s.edit for s in applied] == [migrations.guilds_declare_their_colour,
                                         migrations.rules_built_into_the_engine_become_data]
    assert doc.data["setup"]["guilds"] == {"age": 3, "count": 3, "color": "purple"}
    assert doc.data["format"] == migrations.FORMAT_VERSION
    assert schema_check.check(doc, "game") == []
    # What the revision that made the colour data wrote by hand, the step writes.
    after = strict_yaml.load("game.yaml", show(GUILD_COLOUR_REVISION,
                                               "cards/duel/game.yaml").encode())
    assert doc.data["setup"] == after.data["setup"]


def test_every_data_revision_loads(history, tmp_path: Path) -> None:
    revisions = _git("log", "--format=%H", "--", "cards/").stdout.decode().split()
    assert FIRST_DATA_REVISION in revisions
    for i, rev in enumerate(revisions):
        cards = checkout(rev, tmp_path / str(i))
        for game in sorted(p.parent for p in cards.rglob("game.yaml")):
            loaded = load_game(game)
            errors = [d for d in loaded.diagnostics if d.severity == "error"]
            assert loaded.ok, (rev, errors)
            assert loaded.game.rules["setup"]["guilds"]["color"] == "purple"
            warnings = [d.code for d in loaded.diagnostics]
            assert warnings == ([] if loaded.format == migrations.FORMAT_VERSION
                                else ["WS503"]), rev


def test_positions_stay_right_in_a_migrated_file(history, tmp_path: Path) -> None:
    text = show(FIRST_DATA_REVISION, "cards/duel/game.yaml")
    broken = text.replace("  max_wonders_built: 7", "  max_wonders_built: seven")
    path = tmp_path / "game.yaml"
    path.write_text(broken, encoding="utf-8")
    (d,) = check_file(path, "game").diagnostics
    line = broken.splitlines().index("  max_wonders_built: seven") + 1
    assert (d.code, d.line, d.column) == ("WS204", line, 22)


def test_version_errors_stop_the_game(tmp_path: Path, duel_copy: Path) -> None:
    game = duel_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("format: 3", "format: 7"),
                    encoding="utf-8")
    loaded = load_game(duel_copy)
    assert [d.code for d in loaded.diagnostics] == ["WS501"]
    assert loaded.game is None and loaded.format is None
    assert "formats 1 to 3" in loaded.diagnostics[0].message


# --- Step 2 → 3: the rules built into the engine, on the real file that declared format 2 ----

FORMAT_3_MECHANICS = ["  - progress_tokens", "  - wonder_draft", "  - card_structure",
                      "  - bank_trade", "  - military_track", "  - science_pairs",
                      "  - wonder_limit", "  - weaker_player_starts"]


def test_rules_step_on_the_format_2_file(history) -> None:
    text = show(FORMAT_2_REVISION, "cards/duel/game.yaml")
    doc = strict_yaml.load("game.yaml", text.encode())
    assert doc.data["format"] == 2 and "seating" not in doc.data
    unmigrated = {(d.code, d.message) for d in schema_check.check(doc, "game")}
    assert ("WS203", "missing required key 'seating'") in unmigrated
    applied = migrations.upgrade_document(doc, "game", 2)
    assert [s.edit for s in applied] == [migrations.rules_built_into_the_engine_become_data]
    assert schema_check.check(doc, "game") == []
    assert list(doc.data)[:7] == ["format", "id", "name", "players", "seating", "mechanics",
                                  "resources"]
    assert doc.data["mechanics"] == [m.removeprefix("  - ") for m in FORMAT_3_MECHANICS]
    assert doc.data["trade"]["raise_per_unit"] == 1 and doc.data["science"]["pair_size"] == 2
    assert doc.data["next_age"] == {"chooser": "weaker_military", "tie": "last_player"}
    # Today's Duel data is that file migrated: the step writes what the engine played.
    today = strict_yaml.load("game.yaml", (DUEL / "game.yaml").read_bytes())
    assert doc.data == today.data
    # Positions of what was there stay right; what the step added points at its parent.
    lines = text.splitlines()
    assert doc.where(("structures",))[0] == lines.index("structures:") + 2
    assert doc.where(("trade", "raise_per_unit")) == doc.where(("trade",)) \
        == (lines.index("trade:") + 2, 3)


def test_migrate_the_format_2_file_keeps_comments(history, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    cards = checkout(FORMAT_2_REVISION, tmp_path)
    monkeypatch.chdir(tmp_path)
    game = cards / "duel" / "game.yaml"
    old = game.read_text(encoding="utf-8").splitlines()
    done = runner.invoke(app, ["migrate"])
    assert done.exit_code == 0 and "migrated cards/duel (format 2 → 3)" in done.stdout
    new = game.read_text(encoding="utf-8").splitlines()
    assert [line for line in old if line.lstrip().startswith("#")] == [
        line for line in new if line.lstrip().startswith("#")]
    assert [line for line in new if line not in old] == [
        "format: 3", "seating: opponent", "mechanics:", *FORMAT_3_MECHANICS,
        "  raise_per_unit: 1", "  pair_size: 2", "next_age:", "  chooser: weaker_military",
        "  tie: last_player"]
    assert new.index("seating: opponent") == new.index("players: 2") + 1
    assert new.index("  pair_size: 2") == new.index("  pair_takes_token: true") + 1
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_a_two_player_game_gets_opponent_seating_and_a_larger_one_a_circle() -> None:
    for players, seating in ((2, "opponent"), (4, "circle")):
        tree = migrations.Tree({"players": players, "trade": {}, "science": {}})
        migrations.rules_built_into_the_engine_become_data(tree)
        assert tree.root["seating"] == seating


# --- The tree edits keep positions (the loader) and comments (migrate) ------------------------


SAMPLE = """\
# header
top:
  old: 1  # end of line
  keep: {a: 2}
  # about what follows top

other:
  list:
    - name: x
    - name: y
"""


def test_document_tree_keeps_positions() -> None:
    doc = strict_yaml.load("f.yaml", SAMPLE.encode())
    tree = migrations.DocumentTree(doc)
    assert tree.rename_key(("top",), "old", "new")
    assert list(doc.data["top"]) == ["new", "keep"]
    assert doc.where(("top", "new")) == (3, 8)
    assert doc.where(("top", "new"), key=True) == (3, 3)
    assert tree.move(("top", "keep"), ("other", "kept"))
    assert doc.where(("other", "kept", "a")) == (4, 13)
    assert tree.set_default(("top",), "added", 3) and not tree.set_default(("top",), "new", 9)
    assert doc.where(("top", "added")) == (3, 3)  # no position of its own: its mapping's
    assert tree.get(("other", "list", 1, "name")) == "y"
    assert list(tree.paths(("other", "list", "*", "name"))) == [
        ("other", "list", 0, "name"), ("other", "list", 1, "name")]
    assert tree.replace(("other", "list"), "none") and doc.data["other"]["list"] == "none"
    assert doc.where(("other", "list")) == (9, 5) and ("other", "list", 0) not in doc.values
    assert tree.delete(("other", "list")) and ("other", "list") not in doc.values
    assert not tree.replace(("other", "list"), 1)
    assert not tree.rename_key(("nowhere",), "a", "b")


def _round_trip(text: str, edit) -> str:
    y = migrator._yaml()
    data = y.load(text)
    edit(migrator.RoundTripTree(data))
    out = io.StringIO()
    y.dump(data, out)
    return out.getvalue()


def test_round_trip_tree_keeps_comments() -> None:
    def edit(tree: migrations.Tree) -> None:
        tree.rename_key(("top",), "old", "new")
        tree.set_default(("top",), "added", 3)
        tree.set_default(("top", "keep"), "b", 4)
        tree.declare_format(2)

    assert _round_trip(SAMPLE, edit) == """\
# header
format: 2
top:
  new: 1  # end of line
  keep: {a: 2, b: 4}
  added: 3
  # about what follows top

other:
  list:
    - name: x
    - name: y
"""


# --- `wondersmith migrate` --------------------------------------------------------------------


def test_migrate_the_first_data_revision(history, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    cards = checkout(FIRST_DATA_REVISION, tmp_path)
    monkeypatch.chdir(tmp_path)
    before = {p: p.read_bytes() for p in cards.rglob("*.yaml")}
    check = runner.invoke(app, ["migrate", "--check"])
    assert check.exit_code == 1, check.output
    assert check.stdout == "would migrate cards/duel (format 1 → 3): game.yaml\n"
    dry = runner.invoke(app, ["migrate", "--dry-run"])
    assert dry.exit_code == 0
    assert "+format: 3\n" in dry.stdout
    assert "-  guilds: {age: 3, count: 3}\n+  guilds: {age: 3, count: 3, color: purple}\n" \
        in dry.stdout
    assert {p: p.read_bytes() for p in cards.rglob("*.yaml")} == before  # nothing written
    done = runner.invoke(app, ["migrate"])
    assert done.exit_code == 0 and "migrated cards/duel (format 1 → 3)" in done.stdout
    game = cards / "duel" / "game.yaml"
    old, new = before[game].decode().splitlines(), game.read_text(encoding="utf-8").splitlines()
    assert [line for line in new if line not in old] == [
        "format: 3", "seating: opponent", "mechanics:", *FORMAT_3_MECHANICS,
        "  guilds: {age: 3, count: 3, color: purple}", "  raise_per_unit: 1", "  pair_size: 2",
        "next_age:", "  chooser: weaker_military", "  tie: last_player"]
    assert [line for line in old if line.lstrip().startswith("#")] == [
        line for line in new if line.lstrip().startswith("#")]  # every comment kept
    assert all(p.read_bytes() == b for p, b in before.items() if p != game)
    assert sorted(p.name for p in game.parent.iterdir() if p.name.startswith(".")) == []
    assert runner.invoke(app, ["migrate", "--check"]).exit_code == 0
    validate = runner.invoke(app, ["validate"])
    assert validate.exit_code == 0 and "WS503" not in validate.stdout


def test_migrate_today_changes_nothing(duel_copy: Path) -> None:
    result = runner.invoke(app, ["migrate", str(duel_copy)])
    assert result.exit_code == 0 and result.stdout == ""
    assert "1 game(s) checked, 0 migrated" in result.stderr


def test_migrate_refuses_a_newer_format(duel_copy: Path) -> None:
    game = duel_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("format: 3", "format: 4"),
                    encoding="utf-8")
    result = runner.invoke(app, ["migrate", str(duel_copy)])
    assert result.exit_code == 2
    assert "WS501" in result.stderr and "not migrated" in result.stderr
    assert "format: 4" in game.read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["nowhere"], "no such file or folder: nowhere"),
    ([], "no game data under cards"),
])
def test_migrate_usage_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args,
                              message) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    result = runner.invoke(app, ["migrate", *args])
    assert result.exit_code == 2 and message in result.stderr


def test_validate_reads_an_old_format_with_a_warning(duel_copy: Path) -> None:
    game = duel_copy / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("format: 3\n", "")
                    .replace(", color: purple}", "}"), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(duel_copy), "--format", "json"])
    assert result.exit_code == 0, result.output
    codes = [(d["code"], d["severity"]) for d in json.loads(result.stdout)]
    assert ("WS503", "warning") in codes and all(s == "warning" for _, s in codes)


def test_round_trip_tree_moves_and_deletes_with_comments() -> None:
    def edit(tree: migrations.Tree) -> None:
        assert tree.move(("top", "old"), ("other", "moved"))
        assert tree.delete(("top", "keep"))
        assert not tree.move(("top", "nowhere"), ("other", "x"))

    assert _round_trip(SAMPLE, edit) == """\
# header
top: {}
  # about what follows top

other:
  list:
    - name: x
    - name: y
  moved: 1 # end of line
"""


def test_migrate_reports_a_broken_game_file(duel_copy: Path) -> None:
    game = duel_copy / "game.yaml"
    game.write_text("format: 1\nid: [duel\n", encoding="utf-8")
    result = runner.invoke(app, ["migrate", str(duel_copy)])
    assert result.exit_code == 2
    assert "WS101" in result.stderr and "not migrated" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert game.read_text(encoding="utf-8") == "format: 1\nid: [duel\n"
