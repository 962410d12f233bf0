"""What neighbour trading reads of the cities, per seat, kept up to date as they grow
(neighbour_trade): the derived state `Markets` and the mixin that keeps it."""
from __future__ import annotations

from operator import add

from .splits import LEFT, RIGHT, line

DEALT_LIMIT = 4_096  # Tables.dealt_markets: seats' markets once the boards are dealt (first in, first out)


def resource_mask(resources) -> int:
    out = 0
    for r in resources:
        out |= 1 << r
    return out


def _units(masks, count: int, fixed=None) -> tuple[int, ...]:
    """Per resource, the `fixed` units plus how many of `masks` offer it."""
    out = list(fixed or [0] * count)
    for mask in masks:
        for r in range(count):
            if mask >> r & 1:
                out[r] += 1
    return tuple(out)


def resource_pairs(mask: int, count: int) -> int:
    """Every pair of two resources r < s of `mask`, one bit each, pairs numbered in order of
    r then s (a few dozen bits at most, so tests on them stay cheap)."""
    out = 0
    bit = 1
    for r in range(count):
        for s in range(r + 1, count):
            if mask >> r & 1 and mask >> s & 1:
                out |= bit
            bit <<= 1
    return out


class Markets:
    """What trading reads of the cities, per seat, kept up to date as they grow: derived
    state (never saved), built on first use and again after `_trade_changed`.

    - `sells[q]`: what city q sells: (fixed units per resource, either/or options, their
      masks);
    - `prices[p]`: p's price of each resource from the (left, right) neighbour;
    - `own[p]`: the masks of p's own either/or production, in the order acquired;
    - `coupled[p]`: the pairs of resources (`resource_pairs`) some either/or card p may use
      offers both of (its own, or one its neighbours sell);
    - `codes[p]`: per resource, a number for what p's market is for it (`_recode`), moved
      on as units are made and sold (`_code_after`);
    The offers each seat's market makes (`Game.offers`, hand_draft's: per cost id,
    `((coins, l * P + r), ...)` for each Pareto-minimal payment (l, r), ascending) are
    replaced by a blank list whenever its market changes.
    """

    __slots__ = ("sells", "prices", "own", "coupled", "codes")

    def copy(self) -> "Markets":
        other = Markets.__new__(Markets)
        other.sells = self.sells[:]  # tuples, replaced whole when they change
        other.prices = self.prices[:]
        other.own = self.own[:]
        other.coupled = self.coupled[:]
        other.codes = self.codes[:]  # lists, replaced whole when they change
        return other


class MarketKeeping:
    """The part of neighbour_trade's mixin that keeps `Game.markets`."""

    __slots__ = ()

    def _trade_changed(self) -> None:
        """Any city may have changed (set-up, a position edited, a card built from the
        discard pile): the markets are rebuilt when next needed."""
        self.markets = None
        self.offers = [[None] * len(self.t.costs) for _ in self.t.seats]

    def _board_dealt(self, p: int, comp: int) -> None:
        """Board `comp` dealt to `p` at set-up (and acquired): the markets wait for the last
        board, then come from `_dealt_markets`."""
        if any(self.city):  # a position set up otherwise: rebuilt when needed
            self._trade_changed()
        elif None in self.boards:  # nothing is priced before the last board
            self.markets = None
        else:
            self._dealt_markets()

    def _dealt_markets(self) -> None:
        """The markets once every board is dealt. A seat's market, and its offers, depend only
        on what it and its neighbours own: its board and theirs. Games share each seat's part
        and its offers list through a memo per ruleset (`Tables.dealt_markets`); the offers
        are priced into the shared list, as clones share theirs, and replaced when the
        market changes (`_markets_touched`)."""
        t = self.t
        seating = t.seating
        owned = [tuple(self._owned(q)) for q in t.seats]
        memo = t.dealt_markets
        parts = [memo.get((owned[seating.left[p]], owned[p], owned[seating.right[p]]))
                 for p in t.seats]
        if None in parts:
            self._trade_changed()
            m = self._markets()
            for p in t.seats:
                if len(memo) >= DEALT_LIMIT:
                    del memo[next(iter(memo))]
                parts[p] = memo[owned[seating.left[p]], owned[p], owned[seating.right[p]]] = (
                    m.sells[p], m.prices[p], m.own[p], m.coupled[p], m.codes[p], self.offers[p])
            return
        m = self.markets = Markets()
        m.sells, m.prices, m.own, m.coupled, m.codes, self.offers = map(list, zip(*parts))

    def _markets(self) -> Markets:
        m = self.markets
        if m is None:
            t = self.t
            m = self.markets = Markets()
            m.sells = [self._sells_of(q) for q in t.seats]
            m.prices = [self._neighbour_prices(p) for p in t.seats]
            m.own = [tuple(resource_mask(o) for o in self.choices[p]) for p in t.seats]
            m.coupled = [self._coupled(m, p) for p in t.seats]
            sold = [_units(masks, t.R, fixed) for fixed, _, masks in m.sells]
            m.codes = [self._recode(m, p, _units(m.own[p], t.R), sold) for p in t.seats]
        return m

    def _recode(self, m: Markets, p: int, own_units, sold) -> list[int]:
        """Per resource, a number for what p's market is for it, the same in every game (per
        ruleset): what p makes of it, what each neighbour sells of it (`sold`, per seat) and
        p's prices, where an either/or card offering it counts as a unit of it (true of a
        cost that needs no other resource the card offers: `coupled`), and counts past the
        most any cost needs count as that most. `_markets_touched` moves the numbers on."""
        t = self.t
        seating = t.seating
        caps, known, prod = t.res_cap, t.market_codes, self.prod[p]
        left, right = sold[seating.left[p]], sold[seating.right[p]]
        left_price, right_price = m.prices[p]
        codes = []
        for r in range(t.R):
            cap = caps[r]
            made = prod[r] + own_units[r]
            if made >= cap:
                key = ()
            else:
                sold_left, sold_right = left[r], right[r]
                key = (made, sold_left if sold_left < cap else cap,
                       sold_right if sold_right < cap else cap, left_price[r], right_price[r])
            code = known.get(key)
            codes.append(self._new_code(key) if code is None else code)
        return codes

    def _new_code(self, key: tuple) -> int:
        """Number `key` (`_recode`), with its `line` for each number of units needed: 0 when
        they are made, None when the neighbours cannot sell them."""
        t = self.t
        code = t.market_codes[key] = len(t.code_lines)
        t.code_keys.append(key)
        t.code_steps.append([None] * (3 * t.R))
        t.code_lines.append(tuple(0 if not key or n <= key[0] else line(n - key[0], *key[1:])
                                  for n in range(max(t.res_cap) + 1)))
        t.code_offers.append([None] * len(t.costs))
        return code

    def _code_after(self, code: int, step: int) -> int:
        """The code a market of code `code` has for resource r once one more unit of it is
        made (`step` r), or sold by the left (R + r) or the right (2R + r) neighbour; kept per
        ruleset in `Tables.code_steps`."""
        t = self.t
        side, r = divmod(step, t.R)
        key = t.code_keys[code]
        if key:  # () stays: the city makes all any cost needs
            cap = t.res_cap[r]
            made, left, right, left_price, right_price = key
            if side == 0:
                made += 1
            elif side == 1:
                left = min(left + 1, cap)
            else:
                right = min(right + 1, cap)
            key = () if made >= cap else (made, left, right, left_price, right_price)
        after = t.market_codes.get(key)
        if after is None:
            after = self._new_code(key)
        t.code_steps[code][step] = after
        return after

    def _repriced(self, m: Markets, p: int, res: int) -> None:
        """p's prices changed for the resources of `res`: their codes follow."""
        t = self.t
        left_price, right_price = m.prices[p]
        codes = m.codes[p]
        for r in t.mask_bits[res]:
            key = t.code_keys[codes[r]]
            if key:
                key = (*key[:3], left_price[r], right_price[r])
                code = t.market_codes.get(key)
                codes[r] = self._new_code(key) if code is None else code

    def _sells_of(self, q: int):
        """(units per resource, either/or options, the options as bit masks of resources)
        that city `q` sells."""
        t = self.t
        fixed = [0] * t.R
        options = []
        for comp in self._owned(q):
            if t.sellable[comp]:
                for r, n in t.produces[comp]:
                    fixed[r] += n
                options += t.one_of[comp]
        return tuple(fixed), tuple(options), tuple(resource_mask(o) for o in options)

    def _coupled(self, m: Markets, p: int) -> int:
        seating = self.t.seating
        out = 0
        pairs = self.t.mask_pairs
        for mask in (*m.own[p], *m.sells[seating.left[p]][2], *m.sells[seating.right[p]][2]):
            out |= pairs[mask]
        return out

    def _neighbour_prices(self, p: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        t = self.t
        prices = ([t.neighbour_price] * t.R, [t.neighbour_price] * t.R)
        for comp in self._owned(p):
            for r, price, side in t.nprices[comp]:
                if price < prices[side][r]:
                    prices[side][r] = price
        return tuple(prices[LEFT]), tuple(prices[RIGHT])

    def _owned(self, p: int) -> list[int]:
        """Components whose effects city `p` holds: buildings, board and built stages."""
        return [*self.city[p], *self._board_components(p)]

    def _board_components(self, p: int) -> list[int]:
        return []

    def _markets_touched(self, acquired) -> None:
        """Components just acquired, as (seat, component): bring the markets they change up
        to date, the seat's own and, for production it sells, its neighbours'."""
        m = self.markets
        if m is None:
            # Rebuilt when next needed. Meanwhile copies of this game (a bot's) may have
            # priced plays into the lists they share with it: forget those prices too.
            self.offers = [[None] * len(self.t.costs) for _ in self.t.seats]
            return
        t = self.t
        plans = t.market_plans
        changed: dict[int, int] = {}  # seat: resources of its market that changed
        steps = []  # (seat, its codes' steps: `_code_after`)
        repriced = options = ()  # seats whose prices, whose either/or cards changed (rare)
        for p, comp in acquired:
            plan = plans[comp]
            if plan is None:  # nothing trade reads
                continue
            res, made, priced, one_of, masks, sold_steps, fixed = plan
            changed[p] = changed.get(p, 0) | res
            if made:
                steps.append((p, made))
            if priced:
                m.prices[p] = self._neighbour_prices(p)
                repriced = (*repriced, (p, res))
            if one_of:
                m.own[p] += masks
                options = (*options, p)
            if sold_steps:  # the seats buying from p's side: what it sells grew
                units, sold, sold_masks = m.sells[p]
                if fixed:
                    units = tuple(map(add, units, fixed))
                m.sells[p] = (units, sold + one_of, sold_masks + masks)
                for q, side in t.buyers[p]:
                    changed[q] = changed.get(q, 0) | res
                    steps.append((q, sold_steps[side]))
                    if one_of:
                        options = (*options, q)
        touching = t.costs_touching
        codes = m.codes
        for q, res in changed.items():
            offers = self.offers[q] = self.offers[q][:]  # shared with clones until now
            for cost in touching[res]:  # only the costs needing a resource whose market changed
                offers[cost] = None
            codes[q] = codes[q][:]  # shared with clones until now
        after = t.code_steps
        for q, moves in steps:  # each unit moves a code on, through the steps met before
            mine = codes[q]
            for r, step in moves:
                code = after[mine[r]][step]
                mine[r] = self._code_after(mine[r], step) if code is None else code
        for q, res in repriced:
            self._repriced(m, q, res)
        for q in options:
            m.coupled[q] = self._coupled(m, q)
