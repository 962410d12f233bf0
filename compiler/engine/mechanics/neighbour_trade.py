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

from ..core.fields import StateField
from ..core.rules import RulesError, checked

NAME = "neighbour_trade"
LEFT, RIGHT = 0, 1  # the sellers, as indices of a (left, right) pair (prices, supplies)
SIDES = (LEFT, RIGHT)
# Answers kept per ruleset (Tables.split_memo); past the limit the oldest goes (first in,
# first out): a full memo keeps its size, so memory stays flat however many games are played.
MEMO_LIMIT = 4_096


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


# A cache of the turn's payment options, derived (never saved): emptied whenever a city changes.
FIELDS = (StateField("trade_cache", lambda g: {}, lambda cache: {}),)


def _coverable(units: list[int], options: list[tuple[int, ...]]) -> bool:
    """Can each unit (a resource index) take a distinct either/or card offering it?"""
    if len(units) > len(options):
        return False
    owner = [-1] * len(options)

    def augment(u: int, seen: list[bool]) -> bool:
        for i, opts in enumerate(options):
            if not seen[i] and units[u] in opts:
                seen[i] = True
                if owner[i] < 0 or augment(owner[i], seen):
                    owner[i] = u
                    return True
        return False

    return all(augment(u, [False] * len(options)) for u in range(len(units)))


class NeighbourTrade:
    __slots__ = ()

    def _trade_changed(self) -> None:
        self.trade_cache = {}

    def _sellable(self, q: int):
        """(units per resource, either/or options, the options as bit masks of resources)
        that city `q` sells."""
        key = -1 - q
        hit = self.trade_cache.get(key)
        if hit is None:
            t = self.t
            fixed = [0] * t.R
            options = []
            for comp in self._owned(q):
                if t.sellable[comp]:
                    for r, n in t.produces[comp]:
                        fixed[r] += n
                    options += t.one_of[comp]
            masks = [sum(1 << r for r in set(o)) for o in options]
            hit = self.trade_cache[key] = (fixed, options, masks)
        return hit

    def _neighbour_prices(self, p: int) -> tuple[list[int], list[int]]:
        t = self.t
        prices = ([t.neighbour_price] * t.R, [t.neighbour_price] * t.R)
        for comp in self._owned(p):
            for r, price, side in t.nprices[comp]:
                if price < prices[side][r]:
                    prices[side][r] = price
        return prices

    def _owned(self, p: int) -> list[int]:
        """Components whose effects city `p` holds: buildings, board and built stages."""
        return [*self.city[p], *self._board_components(p)]

    def _board_components(self, p: int) -> list[int]:
        return []

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
        cache = self.trade_cache
        key = (p, missing)
        hit = cache.get(key)
        if hit is not None:
            return hit
        market = cache.get(-100 - p)
        t = self.t
        if market is None:
            market = cache[-100 - p] = (self._sellable(t.seating.left[p]),
                                        self._sellable(t.seating.right[p]),
                                        self._neighbour_prices(p))
        left, right, (left_price, right_price) = market
        wanted = sorted(set(missing))
        want = sum(1 << r for r in wanted)
        memo_key = (missing,
                    tuple((left[0][r], right[0][r], left_price[r], right_price[r]) for r in wanted),
                    tuple(sorted(m & want for m in left[2] if m & want)),
                    tuple(sorted(m & want for m in right[2] if m & want)))
        memo = t.split_memo
        hit = memo.get(memo_key)
        if hit is None:
            if len(memo) >= MEMO_LIMIT:
                memo.popitem(last=False)
            hit = memo[memo_key] = _split_units(missing, (left[:2], right[:2]),
                                                (left_price, right_price))
        cache[key] = hit
        return hit

    def _payments(self, p: int, comp: int) -> tuple[tuple[int, int], ...]:
        key = p * self.t.N + comp  # cached for the turn: the cities change only between turns
        hit = self.trade_cache.get(key)
        if hit is None:
            hit = self.trade_cache[key] = tuple(sorted(self._splits(p, comp)))
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


def _split_units(missing: tuple[int, ...], supplies, prices) -> dict:
    """Pareto-minimal (left, right) coins -> units from each side, for the units `missing`."""
    counts: dict[int, int] = {}
    for r in missing:
        counts[r] = counts.get(r, 0) + 1
    found: dict[tuple[int, int], tuple[dict, dict]] = {}
    if not any(r in options for supply in supplies for options in supply[1] for r in counts):
        _split_fixed(counts, supplies, prices, found)  # no either/or card sells any
        return found
    kinds = list(counts)
    for split in product(*(range(counts[r] + 1) for r in kinds)):
        parts = ({r: x for r, x in zip(kinds, split) if x},
                 {r: counts[r] - x for r, x in zip(kinds, split) if counts[r] - x})
        if all(_supplies(supply, part) for supply, part in zip(supplies, parts)):
            cost = tuple(sum(n * prices[side][r] for r, n in parts[side].items())
                         for side in SIDES)
            found.setdefault(cost, parts)
    return {pair: parts for pair, parts in found.items()
            if not any(o != pair and o[0] <= pair[0] and o[1] <= pair[1] for o in found)}


def _split_fixed(counts: dict[int, int], supplies, prices, found: dict) -> None:
    """`_splits` when only fixed production sells the missing units: each resource's units
    split between the sellers independently; add every Pareto-minimal total to `found`."""
    (left_units, _), (right_units, _) = supplies
    left_price, right_price = prices
    front = {(0, 0): ({}, {})}
    for r, m in counts.items():
        low, high = max(0, m - right_units[r]), min(m, left_units[r])
        if low > high:
            return
        step = {}
        for (a, b), (from_left, from_right) in front.items():
            for x in range(low, high + 1):
                cost = (a + x * left_price[r], b + (m - x) * right_price[r])
                if cost not in step:
                    step[cost] = ({**from_left, r: x} if x else from_left,
                                  {**from_right, r: m - x} if m - x else from_right)
        front = {c: v for c, v in step.items()
                 if not any(o != c and o[0] <= c[0] and o[1] <= c[1] for o in step)}
    for cost, parts in front.items():
        found.setdefault(cost, parts)


def _supplies(supply, part: dict[int, int]) -> bool:
    fixed, options = supply
    short = []
    for r, n in part.items():
        if n > fixed[r]:
            short += [r] * (n - fixed[r])
    return not short or _coverable(short, options)


MIXIN = NeighbourTrade
