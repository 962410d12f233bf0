"""Classic 7 Wonders' plays: their action ids, their text, which are legal, how they are placed.

Action ids (laid out after the core's, so Duel's ids do not move; P = `Tables.pay_levels`,
the most coins a play can pay one neighbour plus one):

| range | size | action |
|---|---|---|
| `C_BUILD` | NB x P x P | build card c paying l coins to the left and r to the right neighbour: `C_BUILD + (c * P + l) * P + r` |
| `C_STAGE` | NB x P x P | build the board's next Wonder stage with card c, paying (l, r) |
| `C_DISCARD` | NB | discard card c for coins |
| `C_FREE` | NB | build card c for free (Olympia A, once per Age) |
| `C_REVIVE` | NB | build card c from the discard pile for free (Halikarnassos) |
| `CH_BOARD` | boards x S | chance: board b dealt with side s (`CH_BOARD + S * b + s`; S = `Tables.n_sides`, the most sides a board has: 2) |

Cards are dealt and guilds drawn with the core's `CH_CARD + c`. Text: `build Temple`,
`build Temple, pay left 2, right 1`, `stage 2 with Baths`, `discard Baths`, `build Temple
for free`, `build Temple from discard`, `deal Temple to player 2`, `draw guild Spies Guild`,
`board Gizah side b to player 1`. A name shared by two cards (Loom in Age I and II) means the
one in the deciding seat's hand or discard pile; an id (`loom_age2`) is accepted too. Where
the discard pile holds both, the text names the Age: `build Press (Age II) from discard`
(any card name may carry its Age). The seat a text is worded for is the one to move, or the
one given (`action_to_text(game, action, seat)`: at a simultaneous decision, "stage 2" is
that seat's next stage).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..core.kinds import IS_SIMULTANEOUS, KIND_NAMES
from ..errors import NotationError

if TYPE_CHECKING:
    from ..state import Game

BUILD, STAGE, DISCARD, FREE, REVIVE = range(5)


def lay_out(t) -> None:
    rules = t.ruleset.rules
    price = rules["trade"]["base_price"] if "neighbour_trade" in t.ruleset.mechanics else 0
    units = max((sum(cls.cost) for cls in t.classes if cls.cost), default=0)
    t.pay_levels = P = units * price + 1
    t.pay_square = P * P
    t.priced = [bool(t.coin_cost[c] or t.cost[c]) for c in range(t.N)]  # worth a free build
    NB = t.NB
    t.C_BUILD = t.num_actions
    t.C_STAGE = t.C_BUILD + NB * P * P
    t.C_DISCARD = t.C_STAGE + NB * P * P
    t.C_FREE = t.C_DISCARD + NB
    t.C_REVIVE = t.C_FREE + NB
    t.CH_BOARD = t.C_REVIVE + NB
    t.n_sides = max((len(cls.sides) for cls in t.classes[t.board0:t.stage0]), default=0)
    t.num_actions = t.CH_BOARD + t.n_sides * t.n_boards
    t.chance_ranges.append((t.CH_BOARD, t.num_actions))
    t.action_texts = (action_to_text, parse_action)


def decode(t, action: int) -> tuple[int, int, int, int]:
    """(mode, card, coins to the left, coins to the right) of a play action."""
    P = t.pay_levels
    if action < t.C_STAGE:
        c, rest = divmod(action - t.C_BUILD, P * P)
        return (BUILD, c, *divmod(rest, P))
    if action < t.C_DISCARD:
        c, rest = divmod(action - t.C_STAGE, P * P)
        return (STAGE, c, *divmod(rest, P))
    if action < t.C_FREE:
        return DISCARD, action - t.C_DISCARD, 0, 0
    if action < t.C_REVIVE:
        return FREE, action - t.C_FREE, 0, 0
    return REVIVE, action - t.C_REVIVE, 0, 0


def encode(t, mode: int, card: int, left: int = 0, right: int = 0) -> int:
    P = t.pay_levels
    if mode in (BUILD, STAGE):
        return (t.C_BUILD if mode == BUILD else t.C_STAGE) + (card * P + left) * P + right
    return (t.C_DISCARD, t.C_FREE, t.C_REVIVE)[mode - DISCARD] + card


FREE_PAY = ((0, 0),)  # the one payment of resources the city produces itself
NO_STAGE = (-1, False)  # Plays._stage_state without a stage to build


class Plays:
    """Legal plays and their placing; mixin of hand_draft. Hooks the other classic
    mechanics override: `_seat_offers`, `_offers` and `_payments` (neighbour_trade),
    `_stage_state`, `_next_stage`, `_build_stage` (wonder_boards)."""

    __slots__ = ()

    def _legal_plays(self, p: int, hand=None) -> list[int]:
        """Seat `p`'s legal plays from its hand, or from `hand` (free_city: the Free City
        plays from the hand of the player holding the Free City card), ascending: builds,
        stages, discards, free builds."""
        t = self.t
        PP = t.pay_square
        cards = dict.fromkeys(self.hands[p] if hand is None else sorted(hand))  # hands are sorted
        coins = self.coins[p]
        held = self.held_names[p]
        chains = self.chains[p]
        name_bit, chain_from, cost_id = t.name_bit, t.chain_from, t.cost_id
        offers = self._seat_offers(p)
        stage, free = self._stage_state(p)
        out = []
        base = t.C_BUILD
        for c in cards:
            if name_bit[c] & held:  # ruling 5
                continue
            at = base + c * PP
            if chain_from[c] & chains:  # ruling 6
                out.append(at)
                continue
            pays = offers.get(cost_id[c])
            if pays is None:
                pays = self._offers(p, c, offers)
            for total, offset in pays:
                if total <= coins:
                    out.append(at + offset)
        if stage >= 0:
            pays = offers.get(cost_id[stage])
            if pays is None:
                pays = self._offers(p, stage, offers)
            pays = [offset for total, offset in pays if total <= coins]
            if pays:
                base = t.C_STAGE
                for c in cards:
                    at = base + c * PP
                    for offset in pays:
                        out.append(at + offset)
        out += map(t.C_DISCARD.__add__, cards)
        if free:  # Olympia A: a structure of the hand for free, once an Age
            base = t.C_FREE
            for c in cards:
                if not (name_bit[c] & held or chain_from[c] & chains) and t.priced[c]:
                    out.append(base + c)
        return out

    def _seat_offers(self, p: int) -> dict:
        """Where `_offers` keeps what each card costs seat `p` while its market holds
        (neighbour_trade); without trading, nowhere: a new dict."""
        return {}

    def _offers(self, p: int, comp: int, offers: dict) -> tuple[tuple[int, int], ...]:
        """What building `comp` costs `p`: `(coins, l * P + r)` for each way to pay, coins
        printed and paid to the neighbours (l to the left, r to the right), kept in `offers`
        under its `Tables.cost_id`."""
        t = self.t
        P = t.pay_levels
        coins = t.coin_cost[comp]
        out = offers[t.cost_id[comp]] = tuple((coins + left + right, left * P + right)
                                   for left, right in self._payments(p, comp))
        return out

    def _payments(self, p: int, comp: int) -> tuple[tuple[int, int], ...]:
        """(coins to the left, coins to the right) of each way to pay `comp`'s resources;
        without neighbour_trade, only what the city produces itself."""
        residuals = self._own_residuals(p, comp)
        return FREE_PAY if not residuals or () in residuals else ()

    def _own_residuals(self, p: int, comp: int) -> set[tuple[int, ...]]:
        """What `comp` still lacks once the city's own production is used, one tuple of
        resource units (sorted resource indices, repeated) per way of using its either/or
        production; empty when its fixed production covers everything."""
        t = self.t
        prod = self.prod[p]
        missing = []
        for r, n in t.cost[comp]:
            if n > prod[r]:
                missing += [r] * (n - prod[r])
        if not missing:
            return set()
        out: set[tuple[int, ...]] = set()
        choices = self.choices[p]

        def walk(i: int, left: list[int]) -> None:
            if not left or i == len(choices):
                out.add(tuple(left))
                return
            useful = {r for r in choices[i] if r in left}
            if not useful:
                walk(i + 1, left)
            for r in useful:
                rest = left[:]
                rest.remove(r)
                walk(i + 1, rest)

        walk(0, missing)
        return out

    def _stage_state(self, p: int) -> tuple[int, bool]:
        """(the next Wonder stage `p` may build, -1 if none; whether `p` may build a card of
        its hand for free now)."""
        return NO_STAGE

    def _next_stage(self, p: int) -> int:
        return -1

    def _build_stage(self, p: int, card: int) -> int:
        raise NotImplementedError("Wonder stages need the mechanic wonder_boards")

    def _place_building(self, p: int, c: int) -> None:
        self.city[p].append(c)
        self.held_names[p] |= self.t.name_bit[c]
        self.color_count[p][self.t.color[c]] += 1
        self._acquire(p, c)

    def _place_plays(self, choices) -> list[tuple[int, int]]:
        """Pay, then place every seat's play; (seat, component) whose effects on build are due."""
        t = self.t
        plays = []
        coins, hands = self.coins, self.hands
        income = [0] * t.n_seats
        left_of, right_of = t.seating.left, t.seating.right
        P, stages, discards = t.pay_levels, t.C_STAGE, t.C_DISCARD
        for p, action in enumerate(choices):
            if action < 0:
                continue
            if action < discards:  # a build or a stage: decode() inlined, it runs every play
                mode, base = (BUILD, t.C_BUILD) if action < stages else (STAGE, stages)
                c, paid = divmod(action - base, t.pay_square)
                left, right = divmod(paid, P)
                income[left_of[p]] += left
                income[right_of[p]] += right
                if mode == STAGE:
                    coins[p] -= t.coin_cost[self._next_stage(p)] + left + right
                elif not t.chain_from[c] & self.chains[p]:
                    coins[p] -= t.coin_cost[c] + left + right
            else:
                mode, c, _, _ = decode(t, action)
            hands[p].remove(c)
            plays.append((p, mode, c))
        due = []
        for p, mode, c in plays:
            if mode == DISCARD:
                self.discard.append(c)
                self.coins[p] += t.classic_discard_coins
            elif mode == STAGE:
                due.append((p, self._build_stage(p, c)))
            else:
                if mode == FREE:
                    self.free_used[p] = True
                self._place_building(p, c)
                due.append((p, c))
        for p in t.seats:
            coins[p] += income[p]
        self._markets_touched(due)
        return due

    def _markets_touched(self, acquired) -> None:
        """Components just acquired, as (seat, component) (neighbour_trade updates what
        trading reads of the cities)."""


def _seat(game: Game, seat: int | None = None) -> int:
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


def _revive_name(game: Game, c: int) -> str:
    """A card of the discard pile by name, with its Age where another card of the pile has
    the same name (Press of Age I and of Age II), so that each text names one action."""
    t = game.t
    if any(t.names[d] == t.names[c] and d != c for d in game.discard):
        return f"{t.names[c]} (Age {_age(t, c)})"
    return t.names[c]


def action_to_text(game: Game, action: int, seat: int | None = None) -> str | None:
    t = game.t
    names = t.names
    if t.C_BUILD <= action < t.CH_BOARD:
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
    if t.CH_BOARD <= action < t.num_actions:
        b, side = divmod(action - t.CH_BOARD, t.n_sides)
        cls = t.classes[t.board0 + b]
        return f"board {cls.name} side {cls.sides[side][0]} to player {game.stack[-1][2]}" \
            if game.stack else f"board {cls.name} side {cls.sides[side][0]}"
    if t.CH_CARD <= action < t.CH_CARD + t.NB and game.stack:
        kind, _, seat = game.stack[-1]
        name = names[action - t.CH_CARD]
        if KIND_NAMES[kind] == "draw_guild":
            return f"draw guild {name}"
        return f"deal {name} to player {seat}"
    return None


_PLAY = re.compile(r"(build|discard|stage(?: \d+)? with) (.+?)(?:, pay (.+))?$", re.I)
_PAY = re.compile(r"(left|right) (\d+)$", re.I)
_AGE = re.compile(r"(.+?) \(age (\w+)\)$", re.I)


def _card(game: Game, name: str, prefer, what: str = "") -> int:
    """The card named `name` (or its id; "Press (Age II)" names the Age): of two cards with
    that name, the one in `prefer`; if both are there, only the Age or the id tells."""
    t = game.t
    if name in t.index and t.index[name] < t.NB:
        return t.index[name]
    aged = _AGE.fullmatch(name)
    if aged:
        name, age = aged[1], aged[2].upper()
    found = [c for c in range(t.NB) if t.names[c].casefold() == name.casefold()]
    if aged:
        found = [c for c in found if age in (_age(t, c), str(t.age[c]))]
    if not found:
        raise NotationError(f"no card is named {name!r}" + (f" in Age {aged[2]}" if aged else ""))
    preferred = [c for c in found if c in prefer]
    if len(set(preferred)) > 1:
        ages = " or ".join(f"'{name} (Age {_age(t, c)})'" for c in sorted(set(preferred)))
        raise NotationError(f"two cards named {name!r} {what}: say {ages}")
    return (preferred or found)[0]


def parse_action(game: Game, text: str, seat: int | None = None) -> int | None:
    t = game.t
    s = " ".join(text.split())
    low = s.casefold()
    seat = _seat(game, seat)
    hands = game.hands[seat] if game.stack and IS_SIMULTANEOUS[game.stack[-1][0]] else []
    if low.startswith("board "):
        m = re.fullmatch(r"board (.+) side (\w+)(?: to player \d+)?", s, re.I)
        if m:
            for b in range(t.n_boards):
                cls = t.classes[t.board0 + b]
                sides = [name.casefold() for name, _ in cls.sides]
                if cls.name.casefold() == m[1].casefold() and m[2].casefold() in sides:
                    return t.CH_BOARD + t.n_sides * b + sides.index(m[2].casefold())
        raise NotationError(f"cannot read {text!r}: expected 'board <board> side <a|b>'")
    for verb in ("deal ", "draw guild "):
        if low.startswith(verb):
            body = re.sub(r" to player \d+$", "", s[len(verb):], flags=re.I)
            return t.CH_CARD + _card(game, body, game.pool or game.guild_pool)
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
