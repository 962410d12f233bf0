"""`wondersmith build`, the main job: validate, compile, render, or stop and write nothing."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.ir.loader import load
from wondersmith.render.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


@pytest.fixture()
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def fake_card_files(game, lang: str, names, paper, bleed, font_base, pdf: Path,
                    *args, **kwargs) -> dict[Path, bytes]:
    """The cards' PDF, faked: tests/test_print_and_play.py reads real ones back, and fifteen
    of them would cost this test over 2 minutes of CPU (docs/ci.md)."""
    return {pdf: f"%PDF-fake cards of {game.id} in {lang}".encode()}


def test_build_writes_code_sheets_and_docs_for_every_language(project: Path,
                                                              monkeypatch) -> None:
    from wondersmith.render import cards

    monkeypatch.setattr(cards, "render_files", fake_card_files)
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 0, result.output
    assert (project / "generated" / "duel" / "buildings.py").is_file()
    assert (project / "generated" / "duel" / "ruleset.json").is_file()
    for lang in LANGUAGES:
        for path in (f"generated/sheets/duel-{lang}-a4.html",
                     f"generated/sheets/duel-{lang}-a4.pdf",
                     f"docs/rules/duel-{lang}.md"):
            assert (project / path).stat().st_size > 0, path
        for game in ("classic", "duel"):  # the print-and-play cards
            made = project / "generated" / "cards" / f"{game}-{lang}-a4.pdf"
            assert made.read_bytes() == f"%PDF-fake cards of {game} in {lang}".encode()
    # The same data gives the same bytes as the committed outputs.
    for name in ("buildings.py", "ruleset.json"):
        assert (project / "generated" / "duel" / name).read_bytes() == \
            (ROOT / "generated" / "duel" / name).read_bytes()
    # The report counts, per language, the names the sheets show in English: every card,
    # Wonder, token and board the locale file does not name.
    lines = result.output.splitlines()
    head = lines.index("untranslated names (shown in English on the sheets):")
    shown = {line.split(":")[0].strip(): line for line in lines[head + 1:head + 5]}
    assert sorted(shown) == [lang for lang in LANGUAGES if lang != "en"]
    games = sorted(p.parent.name for p in (ROOT / "cards").glob("*/game.yaml"))
    for lang, line in shown.items():
        per_game = {}
        for game in games:
            ids = {c.id for c in load(ROOT / "cards" / game).components()}
            names: set[str] = set()
            folder: str | None = game
            while folder:  # an extension's names add to those of the games it extends
                locale = ROOT / "cards" / folder / "locales" / f"{lang}.yaml"
                data = yaml.safe_load(locale.read_text(encoding="utf-8")) \
                    if locale.is_file() else {}
                names |= {k for k in (data.get("names") or {}) if k in ids}
                folder = yaml.safe_load((ROOT / "cards" / folder / "game.yaml").read_text(
                    encoding="utf-8")).get("extends")
            per_game[game] = (len(ids) - len(names), len(ids))
        missing = sum(m for m, _ in per_game.values())
        total = sum(n for _, n in per_game.values())
        assert line == (f"  {lang}: {missing} of {total} (" + ", ".join(
            f"{game} {m} of {n}" for game, (m, n) in per_game.items()) + ")")


def test_build_on_invalid_data_exits_1_and_writes_nothing(project: Path) -> None:
    age1 = project / "cards" / "duel" / "age1.yaml"
    age1.write_text(age1.read_text().replace("color: brown", "color: browne", 1))
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 1
    assert "WS205" in result.output and "did you mean 'brown'?" in result.output
    assert not (project / "generated").exists()
    assert not (project / "docs").exists()


@pytest.mark.parametrize("args, message", [
    (["build", "--format", "xml"], "unknown format 'xml'"),
    (["build", "--port", "8000"], "--port works with --watch only"),
    (["build", "--watch", "--port", "70000"], "--port"),
])
def test_build_usage_errors(project: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_build_outside_a_project_is_a_usage_error(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 2
    assert "no cards/ folder" in result.output
