"""What `play` and `simulate` share: the number of seats at the table."""
from __future__ import annotations

from wondersmith.engine import runtime


def seat_count(ruleset: runtime.Ruleset, players: int | None) -> int:
    """`players`, or the ruleset's default when None; ValueError, saying which counts the
    game allows, for any other."""
    if players is None:
        return ruleset.players
    allowed = ruleset.player_counts  # Duel (2,); classic 2 to 7
    if players not in allowed:
        raise ValueError(f"{ruleset.name} is played by {spoken(allowed)} players, not {players}")
    return players


def spoken(numbers) -> str:
    """Numbers as a person says them: "2", "0 or 1", "3 to 7", "2, 3 or 5"."""
    ordered = sorted(numbers)
    if len(ordered) == 1:
        return str(ordered[0])
    if len(ordered) > 2 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"
