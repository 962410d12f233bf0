"""The text of classic 7 Wonders' actions (their ids: games/classic/actions.py), both ways.

Text: `build Temple`, `build Temple, pay left 2, right 1`, `stage 2 with Baths`, `discard
Baths`, `build Temple for free`, `build Temple from discard`, `deal Temple to player 2`,
`draw guild Spies Guild`, `board Gizah side b to player 1`. A name shared by two cards (Loom
in Age I and II) means the one in the deciding seat's hand or discard pile; an id
(`loom_age2`) is accepted too. Where the discard pile holds both, the text names the Age:
`build Press (Age II) from discard` (any card name may carry its Age). The seat a text is
worded for is the one to move, or the one given (`action_to_text(game, action, seat)`: at a
simultaneous decision, "stage 2" is that seat's next stage). Any other name two components
share (in data the validator refuses, WS328) is written and read as the id (core/texts.py).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.kinds import IS_CHANCE, IS_SIMULTANEOUS, KIND_NAMES
from ...core.texts import add_components, matches, named_alike, shared_name, text_names
from ...errors import NotationError, OtherEventError
from .actions import BUILD, DISCARD, FREE, REVIVE, STAGE, decode, encode

if TYPE_CHECKING:
    from ...core.game import GameState


def _seat(game: GameState, seat: int | None = None) -> int:
    """The city whose decision the text is about: the pending decision's, for the seat to
    move (which may decide for another city: the Free City's holder), else `seat`'s."""
    if seat is None or seat == game.current_player:
        return game.stack[-1][1] if game.stack and game.result is None else 0
    return seat


def _pay_text(left: int, right: int) -> str:
    parts = [f"left {left}"] * bool(left) + [f"right {right}"] * bool(right)
    return f", pay {', '.join(parts)}" if parts else ""


AGES = ("", "I", "II", "III")


def _age(t, c: int) -> str:
    """Card `c`'s Age as printed: I, II, III."""
    return AGES[t.age[c]] if 0 < t.age[c] < len(AGES) else str(t.age[c])


def _revive_name(game: GameState, c: int) -> str:
    """A card of the discard pile by name, with its Age where another card of the pile has
    the same name (Press of Age I and of Age II), so that each text names one action."""
    t = game.t
    name = t.text_names[c]
    if name != t.ids[c] and any(t.names[d] == t.names[c] and d != c for d in game.discard):
        return f"{name} (Age {_age(t, c)})"
    return name


def action_to_text(game: GameState, action: int, seat: int | None = None) -> str | None:
    t = game.t
    names = t.text_names
    if t.C_BUILD <= action < t.C_END:
        mode, c, left, right = decode(t, action)
        if mode == BUILD:
            return f"build {names[c]}{_pay_text(left, right)}"
        if mode == STAGE:
            number = game._stage_number(_seat(game, seat))
            return f"stage {number} with {names[c]}{_pay_text(left, right)}"
        if mode == DISCARD:
            return f"discard {names[c]}"
        if mode == FREE:
            return f"build {names[c]} for free"
        return f"build {_revive_name(game, c)} from discard"
    if "CH_BOARD" in t.action_ranges and t.CH_BOARD <= action < t.CH_BOARD + t.n_sides * t.n_boards:
        b, side = divmod(action - t.CH_BOARD, t.n_sides)
        name, cls = t.text_names[t.board0 + b], t.classes[t.board0 + b]
        return f"board {name} side {cls.sides[side][0]} to player {game.stack[-1][2]}" \
            if game.stack else f"board {name} side {cls.sides[side][0]}"
    if t.CH_CARD <= action < t.CH_CARD + t.NB and game.stack:
        kind, _, seat = game.stack[-1]
        name = names[action - t.CH_CARD]
        if KIND_NAMES[kind] == "draw_guild":
            return f"draw guild {name}"
        return f"deal {name} to player {seat}"
    return None


def action_component(game: GameState, action: int, seat: int | None = None) -> int | None:
    """The component a play adds to the deciding city: the card built (paid, free or from
    the discard pile) or the next stage of its board; None for a discard or a chance outcome."""
    t = game.t
    if not t.C_BUILD <= action < t.C_END:
        return None
    mode, c, _, _ = decode(t, action)
    if mode == DISCARD:
        return None
    if mode == STAGE:
        stage = game._next_stage(_seat(game, seat))
        return stage if stage >= 0 else None
    return c


def add_classic_texts(t) -> None:
    """Classic's texts of its plays, and what each gives a city, added to tables `t`. Cards
    of one name in two Ages keep the name: the hand, the pile or the Age tells them apart."""
    t.text_names = text_names(t, keep_reprinted_names=True)
    t.action_texts = (action_to_text, parse_action)
    add_components(t, action_component)


_PLAY = re.compile(r"(build|discard|stage(?: \d+)? with) (.+?)(?:, pay (.+))?$", re.I)
_PAY = re.compile(r"(left|right) (\d+)$", re.I)
_AGE = re.compile(r"(.+?) \(age (\w+)\)$", re.I)


def _card(game: GameState, name: str, prefer, what: str = "") -> int:
    """The card named `name` (or its id; "Press (Age II)" names the Age): of two cards with
    that name, the one in `prefer`; if both are there, only the Age or the id tells."""
    t = game.t
    aged = _AGE.fullmatch(name)
    if aged:
        name, age = aged[1], aged[2].upper()
    found = named_alike(t, name, 0, t.NB) if aged else matches(t, name, 0, t.NB)
    if aged:
        found = [c for c in found if age in (_age(t, c), str(t.age[c]))]
    if not found:
        raise NotationError(f"no card is named {name!r}" + (f" in Age {aged[2]}" if aged else ""))
    if len({t.names[c] for c in found}) > 1:  # not one card printed in two Ages
        raise shared_name(t, name, found)
    preferred = [c for c in found if c in prefer]
    if len(set(preferred)) > 1:
        ages = " or ".join(f"'{name} (Age {_age(t, c)})'" for c in sorted(set(preferred)))
        raise NotationError(f"two cards named {name!r} {what}: say {ages}")
    return (preferred or found)[0]


def _check_event(game: GameState, text: str, named: str | None, kind_name: str, action: int) -> int:
    """`action`, the outcome a deal text names (`deal Altar to player 2`, `board Gizah side b
    to player 1`), if the pending chance event can give it: OtherEventError (with the
    action) at a chance event of another kind, or dealing to another seat than `named`.
    Deal outcomes are cards and boards, not seats, so the seat named is checked here or
    nowhere; at a player's decision the action is returned and found illegal there."""
    if named is not None:  # None: the form without a seat (the pending deal's)
        if not named.isdigit() or len(named) > 4:
            raise NotationError(f"{text!r}: a player is a number, not {named!r}")
        if int(named) >= game.t.n_seats:
            raise NotationError(f"{text!r}: no player {named}: seats are 0 to {game.t.n_seats - 1}")
    node = game.stack[-1] if game.stack and game.result is None else None
    if node is None or not IS_CHANCE[node[0]]:
        return action
    if KIND_NAMES[node[0]] != kind_name:
        pending = KIND_NAMES[node[0]].replace("_", " ")
        raise OtherEventError(f"{text!r}: the pending chance event is {pending}, not "
                              f"{kind_name.replace('_', ' ')}", action)
    if named is not None and node[2] != int(named):
        what = "board" if kind_name == "board_deal" else "card"
        raise OtherEventError(f"{text!r}: the {what} dealt now goes to player {node[2]}, "
                              f"not {named}", action)
    return action


def parse_action(game: GameState, text: str, seat: int | None = None) -> int | None:
    t = game.t
    s = " ".join(text.split())
    low = s.casefold()
    seat = _seat(game, seat)
    hands = game.hands[seat] if game.stack and IS_SIMULTANEOUS[game.stack[-1][0]] else []
    if low.startswith("board "):
        m = re.fullmatch(r"board (.+) side (\w+)(?: to player (\S+))?", s, re.I)
        boards = matches(t, m[1], t.board0, t.stage0) if m else []
        if len(boards) == 1:
            b = boards[0] - t.board0
            sides = [name.casefold() for name, _ in t.classes[t.board0 + b].sides]
            if m[2].casefold() in sides:
                action = t.CH_BOARD + t.n_sides * b + sides.index(m[2].casefold())
                return _check_event(game, text, m[3], "board_deal", action)
        raise NotationError(f"cannot read {text!r}: expected 'board <board> side <a|b>'")
    for verb in ("deal ", "draw guild "):
        if low.startswith(verb):
            body, named = s[len(verb):], None
            cut = body.casefold().rfind(" to player ")
            if verb == "deal " and cut >= 0:
                body, named = body[:cut], body[cut + len(" to player "):]
            action = t.CH_CARD + _card(game, body, game.pool or game.guild_pool)
            return _check_event(game, text, named, "deal_hand" if verb == "deal " else "draw_guild",
                                action)
    for suffix, mode in ((" for free", FREE), (" from discard", REVIVE)):
        if low.startswith("build ") and low.endswith(suffix):
            pool = hands if mode == FREE else game.discard
            where = "in the hand" if mode == FREE else "in the discard pile"
            return encode(t, mode, _card(game, s[len("build "):-len(suffix)], pool, where))
    m = _PLAY.match(s)
    if not m:
        return None
    verb = m[1].casefold()
    c = _card(game, m[2], hands, "in the hand")
    left = right = 0
    if m[3]:
        for part in m[3].split(","):
            pay = _PAY.match(part.strip())
            if not pay:
                raise NotationError(f"cannot read the payment {m[3]!r}: expected 'left N, right N'")
            if pay[1].casefold() == "left":
                left = int(pay[2])
            else:
                right = int(pay[2])
        if max(left, right) >= t.pay_levels:
            raise NotationError(f"no play pays more than {t.pay_levels - 1} coins to a neighbour")
    if verb == "discard":
        if m[3]:
            raise NotationError("a discard pays nobody")
        return encode(t, DISCARD, c)
    if verb.startswith("stage"):
        number = verb.split()[1] if len(verb.split()) == 3 else None
        if number is not None and int(number) != game._stage_number(seat):
            raise NotationError(f"{text!r}: player {seat}'s next stage is "
                                f"{game._stage_number(seat)}, not {number}")
        return encode(t, STAGE, c, left, right)
    return encode(t, BUILD, c, left, right)
