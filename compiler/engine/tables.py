"""Per-ruleset tables the engine reads in its move loop, computed once per `Ruleset`.

Every component (building, Wonder, progress token) gets an integer id: buildings first,
then Wonders, then tokens. Attributes are flattened into lists indexed by that id so the
move loop does list lookups instead of attribute lookups on classes. The action ids are the
ranges the core and the game's mechanics declare (core/actions.py).
"""
from __future__ import annotations

from . import runtime as rt
from . import mechanics
from .core.actions import lay_out as lay_out_actions
from . import choice
from .core.flow import ACTIONS as CORE_ACTIONS
from .core.rules import CoreRules
from .core.seats import Seating
from .core.texts import fold, text_names
from .errors import ArgumentError


class Tables:
    """Static data of one ruleset, in integer form, plus the action-id layout."""

    def __init__(self, ruleset: rt.Ruleset, players: int | None = None) -> None:
        self.ruleset = ruleset
        # The mechanics and cities at this player count (the 2-player variant of classic adds
        # free_city and the Free City's seat: mechanics.composition).
        self.mechanics, cities = mechanics.composition(ruleset, players)
        self.players = ruleset.players if players is None else players  # seats that decide
        # The rules record: the core's and each listed mechanic's part, parsed once.
        self.core = core = CoreRules.parse(ruleset.rules)
        self.config = config = mechanics.configs(ruleset.rules, self.mechanics)
        self.cache = {}  # what mechanics compute once per ruleset (e.g. set-up node lists)
        # Plays whose outcome differs only by which card leaves the table, face down or to the
        # discard (a discard, a Wonder's tucked card): action -> the first of its kind. The
        # cities, coins and tracks come out the same, so a bot judges one of them for all.
        self.same_outcome: dict[int, int] = {}
        # The memos a mechanic keeps per ruleset that it bounds itself (it empties or trims
        # them as they fill): declared here so a memory check can tell them from a leak.
        self.bounded_memos: list[dict] = []
        self.resources = ruleset.resources
        self.colors = ruleset.colors
        # VP categories a mechanic scores beyond the colours (science_sets: "science" when
        # no one colour carries the symbols); scoring.categories lists them.
        self.score_categories: tuple[str, ...] = ()
        self.symbols = ruleset.science_symbols
        # Seats: every per-seat list of the state has one entry per seat.
        self.seating = seating = Seating(ruleset.seating, cities)
        self.n_seats = seating.count
        self.seats = seating.seats
        self.next_seat = seating.next_seat
        self.neighbours = seating.neighbours
        R = self.n_resources = len(ruleset.resources)
        color_index = {c: i for i, c in enumerate(ruleset.colors)}
        self.color_index = color_index
        symbol_index = {s: i for i, s in enumerate(ruleset.science_symbols)}

        # Boards and their Wonder stages (classic) come after the tokens: Duel has none.
        boards = tuple(getattr(ruleset, "boards", ()))
        stages = tuple(stage for board in boards for _, side in board.sides for stage in side)
        components = (*ruleset.buildings, *ruleset.wonders, *ruleset.tokens, *boards, *stages)
        self.NB, self.NW, self.NT = len(ruleset.buildings), len(ruleset.wonders), len(ruleset.tokens)
        self.N = len(components)
        self.wonder0 = self.NB
        self.token0 = self.NB + self.NW
        self.board0 = self.token0 + self.NT
        self.stage0 = self.board0 + len(boards)
        self.n_boards = len(boards)
        self.classes = components
        self.objects = [cls() for cls in components]  # generated methods are instance methods
        self.ids = [cls.id for cls in components]
        self.names = [cls.name for cls in components]
        self.index = {cls.id: i for i, cls in enumerate(components)}
        self.name_keys = [fold(name) for name in self.names]  # names as texts compare them
        self.text_names = text_names(self)  # as texts write them: the id of a shared name

        chain_bits: dict[str, int] = {}
        for cls in components:
            for sym in (cls.chain_gives, cls.chain_from):
                if sym and sym not in chain_bits:
                    chain_bits[sym] = 1 << len(chain_bits)

        self.color = []  # colour index, -1 for Wonders and tokens
        self.age = []
        self.coin_cost = []
        self.cost = []  # sparse resource cost: ((resource, units), ...)
        self.need = []  # the same, one count per resource
        self.chain_from = []  # bit of the chain symbol that makes it free, 0 if none
        self.chain_gives = []
        self.produces = []  # sparse fixed production, or ()
        self.one_of = []
        self.prices = []
        self.discounts = []  # ((target index, units), ...); target 0 = Wonders, 1 + colour
        self.discount_target = []  # which discount applies when building this component
        self.shield_bonus = []  # ((colour index, shields), ...)
        self.science = []  # symbol index or -1
        self.shields = []
        self.play_again = []
        self.wonders_play_again = []
        self.collect_trade = []
        self.points = []
        self.has_on_build = []
        self.has_end_points = []
        self.has_on_chain_build = []
        self.coin_symbols = []  # discount targets whose coin cost may be waived (bit mask)
        self.trade_cuts = []  # ((resource, coins less, lowest price), ...)
        self.discard_extra = []
        self.neighbour_chains = []
        # `whenever` of builds and Wonders: ((event, anyone's, colour indices, building
        # ids' components, the method acting it out), ...)
        self.triggers = []
        self.ongoing = []  # True when acquiring it changes anything beyond the city list
        self.uncommon = []  # True when it has an ongoing effect beyond production, chains, science
        for cls, obj in zip(components, self.objects):
            ci = color_index.get(cls.color, -1) if cls.kind == rt.BUILDING else -1
            self.color.append(ci)
            self.age.append(cls.age)
            self.coin_cost.append(cls.cost_coins)
            self.cost.append(tuple((r, n) for r, n in enumerate(cls.cost) if n))
            self.need.append(tuple(cls.cost))
            self.chain_from.append(chain_bits[cls.chain_from] if cls.chain_from else 0)
            self.chain_gives.append(chain_bits[cls.chain_gives] if cls.chain_gives else 0)
            produces = tuple((r, n) for r, n in enumerate(cls.produces) if n)
            self.produces.append(produces)
            self.one_of.append(tuple(tuple(c) for c in cls.produces_one_of))
            self.prices.append(tuple(cls.trade_prices))
            self.discounts.append(tuple(
                (0 if target == "wonders" else 1 + color_index[target], units)
                for target, units in cls.discounts))
            self.discount_target.append(0 if cls.kind == rt.WONDER else 1 + ci if ci >= 0 else -1)
            self.shield_bonus.append(tuple((color_index[c], n) for c, n in cls.shield_bonus))
            self.science.append(symbol_index[cls.science] if cls.science else -1)
            self.shields.append(cls.shields)
            self.play_again.append(cls.play_again)
            self.wonders_play_again.append(cls.wonders_play_again)
            self.collect_trade.append(cls.collect_trade_spend)
            self.points.append(cls.points)
            self.has_on_build.append(cls.has_on_build)
            self.has_end_points.append(cls.has_end_points)
            self.has_on_chain_build.append(cls.has_on_chain_build)
            mask = 0
            for target in cls.coin_symbols:
                mask |= 1 << (0 if target == "wonders" else 1 + color_index[target])
            self.coin_symbols.append(mask)
            self.trade_cuts.append(tuple(cls.trade_cuts))
            self.discard_extra.append(cls.discard_extra)
            self.neighbour_chains.append(cls.neighbour_chains)
            self.triggers.append(tuple(
                (event, anyone, frozenset(color_index[c] for c in colors), ids,
                 getattr(obj, f"on_trigger_{i}"))
                for i, (event, anyone, colors, ids) in enumerate(cls.triggers)))
            rare = bool(cls.coin_symbols or cls.trade_cuts or cls.discard_extra
                        or cls.neighbour_chains or cls.triggers)
            self.uncommon.append(bool(
                cls.produces_one_of or cls.trade_prices or cls.discounts or cls.shield_bonus
                or cls.wonders_play_again or cls.collect_trade_spend or cls.has_on_chain_build
                or rare))
            self.ongoing.append(bool(
                produces or cls.produces_one_of or cls.trade_prices or cls.discounts
                or cls.shield_bonus or cls.science or cls.wonders_play_again
                or cls.collect_trade_spend or cls.chain_gives or cls.has_on_chain_build
                or rare))
        # `whenever`'s building ids as components (a card of the game: the validator checks).
        self.triggers = [tuple((event, anyone, colors,
                                frozenset(self.index[c] for c in ids if c in self.index), act)
                               for event, anyone, colors, ids, act in triggers)
                         for triggers in self.triggers]
        # What acquiring each component makes free through its chain symbol.
        self.chain_frees = [tuple(c for c in range(self.N) if self.chain_from[c] & gives)
                            if gives else () for gives in self.chain_gives]
        self.R = R
        self.n_discount_targets = 1 + len(ruleset.colors)

        # Numbers the core reads, which a mechanic sets in its `extend_tables` when the game
        # has it (below): whether a component's production raises its neighbours' prices
        # (bank_trade), the guilds' colour (card_structure, hand_draft: a guild pool's check)
        # and how many Wonders may be built (wonder_limit).
        self.raises = [False] * self.N
        self.guild_color = -2  # no colour: no guilds
        self.max_wonders_built = self.NW
        self.any_age_cards = frozenset()  # cards a mechanic shuffles into any Age (Agora)
        self.coins_per_point = core.coins_per_point
        # The tie-break: a colour's VP (Duel: blue) or "coins" (classic): -1.
        self.tie_break_color = color_index.get(core.tie_break, -1)
        self.ages = ruleset.ages

        # Action ids: the ranges the core and the game's mechanics declare (`ACTIONS`),
        # laid out by group, then in list order (core/actions.py).
        lay_out_actions(self, [("core", CORE_ACTIONS), (choice.OWNER, choice.declared(self)), *(
            (name, getattr(mechanics.module(name), "ACTIONS", ())) for name in self.mechanics)])
        self.action_texts = ()  # (to_text, parse) of a mechanic's own ids, tried first
        self.action_components = None  # what an action gives a city, read by its mechanic
        # (game, action) -> the component the action picked, or None, one per mechanic that
        # picks components a rule may hand over alongside (wonder_draft: records.py).
        self.picked_component: tuple = ()
        # What each mechanic works out once per ruleset (its ids' texts, its handlers'
        # tables...), in list order, once the ids are laid out: none lays out ids there.
        laid = self.num_actions
        for name in self.mechanics:
            extend = getattr(mechanics.module(name), "extend_tables", None)
            if extend is not None:
                extend(self)
                if self.num_actions != laid:
                    raise RuntimeError(f"{name}.extend_tables changed num_actions: a mechanic "
                                       "declares its action ids in ACTIONS (core/actions.py)")



_CACHE: dict[tuple[int, int | None], tuple[rt.Ruleset, Tables]] = {}


def tables_for(ruleset: rt.Ruleset, players: int | None = None) -> Tables:
    """The tables of a ruleset at a player count (default `ruleset.players`), built on first
    use and then shared by all its games."""
    key = (id(ruleset), players)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    counts = getattr(ruleset, "player_counts", ()) or (ruleset.players,)
    if players is not None and players not in counts:
        raise ArgumentError("players", f"{ruleset.name} is played by {_counts(counts)} players, "
                            f"not {players!r}")
    tables = Tables(ruleset, players)
    _CACHE[key] = (ruleset, tables)
    return tables


def _counts(counts) -> str:
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts))
