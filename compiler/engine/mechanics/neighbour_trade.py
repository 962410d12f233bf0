"""Mechanic `neighbour_trade`: resources bought from the left and right neighbours (rulings 8-12).

Reads `trade`: `base_price` coins a unit, paid to the neighbour who sells it; `sellable`, the
production neighbours may buy (colours of buildings, and `board` for the board's starting
resource; ruling 9): a fixed production sells every unit, an either/or card one unit a turn,
the buyer picking the option; `income_spendable: next_turn` (ruling 12: plays are judged on
the coins held when the turn starts, hand_draft). A card of the buyer may lower the price of
some resources from one side (`Card.neighbour_prices`: East and West Trading Post, Olympia
B) or from both (`Card.trade_prices`, a `trade_price` without `from`: Marketplace; ruling 10). Buying never uses up the seller's production (ruling 8).

The buyer chooses whom to pay (ruling 11): the legal plays carry the payment as (coins to
the left, coins to the right), and the engine offers every **Pareto-minimal** pair: each
split of the missing units between the two sellers that they can supply, keeping a pair
unless another costs no more on both sides and less on one. So when both neighbours sell
a unit at the same price, paying the left and paying the right are both offered; paying more
than a minimal pair on both sides is not. `payment_options(player, component)` lists them
with the units bought from each side.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..core.fields import StateField
from ..core.rules import RulesError, checked
from .trade_splits import LEFT, RIGHT, SIDES, line, line_pairs, option_pairs, split_units

NAME = "neighbour_trade"
# Answers kept per ruleset (Tables.split_memo, Tables.pairs_memo); past the limit the oldest
# goes (first in, first out): a full memo keeps its size, so memory stays flat however many
# games are played.
MEMO_LIMIT = 4_096
FREE_PAIRS = ((0, 0),)  # the one payment of resources the city produces itself


@dataclass(frozen=True)
class Config:
    base_price: int  # trade.base_price: coins a unit
    sellable: tuple[str, ...]  # trade.sellable: colours, and "board" for its resource
    income_spendable: str  # trade.income_spendable: "next_turn"

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        trade = rules["trade"]
        return cls(trade["base_price"], tuple(trade["sellable"]), trade["income_spendable"])


def extend_tables(t) -> None:
    config = t.config[NAME]
    if config.income_spendable != "next_turn":  # checked when a game is set up, as hand_draft
        raise RulesError("trade.income_spendable: the engine spends income from the next turn "
                         f"('next_turn'), not {config.income_spendable!r:.60}")
    t.split_memo = OrderedDict()  # NeighbourTrade._residual_splits
    t.lines_memo = {}  # NeighbourTrade._offers, first in first out as well
    t.option_memo = {}  # NeighbourTrade._option_offers, the same
    t.market_codes = {}  # NeighbourTrade._recode: what a code stands for -> the code
    t.code_lines = []  # the code -> per number of units needed, its `line`
    t.pair_bits = {}  # an either/or card's mask -> its `_pairs`
    sellable = {t.color_index[c] for c in config.sellable if c in t.color_index}
    board = "board" in config.sellable
    t.neighbour_price = config.base_price
    t.sellable = [(t.color[c] in sellable if c < t.NB else board and t.board0 <= c < t.stage0)
                  for c in range(t.N)]
    side = {"left": LEFT, "right": RIGHT}
    # A price with no side (`trade_price` without `from`: Marketplace) is from both
    # neighbours: here every purchase is from a neighbour.
    t.nprices = [tuple((r, price, side[s]) for r, price, s in getattr(cls, "neighbour_prices", ()))
                 + tuple((r, price, s) for r, price in cls.trade_prices for s in SIDES)
                 for cls in t.classes]
    # The resources whose market a component changes when acquired (its production, either/or
    # production, prices), and those its cost needs, as bit masks.
    t.trade_res = [_mask(r for r, _ in t.produces[c]) | _mask(r for o in t.one_of[c] for r in o)
                   | _mask(r for r, _, _ in t.nprices[c]) for c in range(t.N)]
    t.cost_id_mask = [_mask(r for r, _ in cost) for _, cost in t.costs]  # by Tables.cost_id
    t.cost_pairs = [_pairs(_mask(r for r, _ in cost), t.R) for _, cost in t.costs]
    # The most units of a resource any cost needs: more production or supply counts as this.
    t.res_cap = [max((n for _, cost in t.costs for s, n in cost if s == r), default=0)
                 for r in range(t.R)]
    t.sells_units = [bool(t.sellable[c] and (t.produces[c] or t.one_of[c])) for c in range(t.N)]


def _mask(resources) -> int:
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


def _pairs(mask: int, count: int) -> int:
    """Every pair of two resources of `mask`, as bits `r * count + s` (r < s)."""
    out = 0
    for r in range(count):
        for s in range(r + 1, count):
            if mask >> r & 1 and mask >> s & 1:
                out |= 1 << (r * count + s)
    return out


@dataclass(frozen=True)
class NeighbourPayment:
    """One way to pay a construction's resources: coins and units per seller."""

    left: int  # coins paid to the left neighbour
    right: int  # coins paid to the right neighbour
    from_left: dict[str, int] = field(default_factory=dict)  # resource: units bought
    from_right: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"left": self.left, "right": self.right, "from_left": dict(self.from_left),
                "from_right": dict(self.from_right)}



class Markets:
    """What trading reads of the cities, per seat, kept up to date as they grow: derived
    state (never saved), built on first use and again after `_trade_changed`.

    - `sells[q]`: what city q sells: (fixed units per resource, either/or options, their
      masks, units per resource counting each option as a unit of each of its resources);
    - `prices[p]`: p's price of each resource from the (left, right) neighbour;
    - `own[p]`: the masks of p's own either/or production, in the order acquired, and
      `own_units[p]` how many of them offer each resource;
    - `coupled[p]`: the pairs of resources (`_pairs`) some either/or card p may use
      offers both of (its own, or one its neighbours sell);
    - `codes[p]`: per resource, a number for what p's market is for it (`_code`);
    - `offers[p]`: what each card or stage costs p this turn, as `((coins, l * P + r), ...)`
      for each Pareto-minimal payment (l, r), ascending; entries are dropped for the cards a
      change of the market's resources touches.
    A clone shares the `offers` dicts: a seat whose market changes gets a new dict, so a
    dict is only ever filled for one market.
    """

    __slots__ = ("sells", "prices", "own", "own_units", "coupled", "codes", "offers")

    def copy(self) -> "Markets":
        other = Markets.__new__(Markets)
        other.sells = self.sells[:]  # tuples, replaced whole when they change
        other.prices = self.prices[:]
        other.own = self.own[:]
        other.own_units = self.own_units[:]
        other.coupled = self.coupled[:]
        other.codes = self.codes[:]  # lists, replaced whole when they change
        other.offers = self.offers[:]
        return other


FIELDS = (StateField("markets", lambda g: None, lambda m: None if m is None else m.copy()),)


class NeighbourTrade:
    __slots__ = ()

    def _trade_changed(self) -> None:
        """Any city may have changed (set-up, a position edited, a card built from the
        discard pile): the markets are rebuilt when next needed."""
        self.markets = None

    def _markets(self) -> Markets:
        m = self.markets
        if m is None:
            t = self.t
            m = self.markets = Markets()
            m.sells = [self._sells_of(q) for q in t.seats]
            m.prices = [self._neighbour_prices(p) for p in t.seats]
            m.own = [tuple(_mask(o) for o in self.choices[p]) for p in t.seats]
            m.own_units = [_units(m.own[p], t.R) for p in t.seats]
            m.coupled = [self._coupled(m, p) for p in t.seats]
            m.codes = [[0] * t.R for _ in t.seats]
            for p in t.seats:
                self._recode(m, p, (1 << t.R) - 1)
            m.offers = [{} for _ in t.seats]
        return m

    def _recode(self, m: Markets, p: int, res: int) -> None:
        """Give each resource of `res` (a mask) a number for what p's market is for it, the
        same in every game (per ruleset): what p makes of it, what each neighbour sells of
        it and p's prices, where an either/or card offering it counts as a unit of it (true
        of a cost that needs no other resource the card offers: `coupled`), and counts
        past the most any cost needs count as that most."""
        t = self.t
        seating = t.seating
        caps, known, prod, own = t.res_cap, t.market_codes, self.prod[p], m.own_units[p]
        left, right = m.sells[seating.left[p]][3], m.sells[seating.right[p]][3]
        left_price, right_price = m.prices[p]
        codes = m.codes[p] = m.codes[p][:]  # shared with clones until now
        r = 0
        while res:
            if res & 1:
                cap = caps[r]
                made = prod[r] + own[r]
                key = () if made >= cap else (made, min(left[r], cap), min(right[r], cap),
                                              left_price[r], right_price[r])
                code = known.get(key)
                codes[r] = self._new_code(key) if code is None else code
            res >>= 1
            r += 1

    def _new_code(self, key: tuple) -> int:
        """Number `key` (`_recode`), with its `line` for each number of units needed: 0 when
        they are made, None when the neighbours cannot sell them."""
        t = self.t
        code = t.market_codes[key] = len(t.code_lines)
        t.code_lines.append(tuple(0 if not key or n <= key[0] else line(n - key[0], *key[1:])
                                  for n in range(max(t.res_cap) + 1)))
        return code

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
        masks = tuple(_mask(o) for o in options)
        return tuple(fixed), tuple(options), masks, _units(masks, t.R, fixed)

    def _coupled(self, m: Markets, p: int) -> int:
        seating = self.t.seating
        out = 0
        pairs = self.t.pair_bits
        for mask in (*m.own[p], *m.sells[seating.left[p]][2], *m.sells[seating.right[p]][2]):
            bits = pairs.get(mask)
            if bits is None:
                bits = pairs[mask] = _pairs(mask, self.t.R)
            out |= bits
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
            return
        t = self.t
        changed: dict[int, int] = {}  # seat: resources of its market that changed
        options = set()  # seats whose either/or cards changed
        for p, comp in acquired:
            res = t.trade_res[comp]
            if not res:
                continue
            if t.nprices[comp]:
                m.prices[p] = self._neighbour_prices(p)
            one_of = t.one_of[comp]
            if one_of:
                m.own[p] = tuple(_mask(o) for o in self.choices[p])
                m.own_units[p] = _units(m.own[p], t.R)
                options.add(p)
            changed[p] = changed.get(p, 0) | res
            if t.sells_units[comp]:
                fixed, sold, masks, units = m.sells[p]
                if t.produces[comp]:
                    fixed = list(fixed)
                    for r, n in t.produces[comp]:
                        fixed[r] += n
                    fixed = tuple(fixed)
                masks += tuple(_mask(o) for o in one_of)
                m.sells[p] = (fixed, sold + one_of, masks, _units(masks, t.R, fixed))
                for q in t.neighbours[p]:
                    changed[q] = changed.get(q, 0) | res
                    if one_of:
                        options.add(q)
        for q, res in changed.items():
            m.offers[q] = {}
            self._recode(m, q, res)
        for q in options:
            m.coupled[q] = self._coupled(m, q)

    def _seat_offers(self, p: int) -> dict:
        m = self.markets
        if m is None:
            m = self._markets()
        return m.offers[p]

    def _offers(self, p: int, comp: int, offers: dict) -> tuple[tuple[int, int], ...]:
        t = self.t
        m = self.markets
        cost = t.cost_id[comp]
        if m.coupled[p] & t.cost_pairs[cost]:  # an either/or card offers two of its resources
            return self._option_offers(p, comp, offers)
        # Otherwise each missing resource splits on its `line`, read from the market's code.
        codes, lines = m.codes[p], t.code_lines
        coins, needs = t.costs[cost]
        key = [coins]
        for r, n in needs:
            split = lines[codes[r]][n]
            if split:
                key.append(split)
            elif split is None:
                offers[cost] = ()
                return ()
        return self._offers_for(t.lines_memo, tuple(key), cost, offers, _line_pairs)

    def _option_offers(self, p: int, comp: int, offers: dict):
        """`_offers` when an either/or card may supply a missing unit. A card offering one
        missing resource only is a unit of it (the buyer's lowers what is missing, a
        seller's adds to what it sells); the others, which offer several, are what
        `option_pairs` tries, memoised per ruleset (`Tables.option_memo`) under the units
        missing, what each side sells of them, their prices and those cards."""
        t = self.t
        m = self.markets
        cost = t.cost_id[comp]
        prod = self.prod[p]
        seating = t.seating
        left, right = m.sells[seating.left[p]], m.sells[seating.right[p]]
        need = {}
        want = 0
        for r, n in t.cost[comp]:
            if n > prod[r]:
                need[r] = n - prod[r]
                want |= 1 << r
        own = []
        for mask in m.own[p]:  # the buyer's own cover what they can; the rest is bought
            mask &= want
            if mask & (mask - 1):
                own.append(mask)
            elif mask:
                r = mask.bit_length() - 1
                need[r] -= 1
                if not need[r]:
                    want &= ~mask
        if not want:
            return self._offers_for(t.lines_memo, (t.coin_cost[comp],), cost, offers, _line_pairs)
        sold = ({r: left[0][r] for r in need}, {r: right[0][r] for r in need})
        sides = ([], [])
        for side, masks in enumerate((left[2], right[2])):
            for mask in masks:
                mask &= want
                if mask & (mask - 1):
                    sides[side].append(mask)
                elif mask:
                    sold[side][mask.bit_length() - 1] += 1
        own = [mask & want for mask in own if mask & want]
        left_price, right_price = m.prices[p]
        if not (own or sides[0] or sides[1]):
            key = [t.coin_cost[comp]]
            for r, k in need.items():
                if k > 0:
                    split = line(k, sold[0][r], sold[1][r], left_price[r], right_price[r])
                    if split is None:
                        offers[cost] = ()
                        return ()
                    key.append(split)
            return self._offers_for(t.lines_memo, tuple(key), cost, offers, _line_pairs)
        key = (t.coin_cost[comp],
               tuple((r, k, min(sold[0][r], k), min(sold[1][r], k), left_price[r], right_price[r])
                     for r, k in need.items() if k > 0),
               tuple(sorted(own)), tuple(sorted(sides[0])), tuple(sorted(sides[1])))
        return self._offers_for(t.option_memo, key, cost, offers, _option_pairs)

    def _offers_for(self, memo: dict, key: tuple, cost: int, offers: dict, pairs) -> tuple:
        """The offers `memo` holds under `key` (coins first), else made from `pairs(key)`;
        kept in `offers` under the cost id."""
        hit = memo.get(key)
        if hit is None:
            P = self.t.pay_levels
            coins = key[0]
            if len(memo) >= MEMO_LIMIT:
                del memo[next(iter(memo))]
            hit = memo[key] = tuple((coins + a + b, a * P + b) for a, b in pairs(key))
        offers[cost] = hit
        return hit

    def _payments(self, p: int, comp: int) -> tuple[tuple[int, int], ...]:
        """The Pareto-minimal (coins to the left, coins to the right) pairs, ascending: the
        pairs of `_splits`, found without the units of each split."""
        t = self.t
        m = self._markets()
        prod = self.prod[p]
        missing = []
        want = 0
        for r, n in t.cost[comp]:
            k = n - prod[r]
            if k > 0:
                missing.append((r, k))
                want |= 1 << r
        if not want:
            return FREE_PAIRS
        seating = t.seating
        left, right = m.sells[seating.left[p]], m.sells[seating.right[p]]
        return option_pairs(missing, [o & want for o in m.own[p] if o & want],
                            [o & want for o in left[2] if o & want],
                            [o & want for o in right[2] if o & want],
                            (left[0], right[0]), m.prices[p])


    def _splits(self, p: int, comp: int) -> dict[tuple[int, int], tuple[dict, dict]]:
        """Pareto-minimal (left, right) coins -> (units from the left, from the right)."""
        residuals = self._own_residuals(p, comp)
        if not residuals or () in residuals:
            return {(0, 0): ({}, {})}
        found: dict[tuple[int, int], tuple[dict, dict]] = {}
        for missing in residuals:
            for cost, parts in self._residual_splits(p, missing).items():
                found.setdefault(cost, parts)
        if len(residuals) == 1:
            return found
        return {pair: parts for pair, parts in found.items()
                if not any(o != pair and o[0] <= pair[0] and o[1] <= pair[1] for o in found)}

    def _residual_splits(self, p: int, missing: tuple[int, ...]) -> dict:
        """`_splits` for the units `missing` (sorted resource indices). What they depend on,
        the neighbours' sellable production of those resources and `p`'s prices for them,
        is a small key: games share the answers through a memo per ruleset."""
        t = self.t
        m = self._markets()
        left, right = m.sells[t.seating.left[p]], m.sells[t.seating.right[p]]
        left_price, right_price = m.prices[p]
        wanted = sorted(set(missing))
        want = _mask(wanted)
        memo_key = (missing,
                    tuple((left[0][r], right[0][r], left_price[r], right_price[r]) for r in wanted),
                    tuple(sorted(o & want for o in left[2] if o & want)),
                    tuple(sorted(o & want for o in right[2] if o & want)))
        memo = t.split_memo
        hit = memo.get(memo_key)
        if hit is None:
            if len(memo) >= MEMO_LIMIT:
                memo.popitem(last=False)
            hit = memo[memo_key] = split_units(missing, (left[:2], right[:2]),
                                               (left_price, right_price))
        return hit

    def payment_options(self, player: int, component: int | str) -> list[NeighbourPayment]:
        """Every way `player` may pay the resources of a building or Wonder stage now (by
        number or id), cheapest total first: coins and units per seller. Coin costs and
        what the player can afford are not counted here; `[]` if it cannot be supplied."""
        if isinstance(component, str):
            component = self.component(component)
        res = self.t.resources
        out = [NeighbourPayment(left, right, {res[r]: n for r, n in sorted(a.items())},
                                {res[r]: n for r, n in sorted(b.items())})
               for (left, right), (a, b) in self._splits(player, component).items()]
        return sorted(out, key=lambda x: (x.left + x.right, x.left))


def _line_pairs(key: tuple) -> tuple:
    """The pairs of an `_offers` key: (coins, line, ...)."""
    return line_pairs(key[1:]) if len(key) > 1 else FREE_PAIRS


def _option_pairs(key: tuple) -> tuple:
    """The pairs of an `_option_offers` key."""
    _, missing, own, left, right = key
    units = ({r: sold for r, _, sold, _, _, _ in missing}, {r: sold for r, _, _, sold, _, _ in missing})
    prices = ({r: price for r, _, _, _, price, _ in missing},
              {r: price for r, _, _, _, _, price in missing})
    return option_pairs([(r, k) for r, k, *_ in missing], own, left, right, units, prices)


MIXIN = NeighbourTrade
