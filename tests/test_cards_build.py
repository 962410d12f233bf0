"""Print-and-play cards in the build: `wondersmith build` (and `wondersmith cards`) render a
game's card PDFs only when their inputs changed, record them in the manifest, and
`compile --check` holds them to it, as it does the sheets.

PDF rendering is replaced by a fake that hashes the HTML the PDF would be made from (the
layout's every input reaches that HTML), so these tests prove what is rebuilt, not WeasyPrint;
tests/test_print_and_play.py reads real PDFs back.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith import render
from wondersmith.build import run_build
from wondersmith.cli import app
from wondersmith.render import cards, sheets
from wondersmith.render.i18n import LANGUAGES

from conftest import ROOT
from test_incremental import project as committed_project  # noqa: F401 (a fixture)

runner = CliRunner()
GAMES = ("agora", "classic", "duel")
LANGS = ("en", "fr")  # enough to tell one language from another, and quicker than five


def card_pdfs(games=GAMES, langs=LANGS) -> set[str]:
    return {f"generated/cards/{game}-{lang}-a4.pdf" for game in games for lang in langs}


def fake_pdf(html: str, base_url: str) -> bytes:
    return b"%PDF-fake " + hashlib.sha256(html.encode("utf-8")).hexdigest().encode()


def fake_card_files(game, lang, names, paper, bleed, font_base, pdf, cut_lines=False,
                    folder=None, formats=("pdf",)) -> dict[Path, bytes]:
    """`cards.render_files`, the PDF faked from the cards' HTML (laid out for real)."""
    html = cards.render_html(game, lang, names, paper, bleed, font_base, cut_lines, folder)
    return {pdf: fake_pdf(html, "")}


@pytest.fixture()
def project(committed_project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the data and of the committed outputs, PDFs rendered by `fake_pdf`."""
    monkeypatch.setattr(sheets, "render_pdf", fake_pdf)
    monkeypatch.setattr(cards, "render_files", fake_card_files)
    return committed_project


def built(project: Path, langs: tuple[str, ...] = LANGS) -> set[str]:
    """Build; the outputs written, relative to the project."""
    report = run_build(Path("cards"), langs=langs)
    assert report.ok, (report.diagnostics, report.errors)
    return {p.resolve().relative_to(project.resolve()).as_posix() for p in report.written}


def cards_written(project: Path, langs: tuple[str, ...] = LANGS) -> set[str]:
    return {p for p in built(project, langs) if p.startswith("generated/cards/")}


def count_card_renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The languages the card layout is rendered in from now on."""
    seen: list[str] = []
    real = cards.render_html

    def counted(game, lang, *args, **kwargs):
        seen.append(f"{game.id}-{lang}")
        return real(game, lang, *args, **kwargs)
    monkeypatch.setattr(cards, "render_html", counted)
    return seen


def test_build_makes_the_cards_of_every_game_in_every_language_once(project: Path,
                                                                    monkeypatch) -> None:
    # In this copy the fonts' relative path differs from the repository's: all is redone.
    every = card_pdfs(langs=LANGUAGES)
    assert cards_written(project, LANGUAGES) == every
    for name in every:
        assert (project / name).read_bytes().startswith(b"%PDF-fake ")
    assert not list((project / "generated" / "cards").glob(".*"))  # no temporary file left
    # Built again with nothing changed: nothing rendered, nothing written.
    before = {p: p.read_bytes() for p in (project / "generated").rglob("*") if p.is_file()}
    renders = count_card_renders(monkeypatch)
    report = run_build(Path("cards"))
    assert report.written == [] and renders == []
    assert {p.as_posix() for p in report.unchanged} >= every
    assert {p: p.read_bytes() for p in (project / "generated").rglob("*") if p.is_file()} \
        == before
    # compile --check holds the cards to the manifest, as it does the sheets.
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0
    pdf = project / "generated" / "cards" / "duel-en-a4.pdf"
    pdf.write_bytes(pdf.read_bytes() + b"%edited\n")
    result = runner.invoke(app, ["compile", "--check"])
    assert result.exit_code == 1
    assert "manifest does not match the file: generated/cards/duel-en-a4.pdf" in result.output
    # An absent print claims nothing, as an absent sheet: a project may not commit them.
    pdf.unlink()
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0


def test_a_build_renders_again_only_the_cards_whose_inputs_changed(project: Path,
                                                                   monkeypatch) -> None:
    built(project)
    renders = count_card_renders(monkeypatch)
    # A names file: that language of that game and of Agora, which extends it.
    fr = project / "cards" / "duel" / "locales" / "fr.yaml"
    fr.write_text(fr.read_text().replace("Le Colosse", "Le Grand Colosse", 1))
    assert cards_written(project) == {"generated/cards/duel-fr-a4.pdf",
                                      "generated/cards/agora-fr-a4.pdf"}
    assert sorted(renders) == ["agora-fr", "duel-fr"]
    # A card: every language of that game and of Agora, classic's cards left alone.
    age1 = project / "cards" / "duel" / "age1.yaml"
    age1.write_text(age1.read_text().replace("effects: [shields: 1]", "effects: [shields: 2]",
                                             1))
    assert cards_written(project) == card_pdfs(["agora", "duel"])
    assert sorted(renders[2:]) == sorted(f"{g}-{lang}" for g in ("agora", "duel")
                                         for lang in LANGS)
    # The game's own card template: its cards, not its sheets.
    own = project / "cards" / "duel" / "templates"
    own.mkdir()
    (own / "cards.html.j2").write_text("<p>{{ title }}</p>\n", encoding="utf-8")
    assert built(project) == card_pdfs(["duel"])
    # Any file beside it may be included: a new one renders the cards again (here to the
    # same bytes, so nothing is written).
    del renders[:]
    (own / "part.html").write_text("<i>a file the template may include</i>\n")
    assert cards_written(project) == set()
    assert sorted(renders) == sorted(f"duel-{lang}" for lang in LANGS)


def test_the_card_inputs_are_the_layouts_code_template_icons_fonts_and_data(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to any of these rebuilds the cards: each is hashed into their inputs."""
    seen: dict[str, object] = {}

    def record(files, **options):
        seen.update(files=set(files), options=options)
        return "digest"
    monkeypatch.setattr(render, "inputs_digest", record)
    folder = ROOT / "cards" / "duel"
    render.card_inputs(folder, "fr", "a4", ROOT / "generated" / "cards", bleed=False)
    files = seen["files"]
    for label in ("wondersmith/render/cards.py", "wondersmith/render/sheets.py",
                  "wondersmith/render/templates/cards.html.j2",
                  "wondersmith/render/fonts/NotoSans-Regular.ttf", "game/game.yaml",
                  "game/age1.yaml", "game/names", "wondersmith/render/catalog"):
        assert label in files, label
    assert any(label.startswith("wondersmith/render/icons/") for label in files)
    assert seen["options"] == {"output": "cards", "lang": "fr", "paper": "a4", "bleed": "off",
                               "cut_lines": "off", "fonts": "../../compiler/render/fonts/",
                               "formats": "pdf"}


def test_a_games_template_link_out_of_its_folder_or_pipe_is_never_read(
        duel_copy: Path) -> None:
    import os

    own = duel_copy / "templates"
    own.mkdir()
    (own / "cards.html.j2").write_text("<p></p>\n")
    (own / "secret").symlink_to("/etc/passwd")
    os.mkfifo(own / "pipe")  # reading it would wait for ever
    labels = set(render._own_templates(own))
    assert labels == {"game/templates/cards.html.j2"}


def test_the_cards_command_skips_what_the_build_made(project: Path, monkeypatch) -> None:
    built(project)
    renders = count_card_renders(monkeypatch)
    result = runner.invoke(app, ["cards", "--lang", ",".join(LANGS)])
    assert result.exit_code == 0, result.output
    assert f"0 file(s) written, {len(card_pdfs())} up to date" in result.output
    assert renders == []
    # Options the build does not use are outputs of their own, rendered once, then current.
    result = runner.invoke(app, ["cards", "--lang", "en", "--no-bleed"])
    assert "3 file(s) written, 0 up to date" in result.output
    assert sorted(renders) == ["agora-en", "classic-en", "duel-en"]
    result = runner.invoke(app, ["cards", "--lang", "en", "--no-bleed"])
    assert "0 file(s) written, 3 up to date" in result.output and len(renders) == 3


def test_a_failing_card_template_stops_the_build_in_one_line(project: Path) -> None:
    own = project / "cards" / "duel" / "templates"
    own.mkdir()
    (own / "cards.html.j2").write_text("<p>\n{{ no_such_value }}\n</p>\n")
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "wondersmith: cards not rendered: duel: cards/duel/templates/cards.html.j2:2: " \
        "UndefinedError" in result.output
    assert "build stopped: see the problems above" in result.output
    assert (project / "generated" / "cards" / "classic-en-a4.pdf").is_file()
