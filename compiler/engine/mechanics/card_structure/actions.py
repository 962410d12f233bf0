"""card_structure's action ids: their ranges, what its handlers read of them, and why one is
not legal at its decisions.

| range | size | action |
|---|---|---|
| `BUILD + c` | NB | build card c of the structure |
| `DISCARD + c` | NB | discard card c for coins |
| `WONDER + w * NB + c` | NW x NB | build Wonder w with card c tucked under it |
| `DESTROY + c` | NB | destroy card c of the opponent's city (Duel's red Wonders) |
| `REVIVE + c` | NB | build card c from the discard pile (The Mausoleum) |
| `CH_CARD + c` | NB | chance: card c left out, drawn among the guilds or dealt to a slot |
| `CH_BACK + s` | slots | chance: a guild's back laid on face-down slot s (`slots` of card_structure/deal.py: of the largest structure) |

Laid out by core/actions.py; their texts are in games/duel/texts.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import EFFECTS, OUTCOMES, PLAYS, Actions
from ...core.kinds import REMOVED
from .deal import slots

if TYPE_CHECKING:
    from ...core.game import GameState


def _cards(t) -> int:
    return t.NB


ACTIONS = (Actions("BUILD", PLAYS, _cards), Actions("DISCARD", PLAYS, _cards),
           Actions("WONDER", PLAYS, lambda t: t.NW * t.NB), Actions("DESTROY", EFFECTS, _cards),
           Actions("REVIVE", EFFECTS, _cards), Actions("CH_CARD", OUTCOMES, _cards),
           Actions("CH_BACK", OUTCOMES, slots))


def index_plays(t) -> None:
    """What the turn reads of the ids, once per ruleset: per Wonder, its plays by card; per
    play action, (card, Wonder), the Wonder -1 to build the card and -2 to discard it."""
    t.structure_plays_end = t.WONDER + t.NW * t.NB  # the plays after are another mechanic's
    t.wonder_plays = tuple(tuple(range(t.WONDER + w * t.NB, t.WONDER + (w + 1) * t.NB))
                           for w in range(t.NW))
    t.play_decoded = [None] * t.BUILD + [(c, -1) for c in range(t.NB)] + [  # by action id
        (c, -2) for c in range(t.NB)] + [(c, w) for w in range(t.NW) for c in range(t.NB)]
    # A discarded card and a Wonder's tucked card count for nothing in a city: which card it
    # was changes only the structure (tables.py, `same_outcome`).
    t.same_outcome.update({t.DISCARD + c: t.DISCARD for c in range(t.NB)})
    t.same_outcome.update({a: plays[0] for plays in t.wonder_plays for a in plays})


def why_not_play(game: GameState, p: int, arg: int, action: int) -> str | None:
    """Why a build, discard or Wonder is not legal now (core/kinds.explains): `play`."""
    t = game.t
    if not t.BUILD <= action < t.WONDER + t.NW * t.NB:
        return None
    c, w = t.play_decoded[action]
    name = t.names[c]
    s = game.slot_of[c]
    if s < 0 or game.taken[s]:
        return f"{name} is not in the Age {game.age} structure"
    if s not in game.accessible:
        return f"{name} is covered by other cards"
    if w >= 0:
        wname = t.names[t.wonder0 + w]
        if w not in game.wonders[p]:
            return f"player {p} does not own {wname}"
        k = game.wonders[p].index(w)
        if game.wonder_tuck[p][k] >= 0:
            return f"{wname} is already built"
        if game.wonder_tuck[p][k] == REMOVED or game.wonders_built_total >= t.max_wonders_built:
            return f"{wname} is out of the game: {t.max_wonders_built} Wonders are built"
        return f"{wname} costs {game.build_cost(p, t.wonder0 + w)} coins; player {p} has {game.coins[p]}"
    return f"{name} costs {game.build_cost(p, c)} coins; player {p} has {game.coins[p]}"


def why_not_destroy(game: GameState, p: int, arg: int, action: int) -> str | None:
    t = game.t
    if t.DESTROY <= action < t.DESTROY + t.NB:
        return (f"{t.names[action - t.DESTROY]} is not a building of a colour that can be "
                "destroyed in the opponent's city")
    return None


def why_not_revive(game: GameState, p: int, arg: int, action: int) -> str | None:
    t = game.t
    if t.REVIVE <= action < t.REVIVE + t.NB:
        return f"{t.names[action - t.REVIVE]} is not in the discard pile"
    return None
