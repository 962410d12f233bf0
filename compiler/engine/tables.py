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
from .core.flow import ACTIONS as CORE_ACTIONS
from .core.rules import CoreRules
from .core.seats import OPPONENT, Seating


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
        structure = config.get("card_structure") or _NO_STRUCTURE
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
        # The conflict pawn's track is two-sided: the first seat pushes the pawn towards the
        # positive end (the other seat's capital), the other seat towards the negative end.
        self.pawn_side = tuple(1 if p == self.seats[0] else -1 for p in self.seats) \
            if seating.kind == OPPONENT else ()
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

        chain_bits: dict[str, int] = {}
        for cls in components:
            for sym in (cls.chain_gives, cls.chain_from):
                if sym and sym not in chain_bits:
                    chain_bits[sym] = 1 << len(chain_bits)

        raised_by = set(config["bank_trade"].raised_by) if "bank_trade" in config else set()
        self.color = []  # colour index, -1 for Wonders and tokens
        self.age = []
        self.coin_cost = []
        self.cost = []  # sparse resource cost: ((resource, units), ...)
        self.need = []  # the same, one count per resource
        self.chain_from = []  # bit of the chain symbol that makes it free, 0 if none
        self.chain_gives = []
        self.produces = []  # sparse fixed production, or ()
        self.raises = []  # True when its production raises the opponent's prices
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
        self.ongoing = []  # True when acquiring it changes anything beyond the city list
        self.uncommon = []  # True when it has an ongoing effect beyond production, chains, science
        for cls in components:
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
            self.raises.append(bool(produces) and cls.color in raised_by and cls.kind == rt.BUILDING)
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
            self.uncommon.append(bool(
                cls.produces_one_of or cls.trade_prices or cls.discounts or cls.shield_bonus
                or cls.wonders_play_again or cls.collect_trade_spend or cls.has_on_chain_build))
            self.ongoing.append(bool(
                produces or cls.produces_one_of or cls.trade_prices or cls.discounts
                or cls.shield_bonus or cls.science or cls.wonders_play_again
                or cls.collect_trade_spend or cls.chain_gives or cls.has_on_chain_build))
        # What acquiring each component makes free through its chain symbol.
        self.chain_frees = [tuple(c for c in range(self.N) if self.chain_from[c] & gives)
                            if gives else () for gives in self.chain_gives]
        self.R = R
        self.n_discount_targets = 1 + len(ruleset.colors)

        # Age decks and guilds.
        guild_color = color_index.get(structure.guild_color, -2)
        self.guild_color = guild_color
        self.age_decks = {
            age: [i for i in range(self.NB) if self.age[i] == age and self.color[i] != guild_color]
            for age in range(1, ruleset.ages + 1)
        }
        self.guilds = [i for i in range(self.NB) if self.color[i] == guild_color]

        # Structures: covering lists and their inverse, per Age.
        self.structures = {}
        for st in ruleset.structures:
            covered_by = st.covered_by()
            covers = [[] for _ in covered_by]
            for s, coverers in enumerate(covered_by):
                for t in coverers:
                    covers[t].append(s)
            face_down = tuple(row.face_down for row in st.rows for _ in row.columns)
            self.structures[st.age] = (
                tuple(len(c) for c in covered_by),
                tuple(tuple(c) for c in covers),
                face_down,
                st.slots(),
            )

        self.covers = {age: st[1] for age, st in self.structures.items()}
        # The slots dealt face up when an Age is set up, in the order they are dealt.
        self.dealt_slots = {age: tuple(s for s, down in enumerate(st[2]) if not down)
                            for age, st in self.structures.items()}

        # Military.
        mil = config.get("military_track")
        self.supremacy_at = mil.supremacy_at if mil else 0
        self.zones = mil.zones if mil else ()
        self.loot_zones = tuple((z.first, z.loot) for z in self.zones if z.loot)
        self.points_at = [0] * (self.supremacy_at + 1)
        for z in self.zones:
            for d in range(z.first, min(z.last, self.supremacy_at) + 1):
                self.points_at[d] = z.points
        if self.zones:  # the capital, past the last zone: the pawn went through that zone
            self.points_at[self.supremacy_at] = max(self.zones, key=lambda z: z.last).points

        # Numbers the move loop reads, flattened from the configs (neutral values for a game
        # without the mechanic).
        trade, science = config.get("bank_trade"), config.get("science_pairs")
        self.trade_base = trade.base_price if trade else 0
        self.raise_per_unit = trade.raise_per_unit if trade else 0
        self.raised_by = trade.raised_by if trade else ()
        self.pair_size = science.pair_size if science else 0
        self.pair_reward = science.pair_takes_token if science else False
        self.science_supremacy = science.supremacy if science else len(self.symbols) + 1
        self.discard_coins = structure.discard_coins
        self.discard_bonus = structure.discard_bonus
        self.discard_bonus_colors = tuple(color_index[c] for c in structure.discard_bonus_colors)
        self.removed_cards_per_age = structure.removed_cards_per_age
        self.guild_age = structure.guild_age
        self.guilds_drawn = structure.guilds_drawn
        limit = config.get("wonder_limit")
        self.max_wonders_built = limit.max_wonders_built if limit else self.NW
        self.coins_per_point = core.coins_per_point
        # The tie-break: a colour's VP (Duel: blue) or "coins" (classic): -1.
        self.tie_break_color = color_index.get(core.tie_break, -1)
        self.ages = ruleset.ages

        # Action ids: the ranges the core and the game's mechanics declare (`ACTIONS`),
        # laid out by group, then in list order (core/actions.py).
        lay_out_actions(self, [("core", CORE_ACTIONS), *(
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


class _NoStructure:
    """card_structure's numbers in a game without it (classic deals hands instead)."""

    removed_cards_per_age = guild_age = guilds_drawn = discard_coins = discard_bonus = 0
    guild_color = ""
    discard_bonus_colors = ()


_NO_STRUCTURE = _NoStructure()
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
        raise ValueError(f"{ruleset.name} is played by {_counts(counts)} players, not {players!r}")
    tables = Tables(ruleset, players)
    _CACHE[key] = (ruleset, tables)
    return tables


def _counts(counts) -> str:
    counts = sorted(counts)
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts))
