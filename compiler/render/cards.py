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

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import SecurityError
from markupsafe import Markup

from wondersmith import atomic
from wondersmith.engine.mechanics.catalogue import OPPONENT
from wondersmith.ir.loader import display_path
from wondersmith.ir.model import Building, Game, Token, Wonder
from wondersmith.render import board_pages, boards, phrases, senate_board, sheets, texts, track
from wondersmith.render.i18n import Text, Translator, translator

TEMPLATE = "cards.html.j2"
# A game's own layout, in its data folder: <game>/templates/cards.html.j2.
OVERRIDE = Path("templates") / TEMPLATE
BLEED = 3.0  # mm of picture past the trim line, cut off by the printer
EDGE = 3.0  # mm of paper a printer may leave blank, kept clear of marks
MARK_LENGTH = 3.0  # mm: crop marks, in the margin, on the line of each trim
MARK_GAP = 1.0  # mm between a crop mark and the bleed it stands beside
MARK_WIDTH = 0.25  # mm
CUT_LINE_WIDTH = 0.1  # mm: `--cut-lines`, thin enough to vanish in the cut
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
# A Wonder board (classic) at ISO A6 lying down: its printed size is not public (docs/sources.md).
A6_LANDSCAPE = Size(148.0, 105.0, "ISO A6, landscape")
MINI = Size(41.0, 63.0, "standard mini card size")  # conflict and military tokens
STANDARD = {"building": POKER, "wonder": TAROT_LANDSCAPE, "token": POKER,
            "board": A6_LANDSCAPE, "conflict": MINI, "military": MINI}


def card_size(game: Game, kind: str) -> Size:
    return PUBLISHED.get((game.id, kind), STANDARD[kind])


@dataclass
class BoardSide:
    """One side of a Wonder board, as the sheet words it (`boards.board_view`)."""

    id: str
    name: Text
    board: boards.BoardView
    side: boards.SideView
    kind: str = "board"


@dataclass
class TokenView:
    """A conflict token (classic) or a military token (Duel): a value and what it means."""

    id: str  # "victory-1", "defeat", "military-2": one per kind of token
    name: Text
    kind: str  # "conflict" or "military"
    value: str  # printed large: "+3", "-1", "5"
    coins: bool  # the value is coins (a coin icon beside it), else victory points
    lines: list[Text]  # the value in words, and where it applies


@dataclass
class Face:
    """One printed component: its front and what its back shows. A card's front is the
    sheet's card view; a board's front is its side A and its back its side B."""

    view: sheets.CardView | BoardSide | TokenView
    mark: str  # the player count printed on this copy ("3+"), or ""
    cost_text: Text  # the cost in words, under the icons
    back_title: Text
    back_kind: str  # "age-1", "guild", "wonder", "token", "board"...: the back's colour
    size: Size
    back_view: BoardSide | None = None  # a board's side B, else the back names the deck


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
    side: str  # "front", "back" or "board"
    slots: list[Slot] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    cuts: list[Mark] = field(default_factory=list)  # `--cut-lines`: over the cards
    paper: tuple[float, float] = PAPER_MM["a4"]  # (width, height) mm: a board's may lie down
    piece: board_pages.Piece | None = None  # a board page's part of the board

    @property
    def lying(self) -> bool:
        return self.paper[0] > self.paper[1]


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


class TemplateError(ValueError):
    """A game's own cards template that cannot be rendered: a syntax error, an unknown
    name, or a reach past the sandbox."""


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


def trim_lines(g: Grid, size: Size, paper_width: float, count: int,
               mirrored: bool) -> tuple[list[float], list[float]]:
    """The x of every vertical trim line and the y of every horizontal one of the `count`
    cards on a page (mirrored: as the back page places them)."""
    used_columns = range(min(count, g.columns))
    used_rows = range((count + g.columns - 1) // g.columns)
    xs = sorted({round(g.left + c * g.pitch_x + dx, 4) for c in used_columns
                 for dx in (0.0, size.width)})
    if mirrored:
        xs = sorted(round(paper_width - x, 4) for x in xs)
    ys = sorted({round(g.top + r * g.pitch_y + dy, 4) for r in used_rows
                 for dy in (0.0, size.height)})
    return xs, ys


def crop_marks(g: Grid, size: Size, bleed: float, paper_width: float,
               count: int, mirrored: bool) -> list[Mark]:
    """Marks on the line of every trim edge of the cards on a page, outside the grid."""
    xs, ys = trim_lines(g, size, paper_width, count, mirrored)
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


def cut_lines(g: Grid, size: Size, paper: tuple[float, float], count: int,
              mirrored: bool) -> list[Mark]:
    """A thin line along every trim line, from one edge of the paper to the other, so a
    ruler or a guillotine can follow it across the whole page."""
    xs, ys = trim_lines(g, size, paper[0], count, mirrored)
    half = CUT_LINE_WIDTH / 2
    return [Mark(x - half, 0.0, CUT_LINE_WIDTH, paper[1]) for x in xs] + \
        [Mark(0.0, y - half, paper[0], CUT_LINE_WIDTH) for y in ys]


def layout(faces: list[Face], paper: tuple[float, float], bleed: float,
           with_cut_lines: bool = False) -> list[Page]:
    """Pages of fronts, each followed by its backs mirrored left to right. Cards of one size
    share pages; a new size starts a new page. `with_cut_lines`: a cut-line grid on each."""
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
            front, back = Page("front", paper=paper), Page("back", paper=paper)
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
            if with_cut_lines:
                front.cuts = cut_lines(g, size, paper, len(chunk), False)
                back.cuts = cut_lines(g, size, paper, len(chunk), True)
            pages += [front, back]
    return pages


def board_layout(game_boards: list[board_pages.Board], paper: tuple[float, float],
                 with_cut_lines: bool = False) -> list[Page]:
    """Each board over as many pages as it needs, one piece a page, crop marks at the
    piece's edges; each followed by a blank page, so that a duplex print of the whole file
    keeps every board piece on a sheet of its own."""
    margin = EDGE + MARK_LENGTH + MARK_GAP
    pages = []
    try:
        cut = [p for b in game_boards for p in board_pages.pieces(b, paper, margin)]
    except ValueError as exc:
        raise LayoutError(str(exc)) from None
    for piece in cut:
        size = Size(piece.width, piece.height, "a piece of a board")
        one = Grid(1, 1, piece.page_x, piece.page_y, piece.width, piece.height)
        page = Page("board", paper=piece.paper, piece=piece,
                    marks=crop_marks(one, size, 0.0, piece.paper[0], 1, False))
        if with_cut_lines:
            page.cuts = cut_lines(one, size, piece.paper, 1, False)
        pages += [page, Page("back", paper=piece.paper)]
    return pages


def print_boards(game: Game, t: Translator) -> list[board_pages.Board]:
    """The game's boards printed over pages, each drawn from its mechanic's data."""
    labels = texts.labels(t)
    military, decree = card_size(game, "military"), card_size(game, "token")
    boards = [track.print_board(game, t, labels, (military.width, military.height)),
              senate_board.print_board(game, t, labels, (decree.width, decree.height))]
    return [board for board in boards if board is not None]


def _roman(age: int) -> str:
    return sheets.ROMAN.get(age, str(age))


def faces(game: Game, t: Translator, names: dict[str, str]) -> list[Face]:
    """Every card a game of the most players uses, once per printed copy: the Age decks in
    the game's colour order, the guilds, the senators, the Wonders, the tokens (a military
    token once per side of the track it lies on)."""
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
    if game.senator_color:  # Agora's senators, in no Age's deck until shuffled in: own backs
        senator_title = phrases.color_heading(t, game.senator_color)
        for building in game.buildings:
            if building.color == game.senator_color:
                add(building, senator_title, "senator")
    for wonder in game.wonders:
        add(wonder, texts.labels(t)["wonders"], "wonder")
    on_track = track.token_copies(game)  # a military token: one per side of the track
    group_of = sheets.token_group(game)  # its back names its group, as the sheets do
    for token in game.tokens:
        for _ in range(on_track.get(token.id, 1)):
            add(token, texts.labels(t)[group_of(token.id)], "token")
    out += board_faces(game, t, names, opponent)
    out += conflict_faces(game, t)
    out += military_faces(game, t)
    return out


def board_faces(game: Game, t: Translator, names: dict[str, str],
                opponent: bool) -> list[Face]:
    """Each Wonder board once: side A on the front, side B behind it, worded as the sheet
    words them."""
    out = []
    for board in game.boards:
        view = boards.board_view(t, board, sheets._name(t, board, names),
                                 lambda effects: sheets._effects(t, effects, opponent))
        a, *rest = [BoardSide(board.id, view.name, view, side) for side in view.sides]
        out.append(Face(a, "", Text(""), texts.labels(t)["boards"], "board",
                        card_size(game, "board"), rest[0] if rest else None))
    return out


def _neighbour_pairs(game: Game) -> int:
    """The battles of one Age in a game of the most players: each city against each
    neighbour, one battle per pair of neighbours around the table."""
    most = max(game.player_counts)
    return most if most > 2 else 1


def conflict_faces(game: Game, t: Translator) -> list[Face]:
    """As many conflict tokens as the largest game can hand out: in each Age one victory
    token of that Age and one defeat token per battle."""
    labels = texts.labels(t)
    size = card_size(game, "conflict")
    battles = _neighbour_pairs(game) if "conflicts" in game.mechanics else 0
    out = []
    defeat = None
    for number, row in enumerate(boards.conflict_rows(t, game), 1):
        points = int(row["victory"])
        victory = TokenView(f"victory-{number}", labels["victory_token"], "conflict",
                            row["victory"], False, [row["age"], phrases.points(t, points)])
        defeat = TokenView("defeat", labels["defeat_token"], "conflict", row["defeat"],
                           False, [phrases.points(t, int(row["defeat"]))])
        out += [Face(victory, "", Text(""), labels["conflict_tokens"], "conflict", size)
                for _ in range(battles)]
    if defeat is not None:
        out += [Face(defeat, "", Text(""), labels["conflict_tokens"], "conflict", size)
                for _ in range(battles * len(game.config("conflicts").victory))]
    return out


def military_faces(game: Game, t: Translator) -> list[Face]:
    """The looting tokens of a two-seat game: one on each side of the track in every zone
    that loots coins (Duel's 4; a zone's token of the data is printed with the tokens)."""
    labels = texts.labels(t)
    out = []
    for number, zone in enumerate(track.zones(game), 1):
        if not zone["loot"]:
            continue
        spaces = f"{zone['first']}–{zone['last']}" if zone["last"] != zone["first"] \
            else str(zone["first"])
        view = TokenView(f"military-{number}", labels["military_track"], "military",
                         str(zone["loot"]), True,
                         [Text(f"{labels['loot']}: {phrases.coins(t, zone['loot'])}"),
                          Text(f"{labels['zone']} {number}, {labels['spaces']}: {spaces}")])
        out += [Face(view, "", Text(""), labels["military_track"], "military",
                     card_size(game, "military")) for _ in range(track.SIDES)]
    return out


def context(game: Game, lang: str, names: dict[str, str], paper: str = "a4",
            bleed: bool = True, font_base: str = "", cut_lines: bool = False) -> dict[str, Any]:
    """What the cards template prints (docs/designer-guide.md lists it for a game's own
    template)."""
    sheets._check_rules_names(game)  # the wording depends on them, as the sheets' does
    t = translator(lang)
    size = PAPER_MM[paper]
    bleed_mm = BLEED if bleed else 0.0
    return {
        "lang": lang, "title": Text(game.name), "labels": texts.labels(t),
        "pages": layout(faces(game, t, names), size, bleed_mm, cut_lines)
        + board_layout(print_boards(game, t), size, cut_lines),
        "glue": board_pages.GLUE, "piece_label": board_pages.LABEL,
        "paper": size, "bleed": bleed_mm, "font_base": font_base,
        "icon_css": Markup(sheets.icon_css()), "coin_word": lambda n: phrases.coins(t, n),
        "mm": _mm, "fallback_marks": False,
    }


def _mm(value: float) -> Markup:
    """A length for the template's CSS: a number we computed, never data."""
    return Markup(f"{float(value):.3f}mm")


def template(folder: Path | None = None) -> jinja2.Template:
    """The game's own `templates/cards.html.j2` in its data folder, in the sandbox, or the
    default layout."""
    override = folder / OVERRIDE if folder is not None else None
    if override is None or not override.is_file():
        return sheets.environment().get_template(TEMPLATE)
    try:
        return sheets.sandboxed_environment(override.parent).get_template(TEMPLATE)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"{display_path(override)}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplateError as exc:  # not found: a link out of the folder
        raise TemplateError(f"{display_path(override)}: {type(exc).__name__}: "
                            f"{' '.join(str(exc).split())}") from None


def _render(chosen: jinja2.Template, values: dict[str, Any]) -> str:
    """The template filled in; a game's own template failing, for whatever reason, is the
    designer's error to fix, told with its file and line, never a traceback."""
    if chosen.environment is sheets.environment():
        return chosen.render(**values)
    try:
        return chosen.render(**values)
    except Exception as exc:  # whatever the data's template does wrong is reported
        line = None
        trace = exc.__traceback__
        while trace is not None:  # Jinja2 puts the template's own lines in the traceback
            if trace.tb_frame.f_code.co_filename == chosen.filename:
                line = trace.tb_lineno
            trace = trace.tb_next
        where = display_path(Path(chosen.filename or TEMPLATE)) + (f":{line}" if line else "")
        reason = "not allowed in a template (sandbox)" if isinstance(
            exc, SecurityError) else type(exc).__name__
        raise TemplateError(f"{where}: {reason}: {' '.join(str(exc).split())}") from None


def render_html(game: Game, lang: str, names: dict[str, str], paper: str = "a4",
                bleed: bool = True, font_base: str = "../../compiler/render/fonts/",
                cut_lines: bool = False, folder: Path | None = None) -> str:
    """The cards' HTML; `folder`: the game's data folder, whose own template, if any, lays
    them out."""
    return _render(template(folder),
                   context(game, lang, names, paper, bleed, font_base, cut_lines))


FORMATS = ("pdf", "svg", "png")  # `--format`: any of them, the PDF by default


def render_pdf(game: Game, lang: str, names: dict[str, str], paper: str, bleed: bool,
               font_base: str, base_url: str, cut_lines: bool = False,
               folder: Path | None = None) -> bytes:
    """The cards as a PDF, byte-identical on every run (the sheets' PDF settings)."""
    return sheets.render_pdf(render_html(game, lang, names, paper, bleed, font_base,
                                         cut_lines, folder), base_url)


def render_files(game: Game, lang: str, names: dict[str, str], paper: str, bleed: bool,
                 font_base: str, pdf: Path, cut_lines: bool = False,
                 folder: Path | None = None,
                 formats: tuple[str, ...] = ("pdf",)) -> dict[Path, bytes]:
    """Every file of one print, by path: the PDF (`pdf`), and in the other `formats` one
    file per page beside it, `<pdf's stem>-NN.svg` and `-NN.png` (NN from 01). One layout
    serves them all."""
    from wondersmith.render import page_images

    html = render_html(game, lang, names, paper, bleed, font_base, cut_lines, folder)
    document = sheets.render_document(html, pdf.resolve().as_uri())
    data = sheets.pdf_bytes(document)
    files = {pdf: data} if "pdf" in formats else {}
    pages: dict[str, list[bytes]] = {}
    if "svg" in formats:
        pages["svg"] = page_images.svg_pages(document, font_base)
    if "png" in formats:
        pages["png"] = page_images.png_pages(data)
    for suffix, images in pages.items():
        for number, image in enumerate(images, 1):
            files[page_path(pdf, number, len(images), suffix)] = image
    return files


def pdf_path(out_dir: Path, game_id: str, lang: str, paper: str, bleed: bool = True,
             cut_lines: bool = False) -> Path:
    """`<game>-<lang>-<paper>.pdf`; without bleed `...-no-bleed.pdf`, with cut lines
    `...-cut-lines.pdf`, so the prints of one game never overwrite each other."""
    return out_dir / (f"{game_id}-{lang}-{paper}{'' if bleed else '-no-bleed'}"
                      f"{'-cut-lines' if cut_lines else ''}.pdf")


def page_path(pdf: Path, number: int, count: int, suffix: str) -> Path:
    """Page `number` of `count` of the print `pdf` as an SVG or PNG file: `<stem>-01.svg`
    (as many digits as the last page needs, at least two)."""
    digits = max(2, len(str(count)))
    return pdf.with_name(f"{pdf.stem}-{number:0{digits}d}.{suffix}")


def stale_pages(pdf: Path, suffix: str, kept: set[Path]) -> list[Path]:
    """Page files of this print left by an earlier run with more pages."""
    pattern = re.compile(rf"{re.escape(pdf.stem)}-\d+\.{suffix}")
    return sorted(p for p in pdf.parent.glob(f"{pdf.stem}-*.{suffix}")
                  if pattern.fullmatch(p.name) and p not in kept)


def write_game(game: Game, folder: Path, langs: tuple[str, ...], paper: str, bleed: bool,
               out_dir: Path, cut_lines: bool = False,
               formats: tuple[str, ...] = ("pdf",)) -> tuple[list[Path], list[Path]]:
    """Render one game's cards in every language and format and write each file
    atomically; (written, unchanged) paths. A file already holding the same bytes is left
    as it is; page files of an earlier, longer print are removed."""
    from wondersmith.validate.locales import load_names

    written, unchanged = [], []
    font_base = sheets.font_base_for(out_dir)
    for lang in langs:
        pdf = pdf_path(out_dir, game.id, lang, paper, bleed, cut_lines)
        files = render_files(game, lang, load_names(folder, lang), paper, bleed, font_base,
                             pdf, cut_lines, folder, formats)
        for path, data in files.items():
            if path.is_file() and path.read_bytes() == data:
                unchanged.append(path)
                continue
            atomic.write_bytes(path, data)
            written.append(path)
        for suffix in set(formats) - {"pdf"}:
            for old in stale_pages(pdf, suffix, set(files)):
                old.unlink()
    return written, unchanged
