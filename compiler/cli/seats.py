"""What `play` and `simulate` share: the seats at the table and what they are called.

A seat is a city. Every player has one, and classic's 2-player variant adds a third, the
Free City, that nobody sits at: the holder of the Free City card plays it (ruling 22). Its
seat comes after the players' (engine: `Tables.free_city`).
"""
from __future__ import annotations

from wondersmith.engine import runtime
from wondersmith.engine.mechanics import composition

FREE_CITY = "Free City"


def seat_count(ruleset: runtime.Ruleset, players: int | None) -> int:
    """`players`, or the ruleset's default when None; ValueError, saying which counts the
    game allows, for any other."""
    if players is None:
        return ruleset.players
    allowed = ruleset.player_counts  # Duel (2,); classic 2 to 7
    if players not in allowed:
        raise ValueError(f"{ruleset.name} is played by {spoken(allowed)} players, not {players}")
    return players


def city_count(ruleset: runtime.Ruleset, players: int) -> int:
    """The cities of a game of `players`: one a player, and the Free City in the variant."""
    return composition(ruleset, players)[1]


def city_names(players: int, cities: int, you: int | None = None) -> list[str]:
    """How the table calls each city: "you", "bot" (your only opponent), else "seat k", and
    the Free City by its name. Without `you` (bots only): "seat k" and the Free City."""
    names = []
    for p in range(cities):
        if p >= players:
            names.append(FREE_CITY)
        elif p == you:
            names.append("you")
        else:
            names.append("bot" if you is not None and players == 2 else f"seat {p}")
    return names


def played_by(names: list[str], city: int, chooser: int) -> str:
    """Who made a play: the city's name, and who chose it when that is not the city itself
    (the Free City's plays are chosen by the holder of its card): "Free City (played by you)"."""
    return names[city] if city == chooser else f"{names[city]} (played by {names[chooser]})"


def spoken(numbers) -> str:
    """Numbers as a person says them: "2", "0 or 1", "3 to 7", "2, 3 or 5"."""
    ordered = sorted(numbers)
    if len(ordered) == 1:
        return str(ordered[0])
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"
