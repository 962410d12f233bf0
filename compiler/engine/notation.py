"""Short text forms of actions, and their parser.

    build Lighthouse            discard Baths            wonder The Pyramids with Baths
    pick The Sphinx             take Law                 destroy Sawmill
    build Baths from discard    start self / start opponent
    take Law from the library   (the Great Library's token; `take Law` is a science pair's)
Chance outcomes: first player 1, board token Law, draw token Law, reveal Piraeus,
leave out Baths, guild Builders Guild, deal Baths to slot 12 (face up at set-up), turn up
Baths in slot 12 (a face-down card revealed).

Names are matched case-insensitively, by display name or by id. The parser also reads the
shorter forms of earlier records (`deal Baths`, `turn up Baths`, `take Law` for the
library); a slot or "from the library" that does not fit the current decision is an error.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import NotationError
from .nodes import K_BOARD, K_DEAL, K_GUILD, K_LEAVE, K_LIB_DRAW, K_LIB_PICK, K_PAIR

LIBRARY = " from the library"

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
    names = t.names
    seat = deciding_seat(game, seat)
    if t.action_texts:  # a game whose mechanics write actions of their own (classic)
        text = t.action_texts[0](game, action, seat)
        if text is not None:
            return text
    if action < t.DISCARD:
        return f"build {names[action]}"
    if action < t.WONDER:
        return f"discard {names[action - t.DISCARD]}"
    if action < t.PICK_WONDER:
        w, c = divmod(action - t.WONDER, t.NB)
        return f"wonder {names[t.wonder0 + w]} with {names[c]}"
    if action < t.TAKE:
        return f"pick {names[t.wonder0 + action - t.PICK_WONDER]}"
    if action < t.DESTROY:
        library = bool(game.stack) and game.stack[-1][0] == K_LIB_PICK
        return f"take {names[t.token0 + action - t.TAKE]}{LIBRARY if library else ''}"
    if action < t.REVIVE:
        return f"destroy {names[action - t.DESTROY]}"
    if action < t.START:
        return f"build {names[action - t.REVIVE]} from discard"
    if action < t.CH_SEAT:
        return "start self" if action == t.START else "start opponent"
    if action < t.CH_TOKEN:
        return f"first player {action - t.CH_SEAT}"
    if action < t.CH_WONDER:
        kind = game.stack[-1][0] if game.stack else K_BOARD
        verb = "draw token" if kind == K_LIB_DRAW else "board token"
        return f"{verb} {names[t.token0 + action - t.CH_TOKEN]}"
    if action < t.CH_CARD:
        return f"reveal {names[t.wonder0 + action - t.CH_WONDER]}"
    if action < t.num_actions:
        kind, _, slot = game.stack[-1] if game.stack else (K_DEAL, 0, -1)
        name = names[action - t.CH_CARD]
        if kind != K_DEAL:
            return f"{'leave out' if kind == K_LEAVE else 'guild' if kind == K_GUILD else 'deal'} {name}"
        if game.age in t.structures and t.structures[game.age][2][slot]:
            return f"turn up {name} in slot {slot}"  # a face-down card being revealed
        return f"deal {name} to slot {slot}"
    raise NotationError(f"no action has id {action}")


def action_component(game: Game, action: int, seat: int | None = None) -> int | None:
    """The number of the component `action` gives the deciding city (`seat`'s, at a
    simultaneous decision): the card it builds, the Wonder it drafts or constructs, the token
    it takes. None for discards, destructions, choices of who starts and chance outcomes."""
    t = game.t
    seat = deciding_seat(game, seat)
    if t.action_components is not None:  # a game whose mechanics lay out their own ids
        return t.action_components(game, action, seat)
    if action < t.DISCARD:
        return action
    if action < t.WONDER:
        return None
    if action < t.PICK_WONDER:
        return t.wonder0 + (action - t.WONDER) // t.NB
    if action < t.TAKE:
        return t.wonder0 + action - t.PICK_WONDER
    if action < t.DESTROY:
        return t.token0 + action - t.TAKE
    if t.REVIVE <= action < t.START:
        return action - t.REVIVE
    return None


def _lookup(game: Game, name: str, first: int, last: int, what: str) -> int:
    t = game.t
    key = name.strip().casefold()
    for i in range(first, last):
        if t.names[i].casefold() == key or t.ids[i].casefold() == key:
            return i
    known = ", ".join(t.names[first:last])
    raise NotationError(f"no {what} named {name.strip()!r}; known: {known}")


def _check_slot(game: Game, text: str, slot: str) -> None:
    """A slot named in a deal must be the slot being dealt now."""
    slot = slot.strip()
    if not slot.isdigit() or len(slot) > 4:
        raise NotationError(f"{text!r}: a slot is a number, not {slot!r}")
    node = game.stack[-1] if game.stack and game.result is None else None
    if node is not None and node[0] == K_DEAL and node[2] != int(slot):
        raise NotationError(f"{text!r}: the card dealt now goes to slot {node[2]}, not {slot}")


def parse_action(game: Game, text: str, seat: int | None = None) -> int:
    """The action id named by `text` (legal or not: `Game.apply` checks legality), read for
    `seat` (default: the seat whose turn it is)."""
    t = game.t
    seat = deciding_seat(game, seat)
    if t.action_texts:
        action = t.action_texts[1](game, text, seat)
        if action is not None:
            return action
    s = " ".join(text.split())
    low = s.casefold()

    def rest(prefix: str) -> str:
        return s[len(prefix):]

    building = (0, t.NB, "building")
    wonder = (t.wonder0, t.token0, "Wonder")
    token = (t.token0, t.N, "progress token")
    if low.startswith("build ") and low.endswith(" from discard"):
        return t.REVIVE + _lookup(game, s[len("build "):-len(" from discard")], *building)
    if low.startswith("build "):
        return t.BUILD + _lookup(game, rest("build "), *building)
    if low.startswith("discard "):
        return t.DISCARD + _lookup(game, rest("discard "), *building)
    if low.startswith("wonder "):
        body = rest("wonder ")
        cut = body.casefold().rfind(" with ")
        if cut < 0:
            raise NotationError(f"expected 'wonder <Wonder> with <card>', got {text!r}")
        w = _lookup(game, body[:cut], *wonder) - t.wonder0
        c = _lookup(game, body[cut + len(" with "):], *building)
        return t.WONDER + w * t.NB + c
    if low.startswith("pick "):
        return t.PICK_WONDER + _lookup(game, rest("pick "), *wonder) - t.wonder0
    if low.startswith("take "):
        body = rest("take ")
        if low.endswith(LIBRARY):
            if game.stack and game.stack[-1][0] == K_PAIR:
                raise NotationError(f"{text!r}: the token now comes from a science pair, not the library")
            body = body[:-len(LIBRARY)]
        return t.TAKE + _lookup(game, body, *token) - t.token0
    if low.startswith("destroy "):
        return t.DESTROY + _lookup(game, rest("destroy "), *building)
    if low in ("start self", "start opponent"):
        return t.START if low == "start self" else t.START + 1
    if low.startswith("first player "):
        seat = rest("first player ").strip()
        if seat not in map(str, t.seats):
            raise NotationError(f"the first player is a seat from 0 to {t.n_seats - 1}, not {seat!r}")
        return t.CH_SEAT + int(seat)
    for verb in ("board token ", "draw token "):
        if low.startswith(verb):
            return t.CH_TOKEN + _lookup(game, rest(verb), *token) - t.token0
    if low.startswith("reveal "):
        return t.CH_WONDER + _lookup(game, rest("reveal "), *wonder) - t.wonder0
    for verb, slot_word in (("deal ", " to slot "), ("turn up ", " in slot ")):
        if low.startswith(verb):
            body = rest(verb)
            cut = body.casefold().rfind(slot_word)
            if cut >= 0:
                _check_slot(game, text, body[cut + len(slot_word):])
                body = body[:cut]
            return t.CH_CARD + _lookup(game, body, *building)
    for verb in ("leave out ", "guild "):
        if low.startswith(verb):
            return t.CH_CARD + _lookup(game, rest(verb), *building)
    raise NotationError(
        f"cannot read {text!r}: expected build/discard/wonder ... with/pick/take/destroy/"
        "start self|opponent, or a chance outcome (first player, board token, draw token, "
        "reveal, leave out, guild, deal ... to slot N, turn up ... in slot N)")
