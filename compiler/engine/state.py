"""The game state, its flow of decisions, and the game verbs compiled effects call.

Flow is a stack of *nodes* `(kind, player, arg)`: the top one is the decision being
waited for. Player nodes wait for a player's action, chance nodes for a chance outcome,
internal nodes (end of turn, start of an Age, forced draft pick) are resolved at once.
Effects that need a choice (destroy, discard pile, Great Library, science pair) append
nodes to `_buffer`; once an action's effects are done the buffer is pushed so its nodes
are resolved in data order, before the end of the turn (rulings 13 and 21).
"""
from __future__ import annotations

import operator
from bisect import insort

from . import runtime as rt
from .costs import (Payment, cheapest_cover, cheapest_trade, cheapest_trade_by_families,
                    choice_families)
from .errors import IllegalActionError
from .military import advance_pawn
from .science import gain_symbol
from .scoring import Result, final_result
from .tables import Tables, tables_for

CHANCE = -1
TERMINAL = -4

(K_FIRST, K_BOARD, K_REVEAL, K_DRAFT, K_DRAFT_LAST, K_AGE, K_LEAVE, K_GUILD, K_DEAL,
 K_PLAY, K_END_TURN, K_PAIR, K_DESTROY, K_REVIVE, K_LIB_DRAW, K_LIB_PICK, K_START) = range(17)
KIND_NAMES = ("first_player", "board_token", "reveal_wonder", "draft", "draft_last", "age",
              "leave_out", "guild", "deal", "play", "end_turn", "pair_token", "destroy",
              "discard_pile", "library_draw", "library_pick", "choose_start")
CHANCE_KINDS = frozenset({K_FIRST, K_BOARD, K_REVEAL, K_LEAVE, K_GUILD, K_DEAL, K_LIB_DRAW})
INTERNAL_KINDS = frozenset({K_DRAFT_LAST, K_AGE, K_END_TURN})
IS_CHANCE = tuple(k in CHANCE_KINDS for k in range(17))
IS_INTERNAL = tuple(k in INTERNAL_KINDS for k in range(17))

_PLAY_NODE = ((K_PLAY, 0, 0), (K_PLAY, 1, 0))  # per seat; nodes are immutable, so shared

UNBUILT = -1  # wonder_tuck value of a Wonder not built yet
REMOVED = -2  # a Wonder out of the game after the 7th was built (ruling 18)

_M64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _draw(seed: int, k: int, n: int) -> int:
    """Index in [0, n) of the k-th chance outcome of a game (k counts from 1).

    Counter-based splitmix64: the state is (seed, chance_count), so clones, JSON round
    trips and replays draw the same numbers without storing a generator.
    """
    z = (seed + k * _GAMMA) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return ((z ^ (z >> 31)) * n) >> 64


class Game:
    """One game of a ruleset. Seats are 0 and 1; `current_player` is CHANCE (-1) at
    chance nodes and TERMINAL (-4) when the game is over.

    With `auto_chance` (the default) chance outcomes are sampled from the seed as soon as
    they are due; without it, the caller applies them like any other action (see
    `chance_outcomes` and `sample_chance`).
    """

    K_PAIR = K_PAIR  # science.py queues pair rewards through the instance

    __slots__ = (
        "t", "seed", "chance_count", "auto_chance", "history", "stack", "result", "_buffer",
        "_legal", "cost_cache", "price_cache", "first_player",
        # cities
        "coins", "city", "color_count", "wonders", "wonder_tuck", "wonders_built",
        "wonders_built_total", "tokens", "unbuilt",
        # derived from the cities, rebuilt by `_recompute`
        "prod", "raises", "choices", "choice_src", "fixed_price", "discount", "shield_extra",
        "chains", "sci", "sci_distinct", "wonders_play_again", "collect_trade", "discounting",
        "families",
        "chain_triggers",
        # board
        "pawn", "loot_used", "pairs_done", "board_tokens", "box_tokens", "drawn",
        "wonder_pool", "draft", "discard",
        # current Age
        "age", "slot_card", "face_up", "taken", "cover", "accessible", "to_reveal",
        "remaining", "slot_of", "pool", "guild_pool", "left_out",
    )

    def __init__(self, ruleset: rt.Ruleset, seed: int = 0, auto_chance: bool = True) -> None:
        self.t = t = tables_for(ruleset)
        self.seed = seed & _M64
        self.chance_count = 0
        self.auto_chance = auto_chance
        self.history = []
        self.result = None
        self._buffer = []
        self._legal = None
        self.first_player = -1
        self.coins = [t.setup.starting_coins] * 2
        self.city = [[], []]
        self.wonders = [[], []]
        self.wonder_tuck = [[], []]
        self.tokens = [[], []]
        self.pawn = 0
        self.loot_used = [[False] * len(t.loot_zones) for _ in range(2)]
        self.pairs_done = [0, 0]
        self.board_tokens = []
        self.box_tokens = list(range(t.NT))
        self.drawn = []
        self.wonder_pool = list(range(t.NW))
        self.draft = []
        self.discard = []
        self.age = 0
        self.slot_card = []
        self.face_up = []
        self.taken = []
        self.cover = []
        self.accessible = []
        self.to_reveal = []
        self.remaining = 0
        self.slot_of = [-1] * t.NB
        self.pool = []
        self.guild_pool = []
        self.left_out = []
        self._recompute()
        self.stack = [(K_FIRST, CHANCE, 0)]
        self._advance()

    # ------------------------------------------------------------------ public API

    @property
    def ruleset(self) -> rt.Ruleset:
        return self.t.ruleset

    @property
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        node = self.stack[-1]
        return CHANCE if IS_CHANCE[node[0]] else node[1]

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    @property
    def is_chance_node(self) -> bool:
        return self.result is None and IS_CHANCE[self.stack[-1][0]]

    @property
    def decision(self) -> str:
        """What is being decided now (e.g. "play", "deal", "destroy"); "" when over."""
        return "" if self.result is not None else KIND_NAMES[self.stack[-1][0]]

    def legal_actions(self) -> list[int]:
        """Legal action ids, ascending. At a chance node: the possible outcomes.

        The list is the engine's cached copy: read it, do not modify it.
        """
        legal = self._legal
        if legal is None:
            node = self.stack[-1] if self.result is None else None  # no node once it is over
            if node is not None and node[0] == K_PLAY:  # the usual decision: skip the dispatch
                legal = self._legal = self._legal_play(node[1])
            else:
                legal = self._legal = self._compute_legal()
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) at a chance node; every outcome is equally likely."""
        if not self.is_chance_node:
            return []
        legal = self.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]

    def sample_chance(self) -> int:
        """The outcome the seed gives for the current chance node (not applied)."""
        legal = self.legal_actions()
        return legal[self._rand_below(len(legal))]

    def apply(self, action: int) -> None:
        """Apply a player action or a chance outcome; raise IllegalActionError if illegal.

        An action is an integer id (any integer type, e.g. numpy's; never a bool or a float).
        """
        if action.__class__ is not int:
            action = _action_id(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            raise IllegalActionError(action, self._why_illegal(action))
        node = self.stack.pop()
        kind = node[0]
        self.history.append(action)
        if IS_CHANCE[kind]:
            self.chance_count += 1
        _HANDLERS[kind](self, node, action)
        self._advance()

    def clone(self) -> "Game":
        other = object.__new__(Game)
        other.t = self.t
        other.seed = self.seed
        other.chance_count = self.chance_count
        other.auto_chance = self.auto_chance
        other.history = self.history[:]
        other.stack = self.stack[:]
        other.result = self.result
        other._buffer = []
        other._legal = self._legal
        other.cost_cache = [c[:] if c is not None else None for c in self.cost_cache]
        other.price_cache = self.price_cache[:]  # lists never mutated in place
        other.first_player = self.first_player
        other.coins = self.coins[:]
        other.city = [self.city[0][:], self.city[1][:]]
        other.color_count = [self.color_count[0][:], self.color_count[1][:]]
        other.wonders = [self.wonders[0][:], self.wonders[1][:]]
        other.wonder_tuck = [self.wonder_tuck[0][:], self.wonder_tuck[1][:]]
        other.wonders_built = self.wonders_built[:]
        other.wonders_built_total = self.wonders_built_total
        other.unbuilt = [self.unbuilt[0][:], self.unbuilt[1][:]]
        other.tokens = [self.tokens[0][:], self.tokens[1][:]]
        other.prod = [self.prod[0][:], self.prod[1][:]]
        other.raises = [self.raises[0][:], self.raises[1][:]]
        other.choices = [self.choices[0][:], self.choices[1][:]]
        other.choice_src = [self.choice_src[0][:], self.choice_src[1][:]]
        other.fixed_price = [self.fixed_price[0][:], self.fixed_price[1][:]]
        other.discount = [self.discount[0][:], self.discount[1][:]]
        other.shield_extra = [self.shield_extra[0][:], self.shield_extra[1][:]]
        other.chains = self.chains[:]
        other.sci = [self.sci[0][:], self.sci[1][:]]
        other.sci_distinct = self.sci_distinct[:]
        other.wonders_play_again = self.wonders_play_again[:]
        other.collect_trade = self.collect_trade[:]
        other.discounting = self.discounting[:]
        other.families = self.families[:]  # immutable tuples
        other.chain_triggers = [self.chain_triggers[0][:], self.chain_triggers[1][:]]
        other.pawn = self.pawn
        other.loot_used = [self.loot_used[0][:], self.loot_used[1][:]]
        other.pairs_done = self.pairs_done[:]
        other.board_tokens = self.board_tokens[:]
        other.box_tokens = self.box_tokens[:]
        other.drawn = self.drawn[:]
        other.wonder_pool = self.wonder_pool[:]
        other.draft = self.draft[:]
        other.discard = self.discard[:]
        other.age = self.age
        other.slot_card = self.slot_card[:]
        other.face_up = self.face_up[:]
        other.taken = self.taken[:]
        other.cover = self.cover[:]
        other.accessible = self.accessible[:]
        other.to_reveal = self.to_reveal[:]
        other.remaining = self.remaining
        other.slot_of = self.slot_of[:]
        other.pool = self.pool[:]
        other.guild_pool = self.guild_pool[:]
        other.left_out = [a[:] for a in self.left_out]
        return other

    # Text and JSON ------------------------------------------------------------------

    def action_to_text(self, action: int) -> str:
        from .notation import action_to_text
        return action_to_text(self, action)

    def parse_action(self, text: str) -> int:
        from .notation import parse_action
        return parse_action(self, text)

    def apply_text(self, text: str) -> None:
        """Apply the action written as text, e.g. "wonder The Pyramids with Baths"."""
        self.apply(self.parse_action(text))

    def legal_texts(self) -> list[str]:
        return [self.action_to_text(a) for a in self.legal_actions()]

    def to_json(self) -> dict:
        from .serialize import state_to_json
        return state_to_json(self)

    @classmethod
    def from_json(cls, ruleset: rt.Ruleset, data: dict) -> "Game":
        from .serialize import state_from_json
        return state_from_json(ruleset, data)

    # Queries ----------------------------------------------------------------------

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
        prod, price = self.prod[player], self.price_cache[player]
        choices = self.choices[player]
        target = t.discount_target[comp]
        discount = self.discount[player][target] if target >= 0 else 0
        if choices or discount:
            families = self.families[player]
            if families is not None:
                return cheapest_trade_by_families(cost, prod, price, families[0], families[1],
                                                  discount)
            missing = {r: n - prod[r] for r, n in cost if n > prod[r]}
            return cheapest_trade(missing, price, choices, discount)
        v = 0
        for r, n in cost:
            m = n - prod[r]
            if m > 0:
                v += m * price[r]
        return v

    def _reset_costs(self, player: int) -> list[int]:
        self.price_cache[player] = self.price(player)
        cache = self.cost_cache[player] = [-1] * self.t.N
        return cache

    def price(self, player: int) -> list[int]:
        """Coins `player` pays per unit of each resource bought."""
        base = self.t.trade_base
        out = []
        for fixed, raised in zip(self.fixed_price[player], self.raises[1 - player]):
            out.append(fixed if fixed >= 0 else base + raised)
        return out

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

    def scores(self) -> tuple[dict[str, int], dict[str, int]]:
        """VP by category for both seats as the game stands now."""
        return final_result(self).scores

    # ------------------------------------------------------------------ game verbs

    def neighbours(self, player: int) -> tuple[int, ...]:
        return (1 - player,)

    def gain_coins(self, player: int, amount: int) -> None:
        self.coins[player] += amount

    def lose_coins(self, player: int, amount: int) -> None:
        c = self.coins[player] - amount
        self.coins[player] = c if c > 0 else 0

    def count_cards(self, player: int, colors: tuple[str, ...]) -> int:
        ci = self.t.color_index
        cc = self.color_count[player]
        return sum(cc[ci[c]] for c in colors)

    def count_wonders(self, player: int) -> int:
        return self.wonders_built[player]

    def count_tokens(self, player: int) -> int:
        return len(self.tokens[player])

    def count_coins(self, player: int) -> int:
        return self.coins[player]

    def destroy(self, player: int, colors: tuple[str, ...]) -> None:
        mask = self._color_mask(colors)
        if self._destroy_targets(player, mask):
            self._buffer.append((K_DESTROY, player, mask))

    def build_from_discard(self, player: int) -> None:
        if self.discard:
            self._buffer.append((K_REVIVE, player, 0))

    def take_token(self, player: int, source: str, draw: int) -> None:
        if source == "box":
            n = min(draw, len(self.box_tokens))
            if n:
                self._buffer.extend([(K_LIB_DRAW, CHANCE, 0)] * n)
                self._buffer.append((K_LIB_PICK, player, 0))
        elif self.board_tokens:
            self._buffer.append((K_PAIR, player, 0))

    # ------------------------------------------------------------------ internals

    def _rand_below(self, n: int) -> int:
        return _draw(self.seed, self.chance_count + 1, n)

    def _color_mask(self, colors: tuple[str, ...]) -> int:
        ci = self.t.color_index
        mask = 0
        for c in colors:
            mask |= 1 << ci[c]
        return mask

    def _destroy_targets(self, player: int, mask: int) -> list[int]:
        color = self.t.color
        return sorted(c for c in self.city[1 - player] if (1 << color[c]) & mask)

    def _trade_problem(self, player: int, comp: int):
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
        """Rebuild everything derived from the cities (after set-up, load or destroy)."""
        t = self.t
        nc = len(t.colors)
        self.color_count = [[0] * nc, [0] * nc]
        self.prod = [[0] * t.R, [0] * t.R]
        self.raises = [[0] * t.R, [0] * t.R]
        self.choices = [[], []]
        self.choice_src = [[], []]
        self.fixed_price = [[-1] * t.R, [-1] * t.R]
        self.discount = [[0] * t.n_discount_targets, [0] * t.n_discount_targets]
        self.shield_extra = [[0] * nc, [0] * nc]
        self.chains = [0, 0]
        self.sci = [[0] * len(t.symbols), [0] * len(t.symbols)]
        self.sci_distinct = [0, 0]
        self.wonders_play_again = [False, False]
        self.collect_trade = [False, False]
        self.discounting = [False, False]
        self.families = [choice_families([], t.R)] * 2
        self.chain_triggers = [[], []]
        self.wonders_built = [0, 0]
        self.cost_cache = [None, None]
        self.price_cache = [None, None]
        for p in (0, 1):
            comps = list(self.city[p])
            for c in comps:
                self.color_count[p][t.color[c]] += 1
            for k, w in enumerate(self.wonders[p]):
                if self.wonder_tuck[p][k] >= 0:
                    comps.append(t.wonder0 + w)
                    self.wonders_built[p] += 1
            comps += [t.token0 + tok for tok in self.tokens[p]]
            for c in comps:
                self._acquire(p, c, quiet=True)
        self.wonders_built_total = sum(self.wonders_built)
        self._recompute_unbuilt()

    def _recompute_unbuilt(self) -> None:
        """Wonders each seat may still build, ascending (none once the limit is reached).

        Drafting and building a Wonder update `unbuilt` in place instead (they run often).
        """
        if self.wonders_built_total >= self.t.setup.max_wonders_built:
            self.unbuilt = [[], []]
        else:
            self.unbuilt = [sorted(w for w, x in zip(self.wonders[p], self.wonder_tuck[p]) if x == UNBUILT)
                            for p in (0, 1)]

    def _acquire(self, p: int, comp: int, quiet: bool = False) -> None:
        """Apply a component's ongoing effects to city `p`."""
        t = self.t
        if not t.ongoing[comp]:
            return
        for r, n in t.produces[comp]:
            self.prod[p][r] += n
            if t.raises[comp]:
                self.raises[p][r] += n
                self.cost_cache[1 - p] = None
            self.cost_cache[p] = None
        if t.uncommon[comp]:  # skip the checks below for most components
            for options in t.one_of[comp]:
                self.choices[p].append(options)
                self.choice_src[p].append(comp)
                self.families[p] = choice_families(self.choices[p], t.R)
                self.cost_cache[p] = None
            for r, price in t.prices[comp]:
                fixed = self.fixed_price[p]
                if fixed[r] < 0 or price < fixed[r]:
                    fixed[r] = price
                self.cost_cache[p] = None
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
        self.chains[p] |= t.chain_gives[comp]
        sym = t.science[comp]
        if sym >= 0:
            if quiet:
                self.sci[p][sym] += 1
                if self.sci[p][sym] == 1:
                    self.sci_distinct[p] += 1
            else:
                gain_symbol(self, p, sym, comp < t.NB)

    def _win(self, player: int, victory: str) -> None:
        self.result = final_result(self, player, victory)
        self.stack.clear()
        self._buffer.clear()

    def _pay(self, p: int, comp: int) -> None:
        t = self.t
        trade = self.trade_cost(p, comp)
        self.coins[p] -= t.coin_cost[comp] + trade
        if trade and self.collect_trade[1 - p]:
            self.coins[1 - p] += trade

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
            advance_pawn(self, p, shields + self.shield_extra[p][color])
            if self.result is not None:
                return
        if t.has_on_build[c]:
            t.objects[c].on_build(self, p)
        if chain:
            for comp in self.chain_triggers[p]:
                t.objects[comp].on_chain_build(self, p)

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
        if self.wonders_built_total >= t.setup.max_wonders_built:
            for q in (0, 1):
                tuck = self.wonder_tuck[q]
                for i, x in enumerate(tuck):
                    if x == UNBUILT:
                        tuck[i] = REMOVED
            self.unbuilt = [[], []]
        else:
            self.unbuilt[p].remove(w)
        self._acquire(p, comp)
        if self.result is not None:
            return False
        if t.shields[comp]:
            advance_pawn(self, p, t.shields[comp])
            if self.result is not None:
                return False
        if t.has_on_build[comp]:
            t.objects[comp].on_build(self, p)
        return t.play_again[comp] or self.wonders_play_again[p]

    def _take_slot(self, s: int) -> None:
        self.taken[s] = True
        self.remaining -= 1
        self.accessible.remove(s)
        cover = self.cover
        for u in self.t.covers[self.age][s]:
            cover[u] -= 1
            if cover[u] == 0 and not self.taken[u]:  # taken: only in positions set by hand
                self.accessible.append(u)
                if not self.face_up[u]:
                    self.to_reveal.append(u)

    def _flush(self) -> None:
        """Push the choices queued by effects so they resolve in the order queued."""
        buf = self._buffer
        if buf:
            if self.result is None:
                self.stack.extend(reversed(buf))
            buf.clear()

    def _apply_unchecked(self, action: int) -> None:
        node = self.stack.pop()
        kind = node[0]
        self.history.append(action)
        self._legal = None
        if IS_CHANCE[kind]:
            self.chance_count += 1
        _HANDLERS[kind](self, node, action)

    def _advance(self) -> None:
        """Resolve internal nodes, and chance nodes when sampling automatically."""
        stack = self.stack
        while stack:
            node = stack[-1]
            kind = node[0]
            if kind == K_PLAY:  # the usual case: a player's turn is next
                break
            if IS_INTERNAL[kind]:
                stack.pop()
                _INTERNAL[kind](self, node)
            elif IS_CHANCE[kind] and self.auto_chance:
                # Same outcome as legal_actions()[_rand_below(n)], without building the list.
                if kind == K_DEAL or kind == K_LEAVE:
                    src, base = self.pool, self.t.CH_CARD
                elif kind == K_BOARD:
                    src, base = self.box_tokens, self.t.CH_TOKEN
                elif kind == K_REVEAL:
                    src, base = self.wonder_pool, self.t.CH_WONDER
                elif kind == K_GUILD:
                    src, base = self.guild_pool, self.t.CH_CARD
                else:
                    src, base = self._compute_legal(), 0
                action = base + src[_draw(self.seed, self.chance_count + 1, len(src))]
                stack.pop()
                self.history.append(action)
                self.chance_count += 1
                _HANDLERS[kind](self, node, action)
            else:
                break
        self._legal = None

    # Legal actions ------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        if self.result is not None:
            return []
        kind, p, arg = self.stack[-1]
        t = self.t
        if kind == K_PLAY:
            return self._legal_play(p)
        if kind == K_DEAL or kind == K_LEAVE:
            base = t.CH_CARD
            return [base + c for c in self.pool]
        if kind == K_GUILD:
            base = t.CH_CARD
            return [base + c for c in self.guild_pool]
        if kind == K_BOARD:
            return [t.CH_TOKEN + x for x in self.box_tokens]
        if kind == K_LIB_DRAW:
            return [t.CH_TOKEN + x for x in self.box_tokens if x not in self.drawn]
        if kind == K_REVEAL:
            return [t.CH_WONDER + w for w in self.wonder_pool]
        if kind == K_FIRST:
            return [t.CH_SEAT, t.CH_SEAT + 1]
        if kind == K_DRAFT:
            return sorted(t.PICK_WONDER + w for w in self.draft)
        if kind == K_PAIR:
            return sorted(t.TAKE + x for x in self.board_tokens)
        if kind == K_LIB_PICK:
            return sorted(t.TAKE + x for x in self.drawn)
        if kind == K_DESTROY:
            return [t.DESTROY + c for c in self._destroy_targets(p, arg)]
        if kind == K_REVIVE:
            return sorted(t.REVIVE + c for c in self.discard)
        if kind == K_START:
            return [t.START, t.START + 1]
        raise AssertionError(kind)  # pragma: no cover

    def _legal_play(self, p: int) -> list[int]:
        # Built in ascending order (builds, discards, then Wonders by id) so no sort is needed.
        # Plain loops, not comprehensions: for a handful of items they cost half as much.
        t = self.t
        coins = self.coins[p]
        chains = self.chains[p]
        sc = self.slot_card
        cards = []
        for s in self.accessible:
            cards.append(sc[s])
        cards.sort()
        chain_from, coin_cost = t.chain_from, t.coin_cost
        cache = self.cost_cache[p] or self._reset_costs(p)
        simple = not (self.choices[p] or self.discounting[p])
        prod, price, costs = self.prod[p], self.price_cache[p], t.cost
        out = []
        for c in cards:
            if chain_from[c] & chains:
                out.append(c)
            else:
                v = cache[c]
                if v < 0:
                    if simple:  # trade_cost's common case, inlined: this is the hot loop
                        v = 0
                        for r, n in costs[c]:
                            m = n - prod[r]
                            if m > 0:
                                v += m * price[r]
                        cache[c] = v
                    else:
                        v = cache[c] = self._uncached_trade_cost(p, c)
                if coin_cost[c] + v <= coins:
                    out.append(c)
        d = t.DISCARD
        for c in cards:
            out.append(d + c)
        unbuilt = self.unbuilt[p]
        if unbuilt:
            w0, nb, base0 = t.wonder0, t.NB, t.WONDER
            for w in unbuilt:
                comp = w0 + w
                v = cache[comp]
                if v < 0:
                    if simple:
                        v = 0
                        for r, n in costs[comp]:
                            m = n - prod[r]
                            if m > 0:
                                v += m * price[r]
                        cache[comp] = v
                    else:
                        v = cache[comp] = self._uncached_trade_cost(p, comp)
                if coin_cost[comp] + v <= coins:
                    base = base0 + w * nb
                    for c in cards:
                        out.append(base + c)
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
        expected = KIND_NAMES[kind].replace("_", " ")
        who = "chance" if IS_CHANCE[kind] else f"player {p}"
        if kind == K_PLAY and action < t.PICK_WONDER:
            if action < t.DISCARD:
                c, w = action, -1
            elif action < t.WONDER:
                c, w = action - t.DISCARD, -1
            else:
                w, c = divmod(action - t.WONDER, t.NB)
            name = t.names[c]
            s = self.slot_of[c]
            if s < 0 or self.taken[s]:
                return f"{name} is not in the Age {self.age} structure"
            if s not in self.accessible:
                return f"{name} is covered by other cards"
            if w >= 0:
                wname = t.names[t.wonder0 + w]
                if w not in self.wonders[p]:
                    return f"player {p} does not own {wname}"
                k = self.wonders[p].index(w)
                if self.wonder_tuck[p][k] >= 0:
                    return f"{wname} is already built"
                if self.wonder_tuck[p][k] == REMOVED or \
                        self.wonders_built_total >= t.setup.max_wonders_built:
                    return f"{wname} is out of the game: {t.setup.max_wonders_built} Wonders are built"
                comp = t.wonder0 + w
                return f"{wname} costs {self.build_cost(p, comp)} coins; player {p} has {self.coins[p]}"
            return f"{name} costs {self.build_cost(p, c)} coins; player {p} has {self.coins[p]}"
        if kind == K_DESTROY and t.DESTROY <= action < t.REVIVE:
            return f"{t.names[action - t.DESTROY]} is not a building of a colour that can be destroyed in the opponent's city"
        if kind == K_REVIVE and t.REVIVE <= action < t.START:
            return f"{t.names[action - t.REVIVE]} is not in the discard pile"
        if kind in (K_PAIR, K_LIB_PICK) and t.TAKE <= action < t.DESTROY:
            return f"{t.names[t.token0 + action - t.TAKE]} is not among the tokens offered"
        if kind == K_DRAFT and t.PICK_WONDER <= action < t.TAKE:
            return f"{t.names[t.wonder0 + action - t.PICK_WONDER]} is not among the Wonders offered"
        if IS_CHANCE[kind] and action >= t.CH_SEAT:
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


# ---------------------------------------------------------------------- node handlers

def _on_first(g: Game, node, action: int) -> None:
    t = g.t
    first = action - t.CH_SEAT
    g.first_player = first
    todo = [(K_BOARD, CHANCE, 0)] * t.setup.board_tokens
    for rnd in t.setup.wonder_draft:
        todo += [(K_REVEAL, CHANCE, 0)] * len(rnd)
        todo += [(K_DRAFT, first ^ rel, 0) for rel in rnd[:-1]]
        todo.append((K_DRAFT_LAST, first ^ rnd[-1], 0))
    todo.append((K_AGE, CHANCE, 1))
    g.stack.append((K_PLAY, first, 0))
    g.stack.extend(reversed(todo))
    if g.auto_chance:  # draw the board tokens at once, as their chance nodes would
        seed, k, box, base = g.seed, g.chance_count, g.box_tokens, t.CH_TOKEN
        for _ in range(t.setup.board_tokens):
            k += 1
            tok = box.pop(_draw(seed, k, len(box)))
            g.board_tokens.append(tok)
            g.history.append(base + tok)
            g.stack.pop()
        g.board_tokens.sort()
        g.chance_count = k


def _on_board(g: Game, node, action: int) -> None:
    tok = action - g.t.CH_TOKEN
    g.box_tokens.remove(tok)
    g.board_tokens.append(tok)
    g.board_tokens.sort()


def _on_reveal(g: Game, node, action: int) -> None:
    w = action - g.t.CH_WONDER
    g.wonder_pool.remove(w)
    g.draft.append(w)


def _on_draft(g: Game, node, action: int) -> None:
    w = action - g.t.PICK_WONDER
    g.draft.remove(w)
    _take_wonder(g, node[1], w)


def _on_draft_last(g: Game, node) -> None:
    _take_wonder(g, node[1], g.draft.pop())


def _take_wonder(g: Game, p: int, w: int) -> None:
    g.wonders[p].append(w)
    g.wonder_tuck[p].append(UNBUILT)
    if g.wonders_built_total < g.t.setup.max_wonders_built:
        insort(g.unbuilt[p], w)


def _on_age(g: Game, node) -> None:
    t = g.t
    age = node[2]
    cover0, covers, face_down, slots = t.structures[age]
    n = len(slots)
    g.age = age
    g.slot_card = [-1] * n
    g.face_up = [False] * n
    g.taken = [False] * n
    g.cover = list(cover0)
    g.accessible = [s for s in range(n) if cover0[s] == 0]
    g.to_reveal = []
    g.remaining = n
    g.slot_of = [-1] * t.NB
    g.pool = sorted(t.age_decks[age])
    g.guild_pool = sorted(t.guilds) if age == t.setup.guild_age else []
    g.left_out.append([])
    if g.auto_chance:
        _auto_setup_age(g, face_down)
        return
    todo = [(K_LEAVE, CHANCE, 0)] * t.setup.removed_cards_per_age
    if g.guild_pool:
        todo += [(K_GUILD, CHANCE, 0)] * t.setup.guilds_drawn
    todo += [(K_DEAL, CHANCE, s) for s in range(n) if not face_down[s]]
    g.stack.extend(reversed(todo))


def _auto_setup_age(g: Game, face_down) -> None:
    """The chance outcomes of an Age's set-up drawn in one go: the same outcomes, in the
    same order and recorded the same way, as resolving its chance nodes one by one."""
    t = g.t
    seed, k, hist, pool = g.seed, g.chance_count, g.history, g.pool
    base = t.CH_CARD
    left = g.left_out[-1]
    for _ in range(t.setup.removed_cards_per_age):
        k += 1
        c = pool.pop(_draw(seed, k, len(pool)))
        left.append(c)
        hist.append(base + c)
    if g.guild_pool:
        guilds = g.guild_pool
        for _ in range(t.setup.guilds_drawn):
            k += 1
            c = guilds.pop(_draw(seed, k, len(guilds)))
            pool.append(c)
            hist.append(base + c)
        pool.sort()
    slot_card, face_up, slot_of = g.slot_card, g.face_up, g.slot_of
    for s, down in enumerate(face_down):
        if not down:
            k += 1
            c = pool.pop(_draw(seed, k, len(pool)))
            slot_card[s] = c
            face_up[s] = True
            slot_of[c] = s
            hist.append(base + c)
    g.chance_count = k


def _on_leave(g: Game, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.pool.remove(c)
    g.left_out[-1].append(c)


def _on_guild(g: Game, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.guild_pool.remove(c)
    g.pool.append(c)
    g.pool.sort()


def _on_deal(g: Game, node, action: int) -> None:
    c = action - g.t.CH_CARD
    s = node[2]
    g.pool.remove(c)
    g.slot_card[s] = c
    g.face_up[s] = True
    g.slot_of[c] = s


def _on_play(g: Game, node, action: int) -> None:
    t = g.t
    p = node[1]
    if action < t.DISCARD:
        c, w = action, -1
    elif action < t.WONDER:
        c, w = action - t.DISCARD, -2
    else:
        w, c = divmod(action - t.WONDER, t.NB)
    # Take the card from the structure (inlined _take_slot: this runs every turn).
    s = g.slot_of[c]
    taken = g.taken
    taken[s] = True
    g.remaining -= 1
    accessible = g.accessible
    accessible.remove(s)
    cover = g.cover
    for u in t.covers[g.age][s]:
        cover[u] -= 1
        if cover[u] == 0 and not taken[u]:
            accessible.append(u)
            if not g.face_up[u]:
                g.to_reveal.append(u)
    replay = False
    if w == -1:
        chain = bool(t.chain_from[c] & g.chains[p])
        if not chain:
            g._pay(p, c)
        g._build_building(p, c, chain)
    elif w == -2:
        cc = g.color_count[p]
        gain = t.discard_coins
        for i in t.discard_bonus_colors:
            gain += t.discard_bonus * cc[i]
        g.coins[p] += gain
        g.discard.append(c)
    else:
        g._pay(p, t.wonder0 + w)
        replay = g._build_wonder(p, w, c)
    if g.result is not None:
        return
    if g._buffer:
        g.stack.append((K_END_TURN, p, 1 if replay else 0))
        g._flush()
    else:  # nothing to decide first: end the turn now rather than through the stack
        _end_turn(g, p, replay)


def _on_end_turn(g: Game, node) -> None:
    _end_turn(g, node[1], node[2])


def _end_turn(g: Game, p: int, replay) -> None:
    if g.remaining == 0:
        if g.age >= g.t.ages:
            g.result = final_result(g)
            g.stack.clear()
            return
        chooser = 1 if g.pawn > 0 else 0 if g.pawn < 0 else p
        g.stack.append((K_START, chooser, 0))
        g.stack.append((K_AGE, CHANCE, g.age + 1))
        return
    g.stack.append(_PLAY_NODE[p if replay else 1 - p])
    if g.to_reveal:
        if g.auto_chance:  # turn them over now, exactly as their chance nodes would
            seed, k, pool, base = g.seed, g.chance_count, g.pool, g.t.CH_CARD
            g.to_reveal.sort()
            for s in g.to_reveal:
                k += 1
                c = pool.pop(_draw(seed, k, len(pool)))
                g.slot_card[s] = c
                g.face_up[s] = True
                g.slot_of[c] = s
                g.history.append(base + c)
            g.chance_count = k
        else:
            g.stack.extend((K_DEAL, CHANCE, s) for s in sorted(g.to_reveal, reverse=True))
        g.to_reveal.clear()


def _on_pair(g: Game, node, action: int) -> None:
    tok = action - g.t.TAKE
    g.board_tokens.remove(tok)
    g._gain_token(node[1], tok)
    g._flush()


def _on_lib_draw(g: Game, node, action: int) -> None:
    g.drawn.append(action - g.t.CH_TOKEN)


def _on_lib_pick(g: Game, node, action: int) -> None:
    tok = action - g.t.TAKE
    g.box_tokens.remove(tok)
    g.drawn = []
    g._gain_token(node[1], tok)
    g._flush()


def _on_destroy(g: Game, node, action: int) -> None:
    c = action - g.t.DESTROY
    g.city[1 - node[1]].remove(c)
    g.discard.append(c)
    g._recompute()


def _on_revive(g: Game, node, action: int) -> None:
    c = action - g.t.REVIVE
    g.discard.remove(c)
    g._build_building(node[1], c, chain=False)
    g._flush()


def _on_start(g: Game, node, action: int) -> None:
    chooser = node[1]
    g.stack.append(_PLAY_NODE[chooser if action == g.t.START else 1 - chooser])


_HANDLERS = [None] * 17
_HANDLERS[K_FIRST] = _on_first
_HANDLERS[K_BOARD] = _on_board
_HANDLERS[K_REVEAL] = _on_reveal
_HANDLERS[K_DRAFT] = _on_draft
_HANDLERS[K_LEAVE] = _on_leave
_HANDLERS[K_GUILD] = _on_guild
_HANDLERS[K_DEAL] = _on_deal
_HANDLERS[K_PLAY] = _on_play
_HANDLERS[K_PAIR] = _on_pair
_HANDLERS[K_DESTROY] = _on_destroy
_HANDLERS[K_REVIVE] = _on_revive
_HANDLERS[K_LIB_DRAW] = _on_lib_draw
_HANDLERS[K_LIB_PICK] = _on_lib_pick
_HANDLERS[K_START] = _on_start
_INTERNAL = [None] * 17
_INTERNAL[K_DRAFT_LAST] = _on_draft_last
_INTERNAL[K_AGE] = _on_age
_INTERNAL[K_END_TURN] = _on_end_turn

__all__ = ["Game", "Result", "Tables", "CHANCE", "TERMINAL", "UNBUILT", "REMOVED"]
