"""Which cards each zone of a loaded state may hold: a check `Game.from_json` runs (through
state_checks.check_state), never the move loop.

The reader (serialize.py) has already checked that every id names a component of the right
kind (a building, a Wonder, a token). Here a zone that holds one Age's cards holds only
cards of that Age, read from the ruleset's tables (`Tables.age`, `Tables.guild_color`):

- the Age's deck (`pool`) holds cards of the current Age; the guilds are cards of the Age
  that draws them (the face-up cards of a structure may be any: a position written by hand
  puts there the cards it is about, and nothing draws them again);
- a hand (classic) holds cards of the Ages started so far (a position written by hand may
  keep an earlier Age's card in a hand; a later Age's card is not in play yet);
- the cards left out of an Age (`left_out[i]`, Duel) are cards of Age i + 1 that are not
  guilds (the guilds are drawn after the cards are left out);
- the guilds in the box (`guild_pool`) are guilds;
- a card another mechanic shuffles into any Age (`Tables.any_age_cards`: Agora's senators)
  may be in the deck of any Age.

A later phase relies on each: a deal or a turn-over draws from the pool by the slot's back,
a search redraws the hidden cards of an Age among that Age's zones, classic's copies are
counted per Age. A zone a game does not have is skipped (a mechanic's field is an attribute
of the game only when the game has the mechanic).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .errors import StateFormatError

if TYPE_CHECKING:
    from .state import Game


def check_zones(g: Game) -> None:
    """Raise StateFormatError naming the first card in a zone it cannot be in."""
    t = g.t
    age, guild, any_age = t.age, t.guild_color, t.any_age_cards
    for label, cards, wanted, what in _zones(g):
        for c in cards:
            if c in any_age and what == "any":
                continue
            if (age[c] > wanted if what == "so far" else age[c] != wanted) \
                    or (what == "guild" and t.color[c] != guild) \
                    or (what == "plain" and t.color[c] == guild):
                raise StateFormatError(f"{label}: {t.ids[c]!r} {_why(g, c, wanted, what)}")


def _zones(g: Game) -> Iterable[tuple[str, Iterable[int], int, str]]:
    """(label, cards, the Age they belong to, and "any", "plain" (no guild), "guild", or
    "so far" (that Age or an earlier one))."""
    t = g.t
    yield "pool", g.pool, g.age, "any"
    guild_age = max((t.age[c] for c in range(t.NB) if t.color[c] == t.guild_color), default=0)
    yield "guild_pool", g.guild_pool, guild_age, "guild"
    for i, cards in enumerate(getattr(g, "left_out", ())):
        yield f"left_out[{i}]", cards, i + 1, "plain"
    for p, hand in enumerate(getattr(g, "hands", ())):
        yield f"mechanics.hand_draft.hands[{p}]", hand, g.age, "so far"


def _why(g: Game, c: int, wanted: int, what: str) -> str:
    t = g.t
    if what == "guild":
        return "is not a guild"
    if t.color[c] == t.guild_color and what == "plain":
        return f"is a guild; only cards of Age {wanted} that are not guilds are left out of it"
    if not wanted:
        return "cannot be here before Age 1 has started"
    if what == "so far":
        return f"is a card of Age {t.age[c]}, which has not started (Age {wanted} is under way)"
    return f"is a card of Age {t.age[c]}, not of Age {wanted}"
