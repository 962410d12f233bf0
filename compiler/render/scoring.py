"""The scoring pad: one row per way to score, one column per player, read from the game.

Which rows a game has follows its data: military when it has conflicts or a military track,
coins always (1 point per `coins_per_point`), Wonders when it has boards or Wonder cards, a
row for each colour that scores (blue, green, yellow, purple, in the game's colour order),
progress tokens and the Senate when it lists them, then the total. The pad has a column for each seat of the
game's largest player count.
"""
from __future__ import annotations

from wondersmith.ir.model import Game
from wondersmith.render.i18n import Text, Translator

SCORING_COLORS = ("blue", "green", "yellow", "purple")


def _color_row(t: Translator, color: str) -> Text:
    names = {
        "blue": t.gettext("Civilian (blue cards)"),
        "green": t.gettext("Science (green cards)"),
        "yellow": t.gettext("Commerce (yellow cards)"),
        "purple": t.gettext("Guilds (purple cards)"),
    }
    return names[color]


def pad_rows(t: Translator, game: Game) -> list[tuple[str, Text]]:
    """(key, label) of each row, in the pad's order; the last is the total."""
    listed = set(game.mechanics)
    rows: list[tuple[str, Text]] = []
    if listed & {"conflicts", "military_track"}:
        rows.append(("military", t.gettext("Military")))
    rows.append(("coins", t.gettext("Coins")))
    if game.boards or game.wonders:
        rows.append(("wonders", t.gettext("Wonder stages") if game.boards
                     else t.gettext("Wonders")))
    rows += [(color, _color_row(t, color)) for color in game.colors
             if color in SCORING_COLORS]
    if "progress_tokens" in listed:
        rows.append(("tokens", t.gettext("Progress tokens")))
    if "senate" in listed:
        rows.append(("senate", t.gettext("Senate (chambers controlled)")))
    rows.append(("total", t.gettext("Total")))
    return rows


def pad_players(game: Game) -> int:
    """Columns of the pad: the seats of the game's largest player count."""
    return max(game.player_counts)


def pad(t: Translator, game: Game) -> dict[str, object]:
    """The pad as the templates show it: its title, rows and player headings."""
    players = pad_players(game)
    return {
        "title": t.format(t.ngettext("Scoring pad for {n} player",
                                     "Scoring pad for {n} players", players), n=players),
        "rows": pad_rows(t, game),
        "players": [t.format(t.gettext("Player {n}"), n=n) for n in range(1, players + 1)],
    }
