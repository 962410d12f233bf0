"""The military track of a two-seat game (7 Wonders Duel) on the sheet: its spaces from one
capital to the other, and its zones. Read from the track's config (`military_track.Config`),
as the engine reads it; a game without the mechanic has no track.
"""
from __future__ import annotations

from typing import Any

from wondersmith.ir.model import Game


def config(game: Game) -> Any:
    """The military track's config (supremacy_at, zones), or None without the mechanic."""
    return game.config("military_track") if "military_track" in game.mechanics else None


def cells(game: Game) -> list[dict[str, Any]]:
    """The track from one capital to the other, one cell per space, centre at 0."""
    track = config(game)
    if track is None:
        return []
    out = []
    for pos in range(-track.supremacy_at, track.supremacy_at + 1):
        d = abs(pos)
        zone = next((z for z in track.zones if z.first <= d <= z.last), None)
        level = track.zones.index(zone) if zone else len(track.zones)
        out.append({"pos": pos, "distance": d, "capital": zone is None,
                      "level": level, "points": zone.points if zone else None})
    return out


SIDES = 2  # a military token lies on each side of the track, one per seat facing the other


def token_copies(game: Game) -> dict[str, int]:
    """The military tokens the box holds, by token id: one on each side of the track per
    zone that names it (Agora's small and large military tokens: 2 of each, agora-rulings 1)."""
    track = config(game)
    out: dict[str, int] = {}
    for z in track.zones if track else ():
        if z.token:
            out[z.token] = out.get(z.token, 0) + SIDES
    return out


def zones(game: Game) -> list[dict[str, Any]]:
    """The zones on one side of the track, from the centre outwards."""
    track = config(game)
    return [{"first": z.first, "last": z.last, "points": z.points, "loot": z.loot}
            for z in (track.zones if track else ())]


# The printed track (`wondersmith cards`): sizes of any track, not of one game's. A space is
# wide enough for a pawn and a number; it widens when a token space would not fit its zone.
SPACE_WIDTH = 20.0  # mm
SPACE_HEIGHT = 26.0  # mm
ROW = 9.0  # mm: the board's title, and each zone's victory points
BORDER = 5.0  # mm of board around the drawing
TOKEN_ROOM = 4.0  # mm between a token space and its zone's edges


def print_board(game: Game, t: Any, labels: dict[str, Any],
                token_size: tuple[float, float]) -> Any:
    """The military track as a board (`board_pages.Board`), every number from the track's
    config: one space per position from capital to capital, the zones' victory points above
    them, and a space for each military token (`token_size`, mm) under each zone that loots
    coins, on both sides."""
    from wondersmith.render import phrases
    from wondersmith.render.board_pages import Area, Board
    from wondersmith.render.i18n import Text

    track = config(game)
    if track is None:
        return None
    spans = [z.last - z.first + 1 for z in track.zones if z.loot]
    space = max([SPACE_WIDTH] + [(token_size[0] + 2 * TOKEN_ROOM) / n for n in spans])
    track_cells = cells(game)
    zones_y = BORDER + ROW
    spaces_y = zones_y + ROW
    tokens_y = spaces_y + SPACE_HEIGHT + TOKEN_ROOM
    width = 2 * BORDER + len(track_cells) * space
    height = tokens_y + (token_size[1] + TOKEN_ROOM if spans else 0.0) + BORDER
    areas = [Area(BORDER, BORDER, width - 2 * BORDER, ROW, "title",
                  [labels["military_track"]])]
    left = BORDER + track.supremacy_at * space  # the centre space's left edge

    def x_of(position: int) -> float:
        return left + position * space

    for cell in track_cells:
        lines = [labels["capital"]] if cell["capital"] else [Text(str(cell["distance"]))]
        areas.append(Area(x_of(cell["pos"]), spaces_y, space, SPACE_HEIGHT,
                          "capital" if cell["capital"] else "space", lines, cell["level"]))
    for level, zone in enumerate(track.zones):
        # A zone holding the centre is one stretch across it, drawn once.
        for sign in ((1,) if zone.first == 0 else (-1, 1)):
            first, last = sorted((sign * zone.first if zone.first else -zone.last,
                                  sign * zone.last))
            x, span = x_of(first), (last - first + 1) * space
            areas.append(Area(x, zones_y, span, ROW, "zone",
                              [phrases.points(t, zone.points)], level))
            if zone.loot:
                areas.append(Area(x + (span - token_size[0]) / 2, tokens_y, token_size[0],
                                  token_size[1], "token-space",
                                  [Text(f"{labels['loot']}: {phrases.coins(t, zone.loot)}")],
                                  level))
    return Board("military-track", labels["military_track"], width, height, areas)
