"""What constructions cost a city that buys from the bank (mechanic `bank_trade`): cached
trade costs, the cheapest payment (ruling 3), paying. The base of bank_trade's mixin; the
sums themselves are in bank_trade/costs.py, the prices in bank_trade/__init__.py."""
from __future__ import annotations

from ...arguments import component, seat
from .costs import (Payment, cheapest_cover, cheapest_trade, cheapest_trade_by_families,
                    choice_families, covered_by_plan, family_plan)


class BankPricing:
    """`cost_cache[p]`, per component, holds what building it costs `p` now (coin cost and
    trade, 0 when a chain makes it free), -1 when not worked out yet; None when the whole
    list is stale. `price_cache[p]` holds `p`'s prices and `family_plan`, None when stale.
    city._acquire says which changes make which stale; a chain symbol gained zeroes the
    costs it makes free in place."""

    __slots__ = ()

    def build_cost(self, player: int, comp: int) -> int:
        """Coins `player` would pay to build a building or Wonder now (chains included);
        ArgumentError naming `player` or `comp` if it is not a seat, a building or a Wonder."""
        return self._build_cost(seat(self, player), component(self, comp, "comp", self.t.token0, "a building or Wonder number"))

    def _build_cost(self, player: int, comp: int) -> int:
        """`build_cost` of arguments known good (the engine's own calls)."""
        cache = self.cost_cache[player] or self._reset_costs(player)
        v = cache[comp]
        return v if v >= 0 else self._cost(player, comp)

    def trade_cost(self, player: int, comp: int) -> int:
        """Coins the cheapest trade for `comp`'s resources costs `player`."""
        if self.t.chain_from[comp] & self.chains[player]:  # what it would trade without
            self.cost_cache[player] or self._reset_costs(player)
            return self._trade(player, comp)
        total = self._build_cost(player, comp)
        if self.coin_symbols[player]:  # the coin cost may be waived as a symbol
            return total - self._coins_paid(player, comp, total)
        return total - self._coin_cost(player, comp)

    def _cost(self, player: int, comp: int) -> int:
        """`build_cost` worked out and cached; the player's cost cache must be current."""
        v = 0 if self.t.chain_from[comp] & self.chains[player] else self._priced(player, comp)
        self.cost_cache[player][comp] = v
        return v

    def _priced(self, player: int, comp: int) -> int:
        """Coin cost and the cheapest trade; where a cost symbol may be waived
        (`discount: {symbols}`), the coin cost counts as one (ruling 21): waived when that
        is cheaper than waiving a resource unit (on a tie the coins are paid, so the trade,
        which an Economy holder collects, is the smaller)."""
        t = self.t
        coins = self._coin_cost(player, comp)
        v = coins + self._trade(player, comp)
        if coins and self.coin_symbols[player] >> t.discount_target[comp] & 1:
            waived = self._exact_trade(
                player, comp, self.discount[player][t.discount_target[comp]] - 1)
            if waived < v:
                return waived
        return v

    def _coins_paid(self, player: int, comp: int, total: int) -> int:
        """The coins of `comp`'s cost within `total`, what `_priced` chose to pay for it."""
        t = self.t
        coins = self._coin_cost(player, comp)
        if coins and self.coin_symbols[player] >> t.discount_target[comp] & 1:
            self.cost_cache[player] or self._reset_costs(player)
            if total < coins + self._trade(player, comp):
                return 0
        return coins

    def _trade(self, player: int, comp: int) -> int:
        """The cheapest trade for `comp` worked out; the player's prices must be current."""
        t = self.t
        cost = t.cost[comp]
        if not cost:  # coins only: nothing to trade for
            return 0
        prod = self.prod[player]
        price, plan = self.price_cache[player]
        if plan is None or self.discounting[player]:
            target = t.discount_target[comp]
            discount = self.discount[player][target] if target >= 0 else 0
            if discount or plan is None:
                return self._exact_trade(player, comp, discount)
        v = 0
        for r, n in cost:
            m = n - prod[r]
            if m > 0:
                v += m * price[r]
        if v and plan:  # choice producers cover the dearest units of their families
            v -= covered_by_plan(t.need[comp], prod, price, plan)
        return v

    def _exact_trade(self, player: int, comp: int, discount: int) -> int:
        """The general case: a discount, or choice producers whose sets overlap."""
        t = self.t
        cost, prod, price = t.cost[comp], self.prod[player], self.price_cache[player][0]
        families = self.families[player]
        if families is not None:
            return cheapest_trade_by_families(cost, prod, price, families[0], families[1],
                                              discount)
        missing = {r: n - prod[r] for r, n in cost if n > prod[r]}
        return cheapest_trade(missing, price, self.choices[player], discount)

    def _reset_costs(self, player: int) -> list[int]:
        """A fresh cost cache for `player`, and its prices when they are stale too."""
        if self.price_cache[player] is None:
            price = self.price(player)
            families = self.families[player]
            # No choice producers (most cities, most of the game): no plan to look up.
            plan = family_plan(families, tuple(price)) if families is None or families[1] else ()
            self.price_cache[player] = (price, plan)
        cache = self.cost_cache[player] = [-1] * self.t.N
        return cache

    def payment(self, player: int, comp: int) -> Payment:
        """The cheapest payment for `comp` and how it is made up; ArgumentError as
        `build_cost`."""
        t = self.t
        player, comp = seat(self, player), component(self, comp, "comp", t.token0, "a building or Wonder number")
        if t.chain_from[comp] & self.chains[player]:
            return Payment(total=0, chain=True)
        res = t.resources
        prod = self.prod[player]
        own = {res[r]: min(n, prod[r]) for r, n in t.cost[comp] if prod[r]}
        missing, price, choices, discount = self._trade_problem(player, comp)
        coin_cost = coins = self._coin_cost(player, comp)
        if coins and self.coin_symbols[player] >> t.discount_target[comp] & 1:
            total = self._build_cost(player, comp)  # `_priced`: the coin cost waived?
            if not self._coins_paid(player, comp, total):
                coins, discount = 0, discount - 1
        ignored = coin_cost - coins
        if not missing:
            return Payment(total=coins, coin_cost=coin_cost, own=own, coins_ignored=ignored)
        trade, uses, waived, bought = cheapest_cover(missing, price, choices, discount)
        src = self.choice_src[player]
        return Payment(
            total=coins + trade, coin_cost=coin_cost, trade=trade,
            own=own, choices=tuple((t.names[src[i]], res[r]) for i, r in uses),
            discounted={res[r]: n for r, n in waived.items()},
            bought={res[r]: (n, price[r]) for r, n in bought.items()}, coins_ignored=ignored,
        )

    def _pay(self, p: int, comp: int) -> None:
        """Pay for building `comp` (not through a chain)."""
        t = self.t
        cache = self.cost_cache[p]  # usually filled by the legal actions just offered
        total = cache[comp] if cache is not None else -1
        if total < 0:
            total = self._build_cost(p, comp)
        self.coins[p] -= total
        # what went to the bank for resources
        trade = total - (self._coins_paid(p, comp, total) if self.coin_symbols[p]
                         else self._coin_cost(p, comp))
        if trade:
            for q in t.neighbours[p]:
                if self.collect_trade[q]:
                    self.coins[q] += trade

    def _trade_problem(self, player: int, comp: int):
        """What `player` lacks for `comp`, its prices, choice producers and discount."""
        t = self.t
        prod = self.prod[player]
        missing = {}
        for r, n in t.cost[comp]:
            m = n - prod[r]
            if m > 0:
                missing[r] = m
        if not missing:
            return missing, None, None, 0
        target = t.discount_target[comp]
        discount = self.discount[player][target] if target >= 0 else 0
        return missing, self.price(player), self.choices[player], discount

    def _recompute(self) -> None:
        super()._recompute()
        self.families = [choice_families(tuple(c), self.t.R) for c in self.choices]

    def _choices_changed(self, player: int) -> None:
        """The choice producers grouped in families again (costs.choice_families)."""
        self.families[player] = choice_families(tuple(self.choices[player]), self.t.R)
