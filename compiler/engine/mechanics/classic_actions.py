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
one in the deciding seat's hand or discard pile; an id (`loom_age2`) is accepted too.
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


def _short(cost, prod) -> bool:
    """Does the city's fixed production leave some of `cost` missing?"""
    for r, n in cost:
        if n > prod[r]:
            return True
    return False


class Plays:
    """Legal plays and their placing; mixin of hand_draft. Hooks the other classic
    mechanics override: `_payments` (neighbour_trade), `_next_stage`, `_free_build_ready`,
    `_build_stage` (wonder_boards)."""

    __slots__ = ()

    def _legal_plays(self, p: int, hand=None) -> list[int]:
        """Seat `p`'s legal plays from its hand, or from `hand` (free_city: the Free City
        plays from the hand of the player holding the Free City card)."""
        t = self.t
        P = t.pay_levels
        hand = sorted(set(self.hands[p] if hand is None else hand))
        coins = self.coins[p]
        held = {t.name_of[c] for c in self.city[p]}
        prod = self.prod[p]
        out = []
        free = self._free_build_ready(p)
        for c in hand:
            if t.name_of[c] in held:  # ruling 5
                continue
            if t.chain_from[c] & self.chains[p]:  # ruling 6
                out.append(t.C_BUILD + c * P * P)
                continue
            base = t.C_BUILD + c * P * P
            for left, right in self._payments(p, c) if _short(t.cost[c], prod) else FREE_PAY:
                if t.coin_cost[c] + left + right <= coins:
                    out.append(base + left * P + right)
            if free and (t.coin_cost[c] or t.cost[c]):
                out.append(t.C_FREE + c)
        stage = self._next_stage(p)
        if stage >= 0:
            pays = [(left, right) for left, right in self._payments(p, stage)
                    if t.coin_cost[stage] + left + right <= coins]
            for c in hand:
                base = t.C_STAGE + c * P * P
                for left, right in pays:
                    out.append(base + left * P + right)
        for c in hand:
            out.append(t.C_DISCARD + c)
        out.sort()
        return out

    def _payments(self, p: int, comp: int) -> tuple[tuple[int, int], ...]:
        """(coins to the left, coins to the right) of each way to pay `comp`'s resources;
        without neighbour_trade, only what the city produces itself."""
        residuals = self._own_residuals(p, comp)
        return ((0, 0),) if not residuals or () in residuals else ()

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

    def _next_stage(self, p: int) -> int:
        return -1

    def _free_build_ready(self, p: int) -> bool:
        return False

    def _build_stage(self, p: int, card: int) -> int:
        raise NotImplementedError("Wonder stages need the mechanic wonder_boards")

    def _place_building(self, p: int, c: int) -> None:
        self.city[p].append(c)
        self.color_count[p][self.t.color[c]] += 1
        self._acquire(p, c)

    def _place_plays(self, choices) -> list[tuple[int, int]]:
        """Pay, then place every seat's play; (seat, component) whose effects on build are due."""
        t = self.t
        plays = []
        income = [0] * t.n_seats
        for p, action in enumerate(choices):
            if action < 0:
                continue
            mode, c, left, right = decode(t, action)
            self.hands[p].remove(c)
            if mode == BUILD and not t.chain_from[c] & self.chains[p]:
                self.coins[p] -= t.coin_cost[c] + left + right
            elif mode == STAGE:
                self.coins[p] -= t.coin_cost[self._next_stage(p)] + left + right
            income[t.seating.left[p]] += left
            income[t.seating.right[p]] += right
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
            self.coins[p] += income[p]
        return due


def _seat(game: Game) -> int:
    """The seat whose decision the text is about."""
    return game.stack[-1][1] if game.stack and game.result is None else 0


def _pay_text(left: int, right: int) -> str:
    parts = [f"left {left}"] * bool(left) + [f"right {right}"] * bool(right)
    return f", pay {', '.join(parts)}" if parts else ""


def action_to_text(game: Game, action: int) -> str | None:
    t = game.t
    names = t.names
    if t.C_BUILD <= action < t.CH_BOARD:
        mode, c, left, right = decode(t, action)
        if mode == BUILD:
            return f"build {names[c]}{_pay_text(left, right)}"
        if mode == STAGE:
            return f"stage {game._stage_number(_seat(game))} with {names[c]}{_pay_text(left, right)}"
        if mode == DISCARD:
            return f"discard {names[c]}"
        return f"build {names[c]} {'for free' if mode == FREE else 'from discard'}"
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


def _card(game: Game, name: str, prefer) -> int:
    t = game.t
    if name in t.index and t.index[name] < t.NB:
        return t.index[name]
    found = [c for c in range(t.NB) if t.names[c].casefold() == name.casefold()]
    if not found:
        raise NotationError(f"no card is named {name!r}")
    preferred = [c for c in found if c in prefer]
    return (preferred or found)[0]


def parse_action(game: Game, text: str) -> int | None:
    t = game.t
    s = " ".join(text.split())
    low = s.casefold()
    seat = _seat(game)
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
            return encode(t, mode, _card(game, s[len("build "):-len(suffix)], pool))
    m = _PLAY.match(s)
    if not m:
        return None
    verb = m[1].casefold()
    c = _card(game, m[2], hands)
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
