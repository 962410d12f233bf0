"""Mechanic `bank_trade`: missing resources bought from the bank (Duel, rulings 2 to 4).

Reads `trade`: a unit costs `base_price` plus `raise_per_unit` for each unit of it that the
seat's neighbours produce with cards of the `raised_by` colours (Duel: the opponent's brown
and grey cards), unless a card of the buyer fixes the price (`trade_price`). Its mixin prices,
caches and pays for constructions (pricing.py, costs.py); `card_structure` builds
with it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...core.rules import checked
from .pricing import BankPricing

NAME = "bank_trade"


@dataclass(frozen=True)
class Config:
    base_price: int  # trade.base_price
    raised_by: tuple[str, ...]  # trade.raised_by: colours whose production raises prices
    raise_per_unit: int  # trade.raise_per_unit

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        trade = rules["trade"]
        return cls(trade["base_price"], tuple(trade["raised_by"]), trade["raise_per_unit"])


def extend_tables(t) -> None:
    """The prices' numbers, and per component whether its production raises the neighbours'
    prices (a building of a `raised_by` colour; city.py marks their prices stale)."""
    config = t.config[NAME]
    t.trade_base, t.raise_per_unit = config.base_price, config.raise_per_unit
    raised_by = {t.color_index[c] for c in config.raised_by}
    t.raises = [bool(t.produces[c]) and t.color[c] in raised_by and c < t.NB for c in range(t.N)]


class BankTrade(BankPricing):
    __slots__ = ()

    def price(self, player: int) -> list[int]:
        """Coins `player` pays per unit of each resource bought."""
        t = self.t
        base, per_unit = t.trade_base, t.raise_per_unit
        neighbours = t.neighbours[player]
        raised = self.raises[neighbours[0]] if len(neighbours) == 1 else [
            sum(units) for units in zip(*(self.raises[q] for q in neighbours))]
        fixed_price = self.fixed_price[player]
        out = []
        if not fixed_price or max(fixed_price) < 0:  # the usual case: no card fixes a price
            for units in raised:  # a loop, not a comprehension: no call for five items
                out.append(base + units * per_unit)
        else:
            for fixed, units in zip(fixed_price, raised):
                out.append(fixed if fixed >= 0 else base + units * per_unit)
        cut = self.trade_cut[player]
        if cut is not None:  # `trade_price: {less}`: a price a card fixes stays (ruling 22)
            for r, (less, lowest) in enumerate(cut):
                if less and (not fixed_price or fixed_price[r] < 0):
                    out[r] = max(lowest, out[r] - less)
        return out


MIXIN = BankTrade
