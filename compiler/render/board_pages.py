"""A board printed over as many pages as it needs, at its real size, with glue strips.

A board is a rectangle in millimetres holding areas (spaces, zones, token spaces...), each
placed by the game's own data (`track.print_board` for the military track; a Senate is one
more builder of areas). Nothing here knows a game: `pieces` cuts any board into windows that
fit the paper's printable area, in the orientation that needs fewer pages. Neighbouring
windows overlap by `GLUE` mm: each piece after the first in a row (or a column) shows that
strip hatched, and the previous piece, cut at its window's edge, is glued over it, its
picture lining up with the strip's.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from wondersmith.render.i18n import Text

GLUE = 10.0  # mm of overlap between neighbouring pieces, under the glue
LABEL = 8.0  # mm above each piece for its name and number


@dataclass
class Area:
    """One drawn part of a board, in mm from the board's top-left corner."""

    x: float
    y: float
    width: float
    height: float
    kind: str  # the template's class: "space", "zone", "token-space", "title"...
    lines: list[Text] = field(default_factory=list)
    level: int = 0  # a shade for zones and spaces: 0 at the centre, outwards


@dataclass
class Board:
    """A board of the game, drawn at its real size: `width` x `height` mm."""

    id: str
    name: Text
    width: float
    height: float
    areas: list[Area] = field(default_factory=list)


@dataclass
class Piece:
    """One page's part of a board: the window (`x`, `y`, `width`, `height`, mm of the board)
    and where it sits on the page (`page_x`, `page_y`, its top-left corner)."""

    board: Board
    number: int  # from 1, in reading order
    count: int  # pieces of this board
    row: int  # from 0
    column: int  # from 0
    columns: int  # pieces in a row: the piece above this one is `number - columns`
    x: float
    y: float
    width: float
    height: float
    page_x: float
    page_y: float
    paper: tuple[float, float]  # this page's (width, height): the paper, maybe lying down
    glue_left: bool  # the left strip is covered by the piece before it in the row
    glue_top: bool  # the top strip is covered by the piece above it


def _split(length: float, room: float) -> list[tuple[float, float]]:
    """(start, size) of each window along one side: as few as fit in `room`, equal steps,
    each overlapping the next by GLUE."""
    if length <= room:
        return [(0.0, length)]
    if room <= GLUE:
        raise ValueError(f"{room:g} mm of paper leaves no room beside a {GLUE:g} mm glue strip")
    count = math.ceil(round((length - GLUE) / (room - GLUE), 6))
    step = (length - GLUE) / count
    return [(i * step, step + GLUE) for i in range(count)]


def pieces(board: Board, paper: tuple[float, float], margin: float) -> list[Piece]:
    """The board cut into page-sized windows: the paper upright or lying down, whichever
    needs fewer pages (upright on a tie), the windows in reading order."""
    best: list[Piece] | None = None
    for page in (paper, (paper[1], paper[0])):
        room_x, room_y = page[0] - 2 * margin, page[1] - 2 * margin - LABEL
        columns, rows = _split(board.width, room_x), _split(board.height, room_y)
        out = []
        for r, (y, height) in enumerate(rows):
            for c, (x, width) in enumerate(columns):
                out.append(Piece(board, len(out) + 1, len(rows) * len(columns), r, c,
                                 len(columns), x, y,
                                 width, height, (page[0] - width) / 2,
                                 margin + LABEL + (room_y - height) / 2, page, c > 0, r > 0))
        if best is None or len(out) < len(best):
            best = out
    assert best is not None
    return best
