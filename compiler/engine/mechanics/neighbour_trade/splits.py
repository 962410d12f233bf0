"""How missing resource units split between the two neighbours who sell them (neighbour_trade).

Pure functions of the units missing, what each side sells (fixed units per resource, and
either/or cards as tuples of resource indices, one unit a turn each) and the buyer's prices
per side; the mechanic reads the cities and memoises the answers.

- `split_units`: the Pareto-minimal (coins to the left, coins to the right) pairs with the
  units bought from each side, what `payment_options` shows;
- `line_pairs` and `option_pairs`: the same pairs alone, without building the units of each
  split, when only fixed production sells the missing units (the common case of the legal
  plays) and when either/or cards may supply some.
"""
from __future__ import annotations

from itertools import product

LEFT, RIGHT = 0, 1  # the sellers, as indices of a (left, right) pair (prices, supplies)
SIDES = (LEFT, RIGHT)


def pareto(points) -> list[tuple[int, int]]:
    """The pairs of `points` that no other is as cheap as on both sides and cheaper on one,
    ascending."""
    out = []
    best = None
    for pair in sorted(points):
        if best is None or pair[1] < best:
            out.append(pair)
            best = pair[1]
    return out


def line(k: int, left_units: int, right_units: int, left_price: int, right_price: int):
    """How `k` missing units of one resource split when only fixed production sells them:
    (k, lo, hi, left price, right price), x from the left for x from lo to hi and the rest
    from the right; None when the two sellers together have fewer than k."""
    lo = k - right_units
    if lo < 0:
        lo = 0
    hi = left_units if left_units < k else k
    return None if lo > hi else (k, lo, hi, left_price, right_price)


def line_pairs(lines) -> tuple[tuple[int, int], ...]:
    """The Pareto-minimal (left, right) coins, ascending, of buying every resource's units
    as its `line` says, each resource independently."""
    k, lo, hi, a, b = lines[0]
    if a > 0 and b > 0 and all(x[3] == a and x[4] == b for x in lines):
        # One price a side: every total bought from the left from the lowest to the highest
        # is one pair, each cheaper on one side than the next.
        for x in lines[1:]:
            k += x[0]
            lo += x[1]
            hi += x[2]
        return tuple((x * a, (k - x) * b) for x in range(lo, hi + 1))
    front = [(0, 0)]
    for k, lo, hi, a, b in lines:
        front = pareto({(fa + x * a, fb + (k - x) * b) for fa, fb in front
                        for x in range(lo, hi + 1)})
    return tuple(front)


def option_pairs(missing, own, left_masks, right_masks, units, prices) -> tuple:
    """The Pareto-minimal (left, right) coins, ascending, for `missing` ((resource, units),
    ...) when either/or cards may supply some: `own` the buyer's, `left_masks` and
    `right_masks` the sellers', each a bit mask of the missing resources it offers (one unit
    a turn); `units` and `prices` the fixed units each side sells and the buyer's prices, per
    side. Each way to point every card at one of its resources turns the cards into fixed
    units (the buyer's lower what is missing); the answer is the best of those."""
    index = {r: i for i, (r, _) in enumerate(missing)}
    need = [k for _, k in missing]
    sold = ([units[0][r] for r, _ in missing], [units[1][r] for r, _ in missing])
    several = []  # (whose: 0 the buyer, 1 left, 2 right, the indices it may be pointed at)
    for whose, masks in enumerate((own, left_masks, right_masks)):
        for mask in masks:
            at = [i for r, i in index.items() if mask >> r & 1]
            if len(at) > 1:
                several.append((whose, at))
            elif whose:
                sold[whose - 1][at[0]] += 1
            else:
                need[at[0]] -= 1
    found = set()
    for pick in product(*(at for _, at in several)):
        k, left, right = need[:], sold[0][:], sold[1][:]
        for (whose, _), i in zip(several, pick):
            if whose == 0:
                k[i] -= 1
            else:
                (left, right)[whose - 1][i] += 1
        lines = []
        for i, (r, _) in enumerate(missing):
            if k[i] > 0:
                split = line(k[i], left[i], right[i], prices[0][r], prices[1][r])
                if split is None:
                    break
                lines.append(split)
        else:
            if not lines:
                return ((0, 0),)
            found.update(line_pairs(lines))
    return tuple(pareto(found))


def split_units(missing: tuple[int, ...], supplies, prices) -> dict:
    """Pareto-minimal (left, right) coins -> units from each side, for the units `missing`
    (sorted resource indices, repeated); `supplies` is ((fixed units, either/or options),
    ...) per side and `prices` (units' prices, ...) per side."""
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
    """`split_units` when only fixed production sells the missing units: each resource's
    units split between the sellers independently; add every Pareto-minimal total to `found`."""
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
