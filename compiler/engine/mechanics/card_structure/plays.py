"""The legal plays of a turn of the card structure (mechanic `card_structure`, Duel): the
reachable cards each built if affordable, discarded, or put under a Wonder. A mixin of the
mechanic's class; `Game.apply` lists them without dispatch (`core.kinds.FAST_TURN`). With
them, the hooks by which another mechanic takes part in the structure's deals and turns
(Agora's senators and conspiracies; `Tables.more_plays` lists a turn's added plays), and
`take_card`, a card taken from the structure."""
from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from ..bank_trade.costs import covered_by_plan

if TYPE_CHECKING:
    from ...core.game import GameState


class StructurePlays:
    __slots__ = ()

    def _shuffled_in(self, age: int) -> tuple[list[int], int]:
        """Cards another mechanic shuffles into `age`'s deck once its cards are left out
        (Agora's senators): the list they are drawn from (the drawn ones are taken out of
        it) and how many; none by default."""
        return [], 0

    def _shuffle_in_nodes(self, age: int) -> list:
        """The chance nodes that draw them one by one (when chance is not sampled at once)."""
        return []

    def _other_play(self, node, action: int) -> bool | None:
        """A play of an id after card_structure's own (`Tables.structure_plays_end`): the
        mechanic that adds such plays to a turn's (`Tables.more_plays`) resolves them here."""
        raise RuntimeError(f"play {action}: no mechanic of this game resolves it")

    def _cards_held_elsewhere(self) -> list[int]:
        """Cards taken from the structure that another mechanic keeps, neither built nor
        discarded (Agora's, under conspiracies)."""
        return []

    def _turn_arg_ok(self, arg: int) -> bool:
        """Whether a loaded `play` node's arg is one this game's mechanics use (0: none)."""
        return arg == 0


    def _legal_play(self, p: int) -> list[int]:
        # Built in ascending order (builds, discards, then Wonders by id) so no sort is needed.
        # Plain loops, not comprehensions: for a handful of items they cost half as much.
        # What a component costs `p` is cached with its chain and coin cost in it
        # (bank_trade/pricing.py), so the usual check is a lookup. A card new to the
        # structure, or priced before the cache was last reset, is worked out here: the usual
        # case of bank_trade/pricing.py's _cost, inlined, as most turns have one.
        t = self.t
        cards = self.reach  # the face-up cards within reach, ascending (read, not changed)
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
                    v = self._priced(p, c)
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
                        v = self._priced(p, comp)
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
        if t.more_plays:  # another mechanic's plays, ids after these (no iterator made in Duel)
            for more in t.more_plays:
                more(self, p, out)
        return out


def take_card(g: GameState, c: int) -> None:
    """Take face-up card `c` from the structure; the slots it covered open once nothing else
    covers them (a slot already taken stays taken: only in positions set by hand). A card
    out of reach (Agora's Property Fraud takes one of the far row) leaves `reach` as it is."""
    t = g.t
    s = g.slot_of[c]
    taken = g.taken
    taken[s] = True
    g.remaining -= 1
    cover = g.cover
    if not cover[s]:
        g.reach.remove(c)
    for u in t.covers[g.age][s]:
        left = cover[u] - 1
        cover[u] = left
        if not left and not taken[u]:  # within reach now
            if g.face_up[u]:
                insort(g.reach, g.slot_card[u])
            else:
                g.to_reveal.append(u)
