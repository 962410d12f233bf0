"""Incremental builds: every output is rebuilt only when its inputs changed (content hashes in
generated/manifest.json), an edit touches few generated files, and the manifest is checked."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.build import run_build
from wondersmith.cli import app
from wondersmith.render import sheets

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
HTML = ("html",)  # PDFs take seconds each; the HTML has the same inputs plus none
GAMES = tuple(sorted(p.parent.name for p in (ROOT / "cards").glob("*/game.yaml")))  # cards/


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the data with the committed code, sheets, docs and manifest."""
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    shutil.copytree(ROOT / "generated", tmp_path / "generated",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "docs" / "rules", tmp_path / "docs" / "rules")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def changed(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    return {name for name in set(before) | set(after) if before.get(name) != after.get(name)}


def forbid_rendering(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args, **kwargs):
        raise AssertionError("rendered although nothing changed")
    for name in ("render_html", "render_pdf", "render_markdown"):
        monkeypatch.setattr(sheets, name, fail)


def test_the_committed_manifest_is_true() -> None:
    """Every output the repository's manifest names is the file recorded, and its inputs
    are today's: a build of this checkout has nothing to do (the print-and-play cards
    included)."""
    from wondersmith.codegen.outputs import compile_inputs
    from wondersmith.manifest import Manifest
    from wondersmith import render
    from wondersmith.render.i18n import LANGUAGES

    manifest = Manifest(ROOT)
    fix = "run `wondersmith build` and commit generated/ and docs/rules/"
    assert manifest.false_claims() == [], fix
    for game in GAMES:
        folder = ROOT / "cards" / game
        assert manifest.current(ROOT / "generated" / game, compile_inputs(folder)), fix
        every = render.steps(game, folder, LANGUAGES, ("html", "pdf"), "a4",
                             ROOT / "generated" / "sheets", ROOT / "docs" / "rules")
        assert render.pending(every, manifest) == [], fix
        cards = render.card_steps(game, folder, LANGUAGES, "a4", ROOT / "generated" / "cards")
        assert render.pending(cards, manifest) == [], fix


def test_a_build_with_nothing_changed_writes_and_renders_nothing(project: Path,
                                                                 monkeypatch) -> None:
    first = run_build(Path("cards"), formats=HTML)  # the HTML links fonts from this folder
    assert first.ok, first.diagnostics
    before = snapshot(project)
    forbid_rendering(monkeypatch)
    report = run_build(Path("cards"), formats=HTML)
    assert report.ok and report.written == [] and report.compiled == []
    # per game: the package, then html and md per language
    assert len(report.unchanged) == len(GAMES) * (1 + 5 * 2)
    assert snapshot(project) == before


def test_touching_files_rebuilds_nothing(project: Path, monkeypatch) -> None:
    run_build(Path("cards"), formats=HTML)
    for path in (project / "cards").rglob("*.yaml"):
        os.utime(path, (1, 1))
    forbid_rendering(monkeypatch)
    assert run_build(Path("cards"), formats=HTML).written == []


@pytest.mark.parametrize("file, old, new, module", [
    ("age1.yaml", "effects: [shields: 1]", "effects: [shields: 2]", "buildings.py"),
    ("wonders.yaml", "id: the_colossus", "id: the_colossus  # a comment", None),
    ("tokens.yaml", "points: 7", "points: 8", "tokens.py"),
])
def test_editing_one_card_changes_at_most_three_generated_files(
        project: Path, file: str, old: str, new: str, module: str | None) -> None:
    before = snapshot(project / "generated")
    path = project / "cards" / "duel" / file
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    assert runner.invoke(app, ["compile"]).exit_code == 0
    touched = changed(before, snapshot(project / "generated"))
    # The data's hash is in ruleset.json alone; the manifest records the new inputs. A game
    # extending Duel (cards/agora) holds the edited card too: its package changes alike.
    games = ["duel", *(g for g in GAMES if g != "duel" and "extends: duel" in
                       (project / "cards" / g / "game.yaml").read_text())]
    expected = {"manifest.json"} | {f"{g}/{name}" for g in games
                                    for name in ("ruleset.json", *([module] if module else []))}
    assert touched == expected
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0


def test_a_locale_edit_rerenders_only_that_language(project: Path) -> None:
    """Only that language, of that game and of Agora, which extends it and takes its names."""
    run_build(Path("cards"), formats=HTML)
    fr = project / "cards" / "duel" / "locales" / "fr.yaml"
    fr.write_text(fr.read_text().replace("Le Colosse", "Le Grand Colosse", 1))
    report = run_build(Path("cards"), formats=HTML)
    assert sorted(p.name for p in report.written) == [
        "agora-fr-a4.html", "agora-fr.md", "duel-fr-a4.html", "duel-fr.md"]
    for game in ("agora", "duel"):
        assert "Le Grand Colosse" in (project / f"generated/sheets/{game}-fr-a4.html").read_text()


def test_a_hand_edited_or_deleted_output_is_rebuilt(project: Path) -> None:
    run_build(Path("cards"), formats=HTML)
    doc = project / "docs" / "rules" / "duel-en.md"
    good = doc.read_bytes()
    doc.write_text("edited by hand\n")
    (project / "generated" / "duel" / "tokens.py").unlink()
    report = run_build(Path("cards"), formats=HTML)
    assert doc.read_bytes() == good
    assert (project / "generated" / "duel" / "tokens.py").is_file()
    assert {p.name for p in report.written} == {"duel-en.md", "tokens.py"}


def test_check_does_not_trust_the_manifest(project: Path) -> None:
    manifest_path = project / "generated" / "manifest.json"
    data = json.loads(manifest_path.read_text())
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0
    # A claim about the package that is not true: recorded from other inputs.
    lie = json.loads(json.dumps(data))
    lie["outputs"]["generated/duel"]["inputs"] = "0" * 64
    manifest_path.write_text(json.dumps(lie))
    result = runner.invoke(app, ["compile", "--check"])
    assert result.exit_code == 1
    assert "manifest: generated/duel is recorded from other inputs" in result.output
    # A sheet that is not the file the manifest names.
    manifest_path.write_text(json.dumps(data))
    sheet = project / "generated" / "sheets" / "duel-en-a4.html"
    sheet.write_text(sheet.read_text().replace("<body", "<body data-x", 1))
    result = runner.invoke(app, ["compile", "--check"])
    assert result.exit_code == 1
    assert "manifest does not match the file: generated/sheets/duel-en-a4.html" in result.output


def test_a_corrupt_manifest_means_a_full_rebuild_not_a_crash(project: Path) -> None:
    (project / "generated" / "manifest.json").write_text("{not json")
    report = run_build(Path("cards"), formats=HTML, langs=("en",))
    assert report.ok
    assert json.loads((project / "generated" / "manifest.json").read_text())["format"] == 1


def test_letter_sheets_do_not_overwrite_the_a4_ones(project: Path) -> None:
    a4 = (project / "generated" / "sheets" / "duel-en-a4.html").read_bytes()
    result = runner.invoke(app, ["sheets", "--lang", "en", "--format", "html",
                                 "--paper", "letter"])
    assert result.exit_code == 0, result.output
    letter = (project / "generated" / "sheets" / "duel-en-letter.html").read_text()
    assert "size: letter;" in letter
    assert (project / "generated" / "sheets" / "duel-en-a4.html").read_bytes() == a4


def test_sheets_shows_one_progress_step_per_language_and_format(project: Path) -> None:
    for lang in ("en", "fr"):
        (project / "docs" / "rules" / f"duel-{lang}.md").unlink()
    result = runner.invoke(app, ["sheets", "--lang", "en,fr", "--format", "html"])
    assert result.exit_code == 0, result.output
    steps = [line for line in result.output.splitlines() if line.startswith("rendering ")]
    # The HTML links the fonts by a path relative to where it is written: in this copy of the
    # project every sheet is rendered again; of the docs, only the two deleted.
    wanted = [f"{game} {lang} {kind}" for game in GAMES for lang in ("en", "fr")
              for kind in (("html", "md") if game == "duel" else ("html",))]
    assert steps == [f"rendering {step} ({i}/{len(wanted)})" for i, step in enumerate(wanted, 1)]
    again = runner.invoke(app, ["sheets", "--lang", "en,fr", "--format", "html"])
    assert f"0 file(s) written, {2 * 2 * len(GAMES)} up to date" in again.output  # html, md


def test_build_on_invalid_data_leaves_every_output_as_it_was(project: Path) -> None:
    before = snapshot(project / "generated")
    tokens = project / "cards" / "duel" / "tokens.yaml"
    tokens.write_text(tokens.read_text().replace("points: 7", "points: seven"))
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 1 and "WS204" in result.output
    assert snapshot(project / "generated") == before
