"""The game state and its public API: one game of a ruleset.

The state is one object with flat lists (see `__slots__`), so clones are cheap. `Game(ruleset)`
returns an instance of the class composed for the ruleset's mechanics (mechanics/__init__.py):
their mixins, then this class. What a decision does lives with the mechanic that registered
its kind (mechanics/<name>/; the core's own in core/), how a city changes in city.py, the verbs
compiled effects call in verbs.py and the mixins, legal actions in legal.py.
"""
from __future__ import annotations

from . import arguments, runtime as rt
from .city import Cities
from .errors import IllegalActionError, NotationError
from .forcing import resolve
from .core.fresh import first_state, maker
from .core.kinds import HANDLERS, INTERNAL, IS_SIMULTANEOUS, LEGAL, OUTCOMES
from .core.simultaneous import SimultaneousDecisions
from .mechanics import composition, game_class, players_in_state
from .core.kinds import FAST_TURN as K_TURN  # marked by a mechanic imported just above
# Classic's reasons an action is illegal (core/kinds.explains), registered once the mechanics
# have registered their kinds in catalogue order (so the kinds keep their numbers); here, not
# in mechanics/__init__.py, since it imports three classic mechanics (a package cycle there).
from .games.classic import explain as classic_explain  # noqa: F401
from .legal import LegalActions, _action_id
from .notation import action_component, action_to_text, parse_action
from .observation import legal_mask, observation, observation_vector, sample_state
from .core.kinds import CHANCE, IS_CHANCE, IS_INTERNAL, KIND_NAMES, PROMPTS, REMOVED, TERMINAL, UNBUILT
from .core.sampler import M64, draw
from .scoring import Result, final_result
from .serialize import state_from_json, state_to_json
from .tables import Tables, tables_for
from .verbs import GameVerbs


class Game(LegalActions, Cities, GameVerbs, SimultaneousDecisions):
    """One game of a ruleset. Seats are 0 to N-1 (`ruleset.players`); `current_player` is
    CHANCE (-1) at chance nodes and TERMINAL (-4) when the game is over.

    With `auto_chance` (the default) chance outcomes are sampled from the seed as soon as
    they are due; without it, the caller applies them like any other action (see
    `chance_outcomes` and `sample_chance`).
    """

    MECHANICS: tuple[str, ...] = ()  # set on the class composed for a ruleset
    STATE_FIELDS: tuple = ()  # (mechanic, StateField) the mechanics own (core/fields.py)
    STATE_CHECKS: tuple = ()  # the mechanics' checks of a loaded state (their `CHECKS`)
    VIEW: tuple = ()  # the mechanics' parts of an observation (their `VIEW`, core/views.py)
    VICTORIES: tuple[str, ...] = ("civilian",)  # and those the mechanics end a game with

    __slots__ = (
        "t", "seed", "chance_count", "auto_chance", "history", "stack", "result", "_buffer",
        "_legal", "cost_cache", "price_cache", "first_player",
        "sim_choices",  # per seat, its hidden choice at a simultaneous decision (-1: none)
        # cities
        "coins", "city", "color_count", "wonders", "wonder_tuck", "wonders_built",
        "wonders_built_total", "tokens", "unbuilt",
        # derived from the cities, rebuilt by `_recompute`
        "prod", "raises", "choices", "choice_src", "fixed_price", "discount", "shield_extra",
        "chains", "sci", "sci_distinct", "wonders_play_again", "collect_trade", "discounting",
        "families",
        "chain_triggers", "coin_symbols", "trade_cut", "discard_extra", "borrows_chains",
        "triggers",
        "_again",  # during a play: an effect gave another turn (card_structure, play_again)
        # the cards of the game outside the cities: the current Age and its deck, the
        # guilds not drawn, the discard pile. Everything else a mechanic's (core/fields.py)
        "age", "pool", "guild_pool", "discard",
    )

    def __new__(cls, ruleset: rt.Ruleset | None = None, *args, **kwargs) -> "Game":
        if cls is Game and ruleset is not None:  # the class composed for its mechanics
            players = kwargs.get("players", args[2] if len(args) > 2 else None)
            cls = game_class(Game, composition(ruleset, players)[0])
        return object.__new__(cls)

    def __init__(self, ruleset: rt.Ruleset, seed: int = 0, auto_chance: bool = True,
                 players: int | None = None) -> None:
        """`seed`: any integer (taken modulo 2**64); `players`: the number of seats, one of
        `ruleset.player_counts` (default `ruleset.players`). ArgumentError otherwise."""
        seed = arguments.seed(seed)
        t = tables_for(ruleset, players)
        # Every new game of a class and tables starts as the same state: made once, then
        # copied by a function compiled for it (core/fresh.py), which costs far less than
        # making and deriving it again.
        fresh = t.cache.get((Game, type(self)))
        if fresh is None:
            fresh = t.cache[(Game, type(self))] = maker(first_state(type(self), t), Game._copy_into)
        fresh(self)
        self.seed = seed & M64
        self.auto_chance = auto_chance
        self._advance()

    # ------------------------------------------------------------------ public API

    @property
    def ruleset(self) -> rt.Ruleset:
        return self.t.ruleset

    @property
    def players(self) -> int:
        """The number of players: the seats that decide (the seats of the cities, but for
        the Free City of classic's 2-player variant: a city no one sits at)."""
        return self.t.players

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

    @property
    def decision_prompt(self) -> str:
        """The decision in words for a player ("take a card of the structure", "play a card
        from the hand"), as its mechanic words it; "" when over."""
        return "" if self.result is not None else PROMPTS[self.stack[-1][0]]

    def legal_actions(self) -> list[int]:
        """Legal action ids, ascending. At a chance node: the possible outcomes.

        The list is the engine's cached copy: read it, do not modify it.
        """
        legal = self._legal
        if legal is None:
            node = self.stack[-1] if self.result is None else None  # no node once it is over
            if node is not None and node[0] == K_TURN:  # the usual decision: skip the dispatch
                legal = self._legal = self._legal_play(node[1])
            else:
                legal = self._legal = self._compute_legal()
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) at a chance node. Every item drawn from is equally likely;
        an outcome several items give (two copies of a card in a deck) adds them up."""
        if not self.is_chance_node:
            return []
        src, base = OUTCOMES[self.stack[-1][0]](self)
        counts = dict.fromkeys(base + x for x in src)
        for x in src:
            counts[base + x] = (counts[base + x] or 0) + 1
        return [(a, n / len(src)) for a, n in counts.items()]

    def sample_chance(self) -> int:
        """The outcome the seed gives for the current chance node (not applied): the one
        automatic sampling would draw."""
        if not self.is_chance_node:
            raise IllegalActionError(-1, "no chance event is pending")
        src, base = OUTCOMES[self.stack[-1][0]](self)
        return base + src[self._rand_below(len(src))]

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
        stack = self.stack
        node = stack.pop()
        kind = node[0]
        self.history.append(action)
        if IS_CHANCE[kind]:
            self.chance_count += 1
        if HANDLERS[kind](self, node, action) or (stack and stack[-1][0] == K_TURN):
            # a turn next (a handler's True: card_structure's play): nothing to resolve,
            # and the next apply needs its actions
            self._legal = self._legal_play(stack[-1][1])
        elif IS_SIMULTANEOUS[kind] and stack and IS_SIMULTANEOUS[stack[-1][0]] and self.result is None:
            node = stack[-1]  # classic: the next seat to choose (core/simultaneous.py), its
            self._legal = LEGAL[node[0]](self, node[1], node[2])  # actions as for a turn
        else:
            self._advance()

    def apply_legal(self, action: int) -> None:
        """`apply` for an action known to be legal here (taken from `legal_actions()` or
        `legal_actions_for(seat)`), as a bot's trial plays it: not checked, and the next
        decision's actions are listed only when asked. The same state as `apply` gives
        (tests/engine/test_apply_legal.py compares them on every game)."""
        self._apply_unchecked(action)
        self._advance()

    def clone(self) -> "Game":
        other = object.__new__(type(self))
        self._copy_into(other)
        return other

    def _copy_into(self, other: "Game") -> None:
        """Make `other` (a new object of this class) an independent copy of this game."""
        other.t = self.t
        other.seed = self.seed
        other.chance_count = self.chance_count
        other.auto_chance = self.auto_chance
        other.history = self.history[:]
        other.stack = self.stack[:]
        other.result = self.result
        other._buffer = []
        other._again = -1
        other._legal = self._legal
        other.cost_cache = [c[:] if c is not None else None for c in self.cost_cache]
        other.price_cache = self.price_cache[:]  # lists never mutated in place
        other.first_player = self.first_player
        other.sim_choices = self.sim_choices[:]
        other.coins = self.coins[:]
        other.city = [*map(list.copy, self.city)]
        other.color_count = [*map(list.copy, self.color_count)]
        other.wonders = [*map(list.copy, self.wonders)]
        other.wonder_tuck = [*map(list.copy, self.wonder_tuck)]
        other.wonders_built = self.wonders_built[:]
        other.wonders_built_total = self.wonders_built_total
        other.unbuilt = [*map(list.copy, self.unbuilt)]
        other.tokens = [*map(list.copy, self.tokens)]
        other.prod = [*map(list.copy, self.prod)]
        other.raises = [*map(list.copy, self.raises)]
        other.choices = [*map(list.copy, self.choices)]
        other.choice_src = [*map(list.copy, self.choice_src)]
        other.fixed_price = [*map(list.copy, self.fixed_price)]
        other.discount = [*map(list.copy, self.discount)]
        other.shield_extra = [*map(list.copy, self.shield_extra)]
        other.chains = self.chains[:]
        other.sci = [*map(list.copy, self.sci)]
        other.sci_distinct = self.sci_distinct[:]
        other.wonders_play_again = self.wonders_play_again[:]
        other.collect_trade = self.collect_trade[:]
        other.discounting = self.discounting[:]
        other.families = self.families[:]  # immutable tuples
        other.chain_triggers = [*map(list.copy, self.chain_triggers)]
        other.coin_symbols = self.coin_symbols[:]  # entries replaced, never changed in place
        other.trade_cut = self.trade_cut[:]
        other.discard_extra = self.discard_extra[:]
        other.borrows_chains = self.borrows_chains[:]
        other.triggers = self.triggers
        other.discard = self.discard[:]
        other.age = self.age
        other.pool = self.pool[:]
        other.guild_pool = self.guild_pool[:]
        self._clone_fields(other)  # the mechanics' fields: composed per class (core/fields.py)

    def _init_fields(self) -> None:
        """Set the mechanics' fields of a new game; the class composed for a ruleset has its
        own, written for its fields (core/fields.py `composed_methods`)."""

    def _clone_fields(self, other: "Game") -> None:
        """Copy the mechanics' fields into `other` (composed per class, as `_init_fields`)."""

    # Text and JSON ------------------------------------------------------------------

    def action_to_text(self, action: int, seat: int | None = None) -> str:
        return action_to_text(self, action, seat)  # for `seat`, by default the seat to move

    def parse_action(self, text: str, seat: int | None = None) -> int:
        return parse_action(self, text, seat)

    def apply_text(self, text: str) -> None:
        """Apply the action written as text, e.g. "wonder The Pyramids with Baths"."""
        self.apply(self.parse_action(text))

    def legal_texts(self, seat: int | None = None) -> list[str]:
        """The legal actions in words, for the seat to move or for `seat` (any seat to choose)."""
        return [self.action_to_text(a, seat) for a in
                (self.legal_actions() if seat is None else self.legal_actions_for(seat))]

    def to_json(self) -> dict:
        return state_to_json(self)

    @classmethod
    def from_json(cls, ruleset: rt.Ruleset, data: dict) -> "Game":
        players = players_in_state(ruleset, data)
        return state_from_json(ruleset, data, game_class(Game, composition(ruleset, players)[0])
                               if cls is Game else cls)

    def scores(self) -> tuple[dict[str, int], dict[str, int]]:
        """VP by category for both seats as the game stands now."""
        return final_result(self).scores

    def observation(self, player: int) -> dict:
        """What `player` may see, as JSON (observation.py says what is hidden)."""
        return observation(self, arguments.seat(self, player))

    def observation_vector(self, player: int) -> list[float]:
        """`observation(player)` as a fixed-length list of numbers."""
        return observation_vector(self, arguments.seat(self, player))

    def legal_mask(self, player: int) -> list[int]:
        """One 0/1 entry per action id: what `player` may do now."""
        return legal_mask(self, arguments.seat(self, player))

    def sample_state(self, player: int, rng) -> "Game":
        """A full state with the same `observation(player)`, hidden parts drawn with `rng`."""
        return sample_state(self, arguments.seat(self, player), rng)

    def component(self, component_id: str) -> int:
        """The number of the building, Wonder or token with this id (the number that
        `city`, `slot_card`, `build_cost`... use); NotationError if there is none."""
        i = self.t.index.get(component_id) if isinstance(component_id, str) else None
        if i is None:
            raise NotationError(f"no component has the id {component_id!r}")
        return i

    def component_id(self, component: int) -> str:
        """The id of component number `component` (the inverse of `component`);
        ArgumentError if no component has that number."""
        return self.t.ids[arguments.component(self, component)]

    def action_component(self, action: int, seat: int | None = None) -> str | None:
        """The id of the building, Wonder, stage or token `action` gives the deciding city
        (`seat`'s at a simultaneous decision), or None (a discard, a chance outcome...)."""
        c = action_component(self, action, seat)
        return None if c is None else self.t.ids[c]

    def resolve_chance(self, force=()) -> None:
        """Resolve chance outcomes until a player decides or the game ends, forcing those in
        `force` (an action id or a text, or a list of them, in order) and sampling the others
        from the seed without taking what a forced one needs (forcing.py says how). NotationError
        if a text names nothing; IllegalActionError, the game unchanged, if a forced outcome
        cannot happen before the next decision (the message says why)."""
        resolve(self, force)

    # ------------------------------------------------------------------ internals

    def _rand_below(self, n: int) -> int:
        return draw(self.seed, self.chance_count + 1, n)

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
        HANDLERS[kind](self, node, action)

    def _advance(self) -> None:
        """Resolve internal nodes, and chance nodes when sampling automatically."""
        stack = self.stack
        while stack:
            node = stack[-1]
            kind = node[0]
            if kind == K_TURN:  # the usual case: a player's turn is next
                break
            if IS_INTERNAL[kind]:
                stack.pop()
                INTERNAL[kind](self, node)
            elif IS_CHANCE[kind] and self.auto_chance:
                # Same outcome as legal_actions()[_rand_below(n)], without building the list.
                src, base = OUTCOMES[kind](self)
                action = base + src[draw(self.seed, self.chance_count + 1, len(src))]
                stack.pop()
                self.history.append(action)
                self.chance_count += 1
                HANDLERS[kind](self, node, action)
            else:
                break
        self._legal = None


__all__ = [
    "CHANCE", "IS_CHANCE", "IS_INTERNAL", "KIND_NAMES", "REMOVED", "TERMINAL", "UNBUILT", "Game",
    "Result", "Tables",
]
