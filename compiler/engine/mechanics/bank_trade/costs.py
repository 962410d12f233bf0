"""The cheapest payment for a construction (ruling 3).

Fixed production is used first (it is free and never worse than anything else). What is
still missing can be covered by choice producers (one unit each, of one of their
resources), by a discount (N units of any resources, chosen by the player) and otherwise
bought at a price per unit. A greedy order can overcharge, so the choice producers are
enumerated exhaustively (there are at most a handful) and, for each assignment, the
discount waives the most expensive units left, which is optimal once choices are fixed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache


@dataclass(frozen=True)
class Payment:
    """How a construction is paid. Resource and component names are strings."""

    total: int  # coins paid in all (coin cost + trade)
    coin_cost: int = 0  # printed coin cost
    trade: int = 0  # coins paid to the bank for resources
    chain: bool = False  # free through a chain symbol
    own: dict[str, int] = field(default_factory=dict)  # units from fixed production
    choices: tuple[tuple[str, str], ...] = ()  # (producer, resource) used
    discounted: dict[str, int] = field(default_factory=dict)
    bought: dict[str, tuple[int, int]] = field(default_factory=dict)  # resource: (units, price)
    coins_ignored: int = 0  # the printed coin cost waived as a cost symbol (ruling 21)

    def as_dict(self) -> dict:
        return {
            "total": self.total, "coin_cost": self.coin_cost, "trade": self.trade,
            "chain": self.chain, "own": dict(self.own),
            "choices": [list(c) for c in self.choices],
            "discounted": dict(self.discounted),
            "bought": {r: list(v) for r, v in self.bought.items()},
            "coins_ignored": self.coins_ignored,
        }


def cheapest_cover(
    missing: dict[int, int],
    price: list[int],
    choices: list[tuple[int, ...]],
    discount: int,
) -> tuple[int, tuple[tuple[int, int], ...], dict[int, int], dict[int, int]]:
    """Cheapest trade for `missing` units (resource -> units).

    Returns (coins, choice uses as (choice index, resource), units discounted by resource,
    units bought by resource).
    """
    best: list = [None]
    left = dict(missing)
    uses: list[tuple[int, int]] = []

    def leaf() -> None:
        units = sorted((price[r] for r, m in left.items() for _ in range(m)), reverse=True)
        cost = sum(units[discount:])
        if best[0] is None or cost < best[0][0]:
            # Discount the most expensive units: walk resources by price, highest first.
            waived: dict[int, int] = {}
            bought: dict[int, int] = {}
            todo = discount
            for r in sorted(left, key=lambda r: -price[r]):
                m = left[r]
                w = min(m, todo)
                todo -= w
                if w:
                    waived[r] = w
                if m - w:
                    bought[r] = m - w
            best[0] = (cost, tuple(uses), waived, bought)

    def walk(i: int) -> None:
        if best[0] is not None and best[0][0] == 0:
            return
        if i == len(choices):
            leaf()
            return
        useful = [r for r in choices[i] if left.get(r, 0) > 0]
        for r in useful:
            left[r] -= 1
            uses.append((i, r))
            walk(i + 1)
            uses.pop()
            left[r] += 1
        if not useful:
            walk(i + 1)

    walk(0)
    return best[0]


def cheapest_trade(missing: dict[int, int], price: list[int],
                   choices: list[tuple[int, ...]], discount: int) -> int:
    """Coins of the cheapest trade only (the engine's hot path).

    Units that can be covered together (by choice producers and `discount` free units)
    form a transversal matroid, so taking units greedily from the most expensive, keeping
    each one that can still be covered, covers the most coins. Coverability is checked
    with one augmenting path per unit (Kuhn's algorithm); free units take what the
    choice producers cannot.
    """
    if not choices:
        if not discount:
            return sum(price[r] * m for r, m in missing.items())
        units = sorted((price[r] for r, m in missing.items() for _ in range(m)), reverse=True)
        return sum(units[discount:])
    owner = [-1] * len(choices)  # resource each choice producer covers, -1 if unused

    def augment(r: int, seen: list[bool]) -> bool:
        for i, options in enumerate(choices):
            if not seen[i] and r in options:
                seen[i] = True
                if owner[i] < 0 or augment(owner[i], seen):
                    owner[i] = r
                    return True
        return False

    matched = covered = cost = 0
    n = len(choices)
    for r in sorted(missing, key=price.__getitem__, reverse=True):
        for _ in range(missing[r]):
            if augment(r, [False] * n):
                matched += 1
                covered += 1
            elif covered + 1 - matched <= discount:
                covered += 1
            else:
                cost += price[r]
    return cost


@lru_cache(maxsize=1024)
def choice_families(choices: tuple[tuple[int, ...], ...], n_resources: int):
    """Group choice producers whose resource sets are identical; None if two sets overlap
    without being identical (then only `cheapest_trade` is exact).

    Returns (family index per resource or -1, producers per family). Cached: the same few
    sets of producers come back game after game.
    """
    family = [-1] * n_resources
    caps: list[int] = []
    sets: list[frozenset] = []
    for options in choices:
        key = frozenset(options)
        if key in sets:
            caps[sets.index(key)] += 1
            continue
        if any(family[r] >= 0 for r in key):
            return None
        for r in key:
            family[r] = len(sets)
        sets.append(key)
        caps.append(1)
    return tuple(family), tuple(caps)


@lru_cache(maxsize=4096)
def family_plan(families, price: tuple[int, ...]) -> tuple | None:
    """How a buyer's choice producers cover missing units at these prices: for each family
    (`choice_families`) with producers, (its resources from the dearest, its producers).
    None when `families` is (choice sets overlap: only `cheapest_trade` is exact).

    Worked out when the buyer's prices or producers change (and cached: the same prices
    come back game after game), so that pricing a construction is a walk down this order
    (`covered_by_plan`) instead of sorting its missing units.
    """
    if families is None:
        return None
    family, caps = families
    plan = []
    for f, cap in enumerate(caps):
        members = [r for r, g in enumerate(family) if g == f]
        members.sort(key=price.__getitem__, reverse=True)
        plan.append((tuple(members), cap))
    return tuple(plan)


def covered_by_plan(need, prod, price, plan) -> int:
    """Coins a buyer's choice producers save on a construction, from its `family_plan`
    (without a discount: then `cheapest_trade_by_families`).

    A unit of one family can be covered by no other, so each family covers the `cap`
    dearest of its missing units. `need` is the construction's cost, one count per resource.
    """
    saved = 0
    for order, cap in plan:
        for r in order:
            m = need[r] - prod[r]
            if m > 0:
                if m >= cap:
                    saved += cap * price[r]
                    break
                saved += m * price[r]
                cap -= m
    return saved


def cheapest_trade_by_families(cost, prod, price, family, caps, discount: int) -> int:
    """`cheapest_trade` when choice sets are identical or disjoint (all of Duel's are).

    With disjoint families a unit can only be covered by its family or by the discount,
    so the matroid greedy needs no augmenting paths: from the most expensive unit down,
    use a producer of its family if one is left, else a free unit if one is left.
    """
    items = []
    for r, n in cost:
        m = n - prod[r]
        if m > 0:
            items.append((price[r], r, m))
    if not items:
        return 0
    if len(items) > 1:
        items.sort(reverse=True)
    left = list(caps)
    total = 0
    for pr, r, m in items:
        f = family[r]
        if f >= 0:
            have = left[f]
            if have >= m:  # the family covers all of it
                left[f] = have - m
                continue
            left[f] = 0
            m -= have
        if discount:
            if discount >= m:
                discount -= m
                continue
            m -= discount
            discount = 0
        total += m * pr
    return total
