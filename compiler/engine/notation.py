"""Short text forms of actions, and their parser.

Each mechanic words the action ids it owns and reads them back (core/texts.py: Duel's in
games/duel/texts.py, `build Lighthouse`, `take Law from the library`; classic's in
games/classic/texts.py, `stage 2 with Baths, pay left 2`). The core words its own
chance outcome, the first player: `first player 1`, and its choice of a card's effects
(choice.py): `choose option 2`. Texts are worded for the seat to move,
or for the seat given.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import choice
from .errors import NotationError

if TYPE_CHECKING:
    from .state import Game


def deciding_seat(game: Game, seat: int | None) -> int | None:
    """The seat a text is worded for: `seat` (checked), or None for the current decision's.
    At a simultaneous decision every seat still to choose has a text of its own ("stage 2
    with Baths" is that seat's next stage), so a caller names the seat."""
    if seat is not None and seat not in game.t.seats:
        raise NotationError(f"no seat {seat!r}: seats are 0 to {game.t.n_seats - 1}")
    return seat


def action_to_text(game: Game, action: int, seat: int | None = None) -> str:
    """The text form of `action` in the context of `game`'s current decision, worded for
    `seat` (default: the seat whose turn it is)."""
    t = game.t
    seat = deciding_seat(game, seat)
    if t.action_texts:  # the mechanics' own (core/texts.py)
        text = t.action_texts[0](game, action, seat)
        if text is not None:
            return text
    if t.CH_SEAT <= action < t.CH_SEAT + t.n_seats:
        return f"first player {action - t.CH_SEAT}"
    text = choice.to_text(game, action)
    if text is not None:
        return text
    raise NotationError(f"no action has id {action}")


def action_component(game: Game, action: int, seat: int | None = None) -> int | None:
    """The number of the component `action` gives the deciding city (`seat`'s, at a
    simultaneous decision): the card it builds, the Wonder it drafts or constructs, the token
    it takes, classic's next board stage. None for discards, destructions, choices of who
    starts and chance outcomes. Each mechanic reads its own ids (core/texts.add_components)."""
    t = game.t
    seat = deciding_seat(game, seat)
    read = t.action_components
    return None if read is None else read(game, action, seat)


def parse_action(game: Game, text: str, seat: int | None = None) -> int:
    """The action id named by `text` (legal or not: `Game.apply` checks legality), read for
    `seat` (default: the seat whose turn it is)."""
    t = game.t
    seat = deciding_seat(game, seat)
    if t.action_texts:
        action = t.action_texts[1](game, text, seat)
        if action is not None:
            return action
    action = choice.parse(game, text)
    if action is not None:
        return action
    s = " ".join(text.split())
    if s.casefold().startswith("first player "):
        first = s[len("first player "):].strip()
        if first not in map(str, t.seats):
            raise NotationError(f"the first player is a seat from 0 to {t.n_seats - 1}, not {first!r}")
        return t.CH_SEAT + int(first)
    forms = getattr(t, "text_forms", ())  # those the mechanics said they read
    if forms:
        raise NotationError(f"cannot read {text!r}: expected {'; '.join(forms)}; first player N"
                            "; choose option N")
    raise NotationError(f"cannot read {text!r}: not an action of {t.ruleset.game} "
                        "(legal_texts() words the legal ones)")
