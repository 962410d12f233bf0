"""The hooks through which a mechanic owns what the core once knew of Duel (issue 11): how a
kind's arg is written in JSON (Duel's `destroy` colours), the place of a kind that opens an
Age in a loaded stack, the checks of the core's state a mechanic rules (the Wonder limit),
and the parts of an observation. Each works for the mechanic that declares it and is absent
from a game without it."""
from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from wondersmith.engine import Game, NotationError, StateFormatError, mechanics
from wondersmith.engine.core.fields import SEAT_ORDER, STATE_ORDER
from wondersmith.engine.core.kinds import KIND_NAMES, OPENING, OWNER, kind, stands
from wondersmith.engine.core.views import Feature, Hidden, single
from wondersmith.engine.mechanics.progress_tokens import keeps_out
from wondersmith.engine.mechanics.wonder_limit import check_limit
from wondersmith.engine.observation import _layout, decision_kinds
from wondersmith.engine.positions import position
from classic_helpers import ruleset as classic_ruleset
from engine_helpers import RULESET
from test_three_seats import ENGINE, trio  # noqa: F401 (trio: the 3-seat toy game, a fixture)


def _played(game: Game, moves: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _at_destroy() -> Game:
    """A Duel game waiting for a `destroy` decision (Zeus, Circus Maximus), by random play."""
    for seed in range(400):
        rng = random.Random(seed)
        g = Game(RULESET, seed=seed)
        while not g.is_terminal:
            if g.decision == "destroy":
                return g
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no random game reached a destroy decision")


def _without(names: tuple[str, ...], dropped: str) -> type:
    return mechanics.game_class(Game, tuple(m for m in names if m != dropped))


# A kind's arg in JSON (kinds.arg_in_json) ---------------------------------------------------

def test_destroy_names_its_colours_and_round_trips() -> None:
    g = _at_destroy()
    data = g.to_json()
    node = data["stack"][-1]
    assert node["kind"] == "destroy" and "arg" not in node
    assert node["colors"] and set(node["colors"]) <= set(g.t.colors)
    assert Game.from_json(RULESET, data).to_json() == data


def test_a_game_without_card_structure_writes_and_reads_no_colours() -> None:
    classic = classic_ruleset()
    g = _played(Game(classic, seed=3, players=3), 10)
    data = g.to_json()
    assert all("colors" not in node and "arg" in node for node in data["stack"])
    data["stack"][-1]["colors"] = ["brown"]
    with pytest.raises(StateFormatError, match="unknown field 'colors'"):
        Game.from_json(classic, data)


def test_only_the_kind_that_names_its_arg_has_that_key() -> None:
    data = _played(Game(RULESET, seed=1), 20).to_json()
    data["stack"][-1]["colors"] = ["brown"]
    with pytest.raises(StateFormatError, match="only a destroy decision has 'colors'"):
        Game.from_json(RULESET, data)


# The checks a mechanic adds to the core's (a module's CHECKS) -------------------------------

def _a_wonder_removed_early() -> dict:
    g = Game(RULESET, seed=4)
    while not g.age:  # the Wonders drafted, none built yet
        _played(g, 1)
    data = g.to_json()
    data["players"][0]["wonders"][0]["status"] = "removed"
    return data


def test_wonder_limit_checks_the_wonders_of_a_loaded_state() -> None:
    assert check_limit in Game(RULESET).STATE_CHECKS
    with pytest.raises(StateFormatError, match="'removed' but only 0 of 7 Wonders are built"):
        Game.from_json(RULESET, _a_wonder_removed_early())


def test_a_game_without_wonder_limit_never_runs_its_check() -> None:
    cls = _without(RULESET.mechanics, "wonder_limit")
    assert check_limit not in cls.STATE_CHECKS
    assert check_limit not in Game(classic_ruleset(), players=3).STATE_CHECKS
    g = cls.from_json(RULESET, _a_wonder_removed_early())  # no limit: nothing to disagree with
    removed = g.t.ids[g.t.wonder0 + g.wonders[0][0]]
    assert g.to_json()["players"][0]["wonders"][0] == {"id": removed, "status": "removed",
                                                        "tucked": None}


@pytest.fixture(scope="module")
def checked_mechanic() -> str:
    """A mechanic from outside with a check of the core's state (registered once: global)."""
    name = "test_coin_cap"
    mechanics.register(name, type("CoinCap", (), {"__slots__": ()}), checks=(
        lambda g: "coins: at most 20" if max(g.coins) > 20 else None,))
    return name


def test_a_registered_mechanic_checks_loaded_states(checked_mechanic) -> None:
    cls = mechanics.game_class(Game, (*RULESET.mechanics, checked_mechanic))
    data = _played(cls(RULESET, seed=2), 15).to_json()
    assert cls.from_json(RULESET, data).to_json() == data
    data["players"][1]["coins"] = 21
    with pytest.raises(StateFormatError, match="coins: at most 20"):
        cls.from_json(RULESET, data)
    assert Game.from_json(RULESET, data).coins[1] == 21  # Duel alone has no such check


# The kind that opens an Age (kinds.OPENING), not the name `age` -----------------------------

@pytest.fixture(scope="module")
def opening_mechanic() -> tuple[str, str]:
    name = "test_opening"
    mechanics.register(name, type("Opening", (), {"__slots__": ()}))
    stands(kind("test_next_era", name, internal=True), OPENING)
    return name, "test_next_era"


def test_one_age_opens_at_a_time_whatever_the_kind_is_called(opening_mechanic) -> None:
    name, opening = opening_mechanic
    classic = classic_ruleset()
    cls = mechanics.game_class(Game, (*classic.mechanics, name))
    data = _played(cls(classic, seed=1, players=3), 3).to_json()
    data["stack"] += [{"kind": opening, "player": -1, "arg": 0}] * 2
    with pytest.raises(StateFormatError, match=r"stack\[2\]: one Age starts at a time"):
        cls.from_json(classic, data)


def test_duels_age_is_the_kind_that_opens_an_age() -> None:
    data = _played(Game(RULESET, seed=5), 10).to_json()
    data["stack"] += [{"kind": "age", "player": -1, "arg": 2}] * 2
    with pytest.raises(StateFormatError, match="one Age starts at a time"):
        Game.from_json(RULESET, data)


# Tokens a mechanic keeps for itself (progress_tokens.keeps_out) -----------------------------

@pytest.fixture(scope="module")
def keeper_mechanic() -> str:
    """A mechanic from outside that keeps the first and the last token for itself."""
    name = "test_token_keeper"
    mechanics.register(name, type("TokenKeeper", (), {"__slots__": ()}))
    keeps_out(name, lambda t: (0, t.NT - 1))
    return name


def _tokens_in_play(g: Game) -> set[int]:
    return {*g.board_tokens, *g.box_tokens}


def test_a_mechanic_keeps_its_tokens_off_the_board_and_out_of_the_box(keeper_mechanic) -> None:
    everything = set(range(Game(RULESET).t.NT))
    for order in ((*RULESET.mechanics, keeper_mechanic), (keeper_mechanic, *RULESET.mechanics)):
        cls = mechanics.game_class(Game, order)
        for seed in range(5):
            g = cls(RULESET, seed=seed)
            assert _tokens_in_play(g) == everything - {0, g.t.NT - 1}
            assert len(g.board_tokens) == g.t.config["progress_tokens"].board_tokens
    assert _tokens_in_play(Game(RULESET, seed=0)) == everything  # a game without it keeps all


def test_a_position_lays_no_token_a_mechanic_keeps(keeper_mechanic) -> None:
    kept = dataclasses.replace(RULESET, mechanics=(*RULESET.mechanics, keeper_mechanic))
    g = position(kept, ["baths"])
    assert _tokens_in_play(g) == set(range(g.t.NT)) - {0, g.t.NT - 1}
    assert _tokens_in_play(position(RULESET, ["baths"])) == set(range(g.t.NT))


def test_progress_tokens_names_no_mechanic_that_keeps_tokens() -> None:
    names = _names_in(ENGINE / "mechanics" / "progress_tokens" / "__init__.py")
    assert not {"senate", "decree_tokens", "tokens_kept_out"} & names


# The parts of an observation (a module's VIEW, core/views.py) ------------------------------

DUEL_PLACES = ("my city", "their city", "under my Wonder", "under their Wonder", "discard",
               "reachable", "covered face up", "board", "my token", "their token", "my Wonder",
               "their Wonder", "my built Wonder", "their built Wonder", "draft", "drawn")


def test_duels_vector_keeps_its_layout() -> None:
    g = _played(Game(RULESET, seed=6), 40)
    view = _layout(g)
    assert tuple(p.name for p in view.places) == DUEL_PLACES
    assert not view.seat_features
    assert [f.name for f in view.features] == ["decision", "pairs", "loot", "coins", "pawn",
                                               "age", "face down", "backs", "deck", "turn"]
    t = g.t
    assert len(g.observation_vector(0)) == view.size == (
        t.N * 16 + len(view.features[0].values(g, 0)) + 2 * len(t.symbols)
        + 2 * len(t.loot_zones) + 2 * t.n_slots + 10)


def test_a_game_observes_the_parts_of_its_own_mechanics_only() -> None:
    classic = Game(classic_ruleset(), seed=1, players=3)
    view = _layout(classic)
    assert not view.places  # no structure, tokens or draft: those are Duel's mechanics'
    assert [f.name for f in view.seat_features] == ["coins", "hand size", "stages", "conflicts",
                                                    "buildings", "board"]
    assert [h.name for h in view.hidden] == ["hands", "stages"]
    without = _without(RULESET.mechanics, "card_structure")
    names = {part.name for part in without.VIEW}
    assert not {"reachable", "covered face up", "left_out", "deck"} & names
    assert {"reachable", "left_out", "deck"} <= {part.name for part in Game(RULESET).VIEW}


@pytest.fixture(scope="module")
def seen_mechanic() -> tuple[str, str]:
    good, bad = "test_seen", "test_badly_seen"

    def hide(g, player, data):
        data["age"] = "hidden from seat %d" % player
    mechanics.register(good, type("Seen", (), {"__slots__": ()}), view=(
        Feature("seat", 999, single, lambda g, p: [float(p)]), Hidden("age", 5, hide)))
    mechanics.register(bad, type("BadlySeen", (), {"__slots__": ()}), view=(
        Feature("two", 999, lambda t: 2, lambda g, p: [1.0]),))
    return good, bad


def test_a_registered_mechanic_adds_its_block_and_its_json_part(seen_mechanic) -> None:
    good, bad = seen_mechanic
    classic = classic_ruleset()
    plain = Game(classic, seed=2, players=3)
    seen = mechanics.game_class(Game, (*classic.mechanics, good))(classic, seed=2, players=3)
    for p in range(3):
        v = seen.observation_vector(p)
        assert v[:-1] == plain.observation_vector(p) and v[-1] == float(p)
        assert seen.observation(p)["age"] == f"hidden from seat {p}"
    broken = mechanics.game_class(Game, (*classic.mechanics, bad))(classic, seed=2, players=3)
    with pytest.raises(RuntimeError, match="a part gives more or fewer values than its size"):
        broken.observation_vector(0)


# Action texts: each mechanic words its own ids (core/texts.py) --------------------------------

def test_a_game_reads_the_texts_of_its_own_mechanics_only() -> None:
    classic = Game(classic_ruleset(), seed=1, players=3)
    for duel_only in ("take Law", "destroy Baths", "start opponent", "pick The Sphinx"):
        with pytest.raises(NotationError, match="cannot read"):
            classic.parse_action(duel_only)
    assert classic.parse_action("first player 2") == classic.t.CH_SEAT + 2  # the core's
    duel = Game(RULESET, seed=1, auto_chance=False)
    assert duel.action_to_text(duel.t.START_OTHER) == "start opponent"
    assert duel.parse_action("start opponent") == duel.t.START_OTHER
    with pytest.raises(NotationError, match=r"expected .*pick <Wonder>.*start self\|opponent"):
        duel.parse_action("conquer Rome")


def test_the_toy_game_words_the_actions_of_its_mechanics(trio) -> None:
    g = Game(trio, seed=0)
    assert g.legal_texts() and all(g.parse_action(text) == a
                                   for a, text in zip(g.legal_actions(), g.legal_texts()))
    for other in ("start self", "pick Wonder"):  # weaker_player_starts', wonder_draft's
        with pytest.raises(NotationError, match=r"cannot read .*expected take <token>") as error:
            g.parse_action(other)
        expected = str(error.value).split("expected ", 1)[1]
        assert "build/discard <card>" in expected
        assert "pick" not in expected and "start" not in expected


# The core names nothing of a mechanic --------------------------------------------------------

CORE_FILES = ("serialize.py", "state_checks.py", "stack_checks.py", "observation.py",
              "notation.py", "records.py", "state.py", "positions.py",
              *(f"core/{p.name}" for p in (ENGINE / "core").glob("*.py")))


def _names_in(path: Path) -> set[str]:
    """The modules a file imports, the attributes it reads and the strings of its code (not
    its docstrings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.add(f"import {node.module}")
            out.update(f"import {node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            out.add(node.value)
    return out


def test_the_core_names_no_kind_field_or_module_of_a_mechanic() -> None:
    owned = {name for name in mechanics._MODULES}
    kinds = {name for name, owner in zip(KIND_NAMES, OWNER) if owner != "core"}
    slots = {slot for name in owned for f in getattr(mechanics.module(name), "FIELDS", ())
             for slot in f.slot_names}
    keys = set(STATE_ORDER) | set(SEAT_ORDER)  # the core's own keys ("age" is one, and a kind)
    found = {}
    for file in CORE_FILES:
        names = _names_in(ENGINE / file)
        bad = {n for n in names if n in (kinds | slots) - keys
               or n.startswith("import") and (n.endswith(".nodes") or n == "import nodes"
                                              or any(n.endswith(f"mechanics.{m}") for m in owned))}
        if bad:
            found[file] = sorted(bad)
    assert found == {}


DUEL_KINDS = ("first_player", "board_token", "library_draw", "pair_token", "library_pick",
              "reveal_wonder", "draft", "draft_last", "age", "leave_out", "guild", "deal",
              "play", "end_turn", "destroy", "discard_pile", "place_guild_backs", "guild_back",
              "choose_start")


def test_the_decision_block_has_the_kinds_of_the_games_own_mechanics() -> None:
    """One entry per kind of the core and of the game's mechanics: Duel's has none of
    classic's kinds, classic's none of Duel's."""
    duel = Game(RULESET, seed=7)
    assert sorted(KIND_NAMES[k] for k in decision_kinds(duel.t)) == sorted(DUEL_KINDS)
    classic = Game(classic_ruleset(), seed=7, players=3)
    names = {KIND_NAMES[k] for k in decision_kinds(classic.t)}
    assert {"first_player", "choose", "deal_hand", "board_deal"} <= names
    assert not names & (set(DUEL_KINDS) - {"first_player"})
    for g in (_played(duel, 30), _played(classic, 30)):
        block = next(f for f in _layout(g).features if f.name == "decision")
        values = block.values(g, 0)
        assert len(values) == len(decision_kinds(g.t)) and sum(values) == 1.0
        assert values[decision_kinds(g.t)[g.stack[-1][0]]] == 1.0


def test_kinds_another_mechanic_registers_leave_a_games_vector_as_it_is() -> None:
    """Importing another game's mechanics (here: a kind registered by a mechanic no game
    lists) does not change a game's vector; a kind one of its own mechanics registers late
    does, by one entry."""
    duel, classic = _played(Game(RULESET, seed=7), 5), Game(classic_ruleset(), seed=7, players=5)
    before = len(duel.observation_vector(0)), len(classic.observation_vector(0))
    kind("test_other_game_decision", "test_other_game")
    assert (len(duel.observation_vector(0)), len(classic.observation_vector(0))) == before
    if "test_late" not in mechanics._MODULES:
        mechanics.register("test_late", type("Late", (), {"__slots__": ()}))
    late = Game(dataclasses.replace(RULESET, mechanics=(*RULESET.mechanics, "test_late")), seed=7)
    size = len(_played(late, 5).observation_vector(0))
    kind("test_late_decision", "test_late")
    assert len(late.observation_vector(0)) == size + 1 == _layout(late).size
    assert len(duel.observation_vector(0)) == before[0]


def test_the_bank_s_pricing_and_each_mechanic_s_numbers_belong_to_games_that_list_them() -> None:
    """Duel's pricing (bank_trade) and the rule numbers of Duel's mechanics are not part of
    every game: a classic game has neither, and a Duel game has both (issue 11, part 2)."""
    duel = Game(RULESET, seed=1)
    classic = Game(classic_ruleset(), seed=1, players=3)
    duel_only = ("build_cost", "trade_cost", "payment", "price", "_pay")
    assert all(hasattr(duel, name) for name in duel_only)
    assert not any(hasattr(classic, name) for name in duel_only)
    numbers = {"bank_trade": ("trade_base", "raise_per_unit"),
               "military_track": ("pawn_side", "supremacy_at", "loot_zones", "points_at"),
               "science_pairs": ("pair_size", "pair_reward", "science_supremacy"),
               "card_structure": ("structures", "covers", "age_decks", "discard_coins",
                                  "removed_cards_per_age", "guild_age", "guilds_drawn")}
    for mechanic, names in numbers.items():
        for name in names:
            assert hasattr(duel.t, name), (mechanic, name)
            assert not hasattr(classic.t, name), (mechanic, name)
    # The core's defaults, which a mechanic replaces: no production raises a classic price,
    # and every Wonder could be built; Duel's limit and raising colours come from its data.
    assert not any(classic.t.raises) and any(duel.t.raises)
    assert duel.t.max_wonders_built == 7 < duel.t.NW


# What a mechanic from outside asks the greedy bot to weigh ----------------------------------

def test_a_registered_mechanics_evaluation_is_weighed_by_the_greedy_bot() -> None:
    """`register(..., evaluation=...)`: the greedy bot adds each seat's term to its side, so
    a term that favours seat 1 by a coin's worth moves the evaluation by as much."""
    from wondersmith.engine.bots.greedy import evaluate, mechanic_terms

    name = "test_favour_seat_1"
    favour = lambda game, win: [0.0, 1.0]  # noqa: E731
    mechanics.register(name, type("Favour", (), {"__slots__": ()}), evaluation=favour)
    cls = mechanics.game_class(Game, (*RULESET.mechanics, name))
    assert mechanic_terms(cls) == (favour,)
    game = _played(cls(RULESET, seed=4), 12)
    plain = _played(Game(RULESET, seed=4), 12)
    assert evaluate(game, 1) == pytest.approx(evaluate(plain, 1) + 1.0)
    assert evaluate(game, 0) == pytest.approx(evaluate(plain, 0) - 1.0)
