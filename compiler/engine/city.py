"""How a city changes: what it derives from its components, paying, building, taking a
token or a Wonder. A mixin of `Game`."""
from __future__ import annotations

from .core.kinds import UNBUILT
from .scoring import final_result


class Cities:
    """The cities of a game, and the hooks through which mechanics take part in building.

    The defaults here are what a game without the mechanic does; a mechanic's mixin (see
    mechanics/) overrides the hook it owns.
    """

    __slots__ = ()

    # Hooks ----------------------------------------------------------------------------

    def _setup_nodes(self, first: int) -> list:
        """The set-up decisions after the first player is known; mixins add theirs."""
        return []

    def _coin_cost(self, player: int, comp: int) -> int:
        """The coins `comp`'s cost asks of `player` beside its resources: the printed ones
        (Agora's senators: as many as the senators `player` owns)."""
        return self.t.coin_cost[comp]

    def _first_turn(self, first: int) -> tuple:
        raise NotImplementedError("no mechanic of this game defines a turn (card_structure)")

    def _shields(self, player: int, shields: int) -> None:
        """Shields built (military_track moves its pawn); without a military, nothing."""

    def _military_points(self, player: int) -> int:
        return 0

    def _gain_symbol(self, player: int, symbol: int, from_building: bool) -> None:
        """A science symbol gained (science_pairs adds pairs and supremacy)."""
        counts = self.sci[player]
        counts[symbol] += 1
        if counts[symbol] == 1:
            self.sci_distinct[player] += 1

    def _offer_board_token(self, player: int) -> None:
        """A token from the board is due (progress_tokens queues the choice)."""

    def _board_components(self, player: int) -> list[int]:
        """Its board and built Wonder stages (wonder_boards); none in Duel."""
        return []

    def _stages_built(self, player: int) -> int:
        return 0

    def _score_more(self, player: int, out: dict[str, int]) -> None:
        """VP the mechanics count beyond the cards' (classic: stages, science, copied guild)."""

    def _science_points(self, player: int, extra_wildcards: int = 0) -> int:
        return 0

    def _ranked(self) -> tuple[int, ...]:
        """The seats a civilian victory is decided among: every seat (free_city: not the
        Free City)."""
        return self.t.seats

    def _choices_changed(self, player: int) -> None:
        """An either/or producer joined `player`'s city (bank_trade groups them again)."""

    def _trade_changed(self) -> None:
        """A city changed: what the trade mechanic cached is stale (neighbour_trade)."""

    def _wonder_built(self, player: int, wonder: int) -> None:
        """After `wonder` is built (wonder_limit closes the others at the limit)."""
        self.unbuilt[player].remove(wonder)

    # The cities -----------------------------------------------------------------------

    def _recompute(self) -> None:
        """Rebuild everything derived from the cities (after set-up, load or destroy)."""
        t = self.t
        nc = len(t.colors)
        # One entry per seat; lists copied at C level ([*map(list.copy, ...)]): this runs
        # for every new game, so no Python call per field.
        n = t.n_seats
        zeros_r, zeros_c = [[0] * t.R] * n, [[0] * nc] * n
        self.color_count = [*map(list.copy, zeros_c)]
        self.prod = [*map(list.copy, zeros_r)]
        self.raises = [*map(list.copy, zeros_r)]
        self.choices = [[] for _ in t.seats]
        self.choice_src = [[] for _ in t.seats]
        self.fixed_price = [*map(list.copy, [[-1] * t.R] * n)]
        self.discount = [*map(list.copy, [[0] * t.n_discount_targets] * n)]
        self.shield_extra = [*map(list.copy, zeros_c)]
        self.chains = [0] * n
        self.sci = [*map(list.copy, [[0] * len(t.symbols)] * n)]
        self.sci_distinct = [0] * n
        self.wonders_play_again = [False] * n
        self.collect_trade = [False] * n
        self.discounting = [False] * n
        self.families = [None] * n  # the trade mechanic's grouping of `choices` (bank_trade)
        self.chain_triggers = [[] for _ in t.seats]
        # Rarer modifiers (Agora's Decrees), each seat's entry replaced, never changed in
        # place, so a clone copies the list only: discount targets whose coin cost may be
        # waived (bits), bank prices lowered (None, or per resource (less, lowest)), coins
        # more per discard, the neighbours' chains borrowed; and the `whenever` triggers of
        # builds and Wonders of every city, (owner, component).
        self.coin_symbols = [0] * n
        self.trade_cut = [None] * n
        self.discard_extra = [0] * n
        self.borrows_chains = [False] * n
        self.triggers = ()
        self.wonders_built = [0] * n
        self.cost_cache = [None] * n
        self.price_cache = [None] * n
        for p in t.seats:
            comps = list(self.city[p])
            for c in comps:
                self.color_count[p][t.color[c]] += 1
            for k, w in enumerate(self.wonders[p]):
                if self.wonder_tuck[p][k] >= 0:
                    comps.append(t.wonder0 + w)
                    self.wonders_built[p] += 1
            comps += [t.token0 + tok for tok in self.tokens[p]]
            comps += self._board_components(p)
            self.wonders_built[p] += self._stages_built(p)
            for c in comps:
                self._acquire(p, c, quiet=True)
        self.wonders_built_total = sum(self.wonders_built)
        self._recompute_unbuilt()

    def _recompute_unbuilt(self) -> None:
        """Wonders each seat may still build, ascending (none once the limit is reached).

        Drafting and building a Wonder update `unbuilt` in place instead (they run often).
        """
        if self.wonders_built_total >= self.t.max_wonders_built:
            self.unbuilt = self.t.seating.per_seat([])
        else:
            self.unbuilt = [sorted(w for w, x in zip(self.wonders[p], self.wonder_tuck[p]) if x == UNBUILT)
                            for p in self.t.seats]

    def _acquire(self, p: int, comp: int, quiet: bool = False) -> None:
        """Apply a component's ongoing effects to city `p`."""
        t = self.t
        if not t.ongoing[comp]:
            return
        # Stale costs and prices (bank_trade/pricing.py): a city's costs follow its production, its
        # prices only its neighbours' raising production and its own price-fixing and
        # choice cards, which change far less often.
        produces = t.produces[comp]
        if produces:
            prod = self.prod[p]
            for r, n in produces:
                prod[r] += n
            if t.raises[comp]:
                raises = self.raises[p]
                for r, n in produces:
                    raises[r] += n
                for q in t.neighbours[p]:  # their prices from this city change
                    self.cost_cache[q] = self.price_cache[q] = None
            self.cost_cache[p] = None
        if t.uncommon[comp]:  # skip the checks below for most components
            for options in t.one_of[comp]:
                self.choices[p].append(options)
                self.choice_src[p].append(comp)
                self._choices_changed(p)
                self.cost_cache[p] = self.price_cache[p] = None
            for r, price in t.prices[comp]:
                fixed = self.fixed_price[p]
                if fixed[r] < 0 or price < fixed[r]:
                    fixed[r] = price
                self.cost_cache[p] = self.price_cache[p] = None
            for target, units in t.discounts[comp]:
                self.discount[p][target] += units
                self.discounting[p] = True
                self.cost_cache[p] = None
            for color, n in t.shield_bonus[comp]:
                self.shield_extra[p][color] += n
            if t.wonders_play_again[comp]:
                self.wonders_play_again[p] = True
            if t.collect_trade[comp]:
                self.collect_trade[p] = True
            if t.has_on_chain_build[comp]:
                self.chain_triggers[p].append(comp)
            self._acquire_rare(p, comp)
        gives = t.chain_gives[comp]
        if gives:
            self._gain_chains(p, comp, gives)
            if True in self.borrows_chains:  # a neighbour builds through it too
                for q in t.neighbours[p]:
                    if self.borrows_chains[q]:
                        self._gain_chains(q, comp, gives)
        sym = t.science[comp]
        if sym >= 0:
            if quiet:
                self.sci[p][sym] += 1
                if self.sci[p][sym] == 1:
                    self.sci_distinct[p] += 1
            else:
                self._gain_symbol(p, sym, comp < t.NB)

    def _gain_chains(self, p: int, comp: int, gives: int) -> None:
        self.chains[p] |= gives
        cache = self.cost_cache[p]
        if cache is not None:  # what the chain makes free costs nothing from now on
            for c in self.t.chain_frees[comp]:
                cache[c] = 0

    def _acquire_rare(self, p: int, comp: int) -> None:
        """The ongoing effects few components have (Agora's Decrees), applied to city `p`."""
        t = self.t
        if t.coin_symbols[comp]:
            self.coin_symbols[p] |= t.coin_symbols[comp]
            self.cost_cache[p] = None
        cuts = t.trade_cuts[comp]
        if cuts:
            cut = list(self.trade_cut[p] or ((0, 0),) * t.R)
            for r, less, lowest in cuts:
                cut[r] = (cut[r][0] + less, max(cut[r][1], lowest))
            self.trade_cut[p] = tuple(cut)
            self.cost_cache[p] = self.price_cache[p] = None
        self.discard_extra[p] += t.discard_extra[comp]
        if t.neighbour_chains[comp] and not self.borrows_chains[p]:
            self.borrows_chains[p] = True
            for q in t.neighbours[p]:  # what they hold now; later chains come through
                for c in self.city[q]:  # _acquire
                    self.chains[p] |= t.chain_gives[c]
            self.cost_cache[p] = None
        if t.triggers[comp]:  # sorted: the same order however the cities were made
            self.triggers = tuple(sorted((*self.triggers, (p, comp))))

    def _triggered(self, event: str, p: int, comp: int) -> None:
        """Seat `p` built `comp` (event "build" or "wonder"): the `whenever` triggers it
        matches act for their owners, by seat, then by component."""
        t = self.t
        color = t.color[comp]
        for owner, source in self.triggers:
            for kind, anyone, colors, cards, act in t.triggers[source]:
                if (kind == event and (anyone or owner == p)
                        and (not colors or color in colors) and (not cards or comp in cards)):
                    act(self, owner)
                    if self.result is not None:
                        return

    def _lose(self, p: int, comp: int) -> None:
        """Take building `comp` out of city `p` (destroyed). Production is taken back in
        place, which is what `_recompute` would derive; a building with any other ongoing
        effect has everything derived again."""
        t = self.t
        self.city[p].remove(comp)
        if t.uncommon[comp] or t.chain_gives[comp] or t.science[comp] >= 0:
            self._recompute()
            return
        self.color_count[p][t.color[comp]] -= 1
        produces = t.produces[comp]
        if produces:
            prod = self.prod[p]
            for r, n in produces:
                prod[r] -= n
            if t.raises[comp]:
                raises = self.raises[p]
                for r, n in produces:
                    raises[r] -= n
                for q in t.neighbours[p]:
                    self.cost_cache[q] = self.price_cache[q] = None
            self.cost_cache[p] = None

    def _win(self, player: int, victory: str) -> None:
        self.result = final_result(self, player, victory)
        self.stack.clear()
        self._buffer.clear()

    def _build_building(self, p: int, c: int, chain: bool) -> None:
        t = self.t
        self.city[p].append(c)
        color = t.color[c]
        self.color_count[p][color] += 1
        if t.ongoing[c]:
            self._acquire(p, c)
            if self.result is not None:
                return
        shields = t.shields[c]
        if shields:
            self._shields(p, shields + self.shield_extra[p][color])
            if self.result is not None:
                return
        if t.has_on_build[c]:
            t.objects[c].on_build(self, p)
        if chain:
            for comp in self.chain_triggers[p]:
                t.objects[comp].on_chain_build(self, p)
        if self.triggers and self.result is None:
            self._triggered("build", p, c)

    def _gain_token(self, p: int, tok: int) -> None:
        t = self.t
        self.tokens[p].append(tok)
        comp = t.token0 + tok
        self._acquire(p, comp)
        if self.result is None and t.has_on_build[comp]:
            t.objects[comp].on_build(self, p)

    def _build_wonder(self, p: int, w: int, c: int) -> bool:
        """Build Wonder `w` with card `c` tucked under it; True if it gives another turn."""
        t = self.t
        comp = t.wonder0 + w
        k = self.wonders[p].index(w)
        self.wonder_tuck[p][k] = c
        self.wonders_built[p] += 1
        self.wonders_built_total += 1
        self._wonder_built(p, w)
        self._acquire(p, comp)
        if self.result is not None:
            return False
        if t.shields[comp]:
            self._shields(p, t.shields[comp])
            if self.result is not None:
                return False
        if t.has_on_build[comp]:
            t.objects[comp].on_build(self, p)
        if self.triggers and self.result is None:
            self._triggered("wonder", p, comp)
        return t.play_again[comp] or self.wonders_play_again[p]
