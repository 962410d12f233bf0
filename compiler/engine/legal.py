"""Legal actions and the reason an action is not legal. A mixin of `Game`."""
from __future__ import annotations

import operator

from .core.kinds import IS_CHANCE, KIND_NAMES, LEGAL, WHY_NOT
from .costs import covered_by_plan
from .errors import IllegalActionError


class LegalActions:
    __slots__ = ()

    def _compute_legal(self) -> list[int]:
        if self.result is not None:
            return []
        kind, p, arg = self.stack[-1]
        return LEGAL[kind](self, p, arg)

    def _legal_play(self, p: int) -> list[int]:
        # Built in ascending order (builds, discards, then Wonders by id) so no sort is needed.
        # Plain loops, not comprehensions: for a handful of items they cost half as much.
        # What a component costs `p` is cached with its chain and coin cost in it (pricing.py),
        # so the usual check is a lookup. A card new to the structure, or priced before the
        # cache was last reset, is worked out here: pricing._cost's usual case, inlined, as
        # most turns have one.
        t = self.t
        sc = self.slot_card
        cards = []
        for s in self.accessible:
            cards.append(sc[s])
        cards.sort()
        cache = self.cost_cache[p] or self._reset_costs(p)
        coins = self.coins[p]
        out = []
        prod = None  # what the first card to work out needs, loaded then
        for c in cards:
            v = cache[c]
            if v < 0:
                if prod is None:
                    chains, prod = self.chains[p], self.prod[p]
                    price, plan = self.price_cache[p]
                    exact = plan is None or self.discounting[p]
                    chain_from, coin_cost, costs = t.chain_from, t.coin_cost, t.cost
                if chain_from[c] & chains:
                    v = 0
                elif exact:
                    v = coin_cost[c] + self._trade(p, c)
                else:
                    v = 0
                    for r, n in costs[c]:
                        m = n - prod[r]
                        if m > 0:
                            v += m * price[r]
                    if v and plan:
                        v -= covered_by_plan(t.need[c], prod, price, plan)
                    v += coin_cost[c]
                cache[c] = v
            if v <= coins:
                out.append(c)
        d = t.DISCARD
        for c in cards:
            out.append(d + c)
        unbuilt = self.unbuilt[p]
        if unbuilt:
            w0, wonder_plays = t.wonder0, t.wonder_plays
            for w in unbuilt:
                comp = w0 + w
                v = cache[comp]
                if v < 0:  # as for the cards above
                    if prod is None:
                        chains, prod = self.chains[p], self.prod[p]
                        price, plan = self.price_cache[p]
                        exact = plan is None or self.discounting[p]
                        chain_from, coin_cost, costs = t.chain_from, t.coin_cost, t.cost
                    if chain_from[comp] & chains:
                        v = 0
                    elif exact:
                        v = coin_cost[comp] + self._trade(p, comp)
                    else:
                        v = 0
                        for r, n in costs[comp]:
                            m = n - prod[r]
                            if m > 0:
                                v += m * price[r]
                        if v and plan:
                            v -= covered_by_plan(t.need[comp], prod, price, plan)
                        v += coin_cost[comp]
                    cache[comp] = v
                if v <= coins:
                    plays = wonder_plays[w]  # the actions as ints made once (they are > 256)
                    for c in cards:
                        out.append(plays[c])
        return out

    def _why_illegal(self, action: object) -> str:
        t = self.t
        if isinstance(action, bool) or not isinstance(action, int):
            return "an action is an integer id (use notation.parse_action for text)"
        if not 0 <= action < t.num_actions:
            return f"no action has id {action} (ids are 0..{t.num_actions - 1})"
        if self.result is not None:
            return "the game is over"
        kind, p, arg = self.stack[-1]
        explain = WHY_NOT.get(kind)  # the words of the mechanic that owns the decision
        reason = explain(self, p, arg, action) if explain is not None else None
        if reason:
            return reason
        expected = KIND_NAMES[kind].replace("_", " ")
        who = "chance" if IS_CHANCE[kind] else f"player {p}"
        if IS_CHANCE[kind] and any(first <= action < end for first, end in t.chance_ranges):
            return f"not a possible outcome of this chance event ({expected})"
        return f"waiting for {who} to decide: {expected}"


def _action_id(action: object) -> int:
    """`action` as a plain int if it is an integer of another type; else IllegalActionError."""
    if not isinstance(action, bool):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise IllegalActionError(action, "an action is an integer id, not "
                             f"{type(action).__name__} (use parse_action for text)")
