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


def zones(game: Game) -> list[dict[str, Any]]:
    """The zones on one side of the track, from the centre outwards."""
    track = config(game)
    return [{"first": z.first, "last": z.last, "points": z.points, "loot": z.loot}
            for z in (track.zones if track else ())]
