"""Print-and-play beyond the card grid: boards over pages, and SVG and PNG pages.

The board's pieces are read back from the PDF (each window is a named destination at its
top-left, `piece-<board>-N`, and its bottom-right, `...-end`); the SVG and PNG pages are
written by the command and read back as files.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.render import board_pages, cards, track
from wondersmith.render.i18n import Text, translator

from conftest import DUEL, ROOT
from test_print_and_play import PT, boxes, game, marks, pdf, reader

MARGIN = cards.EDGE + cards.MARK_LENGTH + cards.MARK_GAP


def duel_track() -> board_pages.Board:
    return cards.print_boards(game("duel"), translator("en"))[0]


def covered(pieces: list[board_pages.Piece], x: float, y: float) -> list[int]:
    return [p.number for p in pieces
            if p.x - 1e-6 <= x <= p.x + p.width + 1e-6 and p.y - 1e-6 <= y <= p.y + p.height + 1e-6]


# The board over pages -----------------------------------------------------------------------


def test_the_track_is_drawn_from_its_config() -> None:
    """One space per position from capital to capital, each zone's points, and a token
    space under each looting zone on both sides: the numbers of game.yaml's military
    record, none of them in the code."""
    config = track.config(game("duel"))
    board = duel_track()
    spaces = [a for a in board.areas if a.kind in ("space", "capital")]
    assert len(spaces) == 2 * config.supremacy_at + 1
    assert [a.kind for a in spaces].count("capital") == 2
    tokens = [a for a in board.areas if a.kind == "token-space"]
    assert sorted(a.lines[0] for a in tokens) == sorted(
        f"Opponent loses: {z.loot} coins" for z in config.zones if z.loot for _ in (0, 1))
    token = cards.card_size(game("duel"), "military")
    for area in tokens:  # a printed military token fits its space, inside the board
        assert (area.width, area.height) == (token.width, token.height)
        assert 0 <= area.x and area.x + area.width <= board.width
        assert area.y + area.height <= board.height
    assert board.width == pytest.approx(2 * track.BORDER + len(spaces) * spaces[0].width)


def test_a_longer_track_makes_a_longer_board(duel_copy: Path) -> None:
    from wondersmith.ir.loader import load

    game_yaml = duel_copy / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(
        "supremacy_at: 9", "supremacy_at: 12").replace(
        "{from: 6, to: 8, points: 10, loot: 5}", "{from: 6, to: 11, points: 10, loot: 5}"),
        encoding="utf-8")
    longer = cards.print_boards(load(duel_copy), translator("en"))[0]
    assert len([a for a in longer.areas if a.kind == "space"]) == 2 * 12 - 1
    assert longer.width > duel_track().width


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(390.0, 125.0), (150.0, 100.0), (700.0, 420.0)])
def test_pieces_tile_the_whole_board_with_glue_overlaps(paper: str,
                                                        size: tuple[float, float]) -> None:
    board = board_pages.Board("test", Text("Test"), *size)
    sheet = cards.PAPER_MM[paper]
    pieces = board_pages.pieces(board, sheet, MARGIN)
    for p in pieces:  # each window on its page, clear of the margin and the label
        assert MARGIN - 1e-6 <= p.page_x and p.page_x + p.width <= p.paper[0] - MARGIN + 1e-6
        assert MARGIN + board_pages.LABEL - 1e-6 <= p.page_y
        assert p.page_y + p.height <= p.paper[1] - MARGIN + 1e-6
        assert sorted(p.paper) == sorted(sheet)
    step = 1.0  # every point of the board lies on a piece
    for i in range(int(size[0] / step) + 1):
        for j in range(int(size[1] / step) + 1):
            assert covered(pieces, min(i * step, size[0]), min(j * step, size[1]))
    for a in pieces:  # neighbours overlap by exactly the glue strip, and that strip is marked
        for b in pieces:
            if b.row == a.row and b.column == a.column + 1:
                assert a.x + a.width - b.x == pytest.approx(board_pages.GLUE)
                assert b.glue_left and not pieces[0].glue_left
            if b.column == a.column and b.row == a.row + 1:
                assert a.y + a.height - b.y == pytest.approx(board_pages.GLUE)
                assert b.glue_top
    if size == (150.0, 100.0):
        assert len(pieces) == 1  # fits one page: not cut


def test_the_fewer_pages_orientation_is_chosen() -> None:
    pieces = board_pages.pieces(duel_track(), cards.PAPER_MM["a4"], MARGIN)
    assert len(pieces) == 2 and pieces[0].paper == (297.0, 210.0)


def test_a_paper_too_small_for_a_piece_is_refused() -> None:
    with pytest.raises(cards.LayoutError, match="glue strip"):
        cards.board_layout([duel_track()], (30.0, 30.0))


def test_the_pdf_holds_the_pieces_at_their_size_with_crop_marks() -> None:
    """Read back: each piece on a page of its own lying down, its window at the size the
    tiling gave it, crop marks on its four edges, a blank page behind it for duplex, and
    every space's number printed."""
    data = pdf("duel")
    r = reader(data)
    found = {n: b for n, b in boxes(data).items() if n.startswith("piece-")}
    expected = board_pages.pieces(duel_track(), cards.PAPER_MM["a4"], MARGIN)
    assert sorted(found) == [f"piece-military-track-{p.number}" for p in expected]
    for piece in expected:
        box = found[f"piece-military-track-{piece.number}"]
        page = r.pages[box.page]
        assert (float(page.mediabox.width) / PT, float(page.mediabox.height) / PT) == \
            pytest.approx(piece.paper, abs=0.05)
        assert (box.x, box.y, box.width, box.height) == pytest.approx(
            (piece.page_x, piece.page_y, piece.width, piece.height), abs=0.05)
        drawn = marks(data, box.page)
        vertical = {round(x + w / 2, 1) for x, y, w, h in drawn if h > w}
        horizontal = {round(y + h / 2, 1) for x, y, w, h in drawn if w > h}
        assert vertical == {round(box.x, 1), round(box.x + box.width, 1)}
        assert horizontal == {round(box.y, 1), round(box.y + box.height, 1)}
        behind = r.pages[box.page + 1]
        assert not behind.extract_text().strip() and not marks(data, box.page + 1)
    text = " ".join(r.pages[b.page].extract_text() for b in found.values())
    for distance in range(track.config(game("duel")).supremacy_at):
        assert re.search(rf"\b{distance}\b", text), distance
    assert "Military track 1/2" in text and "Military track 2/2" in text


def test_classic_has_no_track_board() -> None:
    assert cards.print_boards(game("classic"), translator("en")) == []


# SVG and PNG pages --------------------------------------------------------------------------


@lru_cache(maxsize=None)
def files(fmt: str, run: int = 0) -> dict[str, bytes]:
    """The files `wondersmith cards` writes for Duel in English; `run` makes a fresh run."""
    import tempfile

    out = Path(tempfile.mkdtemp(prefix=f"pnp-{run}-"))
    result = CliRunner().invoke(app, ["cards", str(DUEL), "--lang", "en", "--no-bleed",
                                      "--format", fmt, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in sorted(out.iterdir())}


def page_count() -> int:
    return len(reader(pdf("duel", bleed=False)).pages)


def test_svg_and_png_pages_are_written_one_per_page_beside_the_pdf() -> None:
    written = files("pdf,svg,png")
    count = page_count()
    assert sorted(written) == sorted(
        ["duel-en-a4-no-bleed.pdf"] + [f"duel-en-a4-no-bleed-{n:02d}.{suffix}"
                                       for n in range(1, count + 1) for suffix in ("svg", "png")])
    assert written["duel-en-a4-no-bleed.pdf"] == pdf("duel", bleed=False)


def test_svg_and_png_pages_are_byte_identical_on_every_run() -> None:
    assert files("svg,png") == files("svg,png", run=1)


def test_svg_pages_are_the_pdf_pages_with_the_cards_names_as_text() -> None:
    from xml.etree import ElementTree

    written = files("svg,png")
    r = reader(pdf("duel", bleed=False))
    shown = []
    for number, page in enumerate(r.pages, 1):
        svg = ElementTree.fromstring(written[f"duel-en-a4-no-bleed-{number:02d}.svg"])
        assert svg.get("width") == f"{float(page.mediabox.width) / PT:.3f}".rstrip("0").rstrip(
            ".") + "mm"
        assert svg.get("height") == f"{float(page.mediabox.height) / PT:.3f}".rstrip(
            "0").rstrip(".") + "mm"
        shown.append(" ".join(t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")))
    everything = " ".join(shown)
    g = game("duel")
    for item in g.components():
        for word in item.name.split():
            assert word in everything, item.id
    assert "Military track 1/2" in shown[-4]  # the board's pieces too
    first = written["duel-en-a4-no-bleed-01.svg"].decode("utf-8")
    assert first.count('<image id="i-wood"') == 1 and '<use href="#i-wood"' in first


def test_png_pages_are_images_of_each_page_at_the_stated_resolution() -> None:
    from PIL import Image

    from wondersmith.render import page_images

    written = files("svg,png")
    r = reader(pdf("duel", bleed=False))
    for number, page in enumerate(r.pages, 1):
        image = Image.open(io.BytesIO(written[f"duel-en-a4-no-bleed-{number:02d}.png"]))
        width_in = float(page.mediabox.width) / 72
        assert image.size[0] == pytest.approx(width_in * page_images.PNG_DPI, abs=1)
        assert image.size[1] == pytest.approx(float(page.mediabox.height) / 72
                                              * page_images.PNG_DPI, abs=1)
        if number == 1:  # the first page is brown cards on white paper
            colours = {c for _, c in image.convert("RGB").getcolors(1 << 20)}
            assert (255, 255, 255) in colours and (0x8b, 0x5a, 0x2b) in colours


def test_only_the_formats_asked_for_are_written_and_old_pages_go(tmp_path: Path) -> None:
    stale = tmp_path / "duel-en-a4-no-bleed-99.svg"
    other = tmp_path / "duel-en-a4-no-bleed-cut-lines-01.svg"  # another print: kept
    tmp_path.mkdir(exist_ok=True)
    stale.write_text("old")
    other.write_text("other")
    result = CliRunner().invoke(app, ["cards", str(DUEL), "--lang", "en", "--no-bleed",
                                      "--format", "svg", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    names = {p.name for p in tmp_path.iterdir()}
    assert not stale.exists() and other.exists()
    assert not any(n.endswith((".pdf", ".png")) for n in names)
    assert len([n for n in names if n.endswith(".svg")]) == page_count() + 1


@pytest.mark.parametrize("fmt", ["jpg", "pdf,tiff", ","])
def test_an_unknown_format_exits_2_without_traceback(fmt: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["cards", str(DUEL), "--format", fmt, "--out",
                                      str(tmp_path)])
    assert result.exit_code == 2 and "unknown format" in result.output
    assert "Traceback" not in result.output and not list(tmp_path.iterdir())


def board_html(lang: str) -> str:
    """The cards' HTML holding the board pages only (quick to lay out)."""
    from wondersmith.render import sheets

    values = cards.context(game("duel"), lang, {}, "a4", True,
                           sheets.font_base_for(ROOT / "generated" / "cards"))
    values["pages"] = [p for p in values["pages"] if p.piece is not None]
    return cards.template().render(**values)


def overflowing_board_text(html: str) -> list[str]:
    """Each line of a board's text that runs out of its area (an area clips it), and a
    problem if no text was found in any area at all."""
    from weasyprint.formatting_structure import boxes as layout_boxes

    from wondersmith.render import sheets

    document = sheets.render_document(html, (ROOT / "generated" / "cards" / "x.html").as_uri())
    problems, seen = [], []

    def walk(box, area):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if "area" in classes:
            area = box
        if area is not None and isinstance(box, layout_boxes.TextBox) and box.text.strip():
            seen.append(box.text)
            left, top = area.padding_box_x(), area.padding_box_y()
            if box.position_x < left - 0.5 \
                    or box.position_x + box.width > left + area.padding_width() + 0.5 \
                    or box.position_y + box.height > top + area.padding_height() + 0.5:
                problems.append(box.text)
        for child in getattr(box, "children", ()):
            walk(child, area)

    for page in document.pages:
        walk(page._page_box, None)
    return problems if seen else ["no text in any area"]


@pytest.mark.parametrize("lang", ["en", "fr", "it", "pt", "vi"])
def test_the_boards_words_fit_their_areas_in_every_language(lang: str) -> None:
    assert overflowing_board_text(board_html(lang)) == []


def test_the_board_overflow_check_catches_an_overflow() -> None:
    unwrapped = board_html("en").replace("</style>", ".area p { white-space: nowrap; }</style>")
    assert "Capital: military supremacy" in overflowing_board_text(unwrapped)


def test_hostile_names_stay_text_in_the_svg_pages(tmp_path: Path) -> None:
    """A name made of markup, script and control characters is a line of SVG text: every
    page parses as XML, holds no element the cards do not draw, and shows the name."""
    from xml.etree import ElementTree

    from test_hostile_strings import clean, game_with, hostile, leaves, rename
    from wondersmith.render import sheets

    field = ("Building", "name")
    base = game_with(field)
    values = sorted({value for key, value in leaves(base) if key == field})
    bad = rename(base, {value: hostile(value) for value in values})
    written = cards.render_files(bad, "en", {}, "a4", False, sheets.font_base_for(tmp_path),
                                 tmp_path / "duel-en-a4-no-bleed.pdf", formats=("svg",))
    drawn = {"svg", "style", "defs", "image", "clipPath", "rect", "g", "use", "text", "line"}
    shown = []
    for path, data in written.items():
        root = ElementTree.fromstring(data)
        assert {e.tag.split("}")[1] for e in root.iter()} <= drawn, path.name
        shown.append(" ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")))
    everything = " ".join(" ".join(shown).split())
    for value in values[:3]:
        assert " ".join(clean(hostile(value)).split())[:20] in everything


def test_the_senate_is_a_board_of_its_chambers_from_the_data() -> None:
    """Agora's Senate over pages: a space per chamber with its number and VP, each section
    spanning its chambers, a Decree space face up or down as the set-up deals it; from
    game.yaml's `senate`, so a game without the mechanic has no Senate board."""
    from wondersmith.render import senate_board

    agora = game("agora")
    chambers = agora.config("senate").chambers
    t = translator("en")
    boards = {b.id: b for b in cards.print_boards(agora, t)}
    assert "senate" not in {b.id for b in cards.print_boards(game("duel"), t)}
    board = boards["senate"]
    spaces = [a for a in board.areas if a.kind == "space"]
    assert [(a.lines[1], a.lines[2]) for a in spaces] == [
        (str(i), f"{c.points} victory point{'s' if c.points > 1 else ''}")
        for i, c in enumerate(chambers, 1)]
    sections = [a for a in board.areas if a.kind == "zone"]
    assert [a.lines[0] for a in sections] == ["left", "middle", "right"]
    assert sum(a.width for a in sections) == pytest.approx(len(chambers) *
                                                            senate_board.CHAMBER_WIDTH)
    decrees = [a for a in board.areas if a.kind == "token-space"]
    assert [a.lines[1] for a in decrees] == ["face up" if c.face_up else "face down"
                                            for c in chambers]
    for space, decree in zip(spaces, decrees):  # each Decree's space inside its chamber
        assert space.x < decree.x and decree.x + decree.width < space.x + space.width
        assert decree.y + decree.height <= space.y + space.height
    assert board.width == pytest.approx(2 * senate_board.BORDER
                                        + len(chambers) * senate_board.CHAMBER_WIDTH)
