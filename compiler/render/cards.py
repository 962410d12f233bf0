"""Print-and-play cards (PDF): the fronts and backs of every card of a game, at its real size.

A designer who changes a card prints it and plays it the same evening. The faces come from
the same typed game the engine plays and the sheets print (`wondersmith.render.sheets`): the
same card views, effect phrases in every language, icons, fonts and escaping; only the layout
is this module's.

The layout is computed here in millimetres and written as absolute positions, so what the
PDF holds can be checked against it: every printed copy (classic: one card per copy, marked
with its player count) gets a slot on a grid of cards of one size, as many as fit on the
paper; each page of fronts is followed by its backs, mirrored left to right so that a
long-edge duplex print puts each back behind its front. With bleed (3 mm) each card's colour
runs past its trim line, and crop marks in the margin show every trim line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from wondersmith import atomic
from wondersmith.engine.mechanics.catalogue import OPPONENT
from wondersmith.ir.model import Building, Game, Token, Wonder
from wondersmith.render import boards, phrases, sheets, texts
from wondersmith.render.i18n import Text, Translator, translator

TEMPLATE = "cards.html.j2"
BLEED = 3.0  # mm of picture past the trim line, cut off by the printer
EDGE = 3.0  # mm of paper a printer may leave blank, kept clear of marks
MARK_LENGTH = 3.0  # mm: crop marks, in the margin, on the line of each trim
MARK_GAP = 1.0  # mm between a crop mark and the bleed it stands beside
MARK_WIDTH = 0.25  # mm
PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@dataclass(frozen=True)
class Size:
    """A card's trimmed size in millimetres, and where the number comes from."""

    width: float
    height: float
    source: str

    @property
    def landscape(self) -> bool:
        return self.width > self.height


# Standard card sizes, for the components whose printed size is not public.
POKER = Size(63.0, 88.0, "standard poker size")
TAROT_LANDSCAPE = Size(120.0, 70.0, "standard tarot size, landscape")
# The publisher's sizes where two public sources agree (docs/sources.md, "Card sizes"),
# by game id and kind of component.
PUBLISHED = {
    ("classic", "building"): Size(65.0, 100.0, "7 Wonders cards, 65 x 100 mm"),
}
STANDARD = {"building": POKER, "wonder": TAROT_LANDSCAPE, "token": POKER}


def card_size(game: Game, kind: str) -> Size:
    return PUBLISHED.get((game.id, kind), STANDARD[kind])


@dataclass
class Face:
    """One printed card: its front (the sheet's card view) and what its back says."""

    view: sheets.CardView
    mark: str  # the player count printed on this copy ("3+"), or ""
    cost_text: Text  # the cost in words, under the icons
    back_title: Text
    back_kind: str  # "age-1", "guild", "wonder", "token": the back's colour
    size: Size


@dataclass
class Slot:
    """A card on a page: `x`, `y` the top-left corner of its trimmed face, in mm."""

    number: int  # the card's place among every printed card, from 0
    face: Face
    x: float
    y: float


@dataclass
class Mark:
    """A crop mark: a thin rectangle, in mm from the page's top-left corner."""

    x: float
    y: float
    width: float
    height: float


@dataclass
class Page:
    side: str  # "front" or "back"
    slots: list[Slot] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)


@dataclass(frozen=True)
class Grid:
    """Where cards of one size go on the paper: columns, rows and the first trim corner."""

    columns: int
    rows: int
    left: float  # trim x of the first column
    top: float  # trim y of the first row
    pitch_x: float
    pitch_y: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


class LayoutError(ValueError):
    """Cards too large for the paper."""


def grid(size: Size, paper: tuple[float, float], bleed: float) -> Grid:
    """As many cards as fit, bleed boxes side by side, centred; the margin keeps room for
    the crop marks and the printer's blank edge."""
    margin = EDGE + MARK_LENGTH + MARK_GAP
    pitch_x, pitch_y = size.width + 2 * bleed, size.height + 2 * bleed
    columns = int((paper[0] - 2 * margin) // pitch_x)
    rows = int((paper[1] - 2 * margin) // pitch_y)
    if columns < 1 or rows < 1:
        raise LayoutError(f"a {size.width:g} x {size.height:g} mm card does not fit on "
                          f"{paper[0]:g} x {paper[1]:g} mm paper")
    left = (paper[0] - columns * pitch_x) / 2 + bleed
    top = (paper[1] - rows * pitch_y) / 2 + bleed
    return Grid(columns, rows, left, top, pitch_x, pitch_y)


def crop_marks(g: Grid, size: Size, bleed: float, paper_width: float,
               count: int, mirrored: bool) -> list[Mark]:
    """Marks on the line of every trim edge of the cards on a page, outside the grid."""
    used_columns = range(min(count, g.columns))
    used_rows = range((count + g.columns - 1) // g.columns)
    xs = sorted({round(g.left + c * g.pitch_x + dx, 4) for c in used_columns
                 for dx in (0.0, size.width)})
    if mirrored:
        xs = sorted(round(paper_width - x, 4) for x in xs)
    ys = sorted({round(g.top + r * g.pitch_y + dy, 4) for r in used_rows
                 for dy in (0.0, size.height)})
    grid_left = min(xs) - bleed
    grid_right = max(xs) + bleed
    grid_top, grid_bottom = min(ys) - bleed, max(ys) + bleed
    half = MARK_WIDTH / 2
    marks = []
    for x in xs:
        marks.append(Mark(x - half, grid_top - MARK_GAP - MARK_LENGTH, MARK_WIDTH,
                          MARK_LENGTH))
        marks.append(Mark(x - half, grid_bottom + MARK_GAP, MARK_WIDTH, MARK_LENGTH))
    for y in ys:
        marks.append(Mark(grid_left - MARK_GAP - MARK_LENGTH, y - half, MARK_LENGTH,
                          MARK_WIDTH))
        marks.append(Mark(grid_right + MARK_GAP, y - half, MARK_LENGTH, MARK_WIDTH))
    return marks


def layout(faces: list[Face], paper: tuple[float, float], bleed: float) -> list[Page]:
    """Pages of fronts, each followed by its backs mirrored left to right. Cards of one size
    share pages; a new size starts a new page."""
    pages: list[Page] = []
    number = 0
    groups: list[list[Face]] = []
    for face in faces:
        if groups and groups[-1][0].size == face.size:
            groups[-1].append(face)
        else:
            groups.append([face])
    for group in groups:
        size = group[0].size
        g = grid(size, paper, bleed)
        for start in range(0, len(group), g.per_page):
            chunk = group[start:start + g.per_page]
            front, back = Page("front"), Page("back")
            for i, face in enumerate(chunk):
                row, column = divmod(i, g.columns)
                x = g.left + column * g.pitch_x
                y = g.top + row * g.pitch_y
                front.slots.append(Slot(number, face, x, y))
                # Flipped on its long edge, the sheet's left is the back's right.
                back.slots.append(Slot(number, face, paper[0] - x - size.width, y))
                number += 1
            front.marks = crop_marks(g, size, bleed, paper[0], len(chunk), False)
            back.marks = crop_marks(g, size, bleed, paper[0], len(chunk), True)
            pages += [front, back]
    return pages


def _roman(age: int) -> str:
    return sheets.ROMAN.get(age, str(age))


def faces(game: Game, t: Translator, names: dict[str, str]) -> list[Face]:
    """Every card a game of the most players uses, once per printed copy: the Age decks in
    the game's colour order, the guilds, the Wonders, the progress tokens."""
    opponent = game.seating == OPPONENT
    chains = sheets.named_chains(t, game, names)
    age_label = texts.labels(t)["age"]
    guild_title = phrases.color_heading(t, game.guild_color)
    out: list[Face] = []

    def add(item: Building | Wonder | Token, back_title: Text, back_kind: str) -> None:
        view = sheets.card_view(t, item, names, opponent, chains)
        cost = getattr(item, "cost", None)
        cost_text = boards.cost_text(t, cost) if cost is not None else Text("")
        marks = boards.copies_marks(item) if isinstance(item, Building) else []
        for mark in marks or [""]:
            out.append(Face(view, mark, cost_text, back_title, back_kind,
                            card_size(game, item.kind)))

    colors = [c for c in game.colors if c != game.guild_color]
    for deck in game.ages:
        title = t.format(age_label, age=_roman(deck.age))
        cards = game.age_cards(deck.age)
        for color in colors:
            for building in cards:
                if building.color == color:
                    add(building, title, f"age-{deck.age}")
    for building in game.guilds():
        add(building, guild_title, "guild")
    for wonder in game.wonders:
        add(wonder, texts.labels(t)["wonders"], "wonder")
    for token in game.tokens:
        add(token, texts.labels(t)["tokens"], "token")
    return out


def context(game: Game, lang: str, names: dict[str, str], paper: str = "a4",
            bleed: bool = True, font_base: str = "") -> dict[str, Any]:
    """What the cards template prints."""
    sheets._check_rules_names(game)  # the wording depends on them, as the sheets' does
    t = translator(lang)
    size = PAPER_MM[paper]
    bleed_mm = BLEED if bleed else 0.0
    return {
        "lang": lang, "title": Text(game.name), "labels": texts.labels(t),
        "pages": layout(faces(game, t, names), size, bleed_mm),
        "paper": size, "bleed": bleed_mm, "font_base": font_base,
        "icon_css": Markup(sheets.icon_css()), "coin_word": lambda n: phrases.coins(t, n),
        "mm": _mm, "fallback_marks": False,
    }


def _mm(value: float) -> Markup:
    """A length for the template's CSS: a number we computed, never data."""
    return Markup(f"{float(value):.3f}mm")


def render_html(game: Game, lang: str, names: dict[str, str], paper: str = "a4",
                bleed: bool = True, font_base: str = "../../compiler/render/fonts/") -> str:
    return sheets.environment().get_template(TEMPLATE).render(
        **context(game, lang, names, paper, bleed, font_base))


def render_pdf(game: Game, lang: str, names: dict[str, str], paper: str, bleed: bool,
               font_base: str, base_url: str) -> bytes:
    """The cards as a PDF, byte-identical on every run (the sheets' PDF settings)."""
    return sheets.render_pdf(render_html(game, lang, names, paper, bleed, font_base), base_url)



def pdf_path(out_dir: Path, game_id: str, lang: str, paper: str, bleed: bool = True) -> Path:
    """`<game>-<lang>-<paper>.pdf`; without bleed `...-no-bleed.pdf`, so the two prints of
    one game never overwrite each other."""
    return out_dir / f"{game_id}-{lang}-{paper}{'' if bleed else '-no-bleed'}.pdf"


def write_game(game: Game, folder: Path, langs: tuple[str, ...], paper: str, bleed: bool,
               out_dir: Path) -> tuple[list[Path], list[Path]]:
    """Render one game's cards in every language and write each PDF atomically; (written,
    unchanged) paths. A file already holding the same bytes is left as it is."""
    from wondersmith.validate.locales import load_names

    written, unchanged = [], []
    font_base = sheets.font_base_for(out_dir)
    for lang in langs:
        path = pdf_path(out_dir, game.id, lang, paper, bleed)
        data = render_pdf(game, lang, load_names(folder, lang), paper, bleed, font_base,
                          path.resolve().as_uri())
        if path.is_file() and path.read_bytes() == data:
            unchanged.append(path)
            continue
        atomic.write_bytes(path, data)
        written.append(path)
    return written, unchanged
