"""Agora's Senate as a board printed over pages (`board_pages.Board`), every number from the
game's `senate` data: its chambers in board order under their sections, each chamber's
number and victory points, and a space for its Decree marked face up or face down as the
set-up deals it. The publisher's board size is not public: the chambers are drawn large
enough for a Decree and a dozen cubes (docs/sources.md, "Card sizes for print-and-play")."""
from __future__ import annotations

from typing import Any

from wondersmith.ir.model import Game

CHAMBER_WIDTH = 55.0  # mm: a Decree token and the cubes of both players side by side
CHAMBER_HEIGHT = 62.0  # mm
ROW = 9.0  # mm: the board's title, and each section's name
BORDER = 5.0  # mm of board around the drawing
DECREE_ROOM = 4.0  # mm between a Decree's space and its chamber's edges


def print_board(game: Game, t: Any, labels: dict[str, Any],
                decree_size: tuple[float, float]) -> Any:
    """The Senate (None for a game without the mechanic `senate`)."""
    from wondersmith.render import phrases, texts
    from wondersmith.render.board_pages import Area, Board
    from wondersmith.render.i18n import Text

    if "senate" not in game.mechanics:
        return None
    chambers = game.config("senate").chambers
    width = 2 * BORDER + len(chambers) * CHAMBER_WIDTH
    sections_y = BORDER + ROW
    chambers_y = sections_y + ROW
    height = chambers_y + CHAMBER_HEIGHT + BORDER
    areas = [Area(BORDER, BORDER, width - 2 * BORDER, ROW, "title", [labels["senate"]])]
    start = 0
    for i, chamber in enumerate(chambers):  # a section spans its chambers, side by side
        if i + 1 == len(chambers) or chambers[i + 1].section != chamber.section:
            areas.append(Area(BORDER + start * CHAMBER_WIDTH, sections_y,
                              (i + 1 - start) * CHAMBER_WIDTH, ROW, "zone",
                              [texts.section_name(t, chamber.section)], len(areas) % 2))
            start = i + 1
    decree_w = min(decree_size[0], CHAMBER_WIDTH - 2 * DECREE_ROOM)
    decree_h = min(decree_size[1], CHAMBER_HEIGHT - 3 * ROW)
    for i, chamber in enumerate(chambers):
        x = BORDER + i * CHAMBER_WIDTH
        areas.append(Area(x, chambers_y, CHAMBER_WIDTH, CHAMBER_HEIGHT, "space",
                          [labels["chamber"], Text(str(i + 1)),
                           phrases.points(t, chamber.points)]))
        side = labels["face_up"] if chamber.face_up else labels["face_down"]
        areas.append(Area(x + (CHAMBER_WIDTH - decree_w) / 2,
                          chambers_y + CHAMBER_HEIGHT - decree_h - DECREE_ROOM, decree_w,
                          decree_h, "token-space", [labels["decree"], side]))
    return Board("senate", labels["senate"], width, height, areas)
