"""What constructions cost a city: trade prices, cached trade costs, the cheapest payment
(ruling 3). A mixin of `Game`; the sums themselves are in costs.py."""
from __future__ import annotations

from .costs import (Payment, cheapest_cover, cheapest_trade, cheapest_trade_by_families,
                    family_plan, trade_by_plan)


NOT_FOR_SALE = 10 ** 9  # a price no city can pay (a state holds at most 1,000,000 coins)


class Pricing:
    __slots__ = ()

    def trade_cost(self, player: int, comp: int) -> int:
        """Coins the cheapest trade for `comp`'s resources costs `player` (cached)."""
        cache = self.cost_cache[player] or self._reset_costs(player)
        v = cache[comp]
        if v < 0:
            v = cache[comp] = self._uncached_trade_cost(player, comp)
        return v

    def _uncached_trade_cost(self, player: int, comp: int) -> int:
        """`trade_cost` computed afresh; the player's cost cache must be current."""
        t = self.t
        cost = t.cost[comp]
        if not cost:  # coins only: nothing to trade for
            return 0
        prod = self.prod[player]
        price, plan = self.price_cache[player]
        target = t.discount_target[comp]
        discount = self.discount[player][target] if target >= 0 else 0
        if not discount and plan is not None:  # every Duel price but with a discount token
            return trade_by_plan(cost, t.need[comp], prod, price, plan)
        families = self.families[player]
        if families is not None:
            return cheapest_trade_by_families(cost, prod, price, families[0], families[1],
                                              discount)
        missing = {r: n - prod[r] for r, n in cost if n > prod[r]}
        return cheapest_trade(missing, price, self.choices[player], discount)

    def _reset_costs(self, player: int) -> list[int]:
        """A fresh cost cache for `player`; its prices and how its choice producers cover
        missing units at those prices (costs.family_plan) too when they are stale (None:
        city._acquire says which changes make them so)."""
        if self.price_cache[player] is None:
            price = self.price(player)
            self.price_cache[player] = (price, family_plan(self.families[player], price))
        cache = self.cost_cache[player] = [-1] * self.t.N
        return cache

    def price(self, player: int) -> list[int]:
        """Coins `player` pays per unit of each resource bought: without a trade mechanic
        (bank_trade), only the prices its own cards fix; the rest cannot be bought."""
        return [fixed if fixed >= 0 else NOT_FOR_SALE for fixed in self.fixed_price[player]]

    def build_cost(self, player: int, comp: int) -> int:
        """Coins `player` would pay to build a building or Wonder now (chains included)."""
        t = self.t
        if t.chain_from[comp] & self.chains[player]:
            return 0
        return t.coin_cost[comp] + self.trade_cost(player, comp)

    def payment(self, player: int, comp: int) -> Payment:
        """The cheapest payment for `comp` and how it is made up."""
        t = self.t
        if t.chain_from[comp] & self.chains[player]:
            return Payment(total=0, chain=True)
        res = t.resources
        prod = self.prod[player]
        own = {res[r]: min(n, prod[r]) for r, n in t.cost[comp] if prod[r]}
        missing, price, choices, discount = self._trade_problem(player, comp)
        if not missing:
            return Payment(total=t.coin_cost[comp], coin_cost=t.coin_cost[comp], own=own)
        trade, uses, waived, bought = cheapest_cover(missing, price, choices, discount)
        src = self.choice_src[player]
        return Payment(
            total=t.coin_cost[comp] + trade, coin_cost=t.coin_cost[comp], trade=trade,
            own=own, choices=tuple((t.names[src[i]], res[r]) for i, r in uses),
            discounted={res[r]: n for r, n in waived.items()},
            bought={res[r]: (n, price[r]) for r, n in bought.items()},
        )
