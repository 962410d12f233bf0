"""Print-and-play cards: the PDF read back.

Geometry comes out of the PDF itself: each card's trimmed face is a named destination at its
top-left corner (`front-N`) with another at its bottom-right (`front-N-end`), backs likewise
(`back-N`); crop marks are the filled black rectangles of each page's content stream. Text
is extracted with its position and given to the card it lies on. One language per game keeps
the run short; the other languages share every line of the layout.
"""
from __future__ import annotations

import dataclasses
import html as htmllib
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.dsl import vocabulary as v
from wondersmith.ir import model
from wondersmith.ir.loader import load
from wondersmith.render import cards, sheets
from wondersmith.render.i18n import translator

from conftest import DUEL, ROOT
from test_hostile_strings import (CLASSIC_NAMES, FIELDS, NAMES, _html_shape, clean,
                                  game_with, hostile, leaves, rename)

CLASSIC = ROOT / "cards" / "classic"
PT = 72 / 25.4  # PDF points per millimetre
TOLERANCE = 0.2  # mm: how far a back may sit from its front for duplex


@lru_cache(maxsize=None)
def game(game_id: str) -> model.Game:
    return load(ROOT / "cards" / game_id)


@lru_cache(maxsize=None)
def pdf(game_id: str, lang: str = "en", paper: str = "a4", bleed: bool = True,
        cut_lines: bool = False) -> bytes:
    out = ROOT / "generated" / "cards"
    return cards.render_pdf(game(game_id), lang, {}, paper, bleed, sheets.font_base_for(out),
                            cards.pdf_path(out.resolve(), game_id, lang, paper).as_uri(),
                            cut_lines)


def reader(data: bytes):
    import io
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data))


@dataclasses.dataclass
class Box:
    """A card's trimmed face as the PDF places it, in mm from the page's top-left."""

    page: int
    x: float
    y: float
    width: float
    height: float

    def holds(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.width and self.y <= y <= self.y + self.height


@lru_cache(maxsize=None)
def boxes(data: bytes) -> dict[str, Box]:
    """`front-N` and `back-N` boxes from the named destinations."""
    r = reader(data)
    dests = r.named_destinations
    found = {}
    for name, dest in dests.items():
        if name.endswith("-end"):
            continue
        end = dests[name + "-end"]
        page = r.get_destination_page_number(dest)
        assert r.get_destination_page_number(end) == page
        height = float(r.pages[page].mediabox.height)  # a board's page may lie down
        x, y = float(dest.left) / PT, (height - float(dest.top)) / PT
        x2, y2 = float(end.left) / PT, (height - float(end.top)) / PT
        found[name] = Box(page, x, y, x2 - x, y2 - y)
    return found


def card_boxes(data: bytes) -> dict[str, Box]:
    """The cards' fronts and backs, without the pieces of the boards over pages."""
    return {n: b for n, b in boxes(data).items() if not n.startswith("piece-")}


def _multiply(a: list[float], b: list[float]) -> list[float]:
    """The PDF matrix product a x b (a applied first)."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


BLACK = (0.0, 0.0, 0.0)
CUT_GREY = (0.502, 0.502, 0.502)  # #808080, the cut-line grid


def filled_rectangles(page, page_height: float, wanted: tuple[float, ...] = BLACK
                      ) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) in mm from the top-left of every rectangle filled in the
    `wanted` colour (black: the crop marks)."""
    matrix, stack, colour, path, found = [1, 0, 0, 1, 0, 0], [], None, [], []
    for operands, op in page.get_contents().operations:
        if op == b"q":
            stack.append((matrix, colour))
        elif op == b"Q":
            matrix, colour = stack.pop()
        elif op == b"cm":
            matrix = _multiply([float(o) for o in operands], matrix)
        elif op == b"rg":
            colour = tuple(float(o) for o in operands)
        elif op == b"re":
            path.append([float(o) for o in operands])
        elif op in (b"f", b"f*"):
            if colour is not None and colour == pytest.approx(wanted, abs=0.002):
                for x, y, w, h in path:
                    corners = [(cx, cy) for cx in (x, x + w) for cy in (y, y + h)]
                    xs = [cx * matrix[0] + cy * matrix[2] + matrix[4] for cx, cy in corners]
                    ys = [cx * matrix[1] + cy * matrix[3] + matrix[5] for cx, cy in corners]
                    found.append((min(xs) / PT, (page_height - max(ys)) / PT,
                                  (max(xs) - min(xs)) / PT, (max(ys) - min(ys)) / PT))
            path = []
        elif op in (b"n", b"S", b"B"):
            path = []
    return found


def marks(data: bytes, page_number: int) -> list[tuple[float, float, float, float]]:
    r = reader(data)
    page = r.pages[page_number]
    return [m for m in filled_rectangles(page, float(page.mediabox.height))
            if min(m[2], m[3]) < 0.5 and max(m[2], m[3]) > 2]


@lru_cache(maxsize=None)
def texts_by_card(data: bytes) -> dict[str, str]:
    """The text on each front and back, from the PDF's text layer and its positions."""
    r = reader(data)
    by_box = boxes(data)
    out: dict[str, list[str]] = {name: [] for name in by_box}
    for number, page in enumerate(r.pages):
        height = float(page.mediabox.height)
        mine = [(n, b) for n, b in by_box.items() if b.page == number and n in out]
        if not mine:
            continue

        def visit(text, cm, tm, font, size, mine=mine, height=height):
            m = _multiply(tm, cm)
            x, y = m[4] / PT, (height - m[5]) / PT
            for name, box in mine:
                if box.holds(x, y):
                    out[name].append(text)
                    return

        page.extract_text(visitor_text=visit)
    return {name: " ".join("".join(parts).split()) for name, parts in out.items()}


def expected_faces(game_id: str, lang: str = "en") -> list[cards.Face]:
    return cards.faces(game(game_id), translator(lang), {})


# Geometry -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["duel", "classic"])
def test_page_size_and_card_sizes(game_id: str) -> None:
    data = pdf(game_id)
    r = reader(data)
    found = boxes(data)
    pieces = {b.page for n, b in found.items() if n.startswith("piece-")}
    lying = pieces | {p + 1 for p in pieces}  # a board's pieces (and their blank backs)
    for number, page in enumerate(r.pages):  # cards on A4; Duel's track on A4 lying down
        size = (float(page.mediabox.width) / PT, float(page.mediabox.height) / PT)
        assert size == pytest.approx((297, 210) if number in lying else (210, 297),
                                     abs=0.05), number
    assert bool(pieces) == (game_id == "duel")
    faces = expected_faces(game_id)
    assert len([n for n in found if n.startswith("front-")]) == len(faces)
    for number, face in enumerate(faces):
        for side in ("front", "back"):
            box = found[f"{side}-{number}"]
            assert (box.width, box.height) == pytest.approx(
                (face.size.width, face.size.height), abs=0.05), (side, number)


def test_the_sizes_are_the_recorded_ones() -> None:
    """Classic cards at the publisher's 65 x 100 mm (docs/sources.md); the rest at standard
    sizes: poker cards, tarot-size Wonders lying down, A6 boards lying down, mini-card
    tokens."""
    classic = {f.view.kind: (f.size.width, f.size.height) for f in expected_faces("classic")}
    assert classic == {"building": (65.0, 100.0), "board": (148.0, 105.0),
                       "conflict": (41.0, 63.0)}
    sizes = {f.view.kind: (f.size.width, f.size.height) for f in expected_faces("duel")}
    assert sizes == {"building": (63.0, 88.0), "wonder": (120.0, 70.0), "token": (63.0, 88.0),
                     "military": (41.0, 63.0)}
    assert "65 x 100" in (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", ["duel", "classic"])
def test_cards_fit_the_paper_without_overlapping_bleed(game_id: str) -> None:
    found = card_boxes(pdf(game_id))
    bleed = cards.BLEED
    by_page: dict[int, list[Box]] = {}
    for name, box in found.items():
        assert bleed <= box.x and box.x + box.width + bleed <= 210
        assert bleed <= box.y and box.y + box.height + bleed <= 297
        by_page.setdefault(box.page, []).append(box)
    for page_boxes in by_page.values():
        for a in page_boxes:
            for b in page_boxes:
                if a is not b:  # bleed boxes may touch, never overlap
                    assert a.x + a.width + 2 * bleed <= b.x + 0.01 or \
                        b.x + b.width + 2 * bleed <= a.x + 0.01 or \
                        a.y + a.height + 2 * bleed <= b.y + 0.01 or \
                        b.y + b.height + 2 * bleed <= a.y + 0.01


def test_as_many_cards_per_page_as_fit() -> None:
    counts = Counter(b.page for n, b in boxes(pdf("duel")).items() if n.startswith("front-"))
    assert counts[0] == 6  # 63 x 88 mm with 3 mm bleed: 2 x 3 on A4
    no_bleed = Counter(b.page for n, b in boxes(pdf("duel", bleed=False)).items()
                       if n.startswith("front-"))
    assert no_bleed[0] == 9  # cut at the edge: 3 x 3


def test_no_bleed_puts_cards_edge_to_edge() -> None:
    found = boxes(pdf("duel", bleed=False))
    first_page = sorted((b.y, b.x, b) for n, b in found.items()
                        if n.startswith("front-") and b.page == 0)
    row = [b for y, x, b in first_page if y == pytest.approx(first_page[0][0])]
    assert len(row) == 3
    for left, right in zip(row, row[1:]):
        assert right.x == pytest.approx(left.x + left.width, abs=0.01)
    assert (row[0].width, row[0].height) == pytest.approx((63, 88), abs=0.05)


@pytest.mark.parametrize("bleed", [True, False], ids=["bleed", "no-bleed"])
def test_crop_marks_sit_on_every_trim_line(bleed: bool) -> None:
    data = pdf("duel", bleed=bleed)
    found = card_boxes(data)
    for page in (0, 1, max(b.page for b in found.values())):
        page_boxes = [b for b in found.values() if b.page == page]
        trims_x = {round(v, 1) for b in page_boxes for v in (b.x, b.x + b.width)}
        trims_y = {round(v, 1) for b in page_boxes for v in (b.y, b.y + b.height)}
        drawn = marks(data, page)
        vertical = Counter(round(x + w / 2, 1) for x, y, w, h in drawn if h > w)
        horizontal = Counter(round(y + h / 2, 1) for x, y, w, h in drawn if w > h)
        assert set(vertical) == trims_x and set(horizontal) == trims_y, page
        assert set(vertical.values()) == {2} and set(horizontal.values()) == {2}
        grid_left = min(b.x for b in page_boxes) - (cards.BLEED if bleed else 0)
        grid_top = min(b.y for b in page_boxes) - (cards.BLEED if bleed else 0)
        for x, y, w, h in drawn:  # in the margin, never on a card
            assert x + w <= grid_left or y + h <= grid_top or not any(
                b.holds(x + w / 2, y + h / 2) for b in page_boxes)


@pytest.mark.parametrize("game_id", ["duel", "classic"])
def test_backs_line_up_with_their_fronts_for_duplex(game_id: str) -> None:
    found = boxes(pdf(game_id))
    for name, front in found.items():
        if not name.startswith("front-"):
            continue
        back = found["back-" + name.removeprefix("front-")]
        assert back.page == front.page + 1
        # Turned over on the long edge, the back's right edge is the front's left.
        assert abs((210 - back.x - back.width) - front.x) <= TOLERANCE
        assert abs(back.y - front.y) <= TOLERANCE
    pages = reader(pdf(game_id)).pages
    assert len(pages) % 2 == 0


@pytest.mark.parametrize("bleed", [True, False], ids=["bleed", "no-bleed"])
def test_cut_lines_run_across_the_page_on_every_trim_line(bleed: bool) -> None:
    data = pdf("duel", bleed=bleed, cut_lines=True)
    found = card_boxes(data)
    r = reader(data)
    assert not any(filled_rectangles(p, float(p.mediabox.height), CUT_GREY)
                   for p in reader(pdf("duel", bleed=bleed)).pages)  # only when asked
    for page in (0, 1, max(b.page for b in found.values())):
        page_boxes = [b for b in found.values() if b.page == page]
        trims_x = {round(v, 1) for b in page_boxes for v in (b.x, b.x + b.width)}
        trims_y = {round(v, 1) for b in page_boxes for v in (b.y, b.y + b.height)}
        lines = filled_rectangles(r.pages[page], float(r.pages[page].mediabox.height),
                                  CUT_GREY)
        vertical = [(x, y, w, h) for x, y, w, h in lines if h > w]
        horizontal = [(x, y, w, h) for x, y, w, h in lines if w > h]
        assert sorted(round(x + w / 2, 1) for x, y, w, h in vertical) == sorted(trims_x)
        assert sorted(round(y + h / 2, 1) for x, y, w, h in horizontal) == sorted(trims_y)
        for x, y, w, h in vertical:  # edge to edge, thin
            assert (y, h) == pytest.approx((0, 297), abs=0.05) and w == pytest.approx(0.1, abs=0.02)
        for x, y, w, h in horizontal:
            assert (x, w) == pytest.approx((0, 210), abs=0.05) and h == pytest.approx(0.1, abs=0.02)
        assert len(marks(data, page)) == 2 * (len(trims_x) + len(trims_y))  # crop marks kept
    assert card_boxes(pdf("duel", bleed=bleed)) == found  # the cards themselves do not move


def test_cli_cut_lines_write_their_own_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["cards", str(DUEL), "--lang", "en", "--no-bleed",
                                      "--cut-lines", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["duel-en-a4-no-bleed-cut-lines.pdf"]


def test_letter_paper_lays_out_on_letter() -> None:
    pages = cards.layout(expected_faces("duel"), cards.PAPER_MM["letter"], cards.BLEED)
    for page in pages:
        for slot in page.slots:
            assert cards.BLEED <= slot.x and slot.x + slot.face.size.width <= 215.9 - 3
            assert cards.BLEED <= slot.y and slot.y + slot.face.size.height <= 279.4 - 3


def test_a_card_too_large_for_the_paper_is_refused() -> None:
    with pytest.raises(cards.LayoutError, match="does not fit"):
        cards.grid(cards.Size(300, 400, "test"), cards.PAPER_MM["a4"], cards.BLEED)


# Every component, once per copy, saying what its data says ---------------------------------


@pytest.mark.parametrize("game_id", ["duel", "classic", "agora"])
def test_every_component_once_per_copy_of_the_largest_game(game_id: str) -> None:
    g = game(game_id)
    most = max(g.player_counts)
    printed = Counter(f.view.id for f in expected_faces(game_id))
    wanted = Counter({b.id: b.copies_at(most) for b in g.buildings})
    wanted.update({w.id: 1 for w in g.wonders})
    wanted.update({k.id: 1 for k in g.tokens})
    wanted.update({b.id: 1 for b in g.boards})
    if game_id == "classic":  # 7 players: 7 battles an Age, each a victory and a defeat
        wanted.update({"victory-1": 7, "victory-2": 7, "victory-3": 7, "defeat": 21})
    elif game_id == "duel":  # one token on each side of the track in the 2- and 5-coin zones
        wanted.update({"military-3": 2, "military-4": 2})
    # A zone's military token (Agora's, in place of the looting tokens: agora-rulings 1) lies
    # on each side of the track: the box holds 2 of each, as Duel's 4 looting tokens.
    for zone in g.config("military_track").zones if "military_track" in g.mechanics else ():
        if zone.token:
            wanted[zone.token] += 1
    if game_id == "agora":
        assert wanted["small_military_token"] == wanted["large_military_token"] == 2
        assert not any(i.startswith("military-") for i in printed)  # no looting token
    assert printed == wanted
    if game_id == "classic":  # one card per printed copy, each with its player count
        assert sum(n for i, n in printed.items() if i in {b.id for b in g.buildings}) == 148
        assert len(g.boards) == 7 and all(len(b.sides) == 2 for b in g.boards)
        marks_of = Counter((f.view.id, f.mark) for f in expected_faces(game_id))
        for b in g.buildings:
            for n in b.copies:
                assert marks_of[(b.id, f"{n}+")] == list(b.copies).count(n)


def test_a_tokens_back_names_its_group_as_the_sheets_do() -> None:
    """Agora's tokens are Decrees, conspiracies, military tokens and progress tokens: each
    back says which, so the tokens sort themselves after cutting."""
    g = game("agora")
    decrees, plots = set(g.config("senate").decrees), set(g.config("conspiracies").deck)
    military = {z.token for z in g.config("military_track").zones if z.token}
    tokens = {k.id for k in g.tokens}
    backs = {f.view.id: f.back_title for f in expected_faces("agora") if f.view.id in tokens}
    assert military and decrees and plots
    for token, back in backs.items():
        want = ("Decrees" if token in decrees else "Conspiracies" if token in plots
                else "Military tokens" if token in military else "Progress tokens")
        assert back == want, token
    duel_tokens = {k.id for k in game("duel").tokens}
    assert {f.back_title for f in expected_faces("duel") if f.view.id in duel_tokens} \
        == {"Progress tokens"}


def _vp(item) -> int:
    """The fixed victory points the card gives (counted ones depend on the city)."""
    return sum(e.amount.value for e in item.effects
               if isinstance(e, v.Points) and e.amount.count is None)


@pytest.mark.parametrize("game_id,lang", [("duel", "en"), ("classic", "fr")])
def test_the_text_of_each_card_matches_its_data(game_id: str, lang: str) -> None:
    from wondersmith.render import boards, phrases
    from wondersmith.validate.locales import load_names

    g = game(game_id)
    folder = ROOT / "cards" / game_id
    names = load_names(folder, lang)
    out = ROOT / "generated" / "cards"
    data = cards.render_pdf(g, lang, names, "a4", True, sheets.font_base_for(out),
                            cards.pdf_path(out.resolve(), game_id, lang, "a4").as_uri()) \
        if lang != "en" else pdf(game_id)
    t = translator(lang)
    text = texts_by_card(data)
    items = {c.id: c for c in g.components()}
    faces = cards.faces(g, t, names)
    assert len([n for n in text if n.startswith("front-")]) == len(faces)
    for number, face in enumerate(faces):
        shown = text[f"front-{number}"]
        if face.view.kind not in ("building", "wonder", "token"):
            continue  # boards and tokens: their own tests below
        item = items[face.view.id]

        def has(words: str) -> bool:
            return " ".join(str(words).split()) in shown

        assert has(face.view.name), (face.view.name, shown)
        assert face.view.name == (names.get(item.id, item.name) if lang != "en" else item.name)
        cost = getattr(item, "cost", None)
        if cost is not None:
            assert has(boards.cost_text(t, cost)), (item.id, shown)
            if cost.coins:
                assert str(cost.coins) in shown
        vp = _vp(item)
        if vp:
            assert has(phrases.points(t, vp)), (item.id, shown)
        if face.mark:
            assert shown.endswith(face.mark), (item.id, face.mark, shown)  # bottom corner


def _shown(data: bytes, name: str) -> str:
    return texts_by_card(data)[name]


def _has(shown: str, words) -> bool:
    return " ".join(str(words).split()) in shown


def test_each_wonder_board_shows_side_a_in_front_and_side_b_behind() -> None:
    """Name, starting resource, and every stage's cost and effects, in the sheets' words
    (the same board view as `wondersmith sheets`), read back from the PDF."""
    from wondersmith.render import boards
    from wondersmith.validate.locales import load_names

    g = game("classic")
    t = translator("fr")
    names = load_names(CLASSIC, "fr")
    out = ROOT / "generated" / "cards"
    data = cards.render_pdf(g, "fr", names, "a4", True, sheets.font_base_for(out),
                            cards.pdf_path(out.resolve(), "classic", "fr", "a4").as_uri())
    faces = cards.faces(g, t, names)
    numbers = {f.view.id: n for n, f in enumerate(faces) if f.view.kind == "board"}
    assert set(numbers) == {b.id for b in g.boards}
    for board in g.boards:
        number = numbers[board.id]
        view = boards.board_view(t, board, sheets._name(t, board, names),
                                 lambda effects: sheets._effects(t, effects, False))
        for side, place in zip(view.sides, ("front", "back")):
            shown = _shown(data, f"{place}-{number}")
            assert _has(shown, view.name) and _has(shown, view.produces_text), shown
            assert _has(shown, side.title), (board.id, side.side, shown)
            assert len(side.stages) == dict(board.sides)[side.side].__len__()
            for stage in side.stages:
                assert _has(shown, stage.cost_text), (board.id, side.side, stage.number)
                for effect in stage.effects:
                    assert _has(shown, effect.text), (board.id, side.side, effect.text)
        side_a, side_b = view.sides
        assert side_a.side == "a" and side_b.side == "b"


def test_conflict_and_military_tokens_say_their_value() -> None:
    from wondersmith.render import phrases

    t = translator("en")
    classic = texts_by_card(pdf("classic"))
    victory = dict(enumerate(game("classic").config("conflicts").victory, 1))
    seen = Counter()
    for number, face in enumerate(expected_faces("classic")):
        if face.view.kind != "conflict":
            continue
        shown = classic[f"front-{number}"]
        if face.view.id == "defeat":
            assert shown == f"Defeat token -1 {phrases.points(t, -1)}", shown
        else:
            age = int(face.view.id.removeprefix("victory-"))
            points = victory[age]
            assert shown == (f"Victory token +{points} Age {'I' * age} "
                             f"{phrases.points(t, points)}"), shown
        assert classic[f"back-{number}"] == "Conflict tokens 7 Wonders"
        seen[face.view.id] += 1
    assert seen == {"victory-1": 7, "victory-2": 7, "victory-3": 7, "defeat": 21}
    duel = texts_by_card(pdf("duel"))
    zones = game("duel").config("military_track").zones
    looted = [(z.loot, z.first, z.last) for z in zones if z.loot]
    shown = sorted(duel[f"front-{n}"] for n, f in enumerate(expected_faces("duel"))
                   if f.view.kind == "military")
    assert shown == sorted(
        f"Military track {loot} Opponent loses: {loot} coins Zone {i}, Spaces: {a}–{b}"
        for i, (loot, a, b) in ((zones.index(z) + 1, (z.loot, z.first, z.last))
                                for z in zones if z.loot) for _ in range(2))
    assert len(shown) == 2 * len(looted) == 4


# Hostile text -------------------------------------------------------------------------------


def _cards_shape(g: model.Game, lang: str = "en", names: dict[str, str] | None = None):
    html = cards.render_html(g, lang, names or {})
    assert "<script" not in html and "</style><" not in html
    # Text with no translation is tagged as English (cards are for print: no red mark);
    # the tag holds escaped text only, and is no markup from the data.
    return _html_shape(re.sub(r'<span lang="en">([^<]*)</span>', r"\1", html))


@pytest.mark.parametrize("field", FIELDS, ids=[".".join(f) for f in FIELDS])
def test_hostile_text_in_every_field(field: tuple[str, str]) -> None:
    """Text from any field is text on the cards: the same markup as the real cards, or a
    one-line refusal; names always come through, shown as written."""
    base = game_with(field)
    values = sorted({value for key, value in leaves(base) if key == field})
    bad = rename(base, {value: hostile(value) for value in values})
    try:
        tags, css, text = _cards_shape(bad)
    except (sheets.RenderError, cards.LayoutError) as exc:
        assert field not in NAMES, f"a name was refused: {exc}"
        assert "\n" not in str(exc) and str(exc).strip()
        return
    base_tags, base_css, _ = _cards_shape(base)
    assert (tags, css) == (base_tags, base_css), "hostile text changed the cards' markup"
    if field in NAMES:
        for value in values:
            assert clean(hostile(value)) in text


@pytest.mark.parametrize("field", sorted(CLASSIC_NAMES), ids=[".".join(f) for f in
                                                              sorted(CLASSIC_NAMES)])
def test_hostile_names_of_classic(field: tuple[str, str]) -> None:
    base = game("classic")
    values = sorted({value for key, value in leaves(base) if key == field})
    bad = rename(base, {value: hostile(value) for value in values})
    tags, css, text = _cards_shape(bad, "fr")
    assert (tags, css) == _cards_shape(base, "fr")[:2]
    for value in values:
        assert clean(hostile(value)) in text


def test_hostile_translated_names() -> None:
    g = game("duel")
    names = {item.id: hostile(item.name) for item in g.components()}
    tags, css, text = _cards_shape(g, "fr", names)
    assert (tags, css) == _cards_shape(g, "fr", {item.id: item.name
                                                for item in g.components()})[:2]
    for name in names.values():
        assert clean(name) in text


# A game's own template --------------------------------------------------------------------

OWN_TEMPLATE = """<!DOCTYPE html>
<html lang="{{ lang }}"><head><meta charset="utf-8"><title>{{ title }}</title></head><body>
{% for p in pages %}{% if p.side == "front" %}{% for s in p.slots %}
<p class="mine" data-size="{{ s.face.size.width }}x{{ s.face.size.height }}">{{ s.face.view.name|tr }} ({{ s.face.back_title|tr }})</p>
{% endfor %}{% endif %}{% endfor %}
</body></html>
"""


def own_template(folder: Path, text: str) -> Path:
    path = folder / "templates" / "cards.html.j2"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_games_own_template_lays_out_its_cards(duel_copy: Path, tmp_path: Path) -> None:
    """`<game>/templates/cards.html.j2` replaces the default layout, with the same values."""
    g = game("duel")
    assert 'class="mine"' not in cards.render_html(g, "en", {}, folder=duel_copy)
    own_template(duel_copy, OWN_TEMPLATE)
    html = cards.render_html(g, "en", {}, folder=duel_copy)
    shown = re.findall(r'<p class="mine" data-size="([^"]+)">([^<]*)</p>', html)
    faces = expected_faces("duel")
    assert shown == [(f"{f.size.width}x{f.size.height}", f"{f.view.name} ({f.back_title})")
                     for f in faces]
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["cards", str(duel_copy), "--lang", "en", "--out",
                                      str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(p.extract_text() for p in reader((out / "duel-en-a4.pdf").read_bytes())
                    .pages)
    assert f"{faces[0].view.name} ({faces[0].back_title})" in text


@pytest.mark.parametrize("body,reason", [
    ("{{ labels.__class__.__mro__[1].__subclasses__() }}", "sandbox"),
    ("{{ mm.__globals__['os'].system('echo WS_HOSTILE_RAN') }}", "sandbox"),
    ("{{ coin_word.__code__.co_consts }}", "sandbox"),
    ("{{ title.format.__self__.__class__ }}", "sandbox"),
    ("{{ pages[0].slots[0].face.view.__dict__ }}", "sandbox"),
    ("{{ no_such_value }}", "UndefinedError"),
    ("{% include '../../game.yaml' %}", "TemplateNotFound"),
])
def test_a_hostile_template_is_refused_with_one_line(duel_copy: Path, tmp_path: Path,
                                                     body: str, reason: str) -> None:
    path = own_template(duel_copy, "<p>\n" + body + "\n</p>\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["cards", str(duel_copy), "--lang", "en", "--out",
                                      str(out)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "WS_HOSTILE_RAN" not in result.output
    last = next(line for line in result.output.splitlines()
                if line.startswith("wondersmith: not rendered: duel: "))
    assert reason in last, last
    assert f"{path.name}:2: " in last  # the template's own line
    assert not out.exists() or not list(out.iterdir())


def test_a_template_cannot_include_a_file_outside_its_folder(duel_copy: Path) -> None:
    """Jinja2 refuses `..`; a symbolic link out of `templates/` is refused too, whether the
    template includes it or is it."""
    own_template(duel_copy, "<p>\n{% include 'outside.html' %}\n</p>\n")
    (duel_copy / "templates" / "outside.html").symlink_to(duel_copy / "game.yaml")
    with pytest.raises(cards.TemplateError, match=r"cards\.html\.j2:2: TemplateNotFound"):
        cards.render_html(game("duel"), "en", {}, folder=duel_copy)
    template = duel_copy / "templates" / "cards.html.j2"
    template.unlink()
    template.symlink_to(duel_copy / "game.yaml")
    with pytest.raises(cards.TemplateError, match="TemplateNotFound"):
        cards.render_html(game("duel"), "en", {}, folder=duel_copy)


def test_a_template_with_a_syntax_error_names_its_line(duel_copy: Path) -> None:
    own_template(duel_copy, "<p>\n{% for %}\n")
    with pytest.raises(cards.TemplateError, match=r"cards\.html\.j2:2: "):
        cards.render_html(game("duel"), "en", {}, folder=duel_copy)


def test_hostile_text_stays_text_in_a_games_own_template(duel_copy: Path) -> None:
    own_template(duel_copy, OWN_TEMPLATE)
    g = game("duel")
    bad = rename(g, {item.name: hostile(item.name) for item in g.components()})
    html = cards.render_html(bad, "en", {}, folder=duel_copy)
    assert "<script" not in html and "<img" not in html and "<b>" not in html
    shown = [htmllib.unescape(t) for t in re.findall(r'<p class="mine"[^>]*>([^<]*)</p>', html)]
    assert len(shown) == len(expected_faces("duel"))
    for item in g.components():
        assert any(clean(hostile(item.name)) in t for t in shown), item.id


# Determinism and the command ----------------------------------------------------------------


def test_two_runs_are_byte_identical() -> None:
    out = ROOT / "generated" / "cards"
    again = cards.render_pdf(game("duel"), "en", {}, "a4", False, sheets.font_base_for(out),
                             cards.pdf_path(out.resolve(), "duel", "en", "a4").as_uri())
    assert again == pdf("duel", bleed=False)


def embedded_fonts(data: bytes) -> set[str]:
    families = set()
    for page in reader(data).pages:
        for font in page["/Resources"]["/Font"].values():
            families.add(str(font.get_object()["/BaseFont"]).split("+", 1)[1])
    return families


@pytest.mark.parametrize("game_id", ["duel", "classic"])
def test_the_pdf_embeds_only_the_shipped_fonts(game_id: str) -> None:
    fonts = embedded_fonts(pdf(game_id))
    assert fonts and all(f.startswith("Noto-Sans-WS") for f in fonts), fonts


def test_cli_writes_the_pdf_and_a_second_run_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["cards", str(DUEL), "--lang", "en", "--no-bleed", "--out", str(out)]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    path = out / "duel-en-a4-no-bleed.pdf"
    assert path.read_bytes()[:5] == b"%PDF-"
    fonts = embedded_fonts(path.read_bytes())  # the shipped fonts, found from --out
    assert fonts and all(f.startswith("Noto-Sans-WS") for f in fonts), fonts
    assert not list(out.glob(".*.tmp"))  # written through a temporary file and a rename
    second = CliRunner().invoke(app, args)
    assert second.exit_code == 0 and "0 file(s) written, 1 up to date" in second.output


@pytest.mark.parametrize("args,message", [
    (["--lang", "xx"], "unknown language 'xx'"),
    (["--paper", "a3"], "unknown paper size 'a3'"),
    (["no/such/folder"], "no such file or folder"),
])
def test_bad_options_exit_2_without_traceback(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["cards", *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_no_game_data_and_a_file_that_is_not_yaml_are_usage_errors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cards" / "duel").mkdir(parents=True)
    passwd = tmp_path / "passwd"
    passwd.write_text("root:x:0:0:root:/root:/bin/bash\n")
    monkeypatch.chdir(tmp_path)
    empty = CliRunner().invoke(app, ["cards"])
    assert empty.exit_code == 2 and "no game data under cards" in empty.output
    not_yaml = CliRunner().invoke(app, ["cards", str(passwd)])
    assert not_yaml.exit_code == 2 and "not a YAML file" in not_yaml.output
    assert "root:x" not in not_yaml.output
    assert not (tmp_path / "generated").exists()


def test_invalid_data_exits_1_and_writes_nothing(duel_copy: Path, tmp_path: Path) -> None:
    age1 = duel_copy / "age1.yaml"
    age1.write_text(age1.read_text(encoding="utf-8").replace("color: brown", "color: plaid",
                                                             1), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["cards", str(duel_copy), "--lang", "en", "--out",
                                      str(out)])
    assert result.exit_code == 1
    assert "not rendered: duel has invalid data" in result.output
    assert not out.exists()


def test_a_full_disk_exits_3_naming_the_path(duel_copy: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    import errno
    import os

    from wondersmith import cli
    from test_cli_safety import assert_clean_failure, failing_writes, run

    monkeypatch.chdir(tmp_path)
    (tmp_path / "generated" / "cards").mkdir(parents=True)
    with failing_writes(tmp_path / "generated" / "cards", errno.ENOSPC):
        code, out, err = run(monkeypatch, capsys, "cards", "--lang", "en", "--no-bleed")
    assert_clean_failure(code, out, err, cli.EXIT_ENVIRONMENT)
    last = err.strip().splitlines()[-1]
    assert "generated/cards" in last and last.endswith(os.strerror(errno.ENOSPC))
    assert not list((tmp_path / "generated" / "cards").iterdir())


def overflowing_text(html: str) -> list[str]:
    """Every line of text that runs out of its card's white panel (the panel clips it, so a
    card would silently lose words), from WeasyPrint's layout tree; and any front whose name
    is not on it (content far too long is moved to a later page)."""
    from weasyprint.formatting_structure import boxes as layout_boxes

    document = sheets.render_document(html, (ROOT / "generated" / "cards" / "x.html").as_uri())
    problems: list[str] = []
    fronts: set[str] = set()
    named: set[str] = set()

    def walk(box, panel, card_id, in_name):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if element is not None and box.element_tag == "article" and "face" in classes:
            card_id = element.get("id")
            if card_id.startswith("front-"):
                fronts.add(card_id)
        if "panel" in classes:  # absolutely placed: WeasyPrint wraps it in a placeholder
            panel = box
        in_name = in_name or "name" in classes
        if panel is not None and isinstance(box, (layout_boxes.TextBox, layout_boxes.LineBox)):
            if in_name and isinstance(box, layout_boxes.TextBox):
                named.add(card_id)
            left, top = panel.padding_box_x(), panel.padding_box_y()
            if box.position_x < left - 0.5 \
                    or box.position_x + box.width > left + panel.padding_width() + 0.5 \
                    or box.position_y + box.height > top + panel.padding_height() + 0.5:
                problems.append(f"{getattr(box, 'text', '')!r} overflows {card_id}")
        for child in getattr(box, "children", ()):
            walk(child, panel, card_id, in_name)

    for page in document.pages:
        walk(page._page_box, None, None, False)
    problems += [f"{card} lost its name" for card in sorted(fronts - named)]
    expected = len(re.findall(r'<section class="page ', html))
    if len(document.pages) != expected:
        problems.append(f"{len(document.pages)} pages instead of {expected}")
    return problems


def text_colours_on_panels(html: str) -> dict[str, set[tuple[float, ...]]]:
    """The colours of the text on each face's white panel, by face id, from WeasyPrint's
    layout tree."""
    from weasyprint.formatting_structure import boxes as layout_boxes

    document = sheets.render_document(html, (ROOT / "generated" / "cards" / "x.html").as_uri())
    found: dict[str, set[tuple[float, ...]]] = {}

    def walk(box, face, on_panel):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if element is not None and box.element_tag == "article" and "face" in classes:
            face = element.get("id")
        on_panel = on_panel or "panel" in classes
        if on_panel and isinstance(box, layout_boxes.TextBox) and box.text.strip():
            found.setdefault(face, set()).add(tuple(box.style["color"]))
        for child in getattr(box, "children", ()):
            walk(child, face, on_panel)

    for page in document.pages:
        walk(page._page_box, None, False)
    return found


def test_the_text_on_white_panels_is_dark_on_both_sides() -> None:
    """A board's side B sits on a page of backs, whose card backs print white on colour:
    its text must still be dark on its white panel."""
    colours = text_colours_on_panels(cards.render_html(game("classic"), "en", {}))
    boards_at = [n for n, f in enumerate(expected_faces("classic")) if f.view.kind == "board"]
    assert {f"{side}-{n}" for n in boards_at for side in ("front", "back")} <= set(colours)
    for face, found in colours.items():
        for red, green, blue, alpha in found:
            assert max(red, green, blue) < 0.5, (face, found)


@pytest.mark.parametrize("game_id,lang", [("duel", "vi"), ("duel", "pt"), ("classic", "pt")])
def test_no_text_runs_out_of_its_card(game_id: str, lang: str) -> None:
    from wondersmith.validate.locales import load_names

    names = load_names(ROOT / "cards" / game_id, lang)
    assert overflowing_text(cards.render_html(game(game_id), lang, names)) == []


def test_the_overflow_check_catches_an_overflow() -> None:
    g = game("duel")
    long_text = dataclasses.replace(g.buildings[0], name=" ".join(["Workshop"] * 150))
    patched = dataclasses.replace(g, buildings=(long_text, *g.buildings[1:]))
    problems = overflowing_text(cards.render_html(patched, "en", {}))
    assert any(p == "front-0 lost its name" or p.endswith("overflows front-0")
               or "pages instead" in p for p in problems), problems
    slightly = dataclasses.replace(g.buildings[0], name=" ".join(["Workshop"] * 50))
    patched = dataclasses.replace(g, buildings=(slightly, *g.buildings[1:]))
    assert any("overflows front-0" in p
               for p in overflowing_text(cards.render_html(patched, "en", {})))
