"""The texts of Duel's actions, each mechanic's own (core/texts.py; the mechanic adds them
in its `extend_tables`):

    card_structure:        build Lighthouse    discard Baths    wonder The Pyramids with Baths
                           destroy Sawmill     build Baths from discard
                           (chance) leave out Baths, guild Builders Guild, deal Baths to slot
                           12 (face up at set-up), guild back in slot 12 (a guild's back laid
                           face down there; Agora: senator back in slot 12), turn up Baths in
                           slot 12 (turned over)
    wonder_draft:          pick The Sphinx     (chance) reveal Piraeus
    progress_tokens:       take Law            take Law from the library (the Great Library's)
                           (chance) board token Law, draw token Law
    weaker_player_starts:  start self / start opponent

Names are matched case-insensitively, by display name or by id; a name two components
share is written and read as the id (core/texts.py). The parsers also read the
shorter forms of earlier records (`deal Baths`, `turn up Baths`, `take Law` for the
library); a slot or "from the library" that does not fit the current decision is an error,
and a set-up text read at another chance event (`deal Baths to slot 12` while a card is left
out) raises OtherEventError, which `resolve_chance` waits on (forcing.py).
The kinds are found by name: they are registered after this module is loaded.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.kinds import IS_CHANCE, KIND_NAMES, number
from ...core.texts import lookup, words
from ...errors import NotationError, OtherEventError

if TYPE_CHECKING:
    from ...core.game import GameState

LIBRARY = " from the library"
BACK = " back in slot "  # after the back's name: guild back in slot 12
STRUCTURE_FORMS = ("build/discard <card>, wonder <Wonder> with <card>, destroy <card>, build "
                   "<card> from discard, leave out/guild <card>, deal <card> to slot N, guild "
                   "back in slot N, turn up <card> in slot N")
DRAFT_FORMS = "pick <Wonder>, reveal <Wonder>"
TOKEN_FORMS = "take <token> [from the library], board token <token>, draw token <token>"
START_FORMS = "start self|opponent"


def _top(game: GameState) -> int | None:
    """The kind of the pending node, or None."""
    return game.stack[-1][0] if game.stack else None


# card_structure ------------------------------------------------------------------------------

def structure_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    names = t.text_names
    if t.BUILD <= action < t.BUILD + t.NB:
        return f"build {names[action - t.BUILD]}"
    if t.DISCARD <= action < t.DISCARD + t.NB:
        return f"discard {names[action - t.DISCARD]}"
    if t.WONDER <= action < t.WONDER + t.NW * t.NB:
        w, c = divmod(action - t.WONDER, t.NB)
        return f"wonder {names[t.wonder0 + w]} with {names[c]}"
    if t.DESTROY <= action < t.DESTROY + t.NB:
        return f"destroy {names[action - t.DESTROY]}"
    if t.REVIVE <= action < t.REVIVE + t.NB:
        return f"build {names[action - t.REVIVE]} from discard"
    if t.CH_CARD <= action < t.CH_CARD + t.NB:
        deal = number("deal")
        kind, _, slot = game.stack[-1] if game.stack else (deal, 0, -1)
        name = names[action - t.CH_CARD]
        if kind != deal:
            word = "leave out" if kind == number("leave_out") else \
                "guild" if kind == number("guild") else "deal"
            return f"{word} {name}"
        if game.age in t.structures and t.structures[game.age][2][slot]:
            return f"turn up {name} in slot {slot}"  # a face-down card being revealed
        return f"deal {name} to slot {slot}"
    for name, base in zip(t.backs[1:], t.back_base[1:]):  # the backs of their own
        if base <= action < base + t.n_slots:
            return f"{name}{BACK}{action - base}"
    return None


def _slot_number(text: str, slot: str) -> int:
    slot = slot.strip()
    if not (slot.isascii() and slot.isdigit()) or len(slot) > 4:
        raise NotationError(f"{text!r}: a slot is a number, not {slot!r}")
    return int(slot)


def _at_event(game: GameState, text: str, kind_name: str, action: int, slot: str | None = None) -> int:
    """`action`, the card a set-up text names (`leave out Baths`, `guild Builders Guild`,
    `deal Baths to slot 12`), if the pending chance event can give it: OtherEventError (with
    the action) at a chance event of another kind or a deal to another slot. At a player's
    decision the action is returned (and found illegal there)."""
    number_named = None if slot is None else _slot_number(text, slot)
    if number_named is not None and number_named >= game.t.n_slots:
        raise NotationError(f"{text!r}: the slots are numbered 0 to {game.t.n_slots - 1}")
    node = game.stack[-1] if game.stack and game.result is None else None
    if node is None or not IS_CHANCE[node[0]]:
        return action
    if node[0] != number(kind_name):
        pending = KIND_NAMES[node[0]].replace("_", " ")
        raise OtherEventError(f"{text!r}: the pending chance event is {pending}, not "
                              f"{kind_name.replace('_', ' ')}", action)
    if number_named is not None and node[2] != number_named:
        raise OtherEventError(f"{text!r}: the card dealt now goes to slot {node[2]}, not "
                              f"{number_named}", action)
    return action


def structure_parse(game: GameState, text: str, seat: int | None = None) -> int | None:
    t = game.t
    s, low = words(text)
    building = (0, t.NB, "building")
    if low.startswith("build ") and low.endswith(" from discard"):
        return t.REVIVE + lookup(game, s[len("build "):-len(" from discard")], *building)
    for verb, first in (("build ", t.BUILD), ("discard ", t.DISCARD), ("destroy ", t.DESTROY)):
        if low.startswith(verb):
            return first + lookup(game, s[len(verb):], *building)
    if low.startswith("wonder "):
        body = s[len("wonder "):]
        cut = body.casefold().rfind(" with ")
        if cut < 0:
            raise NotationError(f"expected 'wonder <Wonder> with <card>', got {text!r}")
        w = lookup(game, body[:cut], t.wonder0, t.token0, "Wonder") - t.wonder0
        c = lookup(game, body[cut + len(" with "):], *building)
        return t.WONDER + w * t.NB + c
    for verb, slot_word in (("deal ", " to slot "), ("turn up ", " in slot ")):
        if low.startswith(verb):
            body = s[len(verb):]
            cut = body.casefold().rfind(slot_word)
            slot = body[cut + len(slot_word):] if cut >= 0 else None
            body = body[:cut] if cut >= 0 else body
            return _at_event(game, text, "deal", t.CH_CARD + lookup(game, body, *building), slot)
    for name, base in zip(t.backs[1:], t.back_base[1:]):
        if low.startswith(name + BACK):
            slot = _slot_number(text, s[len(name + BACK):])
            if slot >= t.n_slots:
                raise NotationError(f"{text!r}: the slots are numbered 0 to {t.n_slots - 1}")
            return base + slot
    for verb, kind_name in (("leave out ", "leave_out"), ("guild ", "guild")):
        if low.startswith(verb):
            card = lookup(game, s[len(verb):], *building)
            return _at_event(game, text, kind_name, t.CH_CARD + card)
    return None


def structure_component(game: GameState, action: int, seat: int | None = None) -> int | None:
    """The card a build gives (from the structure or the discard pile), the Wonder a
    construction gives; None for a discard or a destruction."""
    t = game.t
    if t.BUILD <= action < t.BUILD + t.NB:
        return action - t.BUILD
    if t.WONDER <= action < t.WONDER + t.NW * t.NB:
        return t.wonder0 + (action - t.WONDER) // t.NB
    if t.REVIVE <= action < t.REVIVE + t.NB:
        return action - t.REVIVE
    return None


# wonder_draft --------------------------------------------------------------------------------

def draft_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    if t.PICK_WONDER <= action < t.PICK_WONDER + t.NW:
        return f"pick {t.text_names[t.wonder0 + action - t.PICK_WONDER]}"
    if t.CH_WONDER <= action < t.CH_WONDER + t.NW:
        return f"reveal {t.text_names[t.wonder0 + action - t.CH_WONDER]}"
    return None


def draft_component(game: GameState, action: int, seat: int | None = None) -> int | None:
    t = game.t
    return t.wonder0 + action - t.PICK_WONDER if t.PICK_WONDER <= action < t.PICK_WONDER + t.NW \
        else None


def why_not_pick(game: GameState, p: int, arg: int, action: int) -> str | None:
    t = game.t
    if t.PICK_WONDER <= action < t.PICK_WONDER + t.NW:
        return f"{t.names[t.wonder0 + action - t.PICK_WONDER]} is not among the Wonders offered"
    return None


def draft_parse(game: GameState, text: str, seat: int | None = None) -> int | None:
    t = game.t
    s, low = words(text)
    for verb, first in (("pick ", t.PICK_WONDER), ("reveal ", t.CH_WONDER)):
        if low.startswith(verb):
            return first + lookup(game, s[len(verb):], t.wonder0, t.token0, "Wonder") - t.wonder0
    return None


# progress_tokens -----------------------------------------------------------------------------

def token_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    names = t.text_names
    if t.TAKE <= action < t.TAKE + t.NT:
        library = _top(game) == number("library_pick")
        return f"take {names[t.token0 + action - t.TAKE]}{LIBRARY if library else ''}"
    if t.CH_TOKEN <= action < t.CH_TOKEN + t.NT:
        kind = _top(game)
        verb = "draw token" if kind == number("library_draw") else "board token"
        return f"{verb} {names[t.token0 + action - t.CH_TOKEN]}"
    return None


def token_component(game: GameState, action: int, seat: int | None = None) -> int | None:
    """The token taken, from a science pair or the Great Library."""
    t = game.t
    return t.token0 + action - t.TAKE if t.TAKE <= action < t.TAKE + t.NT else None


def why_not_take(game: GameState, p: int, arg: int, action: int) -> str | None:
    t = game.t
    if t.TAKE <= action < t.TAKE + t.NT:
        return f"{t.names[t.token0 + action - t.TAKE]} is not among the tokens offered"
    return None


def token_parse(game: GameState, text: str, seat: int | None = None) -> int | None:
    t = game.t
    s, low = words(text)
    token = (t.token0, t.N, "progress token")
    if low.startswith("take "):
        body = s[len("take "):]
        if low.endswith(LIBRARY):
            if _top(game) == number("pair_token"):
                raise NotationError(f"{text!r}: the token now comes from a science pair, not the library")
            body = body[:-len(LIBRARY)]
        return t.TAKE + lookup(game, body, *token) - t.token0
    for verb in ("board token ", "draw token "):
        if low.startswith(verb):
            return t.CH_TOKEN + lookup(game, s[len(verb):], *token) - t.token0
    return None


# weaker_player_starts ------------------------------------------------------------------------

def start_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    if action == t.START or action == t.START_OTHER:
        return "start self" if action == t.START else "start opponent"
    return None


def start_parse(game: GameState, text: str, seat: int | None = None) -> int | None:
    low = words(text)[1]
    if low in ("start self", "start opponent"):
        return game.t.START if low == "start self" else game.t.START_OTHER
    return None
