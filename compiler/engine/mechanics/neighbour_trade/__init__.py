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
from itertools import product
from typing import Any, Mapping

from ...arguments import building_or_stage, seat
from ...core.fields import StateField
from ...core.rules import RulesError, checked
from .market import MarketKeeping, resource_mask, resource_pairs
from .splits import LEFT, RIGHT, SIDES, line, line_pairs, option_pairs, split_units

NAME = "neighbour_trade"
# Answers kept per ruleset, bounded so that memory stays flat however many games are played:
# Tables.split_memo (payment_options) drops its oldest answer past MEMO_LIMIT; Tables.lines_memo
# (the legal plays' offers) is emptied when full, in one step (dropping the oldest of a dict
# scans past the slots of those dropped before it: slow). It fills within a few hundred games
# and holds most of what random games meet (a couple of misses a game).
MEMO_LIMIT = 4_096
LINES_LIMIT = 1_024
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
    t.lines_memo = {}  # NeighbourTrade._offers
    t.dealt_markets = {}  # MarketKeeping._dealt_markets
    t.bounded_memos += (t.split_memo, t.lines_memo, t.dealt_markets)
    t.market_codes = {}  # NeighbourTrade._recode: what a code stands for -> the code
    t.code_keys = []  # the code -> what it stands for
    t.code_steps = []  # the code -> the code after a unit made or sold (_code_after; None: not met yet)
    t.code_lines = []  # the code -> per number of units needed, its `line`
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
    t.trade_res = [resource_mask((*(r for r, _ in t.produces[c]), *(r for o in t.one_of[c] for r in o),
                                  *(r for r, _, _ in t.nprices[c]))) for c in range(t.N)]
    t.cost_id_mask = [resource_mask(r for r, _ in cost) for _, cost in t.costs]  # by Tables.cost_id
    # Per mask of resources, the cost ids needing any of them.
    t.costs_touching = [tuple(c for c, need in enumerate(t.cost_id_mask) if need & mask)
                        for mask in range(1 << t.R)]
    t.mask_pairs = [resource_pairs(mask, t.R) for mask in range(1 << t.R)]  # by mask of resources
    t.mask_bits = [_bits(mask) for mask in range(1 << t.R)]  # its resources, ascending
    t.cost_pairs = [t.mask_pairs[resource_mask(r for r, _ in cost)] for _, cost in t.costs]
    # The one resource a cost needs (-1: several), and its offers for each market code.
    t.cost_single = [cost[0][0] if len(cost) == 1 else -1 for _, cost in t.costs]
    t.code_offers = []  # the code -> per cost id, its offers (None: not known yet)
    # Per mask of resources, the ways to point an either/or card offering them
    # (NeighbourTrade._option_offers): the buyer's lowers what it misses, a seller's adds to
    # what the left (1) or right (2) neighbour sells.
    t.option_picks = tuple(tuple(tuple((whose, r, by) for r in _bits(mask)) for mask in range(1 << t.R))
                           for whose, by in ((0, -1), (1, 1), (2, 1)))
    # The most units of a resource any cost needs: more production or supply counts as this.
    t.res_cap = [max((n for _, cost in t.costs for s, n in cost if s == r), default=0)
                 for r in range(t.R)]
    # What a component acquired changes in the markets (MarketKeeping._markets_touched), in
    # one tuple (None: nothing trade reads): its resources (`trade_res`); per unit it makes
    # (an either/or card: a unit of each of its resources), (resource, step) for the city's
    # own codes (`_code_after`); whether it changes prices; its either/or options and their
    # masks; if neighbours buy its units, the steps of the codes of the seats buying from the
    # city on their left (index 1) and on their right (2); if it makes fixed units, those
    # per resource.
    t.market_plans = [None] * t.N
    for c in range(t.N):
        if not t.trade_res[c]:
            continue
        units = [r for r, n in t.produces[c] for _ in range(n)] + [r for o in t.one_of[c] for r in o]
        sells = t.sellable[c] and (t.produces[c] or t.one_of[c])
        t.market_plans[c] = (
            t.trade_res[c], tuple((r, r) for r in units), bool(t.nprices[c]), t.one_of[c],
            tuple(resource_mask(o) for o in t.one_of[c]),
            (None, tuple((r, t.R + r) for r in units), tuple((r, 2 * t.R + r) for r in units)) if sells else None,
            tuple(sum(n for r, n in t.produces[c] if r == x) for x in range(t.R)) if t.produces[c] else None)
    # Per seat, (seat, side) of the seats that buy from it: 1 on their left, 2 on their right.
    left, right = t.seating.left, t.seating.right
    t.buyers = [tuple((q, 1) for q in t.seats if left[q] == p) + tuple((q, 2) for q in t.seats if right[q] == p)
                for p in t.seats]


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



FIELDS = (StateField("markets", lambda g: None, lambda m: None if m is None else m.copy()),)


class NeighbourTrade(MarketKeeping):
    """Payments to the neighbours: the offers the legal plays read, `payment_options`."""

    __slots__ = ()

    def _offers(self, p: int, comp: int, offers: list) -> tuple[tuple[int, int], ...]:
        t = self.t
        m = self.markets or self._markets()
        cost = t.cost_id[comp]
        codes = m.codes[p]
        r = t.cost_single[cost]
        if r >= 0:  # one resource (no either/or card couples it): the offers of its code,
            known = t.code_offers[codes[r]]  # known in every game once made
            hit = known[cost]
            if hit is None:
                split = t.code_lines[codes[r]][t.costs[cost][1][0][1]]
                hit = known[cost] = () if split is None else \
                    _offers_of(t, t.costs[cost][0], line_pairs((split,)) if split else FREE_PAIRS)
            offers[cost] = hit
            return hit
        # Each missing resource splits on its `line`, read from the market's code. A code
        # counts an either/or card as a unit of each of its resources: if even so a resource
        # is short (None), nothing can pay the cost, whether or not a card couples two.
        lines = t.code_lines
        coins, needs = t.costs[cost]
        key = [coins]
        for r, n in needs:
            split = lines[codes[r]][n]
            if split:
                key.append(split)
            elif split is None:
                offers[cost] = ()
                return ()
        if m.coupled[p] & t.cost_pairs[cost]:  # an either/or card offers two of its resources
            prod = self.prod[p]
            short = 0
            for r, n in needs:
                if n > prod[r]:
                    short |= 1 << r
            if m.coupled[p] & t.mask_pairs[short]:  # ... two that production leaves short
                return self._option_offers(p, comp, offers)
        key = tuple(key)
        memo = t.lines_memo
        hit = memo.get(key)
        if hit is None:
            if len(memo) >= LINES_LIMIT:  # emptied when full: one step, and rare
                memo.clear()
            hit = memo[key] = _offers_of(t, coins, _line_pairs(key))
        offers[cost] = hit
        return hit

    def _option_offers(self, p: int, comp: int, offers: list):
        """`_offers` when an either/or card offers two resources that production leaves
        short. A card offering one short resource only is a unit of it (the buyer's lowers
        what is missing, a seller's adds to what it sells); each way to point every other
        card at one of its short resources makes the cards fixed units, whose units split
        on a `line` per resource, and the best pairs of all those ways are offered
        (`option_pairs` is the same search). Such searches seldom meet the same cities
        again (a memo of them, dropped, hit 3-10%): each is worked out, without a call a
        resource in the usual case of one price a side."""
        t = self.t
        m = self.markets
        prod = self.prod[p]
        need = [0] * t.R
        want = 0
        for r, n in t.cost[comp]:
            if n > prod[r]:
                need[r] = n - prod[r]
                want |= 1 << r
        several = []  # the buyer's either/or cards offering two or more short resources
        for mask in m.own[p]:  # the buyer's own cover what they can; the rest is bought
            mask &= want
            if mask & (mask - 1):
                several.append(mask)
            elif mask:
                r = mask.bit_length() - 1
                need[r] -= 1
                if not need[r]:
                    want &= ~mask
        coins = t.coin_cost[comp]
        if not want:  # the buyer's own cards cover it all
            hit = offers[t.cost_id[comp]] = ((coins, 0),)
            return hit
        # Each card's ways to point it (`Tables.option_picks`): (0: lowers what is missing,
        # 1: adds to the left's units, 2: to the right's; the resource; by how much). A card
        # of the buyer's no longer offering a short resource (another covered it) is left out.
        own_picks, left_picks, right_picks = t.option_picks
        picks = []
        for mask in several:
            mask &= want
            if mask:
                picks.append(own_picks[mask])
        seating = t.seating
        left, right = m.sells[seating.left[p]], m.sells[seating.right[p]]
        sold_left, sold_right = list(left[0]), list(right[0])
        for mask in left[2]:
            mask &= want
            if mask & (mask - 1):
                picks.append(left_picks[mask])
            elif mask:
                sold_left[mask.bit_length() - 1] += 1
        for mask in right[2]:
            mask &= want
            if mask & (mask - 1):
                picks.append(right_picks[mask])
            elif mask:
                sold_right[mask.bit_length() - 1] += 1
        left_price, right_price = m.prices[p]
        wanted = t.mask_bits[want]
        a, b = left_price[wanted[0]], right_price[wanted[0]]
        one_price = True  # a side: each way is (units bought, least and most from the left)
        for r in wanted:
            if left_price[r] != a or right_price[r] != b:
                one_price = False
                break
        ways = set()  # each way's `line`s (one price a side: their sum, as `line_pairs`)
        for pick in product(*picks):
            k, left, right = moved = (need[:], sold_left[:], sold_right[:])
            for whose, r, by in pick:
                moved[whose][r] += by
            split = []
            total = low = high = 0
            for r in wanted:
                n = k[r]
                if n > 0:
                    lo = n - right[r]
                    hi = left[r]
                    if hi > n:
                        hi = n
                    if lo < 0:
                        lo = 0
                    if lo > hi:  # the neighbours cannot supply it pointed so
                        break
                    total += n
                    low += lo
                    high += hi
                    if not one_price:
                        split.append((n, lo, hi, left_price[r], right_price[r]))
            else:
                if not total:  # nothing to buy: no payment is cheaper
                    hit = offers[t.cost_id[comp]] = ((coins, 0),)
                    return hit
                ways.add((total, low, high) if one_price else tuple(split))
        found = set()
        if one_price:
            for total, low, high in ways:
                found.update([(x * a, (total - x) * b) for x in range(low, high + 1)])
        else:
            for split in ways:
                found.update(line_pairs(split))
        # The Pareto-minimal pairs, ascending (`pareto`), as offers (`_offers_of`).
        P = t.pay_levels
        out = []
        best = None
        for left, right in sorted(found):
            if best is None or right < best:
                out.append((coins + left + right, left * P + right))
                best = right
        hit = offers[t.cost_id[comp]] = tuple(out)
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
        want = resource_mask(wanted)
        memo_key = (missing,
                    tuple((left[0][r], right[0][r], left_price[r], right_price[r]) for r in wanted),
                    tuple(sorted(o & want for o in left[2] if o & want)),
                    tuple(sorted(o & want for o in right[2] if o & want)))
        memo = t.split_memo
        hit = memo.get(memo_key)
        if hit is None:
            if len(memo) >= MEMO_LIMIT:  # payment_options only
                memo.popitem(last=False)
            hit = memo[memo_key] = split_units(missing, (left[:2], right[:2]),
                                               (left_price, right_price))
        return hit

    def payment_options(self, player: int, component: int | str) -> list[NeighbourPayment]:
        """Every way `player` may pay the resources of a building or Wonder stage now (by
        number or id), cheapest total first: coins and units per seller. Coin costs and
        what the player can afford are not counted here; `[]` if it cannot be supplied.
        ArgumentError for another `player` or `component` (NotationError: an unknown id)."""
        if isinstance(component, str):
            component = self.component(component)
        player, component = seat(self, player), building_or_stage(self, component)
        res = self.t.resources
        out = [NeighbourPayment(left, right, {res[r]: n for r, n in sorted(a.items())},
                                {res[r]: n for r, n in sorted(b.items())})
               for (left, right), (a, b) in self._splits(player, component).items()]
        return sorted(out, key=lambda x: (x.left + x.right, x.left))


def _offers_of(t, coins: int, pairs) -> tuple[tuple[int, int], ...]:
    """The offers of paying `coins` and the (left, right) `pairs` (see `Markets`)."""
    P = t.pay_levels
    return tuple((coins + a + b, a * P + b) for a, b in pairs)


def _line_pairs(key: tuple) -> tuple:
    """The pairs of an `_offers` key: (coins, line, ...)."""
    return line_pairs(key[1:]) if len(key) > 1 else FREE_PAIRS


def _bits(mask: int) -> tuple[int, ...]:
    """The resources of `mask`, ascending."""
    return BITS[mask] if mask < len(BITS) else tuple(r for r in range(mask.bit_length()) if mask >> r & 1)


BITS = tuple(tuple(r for r in range(8) if mask >> r & 1) for mask in range(256))

MIXIN = NeighbourTrade
