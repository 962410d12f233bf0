"""Reference sheets: HTML snapshots per language, PDF text and fonts, layout, determinism, CLI.

The five PDFs are rendered once per session (about 3 s each). The HTML snapshots are the
committed sheets in generated/sheets/: to accept a deliberate change, run `wondersmith build`
and review the diff of generated/sheets/ and docs/rules/.
"""
from __future__ import annotations

import dataclasses
import io
import re
import time
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.ir.loader import load
from wondersmith.validate.locales import load_names
from wondersmith.render import render_game, sheets
from wondersmith.render.i18n import LANGUAGES

from conftest import DUEL, ROOT

SHEETS_OUT = ROOT / "generated" / "sheets"  # the committed sheets are the snapshots
CLASSIC = ROOT / "cards" / "classic"
GAMES = {"duel": DUEL, "classic": CLASSIC}


@pytest.fixture(scope="session")
def game():
    return load(DUEL)


@pytest.fixture(scope="session")
def rendered(game, tmp_path_factory):
    """Every language rendered once: {lang: (html, pdf bytes, seconds)}."""
    out = tmp_path_factory.mktemp("sheets")
    result = {}
    for lang in LANGUAGES:
        start = time.perf_counter()
        render_game(game, DUEL, (lang,), ("html", "pdf"), "a4", out, None)
        result[lang] = ((out / f"duel-{lang}-a4.html").read_text(encoding="utf-8"),
                        (out / f"duel-{lang}-a4.pdf").read_bytes(),
                        time.perf_counter() - start)
    return result


def _names(game, lang: str) -> list[str]:
    names = load_names(DUEL, lang)
    return [names.get(c.id, c.name) for c in (*game.buildings, *game.wonders, *game.tokens)]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text))


@pytest.fixture(scope="session")
def classic():
    return load(CLASSIC)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_html_snapshot(game_id: str, lang: str) -> None:
    """The committed sheet and rules reference match a fresh render of the data."""
    folder = GAMES[game_id]
    names = load_names(folder, lang)
    data = load(folder)
    html = sheets.render_html(data, lang, names, "a4", sheets.font_base_for(SHEETS_OUT))
    assert (SHEETS_OUT / f"{game_id}-{lang}-a4.html").read_text(encoding="utf-8") == html, (
        f"{game_id}-{lang}-a4.html differs: run `wondersmith build` and review the diff")
    md = sheets.render_markdown(data, lang, names)
    assert (ROOT / "docs" / "rules" / f"{game_id}-{lang}.md").read_text(encoding="utf-8") == md


@pytest.fixture(scope="session")
def classic_pdf(classic) -> bytes:
    """The Vietnamese classic sheet as PDF, rendered as `wondersmith build` renders it."""
    html = sheets.render_html(classic, "vi", load_names(CLASSIC, "vi"), "a4",
                              sheets.font_base_for(SHEETS_OUT))
    return sheets.render_pdf(html, (SHEETS_OUT / "classic-vi-a4.html").as_uri())


def test_classic_pdf_is_the_committed_one_byte_for_byte(classic_pdf: bytes) -> None:
    assert (SHEETS_OUT / "classic-vi-a4.pdf").read_bytes() == classic_pdf, (
        "classic-vi-a4.pdf differs from a fresh render: run `wondersmith build`")


def test_the_pdf_does_not_depend_on_the_system_s_harfbuzz_subset(
        classic, classic_pdf: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without libharfbuzz-subset (a machine without Chromium's libraries) WeasyPrint subsets
    fonts with fontTools, into other bytes: the sheets embed their fonts whole instead, so
    the committed PDFs are what any machine renders."""
    from weasyprint.pdf import fonts

    monkeypatch.setattr(fonts, "harfbuzz_subset", None)
    html = sheets.render_html(classic, "vi", load_names(CLASSIC, "vi"), "a4",
                              sheets.font_base_for(SHEETS_OUT))
    assert sheets.render_pdf(html, (SHEETS_OUT / "classic-vi-a4.html").as_uri()) == classic_pdf


def test_classic_pdf_text_has_every_card_board_and_the_pad(classic, classic_pdf) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(classic_pdf))
    text = _norm(" ".join(page.extract_text() for page in reader.pages))
    names = load_names(CLASSIC, "vi")
    missing = [n for n in (names.get(c.id, c.name) for c in classic.components())
               if _norm(n) not in text]
    assert missing == []
    for word in ("Bảng Kỳ quan", "Mặt A", "Mặt B", "Bảng tính điểm cho 7 người chơi",
                 "Người chơi 7", "Token Chiến thắng", "Hai người chơi", "Thành phố Tự do"):
        assert word in text, word
    families = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            families.add(str(font.get_object()["/BaseFont"]).split("+", 1)[1])
    assert families and all(f.startswith("Noto-Sans-WS") for f in families), families


def test_classic_text_stays_in_its_boxes(classic) -> None:
    html = sheets.render_html(classic, "vi", load_names(CLASSIC, "vi"), "a4",
                              sheets.font_base_for(SHEETS_OUT))
    problems, seen = _layout_problems(html)
    assert problems == []
    assert len(seen) == len(classic.buildings) + len(classic.boards)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pdf_text_has_every_name(game, rendered, lang: str) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(rendered[lang][1]))
    text = _norm(" ".join(page.extract_text() for page in reader.pages))
    missing = [n for n in _names(game, lang) if _norm(n) not in text]
    assert missing == []
    assert len(reader.pages) >= 8


def test_vietnamese_pdf_keeps_its_diacritics(rendered) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(rendered["vi"][1]))
    text = _norm(" ".join(page.extract_text() for page in reader.pages))
    for word in ("Kim tự tháp", "Thời kỳ", "điểm chiến thắng", "Tòa nhà khoa học",
                 "Đền thờ Artemis", "Bảng tra cứu"):
        assert word in text, word


@pytest.mark.parametrize("lang", ["vi", "fr"])
def test_pdf_embeds_only_the_shipped_fonts(rendered, lang: str) -> None:
    from pypdf import PdfReader

    families = set()
    for page in PdfReader(io.BytesIO(rendered[lang][1])).pages:
        for font in page["/Resources"]["/Font"].values():
            families.add(str(font.get_object()["/BaseFont"]).split("+", 1)[1])
    assert families and all(f.startswith("Noto-Sans-WS") for f in families), families


def test_pdf_is_byte_identical_across_runs(game, rendered, tmp_path: Path) -> None:
    render_game(game, DUEL, ("vi",), ("pdf",), "a4", tmp_path, None)
    # the same relative font path as the session render: same depth under /tmp
    html = sheets.render_html(game, "vi", load_names(DUEL, "vi"), "a4",
                              sheets.font_base_for(tmp_path))
    again = sheets.render_pdf(html, (tmp_path / "duel-vi-a4.html").as_uri())
    assert (tmp_path / "duel-vi-a4.pdf").read_bytes() == again


def _layout_problems(html: str) -> tuple[list[str], dict[str, int]]:
    """Walk WeasyPrint's layout tree: every line of a card stays inside the card's border box,
    every card inside the page's content area, and each card on one page only."""
    from weasyprint.formatting_structure import boxes

    document = sheets.render_document(html, (SHEETS_OUT / "x.html").as_uri())
    seen: dict[str, int] = {}
    problems: list[str] = []

    def walk(box, card, page_no, page_box):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if isinstance(box, (boxes.BlockBox, boxes.InlineBlockBox)) \
                and ("card" in classes or "board" in classes) and box.element_tag == "article":
            card_id = element.get("id")
            if card_id in seen and seen[card_id] != page_no:
                problems.append(f"{card_id} split across pages")
            seen[card_id] = page_no
            card = box
            if box.position_y + box.margin_height() > \
                    page_box.content_box_y() + page_box.height + 0.5:
                problems.append(f"{card_id} runs past the page")
        if card is not None and isinstance(box, (boxes.TextBox, boxes.LineBox)):
            left, top = card.border_box_x(), card.border_box_y()
            if box.position_x < left - 0.5 \
                    or box.position_x + box.width > left + card.border_width() + 0.5 \
                    or box.position_y + box.height > top + card.border_height() + 0.5:
                problems.append(f"text {getattr(box, 'text', '')!r} overflows "
                                f"{card.element.get('id')}")
        for child in getattr(box, "children", ()):
            walk(child, card, page_no, page_box)

    for number, page in enumerate(document.pages):
        walk(page._page_box, None, number, page._page_box)
    return problems, seen


@pytest.mark.parametrize("lang", ["vi", "pt"])  # the longest texts
def test_no_text_overflows_its_box_and_no_card_is_split(game, lang: str) -> None:
    html = sheets.render_html(game, lang, load_names(DUEL, lang), "a4",
                              sheets.font_base_for(SHEETS_OUT))
    problems, seen = _layout_problems(html)
    assert problems == []
    assert len(seen) == len(game.buildings) + len(game.wonders) + len(game.tokens)


def test_the_layout_check_catches_an_overflow(game) -> None:
    tavern = next(b for b in game.buildings if b.id == "tavern")
    wide = dataclasses.replace(tavern, name="W" * 90)  # one word wider than any card
    patched = dataclasses.replace(game, buildings=tuple(
        wide if b.id == "tavern" else b for b in game.buildings))
    html = sheets.render_html(patched, "en", {}, "a4", sheets.font_base_for(SHEETS_OUT))
    problems, _ = _layout_problems(html.replace("overflow-wrap: break-word;", ""))
    assert any("overflows building-tavern" in p for p in problems), problems


def test_every_icon_is_well_formed_svg() -> None:
    import xml.dom.minidom
    for path in sorted(sheets.ICONS_DIR.glob("*.svg")):
        root = xml.dom.minidom.parse(str(path)).documentElement
        assert root.tagName == "svg" and root.getAttribute("viewBox") == "0 0 24 24", path.name
    needed = {"coin", "shield", "points", *("sci_" + s for s in ("armillary_sphere", "wheel",
              "sundial", "mortar", "plumb_level", "quill", "law"))}
    assert needed <= set(sheets.icon_names())


def test_card_text_with_markup_renders_as_text(game) -> None:
    tavern = next(b for b in game.buildings if b.id == "tavern")
    evil = dataclasses.replace(tavern, name='<b onclick="x()">Bold</b> & <script>1</script>')
    patched = dataclasses.replace(game, buildings=tuple(
        evil if b.id == "tavern" else b for b in game.buildings))
    html = sheets.render_html(patched, "en", {}, "a4")
    assert "&lt;b onclick=&#34;x()&#34;&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;1&lt;/script&gt;" in html
    assert "<script>" not in html and "<b onclick" not in html
    html_fr = sheets.render_html(game, "fr", {"tavern": "<i>Taverne</i>"}, "a4")
    assert "&lt;i&gt;Taverne&lt;/i&gt;" in html_fr and "<i>Taverne" not in html_fr
    md = sheets.render_markdown(patched, "en", {})
    assert "\\<b onclick" in md and "<script>" not in md


def test_fallback_is_marked(game) -> None:
    html = sheets.render_html(game, "it", load_names(DUEL, "it"), "a4")
    assert re.search(r'<span class="untranslated" lang="en">Lumber Yard</span>'
                     r'<sup class="untranslated-mark">EN</sup>', html)
    fr = sheets.render_html(game, "fr", load_names(DUEL, "fr"), "a4")
    assert 'class="untranslated"' not in fr.split("</style>", 1)[1].replace(
        '<p class="legend"><span class="untranslated">EN</span>', "")
    assert "Le Colosse" in fr and "Prenez 12 pièces à la banque" in fr


def test_sheets_for_print_show_english_fallbacks_unmarked(game) -> None:
    """`fallback_marks=False` (`sheets --no-fallback-marks`): no red EN mark, no legend; the
    English text is still tagged as English for screen readers and hyphenation."""
    names = load_names(DUEL, "it")
    marked = sheets.render_html(game, "it", names, "a4")
    plain = sheets.render_html(game, "it", names, "a4", fallback_marks=False)
    body = plain.split("</style>", 1)[1]
    assert 'class="untranslated' not in body and 'class="legend"' not in body
    assert "Lumber Yard" in body and '<span lang="en">Lumber Yard</span>' in body
    assert '<sup class="untranslated-mark">EN</sup>' in marked.split("</style>", 1)[1]
    # Only the marks differ: translated text is the same in both.
    assert re.sub(r'<sup class="untranslated-mark">EN</sup>|<p class="legend">.*?</p>|'
                  r' class="untranslated"', "", marked) == plain


def test_the_html_keeps_a_margin_on_screen_and_print_is_unchanged(game, tmp_path) -> None:
    """On screen the body keeps a margin (`@media screen`); WeasyPrint lays out for print,
    so the PDF is the same bytes with or without that rule."""
    html = sheets.render_html(game, "en", {}, "a4", sheets.font_base_for(SHEETS_OUT))
    screen = re.search(r"@media screen \{ body \{([^}]*)\} \}", html)
    assert screen, "no @media screen rule for the body"
    margin = re.search(r"margin: ([^;]+);", screen.group(1)).group(1)
    assert margin.split()[0] not in ("0", "0mm") and "padding" in screen.group(1)
    assert re.search(r"^body \{ margin: 0; \}$", html, re.M)  # print: the @page margins only
    base = (SHEETS_OUT / "duel-en-a4.html").resolve().as_uri()
    without = html.replace(screen.group(0), "")
    assert sheets.render_pdf(html, base) == sheets.render_pdf(without, base)


def test_a_data_change_reaches_every_language(game) -> None:
    pyramids = next(w for w in game.wonders if w.id == "the_pyramids")
    from wondersmith.dsl import vocabulary as v
    changed = dataclasses.replace(pyramids, effects=(v.Points(v.Amount(11)),))
    patched = dataclasses.replace(game, wonders=tuple(
        changed if w.id == "the_pyramids" else w for w in game.wonders))
    expected = {"en": "11 victory points", "fr": "11 points de victoire",
                "it": "11 punti vittoria", "pt": "11 pontos de vitória",
                "vi": "11 điểm chiến thắng"}
    for lang, text in expected.items():
        assert text in sheets.render_html(patched, lang, load_names(DUEL, lang), "a4")


def test_letter_paper(game) -> None:
    assert "size: letter;" in sheets.render_html(game, "en", {}, "letter")
    assert "size: A4;" in sheets.render_html(game, "en", {}, "a4")


@pytest.mark.parametrize("args,message", [
    (["--lang", "xx"], "unknown language 'xx'"),
    (["--paper", "a3"], "unknown paper size 'a3'"),
    (["--format", "docx"], "unknown format 'docx'"),
    (["--format", ""], "unknown format"),
    (["no/such/folder"], "no such file or folder"),
])
def test_bad_options_exit_2_without_traceback(args: list[str], message: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["sheets", *args])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_renders_html_and_markdown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, ["sheets", "--lang", "fr,vi", "--format", "html",
                                      "--out", str(tmp_path / "s"), "--docs", str(tmp_path / "d")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        "agora-fr-a4.html", "agora-vi-a4.html", "classic-fr-a4.html", "classic-vi-a4.html",
        "duel-fr-a4.html", "duel-vi-a4.html"]
    md = (tmp_path / "d" / "duel-vi.md").read_text(encoding="utf-8")
    assert "Kim tự tháp" in md and "Tóm tắt luật chơi" in md
    assert (tmp_path / "d" / "duel-vi.md").read_bytes() == (ROOT / "docs" / "rules" /
                                                            "duel-vi.md").read_bytes()
    assert (tmp_path / "d" / "classic-fr.md").read_bytes() == (ROOT / "docs" / "rules" /
                                                               "classic-fr.md").read_bytes()


def test_cli_no_fallback_marks_renders_sheets_for_print(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`sheets --no-fallback-marks`: sheets without the marks; the rules docs keep theirs; the
    option is an input of the sheets, so a later run with marks renders them again."""
    import shutil
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    args = ["sheets", "cards/duel", "--lang", "it", "--format", "html", "--out", "s",
            "--docs", "d"]
    result = CliRunner().invoke(app, [*args, "--no-fallback-marks"])
    assert result.exit_code == 0, result.output
    sheet = (tmp_path / "s" / "duel-it-a4.html").read_text(encoding="utf-8")
    assert "untranslated-mark\">EN" not in sheet and 'class="legend"' not in sheet
    assert (tmp_path / "d" / "duel-it.md").read_bytes() == \
        (ROOT / "docs" / "rules" / "duel-it.md").read_bytes()
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0 and "written: s/duel-it-a4.html" in again.output
    assert (tmp_path / "s" / "duel-it-a4.html").read_text(encoding="utf-8") == \
        sheets.render_html(load(DUEL), "it", load_names(DUEL, "it"), "a4",
                           sheets.font_base_for(tmp_path / "s"))


def test_rules_summary_gives_each_player_the_wonders_the_draft_deals() -> None:
    import yaml

    draft = yaml.safe_load((DUEL / "game.yaml").read_text())["setup"]["wonder_draft"]
    per_player = sum(round_.count("first") for round_ in draft)
    text = (ROOT / "docs" / "rules" / "duel-en.md").read_text(encoding="utf-8")
    assert f"Each player has {per_player} Wonders." in text
