"""Agora's Decrees (issue 27; ../shared/rules/agora-rulings.md, rulings 19 to 24): each
Decree's effect while its chamber is controlled, and gone once the control is lost.

The game played is 7 Wonders Duel with Agora's Senate and its 16 Decrees
(cards/agora/decrees.yaml), an extension of cards/duel (`extends: duel`) written
in a temporary folder: the Conspirators of the Conspirator Turn Decree stand in as Age I's
cards there. Positions are set
by hand (cubes, cards, coins) and the city derived again, as a loaded state is."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.codegen import outputs
from wondersmith.engine import (EngineError, Game, IllegalActionError, StateFormatError,
                                load_ruleset)
from wondersmith.engine.mechanics.senate import senate_actions, steps
from wondersmith.engine.mechanics.senate.state import _decrees_of as decrees_of, controller
from wondersmith.ir.loader import load_game

ROOT = Path(__file__).resolve().parents[2]
DECREES = ROOT / "cards" / "agora" / "decrees.yaml"
CONSPIRATORS = "".join(f"\n            - conspirator_{n}" for n in range(1, 7))
SENATE = {  # Agora's Senate (docs/sources.md, "Agora")
    "cubes": 12,
    "chambers": [{"section": s, "points": p, "decree": d} for s, p, d in (
        ("left", 1, "face_up"), ("left", 2, "face_down"), ("middle", 3, "face_up"),
        ("middle", 3, "face_down"), ("right", 2, "face_up"), ("right", 1, "face_down"))],
    "supremacy": 6,
    "actions": {"color": "blue", "steps": [{"cards": 0, "actions": 1},
                                           {"cards": 2, "actions": 2},
                                           {"cards": 4, "actions": 3}]},
}


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory):
    """Duel with the Senate and the 16 Decrees, written as an extension of Duel."""
    games = tmp_path_factory.mktemp("games")
    shutil.copytree(ROOT / "cards" / "duel", games / "duel")
    folder = games / "decreed"
    folder.mkdir()
    text = DECREES.read_text(encoding="utf-8")
    assert CONSPIRATORS in text
    # The Conspirators' stand-ins: every card of Age I, so any first build plays again.
    age1 = [b["id"] for b in yaml.safe_load((games / "duel" / "age1.yaml").read_text())
            ["buildings"]]
    (folder / "decrees.yaml").write_text(
        text.replace(CONSPIRATORS, " [" + ", ".join(age1) + "]"), encoding="utf-8")
    ids = [t["id"] for t in yaml.safe_load(text)["tokens"]]
    game = {"format": 3, "id": "decreed", "name": "Decreed Duel", "extends": "duel",
            "added_mechanics": ["senate"], "senate": {**SENATE, "decrees": ids}}
    (folder / "game.yaml").write_text(yaml.safe_dump(game, sort_keys=False), encoding="utf-8")
    loaded = load_game(folder)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    out = tmp_path_factory.mktemp("generated")
    result = outputs.expected(games, out, [folder])
    assert not result.errors, result.errors
    outputs.write(result, out)
    return load_ruleset("decreed", path=out)


# Positions -----------------------------------------------------------------------------------

FACE_UP = (0, 2, 4)  # chambers whose Decree is drawn at set-up


def started(ruleset, seed: int = 1) -> Game:
    """A game at its first turn, the Wonders drafted at random."""
    g = Game(ruleset, seed=seed)
    rng = random.Random(seed)
    while g.decision != "play":
        g.apply(rng.choice(g.legal_actions()))
    return g


def comp(g: Game, ident: str) -> int:
    return g.t.index[ident]


def deal_decree(g: Game, chamber: int, decree: str) -> None:
    """Chamber `chamber`'s Decree is `decree` (swapped with the chamber that had it)."""
    tok = comp(g, decree) - g.t.token0
    if tok in g.decrees:
        g.decrees[g.decrees.index(tok)] = g.decrees[chamber]
    g.decrees[chamber] = tok


def senate_action(g: Game, player: int, action: int) -> None:
    """`player` takes one Senate action now (as a Politician's effect would give it)."""
    g.influence(player, "any", 1)
    g._flush()
    g._advance()  # the steps' internal node: the step is doable
    g.apply(action)


def place(g: Game, player: int, chamber: int) -> None:
    senate_action(g, player, g.t.SENATE_PLACE + chamber)


def controlled_decree(ruleset, decree: str, player: int = 0, chamber: int = 2,
                      seed: int = 1) -> Game:
    """A game at its first turn where `player` controls `chamber`, holding `decree`."""
    g = started(ruleset, seed)
    deal_decree(g, chamber, decree)
    g._recompute()
    place(g, player, chamber)
    assert g.decrees[chamber] == comp(g, decree) - g.t.token0
    assert comp(g, decree) in decrees_of(g, player)
    return g


def lose(g: Game, chamber: int = 2, by: int = 1) -> None:
    """Seat `by` ties the chamber: no one controls it (ruling 4)."""
    place(g, by, chamber)
    assert all(g.decrees[chamber] + g.t.token0 not in decrees_of(g, p) for p in g.t.seats)


def same_as_loaded(g: Game) -> None:
    """What every cost cache, price and derived value says is what a load derives afresh
    from the cities (positions here are set by hand: a card built may still be dealt)."""
    fresh = g.clone()
    fresh._recompute()
    for p in g.t.seats:
        assert g.price(p) == fresh.price(p)
        for c in range(g.t.token0):
            assert g.build_cost(p, c) == fresh.build_cost(p, c), g.t.ids[c]
        assert g.discard_extra[p] == fresh.discard_extra[p]
        assert g.chains[p] == fresh.chains[p]
        assert g.triggers == fresh.triggers


# Coins when anyone builds (ruling 20) ---------------------------------------------------------

@pytest.mark.parametrize("decree, card", [("blue_coins_decree", "altar"),
                                          ("green_coins_decree", "apothecary"),
                                          ("yellow_coins_decree", "stone_reserve"),
                                          ("red_coins_decree", "guard_tower")])
def test_ruling_20_coin_decrees_pay_the_controller_as_many_coins_as_the_age(
        ruleset, decree: str, card: str) -> None:
    g = controlled_decree(ruleset, decree)
    c = comp(g, card)
    before = g.coins[:]
    g._build_building(1, c, chain=False)  # the opponent builds one: the controller is paid
    assert g.coins == [before[0] + 1, before[1]]
    g.age = 3  # the amount follows the Age
    g.city[1].remove(c)
    g._recompute()
    g._build_building(0, c, chain=False)
    assert g.coins == [before[0] + 4, before[1]]
    other = comp(g, "lumber_yard")  # another colour pays nothing
    g._build_building(1, other, chain=False)
    assert g.coins == [before[0] + 4, before[1]]
    lose(g)  # without control, nothing
    g.city[0].remove(c)
    g._recompute()
    g._build_building(1, c, chain=False)
    assert g.coins == [before[0] + 4, before[1]]
    same_as_loaded(g)


def test_ruling_20_the_wonder_coin_decree_pays_for_either_players_wonders(ruleset) -> None:
    held = controlled_decree(ruleset, "wonder_coins_decree", player=1)
    held.age = 2
    unheld = held.clone()
    lose(unheld, by=0)
    for g in (held, unheld):
        g._build_wonder(0, g.wonders[0][0], comp(g, "lumber_yard"))
        g._build_wonder(1, g.wonders[1][0], comp(g, "clay_pool"))
        g._buffer.clear()  # what the Wonders ask (a card destroyed) is not this test's
    # The Wonders' own effects alike; the controller 2 coins a Wonder, in Age II.
    assert held.coins[1] == unheld.coins[1] + 4 and held.coins[0] == unheld.coins[0]
    same_as_loaded(held)
    lose(held, by=0)
    for g in (held, unheld):  # no control, no coins: the lead stays 4
        g._build_wonder(0, g.wonders[0][1], comp(g, "quarry"))
    assert held.coins[1] == unheld.coins[1] + 4


# Cost symbols ignored (ruling 21) -------------------------------------------------------------

def test_ruling_21_a_coin_cost_counts_as_one_symbol(ruleset) -> None:
    g = started(ruleset)
    reserve, forum = comp(g, "stone_reserve"), comp(g, "forum")
    assert g.build_cost(0, reserve) == 3 and g.build_cost(0, forum) == 3 + 2
    g = controlled_decree(ruleset, "yellow_symbol_decree")
    assert g.build_cost(0, reserve) == 0  # 3 coins, one symbol: free
    # Forum costs 3 coins and 1 clay: the coins are the symbol that saves the most.
    assert g.build_cost(0, forum) == 2
    pay = g.payment(0, forum)
    assert (pay.total, pay.coins_ignored, pay.trade) == (2, 3, 2)
    assert g.trade_cost(0, forum) == 2 and g.trade_cost(0, reserve) == 0
    g.tokens[1].append(comp(g, "economy") - g.t.token0)  # the opponent collects the trade
    g._recompute()
    coins = g.coins[:]
    g._pay(0, forum)  # 2 coins of trade, the printed 3 waived: Economy gives the opponent 2
    assert g.coins == [coins[0] - 2, coins[1] + 2]
    assert g.build_cost(1, reserve) == 3  # the opponent has no such decree
    lose(g)
    assert g.build_cost(0, reserve) == 3 and g.build_cost(0, forum) == 5
    same_as_loaded(g)


def test_ruling_21_otherwise_the_resource_unit_that_saves_the_most(ruleset) -> None:
    g = controlled_decree(ruleset, "red_symbol_decree")
    horse_breeders = comp(g, "horse_breeders")  # 1 clay, 1 wood
    g.raises[1][g.t.ruleset.resources.index("clay")] = 2  # clay dear: 4 coins a unit
    g.price_cache[0] = g.cost_cache[0] = None
    assert g.price(0)[1] == 4
    assert g.build_cost(0, horse_breeders) == 2  # the clay is waived, the wood bought
    assert g.payment(0, horse_breeders).discounted == {"clay": 1}
    g = controlled_decree(ruleset, "green_symbol_decree")
    assert g.build_cost(0, comp(g, "apothecary")) == 0  # 1 glass
    assert g.build_cost(0, comp(g, "scriptorium")) == 0  # 2 coins
    assert g.build_cost(0, comp(g, "altar")) == 0  # blue: no decree, and free anyway
    assert g.build_cost(0, comp(g, "baths")) == 2  # blue, 1 stone: no decree
    lose(g)
    assert g.build_cost(0, comp(g, "apothecary")) == 2
    same_as_loaded(g)


def test_the_wonder_resource_decree_waives_one_unit_of_a_wonder(ruleset) -> None:
    g = started(ruleset)
    wonder = g.t.wonder0 + g.wonders[0][0]
    full = g.build_cost(0, wonder)
    g = controlled_decree(ruleset, "wonder_resource_decree")
    prices = g.price(0)
    dearest = max(prices[r] for r, _ in g.t.cost[wonder])
    assert g.build_cost(0, wonder) == full - dearest
    lose(g)
    assert g.build_cost(0, wonder) == full
    same_as_loaded(g)


# Trade prices (ruling 22) ----------------------------------------------------------------------

def test_ruling_22_trade_decrees_lower_the_bank_price_never_below_one(ruleset) -> None:
    g = controlled_decree(ruleset, "raw_trade_decree")
    wood, glass = 0, 3
    assert g.price(0) == [1, 1, 1, 2, 2]  # raw resources 2 - 1; manufactured as printed
    g._build_building(1, comp(g, "lumber_yard"), chain=False)  # the opponent makes wood
    assert g.price(0)[wood] == 2  # 3 - 1
    g._build_building(0, comp(g, "wood_reserve"), chain=False)  # wood fixed at 1: stays 1
    assert g.price(0)[wood] == 1
    same_as_loaded(g)
    lose(g)
    assert g.price(0) == [1, 2, 2, 2, 2]
    g = controlled_decree(ruleset, "manufactured_trade_decree", player=1)
    assert g.price(1) == [2, 2, 2, 1, 1] and g.price(0) == [2, 2, 2, 2, 2]
    assert g.build_cost(1, comp(g, "apothecary")) == 1  # 1 glass at 1 coin
    lose(g, by=0)
    assert g.price(1)[glass] == 2 and g.build_cost(1, comp(g, "apothecary")) == 2
    same_as_loaded(g)


# Discards (ruling 23) --------------------------------------------------------------------------

def test_ruling_23_the_discard_decree_adds_two_coins_to_every_discard(ruleset) -> None:
    for decree, gain in (("discard_decree", 2 + 2), ("shield_decree", 2)):
        g = controlled_decree(ruleset, decree, player=started(ruleset).current_player)
        p = g.current_player
        coins = g.coins[p]
        g.apply(g.t.DISCARD + g.reach[0])
        assert g.coins[p] == coins + gain
    g = controlled_decree(ruleset, "discard_decree", player=started(ruleset).current_player)
    p = g.current_player
    lose(g, by=1 - p)
    coins = g.coins[p]
    g.apply(g.t.DISCARD + g.reach[0])
    assert g.coins[p] == coins + 2
    same_as_loaded(g)


# Senate actions (ruling 7), chains, another turn -----------------------------------------------

def test_ruling_07_the_senate_actions_decree_counts_two_blue_more_still_capped(ruleset) -> None:
    g = controlled_decree(ruleset, "senate_actions_decree")
    assert senate_actions(g, 0) == 2 and senate_actions(g, 1) == 1  # 0 + 2 blue: 2 actions
    for blue in ("altar", "theater"):
        g._build_building(0, comp(g, blue), chain=False)
    assert senate_actions(g, 0) == 3  # 2 + 2 = 4: 3
    g._build_building(0, comp(g, "baths"), chain=False)
    assert senate_actions(g, 0) == 3  # 5: still 3
    lose(g)
    assert senate_actions(g, 0) == 2  # 3 blue
    g = controlled_decree(ruleset, "senate_actions_decree")
    g.influence(0, "left", 0)  # a Politician's actions: counted when it is built
    assert steps.unpack(g.t, g._buffer[-1][2]).left == 2


def test_the_chains_decree_builds_through_the_opponents_chains(ruleset) -> None:
    g = controlled_decree(ruleset, "chains_decree")
    horse_breeders, stable = comp(g, "horse_breeders"), comp(g, "stable")
    cost = g.build_cost(0, horse_breeders)
    assert cost > 0
    g._build_building(1, stable, chain=False)  # the opponent's horseshoe: free for the holder
    assert g.build_cost(0, horse_breeders) == 0 and g.build_cost(1, horse_breeders) == 0
    same_as_loaded(g)
    lose(g)
    assert g.build_cost(0, horse_breeders) == cost
    g = started(ruleset)  # a chain held before the decree is gained counts at once
    g._build_building(1, stable, chain=False)
    deal_decree(g, 2, "chains_decree")
    g._recompute()
    assert g.build_cost(0, horse_breeders) > 0
    place(g, 0, 2)
    assert g.build_cost(0, horse_breeders) == 0
    same_as_loaded(g)


def test_the_conspirator_decree_plays_again_after_a_conspirator(ruleset) -> None:
    """The Conspirators' stand-ins here are Age I's cards (the fixture)."""
    first = started(ruleset).current_player
    for decree, holder, again in (("conspirator_turn_decree", first, True),
                                  ("shield_decree", first, False),
                                  ("conspirator_turn_decree", 1 - first, False)):
        g = controlled_decree(ruleset, decree, player=holder)
        assert g.current_player == first
        g.apply(min(a for a in g.legal_actions() if a < g.t.DISCARD))  # a build
        assert (g.current_player == first) is again, decree
    g = controlled_decree(ruleset, "conspirator_turn_decree", player=first)
    lose(g, by=1 - first)
    g.apply(min(a for a in g.legal_actions() if a < g.t.DISCARD))
    assert g.current_player != first


# The shield decree (ruling 24) -----------------------------------------------------------------

def test_ruling_24_the_shield_decree_moves_the_pawn_on_gain_and_loss(ruleset) -> None:
    g = started(ruleset)
    side = g.t.pawn_side  # seat 0 pushes towards +
    deal_decree(g, 2, "shield_decree")
    g._recompute()
    place(g, 0, 2)  # A (seat 0) gains the chamber: 1 towards B
    assert g.pawn == side[0]
    place(g, 1, 2)  # B ties it: 1 back towards A
    assert g.pawn == 0
    place(g, 1, 2)  # B gains it: 1 towards A
    assert g.pawn == side[1]
    # B's own move loses it (a cube moved out): back towards B
    senate_action(g, 1, g.t.SENATE_MOVE + 2 * 2 + 1)
    assert controller(g, 2) == -1 and g.pawn == 0
    same_as_loaded(g)


def test_ruling_24_the_token_the_pawn_reaches_is_resolved_against_the_old_controller(
        ruleset) -> None:
    """A loses the shield chamber with the pawn 2 spaces towards A: it enters A's zone 3 to 5,
    whose token the player it moved away from (B) resolves: in Duel's rules, A's looting
    token (2 coins); Agora's tokens are the senators' (their `_shields`)."""
    g = started(ruleset)
    a, b = 0, 1
    deal_decree(g, 2, "shield_decree")
    g._recompute()
    place(g, a, 2)
    g.pawn = 2 * g.t.pawn_side[b]  # the pawn stands 2 spaces towards A
    coins = g.coins[:]
    place(g, b, 2)  # B ties it: the pawn moves to 3, into A's looting zone
    assert g.pawn == 3 * g.t.pawn_side[b]
    assert g.coins[a] == max(0, coins[a] - 2) and g.coins[b] == coins[b]


# Moving a Decree (ruling 19) -------------------------------------------------------------------

def test_ruling_19_a_decree_moved_into_a_controlled_chamber_benefits_at_once(ruleset) -> None:
    g = started(ruleset)
    deal_decree(g, 0, "discard_decree")
    g._recompute()
    place(g, 0, 2)  # A controls chamber 3 (index 2), whose own Decree is another
    assert g.discard_extra[0] == 0
    g.apply_decree_move(0, 2)
    assert g.discard_extra[0] == 2 and comp(g, "discard_decree") in decrees_of(g, 0)
    same_as_loaded(g)
    with pytest.raises(EngineError, match="already moved"):  # a moved Decree stays
        g.apply_decree_move(0, 4)
    lose(g)  # the chamber lost: both its Decrees are
    assert g.discard_extra[0] == 0 and not decrees_of(g, 0)
    same_as_loaded(g)


def test_ruling_19_a_decree_stolen_from_the_opponent_moves_the_pawn_twice(ruleset) -> None:
    g = started(ruleset)
    deal_decree(g, 0, "shield_decree")
    g._recompute()
    place(g, 0, 0)  # A controls chamber 1 with the shield decree: pawn 1 towards B
    place(g, 1, 4)  # B controls chamber 5
    assert g.pawn == g.t.pawn_side[0]
    g.apply_decree_move(0, 4)  # B's Insider Influence takes it: A loses it, B gains it
    assert g.pawn == g.t.pawn_side[1]
    assert comp(g, "shield_decree") in decrees_of(g, 1)
    same_as_loaded(g)


def test_ruling_19_a_face_down_decree_moved_is_revealed_in_a_controlled_chamber(
        ruleset) -> None:
    g = started(ruleset)
    assert g.decrees[1] == -1  # chamber 2's is face down
    place(g, 0, 4)
    g.apply_decree_move(1, 4)  # into A's chamber: drawn at once, and A's
    g._advance()
    assert g.decrees[1] >= 0 and g.t.token0 + g.decrees[1] in decrees_of(g, 0)
    g = started(ruleset)
    g.apply_decree_move(3, 4)  # into no one's chamber: it stays face down
    g._advance()
    assert g.decrees[3] == -1
    place(g, 1, 4)  # until the chamber is controlled
    assert g.decrees[3] >= 0 and g.t.token0 + g.decrees[3] in decrees_of(g, 1)
    same_as_loaded(g)


def test_move_decree_is_a_decision_with_texts(ruleset) -> None:
    g = started(ruleset)
    g.move_decree(0)
    g._flush()
    g._advance()
    n = g.t.n_chambers
    assert g.decision == "decree_move" and len(g.legal_actions()) == n * (n - 1)
    action = g.parse_action("move the decree of chamber 1 to chamber 3")
    assert g.action_to_text(action) == "move the decree of chamber 1 to chamber 3"
    g.apply(action)
    assert g.decree_moved[0] == 2 and g.decision == "play"
    saved = g.to_json()  # the move is saved, read back and checked
    assert saved["mechanics"]["senate"]["decree_moved"] == [2, -1, -1, -1, -1, -1]
    assert Game.from_json(g.t.ruleset, saved).to_json() == saved
    bad = {**saved, "mechanics": {**saved["mechanics"], "senate": {
        **saved["mechanics"]["senate"], "decree_moved": [0, -1, -1, -1, -1, -1]}}}
    with pytest.raises(StateFormatError, match=r"decree_moved\[0\]: a Decree moves"):
        Game.from_json(g.t.ruleset, bad)
    g.move_decree(1)
    g._flush()
    g._advance()
    assert all(a - g.t.DECREE_MOVE >= n for a in g.legal_actions())  # chamber 1's is moved
    with pytest.raises(IllegalActionError, match="already moved"):
        g.apply(g.t.DECREE_MOVE + 4)
    same_as_loaded(g)





# Random games: every cached cost exact whatever the Senate does -------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_senate_moves_keep_every_cache_exact(ruleset, seed: int) -> None:
    """Random plays, with a random Senate step or Decree move slipped in before some turns:
    after each, the costs, prices, chains and triggers are what the cities derive afresh,
    and the cubes are conserved."""
    rng = random.Random(seed)
    g = started(ruleset, seed)
    cubes = g.t.config["senate"].cubes
    while g.result is None:
        if g.decision == "play" and rng.random() < 0.5:
            p = g.current_player
            if rng.random() < 0.15 and min(g.decree_moved) < 0:
                g.move_decree(p)
            else:
                g.influence(p, "any", 1)
            g._flush()
            g._advance()
            if g.result is None and g.decision in ("senate_action", "decree_move"):
                g.apply(rng.choice(g.legal_actions()))
            same_as_loaded(g)
            assert all(sum(row) <= cubes for row in g.chamber_cubes)
        elif g.result is None:
            g.apply(rng.choice(g.legal_actions()))
    assert g.result.victory in ("civilian", "military", "scientific", "political")
