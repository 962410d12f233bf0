"""Classic 7 Wonders' plays: their action ids, which are legal, how they are placed.

Action ids (`ACTIONS`, hand_draft's, laid out by core/actions.py after the core's and before
the other mechanics'; P = `Tables.pay_levels`, the most coins a play can pay one neighbour
plus one):

| range | size | action |
|---|---|---|
| `C_BUILD` | NB x P x P | build card c paying l coins to the left and r to the right neighbour: `C_BUILD + (c * P + l) * P + r` |
| `C_STAGE` | NB x P x P | build the board's next Wonder stage with card c, paying (l, r) |
| `C_DISCARD` | NB | discard card c for coins |
| `C_FREE` | NB | build card c for free (Olympia A, once per Age) |
| `C_REVIVE` | NB | build card c from the discard pile for free (Halikarnassos) |
| `CH_CARD` | NB | chance: card c dealt, or drawn among the guilds |

The plays are one block, `C_BUILD` to `C_END - 1`, as `decode` reads them. wonder_boards
declares the boards dealt, `CH_BOARD`. Their text: games/classic/texts.py.
"""
from __future__ import annotations

from operator import add

from ...core.actions import OUTCOMES, PLAYS, Actions

BUILD, STAGE, DISCARD, FREE, REVIVE = range(5)


def pay_levels(t) -> int:
    """P: one more than the most coins a play can pay one neighbour (the most units a cost
    has times the base price; 1 without neighbour_trade)."""
    rules = t.ruleset.rules
    price = rules["trade"]["base_price"] if "neighbour_trade" in t.ruleset.mechanics else 0
    return max((sum(cls.cost) for cls in t.classes if cls.cost), default=0) * price + 1


def _paid(t) -> int:
    return t.NB * pay_levels(t) ** 2


def _cards(t) -> int:
    return t.NB


ACTIONS = (Actions("C_BUILD", PLAYS, _paid), Actions("C_STAGE", PLAYS, _paid),
           Actions("C_DISCARD", PLAYS, _cards), Actions("C_FREE", PLAYS, _cards),
           Actions("C_REVIVE", PLAYS, _cards), Actions("CH_CARD", OUTCOMES, _cards))


def lay_out(t) -> None:
    """What the legal plays read of the ids, once per ruleset (the ids are laid out)."""
    t.pay_levels = P = pay_levels(t)
    t.pay_square = P * P
    t.C_END = t.C_REVIVE + t.NB
    if t.C_STAGE != t.C_BUILD + t.NB * P * P or t.C_END != t.C_BUILD + 2 * t.NB * (P * P + 1) + t.NB:
        raise ValueError("classic's plays are one block of ids: another mechanic's plays "
                         "come between them")
    t.priced = [bool(t.coin_cost[c] or t.cost[c]) for c in range(t.N)]  # worth a free build
    # What the legal plays read of each card, in one tuple: (its name's bit, the chain bit
    # that makes it free, its cost id, the action building it for free of trade).
    t.play_info = [(t.name_bit[c], t.chain_from[c], t.cost_id[c], t.C_BUILD + c * P * P)
                   for c in range(t.NB)]
    t.stage_at = [t.C_STAGE + c * P * P for c in range(t.NB)]  # stage built with card c
    t.discard_at = [t.C_DISCARD + c for c in range(t.NB)]  # card c discarded
    # A discarded card and a stage's card count for nothing in a city: which card it was
    # changes only the hands (tables.py, `same_outcome`); a stage's payment does count.
    t.same_outcome.update({a: t.C_DISCARD for a in t.discard_at})
    t.same_outcome.update({t.C_STAGE + c * P * P + paid: t.C_STAGE + paid
                           for c in range(t.NB) for paid in range(P * P)})
    # Per component, its effects on build (a bound method) or None: HandDraft._resolve_plays.
    t.on_build = [obj.on_build if has else None for obj, has in zip(t.objects, t.has_on_build)]


def cost_tables(t) -> None:
    """Components that cost the same (coins and resources) cost a seat the same: its offers
    are kept under one id (`Plays._offers`)."""
    ids: dict = {}
    t.cost_id = [ids.setdefault((t.coin_cost[c], t.cost[c]), len(ids)) for c in range(t.N)]
    t.costs = tuple(ids)  # (coins, resources) by cost id


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
NO_STAGE = (-1, False)  # (next stage, free build unlocked) of a seat without a board yet


class Plays:
    """Legal plays and their placing; mixin of hand_draft. Hooks the other classic
    mechanics override: `_offers`, `_payments` and `_markets_touched` (neighbour_trade),
    `_next_stage`, `_build_stage` (wonder_boards, which keeps `stage_next`)."""

    __slots__ = ()

    def _legal_plays(self, p: int, hand=None) -> list[int]:
        """Seat `p`'s legal plays from its hand, or from `hand` (free_city: the Free City
        plays from the hand of the player holding the Free City card), ascending: builds,
        stages, discards, free builds."""
        t = self.t
        info = t.play_info
        coins = self.coins[p]
        held = self.held_names[p]
        chains = self.chains[p]
        offers = self.offers[p]
        out = []
        append = out.append
        cards = hand = self.hands[p] if hand is None else sorted(hand)  # hands are sorted
        last = -1
        for c in hand:
            if c == last:  # a second copy: one play each way (dropped from `cards` below)
                cards = None
                continue
            last = c
            name, chain, cost, at = info[c]
            if name & held:  # ruling 5
                continue
            if chain & chains:  # ruling 6
                append(at)
                continue
            pays = offers[cost]
            if pays is None:
                pays = self._offers(p, c, offers)
            if pays:  # none: the neighbours cannot supply it (40% of the cards seen)
                for total, offset in pays:
                    if total <= coins:  # no payment to the neighbours: the id as it is, no new int
                        append(at + offset if offset else at)
        if cards is None:
            cards = sorted(set(hand))
        stage, free = self.stage_next[p]
        if stage >= 0:
            pays = offers[t.cost_id[stage]]
            if pays is None:
                pays = self._offers(p, stage, offers)
            stage_at = t.stage_at
            if len(pays) == 1:  # one way to pay, the usual case
                total, offset = pays[0]
                if total > coins:
                    pass
                elif offset:
                    for c in cards:
                        append(stage_at[c] + offset)
                else:  # the ids as they are, no new int
                    for c in cards:
                        append(stage_at[c])
            elif pays:
                for c in cards:
                    at = stage_at[c]
                    for total, offset in pays:
                        if total <= coins:
                            append(at + offset)
        discard_at = t.discard_at
        for c in cards:
            append(discard_at[c])
        if free and not self.free_used[p]:  # Olympia A: a card of the hand for free, once an Age
            base = t.C_FREE
            for c in cards:
                name, chain, _, _ = info[c]
                if not (name & held or chain & chains) and t.priced[c]:
                    append(base + c)
        return out

    def _offers(self, p: int, comp: int, offers: list) -> tuple[tuple[int, int], ...]:
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
        """Pay, then place every seat's play, in seat order (a seat's payment reads only its
        own city); the neighbours' income once all are placed. Returns (seat, component)
        whose effects on build are due."""
        t = self.t
        coins, hands, city, held = self.coins, self.hands, self.city, self.held_names
        income = None
        P, PP, builds, stages, discards = t.pay_levels, t.pay_square, t.C_BUILD, t.C_STAGE, t.C_DISCARD
        ongoing, name_bit, color = t.ongoing, t.name_bit, t.color
        due = []
        for p, action in enumerate(choices):
            if action < 0:
                continue
            if action < discards:  # a build or a stage, paying (left, right): decode() inlined
                stage = action >= stages
                c, paid = divmod(action - (stages if stage else builds), PP)
                hands[p].remove(c)
                if paid:
                    left, right = divmod(paid, P)
                    if income is None:
                        income = [0] * t.n_seats
                    income[t.seating.left[p]] += left
                    income[t.seating.right[p]] += right
                    paid = left + right
                if stage:
                    comp = self._build_stage(p, c)
                    coins[p] -= t.coin_cost[comp] + paid
                    due.append((p, comp))
                    continue
                if not t.chain_from[c] & self.chains[p]:
                    coins[p] -= t.coin_cost[c] + paid
            elif action < t.C_FREE:
                c = action - discards
                hands[p].remove(c)
                self.discard.append(c)
                coins[p] += t.classic_discard_coins + self.discard_extra[p]
                continue
            else:
                mode, c, _, _ = decode(t, action)
                hands[p].remove(c)
                if mode == FREE:
                    self.free_used[p] = True
            # _place_building, inlined: this runs for most plays of every turn
            city[p].append(c)
            held[p] |= name_bit[c]
            self.color_count[p][color[c]] += 1
            if ongoing[c]:
                self._acquire(p, c)
            due.append((p, c))
        if income is not None:
            coins[:] = map(add, coins, income)
        self._markets_touched(due)
        return due

    def _board_dealt(self, p: int, comp: int) -> None:
        """Board `comp` dealt to `p` and acquired (neighbour_trade updates its markets)."""
        self._markets_touched(((p, comp),))

    def _markets_touched(self, acquired) -> None:
        """Components just acquired, as (seat, component): what their seats' plays cost may
        have changed (neighbour_trade updates what trading reads of the cities instead)."""
        t = self.t
        for p, comp in acquired:
            if t.produces[comp] or t.one_of[comp]:
                self.offers[p] = [None] * len(t.costs)
