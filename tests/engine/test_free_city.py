"""The 2-player variant of classic 7 Wonders (ruling 22): a test per step of the procedure
(docs/sources.md, "the 2-player variant"), the project decisions D-C8 to D-C11, the options
of `two_player_variant`, and invariants over random 2-player games."""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import jsonschema
import pytest
from classic_helpers import board, ruleset

from wondersmith.engine import Game
from wondersmith.engine.bots import ISMCTSBot, play_game
from wondersmith.engine.core.rules import RulesError
from wondersmith.engine.games.classic import actions
from wondersmith.engine.mechanics.free_city import K_DRAW
from wondersmith.engine.mechanics.hand_draft import K_CHOOSE
from wondersmith.engine.records import game_record, replay_record

FREE_CITY = 2
SCHEMA = jsonschema.Draft202012Validator(json.loads(
    (Path(__file__).resolve().parents[2] / "schema" / "state.schema.json").read_text()))
TURNS = 6  # a turn per card played from a hand, each Age


def with_variant(**changes):
    """The classic ruleset with `two_player_variant` keys changed (None: removed)."""
    base = ruleset()
    variant = {**base.rules["two_player_variant"], **changes}
    variant = {k: v for k, v in variant.items() if v is not None}
    return dataclasses.replace(base, rules={**base.rules, "two_player_variant": variant})


def position(rs=None, *, boards, hands, cities=None, coins=None, stages=None, discard=None,
             age=1, seed=0) -> Game:
    """A 2-player game at its first turn of Age `age` (the holder, seat 1, has drawn), with
    boards {seat: (id, side)} for the three cities and the hands (seat 2: the pile) given."""
    g = Game(rs or ruleset(), seed=seed, players=2)
    ids = g.component
    for p, (b, side) in boards.items():
        g.boards[p] = board(g, b, side)
    for p, cards in hands.items():
        g.hands[p] = sorted(ids(c) for c in cards)
    for p, cards in (cities or {}).items():
        g.city[p] = [ids(c) for c in cards]
    for p, amount in (coins or {}).items():
        g.coins[p] = amount
    for p, tucked in (stages or {}).items():
        g.stages[p] = [ids(c) for c in tucked]
    if discard is not None:
        g.discard = [ids(c) for c in discard]
    g.age = age
    g._recompute()
    g._trade_changed()
    g._legal = None
    return g


BOARDS = {0: ("ephesos", "a"), 1: ("halikarnassos", "a"), 2: ("alexandria", "a")}


def free_city_texts(g: Game, own: dict[int, str]) -> list[str]:
    """The players choose `own` (seat: text), in seat order; then the Free City's options."""
    for seat in sorted(own):
        assert g.current_player == seat and g.stack[-1][1] == seat
        g.apply_text(own[seat])
    assert g.stack[-1][1] == FREE_CITY and g.current_player == g.free_city_holder
    return g.legal_texts()


def cards(g: Game, seat: int) -> list[str]:
    return sorted(g.t.ids[c] for c in g.hands[seat])


# The procedure, step by step ----------------------------------------------------------------

def test_step_1_the_three_player_deck_21_cards_an_age_and_5_guilds():
    g = Game(ruleset(), seed=5, players=2)
    three = Game(ruleset(), seed=5, players=3).t
    rng = random.Random(5)
    assert g.t.decks == three.decks and g.t.classic_guilds_drawn == 5
    for age in (1, 2, 3):
        assert g.age == age
        dealt = sorted(c for hand in g.hands for c in hand)
        assert len(dealt) == 21
        guilds = [c for c in dealt if g.t.color[c] == g.t.classic_guild_color]
        assert sorted(c for c in dealt if c not in guilds) == sorted(three.decks[age])
        assert len(guilds) == (5 if age == 3 else 0)
        while g.age == age and not g.is_terminal:
            g.apply(rng.choice(g.legal_actions()))


def test_step_2_the_free_city_is_a_third_city_between_the_two_players():
    g = Game(ruleset(), seed=1, players=2)
    t = g.t
    assert g.players == 2 and t.n_seats == 3 and t.free_city == FREE_CITY
    assert t.seating.left[FREE_CITY] == 1 and t.seating.right[FREE_CITY] == 0
    assert set(t.neighbours[0]) == {1, FREE_CITY} and set(t.neighbours[1]) == {0, FREE_CITY}
    assert len({b for b, _ in g.boards}) == 3  # a board of its own
    assert type(g).MECHANICS[-1] == "free_city"
    assert "free_city" not in type(Game(ruleset(), seed=1, players=3)).MECHANICS


def test_step_3_the_seven_cards_left_are_the_free_citys_face_down_pile():
    g = Game(ruleset(), seed=2, players=2, auto_chance=False)
    while g.decision != K_DRAW_NAME:
        g.apply(g.sample_chance())
    assert [len(h) for h in g.hands] == [7, 7, 7]
    for player in (0, 1):
        seen = g.observation(player)["mechanics"]["hand_draft"]["hands"]
        assert seen[FREE_CITY] == 7 and seen[player] == [g.t.ids[c] for c in g.hands[player]]
        assert seen[1 - player] == 7
    # The draw is any card of the pile, each as likely.
    pile = set(g.hands[FREE_CITY])
    assert {a - g.t.CH_CARD for a, _ in g.chance_outcomes()} == pile
    assert all(p == pytest.approx(1 / 7) for _, p in g.chance_outcomes())


K_DRAW_NAME = "free_city_draw"


def test_step_4_the_free_city_card_starts_left_of_the_free_city():
    g = Game(ruleset(), seed=3, players=2)
    assert g.free_city_holder == g.t.seating.left[FREE_CITY] == 1
    other = Game(with_variant(free_city_card_starts="right_of_free_city"), seed=3, players=2)
    assert other.free_city_holder == other.t.seating.right[FREE_CITY] == 0
    assert [len(h) for h in other.hands] == [8, 7, 6]


def test_step_5_the_players_and_the_free_city_take_three_coins():
    assert Game(ruleset(), seed=4, players=2).coins == [3, 3, 3]
    assert Game(with_variant(free_city_coins=5), seed=4, players=2).coins == [3, 3, 5]


def test_step_6_the_holder_draws_then_chooses_for_both_cities():
    g = Game(ruleset(), seed=6, players=2, auto_chance=False)
    while g.decision != K_DRAW_NAME:
        g.apply(g.sample_chance())
    holder = g.free_city_holder
    drawn = g.sample_chance()
    g.apply(drawn)
    assert drawn - g.t.CH_CARD in g.hands[holder]
    assert [len(g.hands[p]) for p in (holder, 1 - holder, FREE_CITY)] == [8, 7, 6]
    # The players choose at once; the Free City's seat comes last, decided by the holder.
    assert g.choosing() == (0, 1) and g.decision == "choose"
    own = {0: g.legal_actions_for(0)[0], 1: g.legal_actions_for(1)[-1]}
    g.apply_joint(own)
    assert g.choosing() == (holder,) and g.current_player == holder
    options = {actions.decode(g.t, a)[1] for a in g.legal_actions()}
    mine = actions.decode(g.t, own[holder])[1]
    # From the holder's other cards only (a card it cannot play is left out while another
    # can be played: step 7).
    assert options and options <= set(g.hands[holder]) - {mine}
    assert g.legal_actions_for(1 - holder) == []
    before = [len(g.city[p]) + len(g.stages[p]) for p in g.t.seats]
    g.apply_joint({holder: g.legal_actions()[0]})
    assert g.decision == K_DRAW_NAME  # the next turn
    after = [len(g.city[p]) + len(g.stages[p]) for p in g.t.seats]
    assert sum(after) - sum(before) + len(g.discard) == 3  # three cards played, one a city


def test_step_7_the_free_city_discards_only_when_it_can_play_no_card_of_the_hand():
    # Nobody produces stone: the Free City (Alexandria A) cannot build Baths nor its first stage,
    # but it can build Lumber Yard, so no card of the hand is discarded (D-C12: EOG, DZ).
    hands = {0: ["altar", "theater", "loom"], 1: ["lumber_yard", "baths", "press", "apothecary"],
             2: ["clay_pool", "ore_vein"]}
    g = position(boards=BOARDS, hands=hands)
    options = free_city_texts(g, {0: "build Altar", 1: "build Press"})
    assert "build Lumber Yard" in options
    assert not any(o.startswith("discard") for o in options)
    assert not any("Baths" in o for o in options)  # it can neither build nor stage with it
    # Apothecary's loom is bought from Halikarnassos, the Free City's left neighbour.
    assert "build Apothecary, pay left 2" in options
    free = position(with_variant(free_city_discards="freely"), boards=BOARDS, hands=hands)
    assert {"discard Lumber Yard", "discard Baths"} <= set(
        free_city_texts(free, {0: "build Altar", 1: "build Press"}))
    # A hand with nothing it can play: every card may be discarded.
    stuck = position(boards=BOARDS, hands={0: ["altar", "theater", "loom"],
                                           1: ["baths", "press", "temple"],
                                           2: ["clay_pool", "ore_vein"]})
    assert sorted(free_city_texts(stuck, {0: "build Altar", 1: "build Press"})) == [
        "discard Baths", "discard Temple"]


def test_step_8_a_card_the_free_city_can_chain_must_be_built():
    boards = {0: ("ephesos", "a"), 1: ("halikarnassos", "a"), 2: ("gizah", "a")}
    hands = {0: ["school", "vineyard", "sawmill"], 1: ["temple", "quarry", "library", "walls"],
             2: ["foundry", "brickyard"]}
    cities = {2: ["altar", "stone_pit"]}  # Gizah A with a Stone Pit: its stage 1 (2 stone) is open
    g = position(boards=boards, hands=hands, cities=cities, age=2)
    options = free_city_texts(g, {0: "build Vineyard", 1: "build Quarry"})
    assert [o for o in options if "Temple" in o] == ["build Temple"]
    assert "stage 1 with Library" in options  # a card it cannot chain: a stage is allowed
    chosen = position(with_variant(free_city_builds_chains="when_chosen"), boards=boards,
                      hands=hands, cities=cities, age=2)
    temple = [o for o in free_city_texts(chosen, {0: "build Vineyard", 1: "build Quarry"})
              if "Temple" in o]
    assert temple == ["build Temple", "stage 1 with Temple"]  # never discarded: it can be built


def test_step_9_the_holder_chooses_which_neighbour_the_free_city_pays():
    hands = {0: ["altar", "theater", "loom"], 1: ["stockade", "baths", "press", "apothecary"],
             2: ["clay_pool", "ore_vein"]}
    cities = {0: ["lumber_yard"], 1: ["lumber_yard"]}  # both neighbours sell wood
    g = position(boards=BOARDS, hands=hands, cities=cities)
    options = free_city_texts(g, {0: "build Altar", 1: "build Press"})
    assert {"build Stockade, pay left 2", "build Stockade, pay right 2"} <= set(options)
    g.apply_text("build Stockade, pay right 2")  # seat 0 is the Free City's right neighbour
    assert g.coins == [3 + 2, 3, 3 - 2] and g.t.ids[g.city[FREE_CITY][-1]] == "stockade"


def test_step_10_the_free_citys_card_resolves_with_the_players_cards():
    hands = {0: ["altar", "theater", "loom"], 1: ["marketplace", "baths", "press", "apothecary"],
             2: ["clay_pool", "ore_vein"]}
    g = position(boards=BOARDS, hands=hands)
    free_city_texts(g, {0: "discard Altar", 1: "build Press"})
    g.apply_text("build Marketplace")
    built = [[g.t.ids[c] for c in g.city[p]] for p in g.t.seats]
    assert built == [[], ["press"], ["marketplace"]] and g.coins == [6, 3, 3]
    assert g.t.ids[g.discard[-1]] == "altar"


def test_step_11_the_hands_cross_the_border_and_the_free_city_card_changes_hands():
    g = Game(ruleset(), seed=11, players=2)
    rng = random.Random(11)
    holders = []
    for turn in range(1, TURNS + 1):
        holder = g.free_city_holder
        holders.append(holder)
        assert len(g.hands[holder]) == 9 - turn and len(g.hands[1 - holder]) == 8 - turn
        assert len(g.hands[FREE_CITY]) == 7 - turn
        own = {s: rng.choice(g.legal_actions_for(s)) for s in g.choosing()}
        g.apply_joint(own)
        fc = rng.choice(g.legal_actions())
        kept = {p: sorted(set(g.hands[p]) - {actions.decode(g.t, own[p])[1]}
                          - ({actions.decode(g.t, fc)[1]} if p == holder else set()))
                for p in (0, 1)}
        pile = sorted(g.hands[FREE_CITY])
        g.apply(fc)
        while g.decision == "discard_build":  # Halikarnassos: its choice, then the turn ends
            g.apply(rng.choice(g.legal_actions()))
        if turn < TURNS:  # the hands crossed, and the new holder drew from the pile
            assert g.free_city_holder == 1 - holder
            assert sorted(g.hands[holder]) == kept[1 - holder]
            drawn = set(g.hands[1 - holder]) - set(kept[holder])
            assert sorted(set(g.hands[1 - holder]) - drawn) == kept[holder] and len(drawn) == 1
            assert set(g.hands[FREE_CITY]) == set(pile) - drawn
    assert holders == [1, 0, 1, 0, 1, 0]


def test_step_12_the_sixth_turn_discards_the_piles_last_card():
    checked = 0
    for seed in range(12, 18):
        g = Game(ruleset(), seed=seed, players=2)
        rng = random.Random(seed)
        while not (g.age == 1 and len(g.hands[FREE_CITY]) == 1 and g.decision == "choose"):
            g.apply(rng.choice(g.legal_actions()))
        last, before = g.hands[FREE_CITY][0], len(g.discard)
        assert [len(g.hands[p]) for p in (g.free_city_holder, 1 - g.free_city_holder)] == [3, 2]
        plays = {s: rng.choice(g.legal_actions_for(s)) for s in g.choosing()}
        g.apply_joint(plays)
        plays[FREE_CITY] = rng.choice(g.legal_actions())
        g.apply(plays[FREE_CITY])
        revived = 0
        while g.age == 1:  # Halikarnassos may build from the pile, or Babylon B play its 7th
            revived += g.decision == "discard_build"
            g.apply(rng.choice(g.legal_actions()))
        chosen = sum(actions.decode(g.t, a)[0] == actions.DISCARD for a in plays.values())
        if not any(g.t.ids[g.t.board0 + b].startswith("babylon") and side == 1
                   for b, side in g.boards):
            assert last in g.discard or revived
            assert len(g.discard) == before + chosen + 3 - revived
            checked += 1
    assert checked >= 3


def test_step_13_the_free_city_trades_and_fights_with_both_players():
    g = Game(ruleset(), seed=13, players=2)
    rng = random.Random(13)
    while g.age == 1:
        g.apply(rng.choice(g.legal_actions()))
    t = g.t
    for p in t.seats:
        expected = sorted(1 if g.shields(p) > g.shields(q) else -1
                          for q in t.neighbours[p] if g.shields(p) != g.shields(q))
        assert sorted(g.conflict_tokens[p]) == expected
    # The players buy from the Free City like from any neighbour.
    hands = {0: ["altar", "theater", "glassworks"], 1: ["workshop", "baths", "press", "apothecary"],
             2: ["clay_pool", "ore_vein"]}
    g = position(boards=BOARDS, hands=hands)
    assert "build Workshop, pay right 2" in [a for a in _texts_for(g, 1)]  # Alexandria's glass


def _texts_for(g: Game, seat: int) -> list[str]:
    while g.current_player != seat:
        g.apply(g.legal_actions()[0])
    return g.legal_texts()


# What no source says (docs/sources.md D-C8 to D-C11) -----------------------------------------

def test_the_free_city_is_scored_but_never_wins():
    seen_best = False
    for seed in range(40):
        g = _random_game(seed)
        scores = g.result.scores
        assert len(scores) == 3
        keys = [(s["total"], g.coins[p]) for p, s in enumerate(scores)]
        best = max(keys[:2])
        leaders = [p for p in (0, 1) if keys[p] == best]
        assert g.result.winner == (leaders[0] if len(leaders) == 1 else None)
        seen_best |= keys[FREE_CITY] > best
    assert seen_best  # some Free City outscored both players, and still did not win


def test_the_free_city_card_stays_with_its_holder_into_the_next_age():
    g = Game(ruleset(), seed=14, players=2)
    rng = random.Random(14)
    while g.age == 1:
        g.apply(rng.choice(g.legal_actions()))
    assert g.free_city_holder == 0  # it held the card on Age I's 6th turn
    while g.age == 2:
        g.apply(rng.choice(g.legal_actions()))
    assert g.free_city_holder == 1


def test_a_free_city_that_plays_its_seventh_card_plays_the_piles_last_card():
    g = Game(with_variant(free_city_last_card="played"), seed=15, players=2)
    rng = random.Random(15)
    while not (len(g.hands[FREE_CITY]) == 1 and g.decision == "choose" and g.stack[-1][1] == 0):
        g.apply(rng.choice(g.legal_actions()))
    last = g.hands[FREE_CITY][0]
    holder = g.free_city_holder
    g.apply_joint({s: g.legal_actions_for(s)[0] for s in g.choosing()})
    g.apply(g.legal_actions()[0])  # the Free City's 6th card
    while g.decision == "discard_build":
        g.apply(g.legal_actions()[0])
    assert g.decision == "choose" and g.choosing() == (holder,) and g.hands[FREE_CITY] == [last]
    assert {actions.decode(g.t, a)[1] for a in g.legal_actions()} == {last}
    g.apply(g.legal_actions()[0])
    assert g.age == 2 or g.is_terminal


def test_the_holder_sees_the_piles_last_card_it_plays_and_a_search_keeps_it():
    """The holder plays the pile's last card for the Free City, so its observation shows that
    card and a state drawn for its search keeps it (ISMCTS played a redrawn card before, and
    crashed: issue 26, item 6)."""
    g = Game(with_variant(free_city_last_card="played"), seed=15, players=2)
    rng = random.Random(15)
    while not (g.decision == "choose" and g.stack[-1][1] == FREE_CITY and len(g.hands[FREE_CITY]) == 1
               and all(len(g.hands[p]) <= 1 for p in (0, 1))):
        g.apply(rng.choice(g.legal_actions()))
    holder, last = g.free_city_holder, g.hands[FREE_CITY][0]
    assert g.observation(holder)["mechanics"]["hand_draft"]["hands"][FREE_CITY] == [g.component_id(last)]
    assert g.observation(1 - holder)["mechanics"]["hand_draft"]["hands"][FREE_CITY] == 1
    for seed in range(20):
        assert g.sample_state(holder, random.Random(seed)).hands[FREE_CITY] == [last]
    bot = ISMCTSBot(0, iterations=5)
    g.apply(bot.choose(g))


def test_ismcts_plays_the_variant_to_the_end():
    game = play_game(ruleset(), [ISMCTSBot(6, iterations=3), ISMCTSBot(7, iterations=3)], seed=6)
    assert game.is_terminal


def test_the_holder_builds_from_the_discard_pile_for_a_free_city_halikarnassos():
    boards = {0: ("ephesos", "a"), 1: ("gizah", "a"), 2: ("halikarnassos", "a")}
    hands = {0: ["school", "vineyard", "sawmill"], 1: ["courthouse", "quarry", "library", "walls"],
             2: ["brickyard", "press_age2"]}
    # Halikarnassos A: stage 1 built, stage 2 (3 ore) within reach of an Ore Vein and a Foundry.
    g = position(boards=boards, hands=hands, cities={2: ["ore_vein", "foundry"]},
                 stages={2: ["timber_yard"]}, discard=["stockade", "barracks"], age=2)
    options = free_city_texts(g, {0: "build Vineyard", 1: "build Quarry"})
    stage = [o for o in options if o.startswith("stage 2 with Walls")]
    assert stage, options
    g.apply_text(stage[0])
    assert g.decision == "discard_build" and g.stack[-1][1] == FREE_CITY
    assert g.current_player == g.free_city_holder == 1 and g.choosing() == (1,)
    seen = g.observation(1)
    assert "stockade" in json.dumps(seen["discard"])  # the holder sees the pile it builds from
    assert isinstance(g.observation(0)["discard"], int)
    g.apply_text("build Stockade from discard")
    assert g.component("stockade") in g.city[FREE_CITY]


def test_a_free_city_olympia_a_builds_for_free_once_an_age():
    boards = {0: ("ephesos", "a"), 1: ("gizah", "a"), 2: ("olympia", "a")}
    hands = {0: ["school", "vineyard", "sawmill"], 1: ["courthouse", "quarry", "library", "walls"],
             2: ["brickyard", "press_age2"]}
    g = position(boards=boards, hands=hands, stages={2: ["timber_yard", "clay_pit"]}, age=2)
    options = free_city_texts(g, {0: "build Vineyard", 1: "build Quarry"})
    assert "build Courthouse for free" in options and "discard Courthouse" not in options
    g.apply_text("build Courthouse for free")
    assert g.free_used[FREE_CITY] and g.component("courthouse") in g.city[FREE_CITY]


def test_a_free_city_babylon_b_plays_the_piles_last_card():
    boards = {0: ("ephesos", "a"), 1: ("gizah", "a"), 2: ("babylon", "b")}
    g = Game(ruleset(), seed=16, players=2)
    rng = random.Random(16)
    while not (len(g.hands[FREE_CITY]) == 1 and g.decision == "choose" and g.stack[-1][1] == 0):
        g.apply(rng.choice(g.legal_actions()))
    for p, (b, side) in boards.items():
        g.boards[p] = board(g, b, side)
    g.stages[FREE_CITY] = [g.component("lumber_yard"), g.component("stone_pit")]  # stage 2 built
    for p in g.t.seats:
        g.city[p] = [c for c in g.city[p] if c not in g.stages[FREE_CITY]]
        g.hands[p] = [c for c in g.hands[p] if c not in g.stages[FREE_CITY]]
    g.discard = [c for c in g.discard if c not in g.stages[FREE_CITY]]
    g._recompute()
    g._trade_changed()
    g._legal = None
    last = g.hands[FREE_CITY][0]
    holder = g.free_city_holder
    g.apply_joint({s: g.legal_actions_for(s)[0] for s in g.choosing()})
    g.apply(g.legal_actions()[0])
    assert g.decision == "choose" and g.choosing() == (holder,) and g.hands[FREE_CITY] == [last]


def test_ruling_22_two_players_and_a_free_city_with_the_three_player_deck():
    g = Game(ruleset(), seed=22, players=2)
    assert g.players == 2 and g.t.n_seats == 3 and g.coins == [3, 3, 3]
    assert [len(h) for h in g.hands] == [7, 8, 6]  # the holder, left of the Free City, drew
    decisions = {0: 0, 1: 0, FREE_CITY: 0}
    rng = random.Random(22)
    while not g.is_terminal:
        if g.decision == "choose":
            decisions[g.stack[-1][1]] += 1
            assert g.current_player in (0, 1)
        g.apply(rng.choice(g.legal_actions()))
    # Each city played a card a turn, 6 turns an Age (Babylon B and Halikarnassos aside).
    assert all(18 <= n <= 21 for n in decisions.values())
    assert g.result.winner in (0, 1, None)


# Options, errors and the API -----------------------------------------------------------------

def test_the_variant_is_refused_where_it_cannot_be_played():
    no_variant = dataclasses.replace(ruleset(), rules={
        k: v for k, v in ruleset().rules.items() if k != "two_player_variant"},
        player_counts=(3, 4, 5, 6, 7))
    with pytest.raises(ValueError, match="played by"):
        Game(no_variant, players=2)
    with pytest.raises(RulesError, match="deck_players"):
        Game(with_variant(deck_players=4), players=2)
    with pytest.raises(RulesError, match="draw_pile"):
        Game(with_variant(draw_pile=6), players=2)
    from wondersmith.dsl.rules_keys import KNOWN

    assert "free_city" not in KNOWN  # the data may not list it (WS319); the engine adds it
    listed = dataclasses.replace(ruleset(), mechanics=(*ruleset().mechanics, "free_city"))
    with pytest.raises(RulesError, match="not listed in game.yaml"):
        Game(listed, players=3)


def test_the_draw_is_written_and_read_as_text_and_records_replay():
    g = _random_game(30)
    record = json.loads(json.dumps(game_record(g)))
    assert record["players"] == 2
    draws = [a for a in record["actions"] if a.endswith(" from the pile")]
    assert len(draws) == 3 * TURNS and all(a.startswith("draw ") for a in draws)
    dealt = [a for a in record["actions"] if a.endswith(" to the pile")]
    assert len(dealt) == 3 * 7 and all(a.startswith("deal ") for a in dealt)
    replayed = replay_record(ruleset(), record, auto_chance=g.auto_chance)
    assert replayed.to_json() == g.to_json() and replayed.players == 2
    # A Free City's play names a card by its name, read in the hand it plays from.
    g = Game(ruleset(), seed=30, players=2)
    g.apply_joint({s: g.legal_actions_for(s)[0] for s in g.choosing()})
    for a in g.legal_actions():
        assert g.parse_action(g.action_to_text(a)) == a


def test_observations_and_sampled_states_of_the_variant():
    g = Game(ruleset(), seed=31, players=2)
    rng = random.Random(31)
    size = len(g.observation_vector(0))
    for _ in range(40):
        if g.is_terminal:
            break
        for p in (0, 1):
            seen = g.observation(p)
            assert seen["mechanics"]["free_city"]["free_city_holder"] == g.free_city_holder
            assert seen["mechanics"]["hand_draft"]["hands"][FREE_CITY] == len(g.hands[FREE_CITY])
            assert g.sample_state(p, random.Random(p)).observation(p) == seen
            assert len(g.observation_vector(p)) == size
            assert sum(g.legal_mask(p)) == len(g.legal_actions_for(p))
            assert (p in g.choosing()) == bool(g.legal_actions_for(p))
        g.apply(rng.choice(g.legal_actions()))


# Invariants over random 2-player games -------------------------------------------------------

def _random_game(seed: int, check=None) -> Game:
    g = Game(ruleset(), seed=seed, players=2, auto_chance=bool(seed % 2))
    rng = random.Random(seed)
    steps = 0
    while not g.is_terminal:
        if check is not None:
            check(g, steps)
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
        assert steps < 1000, "the game ends"
    return g


def _accounted(g: Game) -> list[int]:
    t = g.t
    held = [c for hand in g.hands for c in hand] + [c for city in g.city for c in city]
    held += [c for tucked in g._tucked_cards() for c in tucked] + g.discard + g.pool
    return sorted(held)


def _dealt(g: Game) -> list[int]:
    t = g.t
    out = [c for age in range(1, g.age + 1) for c in t.decks[age]]
    out += [c for c in t.classic_guilds if c not in g.guild_pool] if g.age >= 3 else []
    return sorted(out)


@pytest.mark.parametrize("seed", range(24))
def test_invariants_over_random_two_player_games(seed):
    ages_dealt: dict[int, int] = {}
    # A turn, as in test_classic_invariants.py: a choice node of all three cities, seat 0's
    # first; each city (the Free City through its holder) plays once in each of the 18.
    every_city = (1 << 3) - 1
    turns = 0
    plays = [0, 0, 0]

    def check(g: Game, step: int) -> None:
        nonlocal turns
        if g.stack and g.stack[-1][0] == K_CHOOSE and g.stack[-1][2] == every_city:
            turns += g.stack[-1][1] == 0
            plays[g.stack[-1][1]] += 1
        assert min(g.coins) >= 0
        assert g.current_player in (0, 1, -1)
        assert FREE_CITY not in g.choosing()
        if g.age:
            assert _accounted(g) == _dealt(g)  # every card dealt is in one place
            if g.age not in ages_dealt and g.decision == "choose":
                ages_dealt[g.age] = len(g.hands[0]) + len(g.hands[1]) + len(g.hands[2])
        if step % 5 == 0 or seed < 4:
            data = g.to_json()
            SCHEMA.validate(data)
            loaded = Game.from_json(ruleset(), json.loads(json.dumps(data)))
            assert loaded.to_json() == data and loaded.players == 2
            clone = g.clone()
            assert clone.to_json() == data and clone.free_city_holder == g.free_city_holder

    g = _random_game(seed, check)
    assert turns == 18 and plays == [18, 18, 18]
    assert ages_dealt == {1: 21, 2: 21, 3: 21}
    assert not any(g.hands) and _accounted(g) == _dealt(g)
    assert g.result.winner in (0, 1, None)


def test_the_compiled_classes_and_the_yaml_reading_play_the_variant_alike():
    from engine_yaml_ruleset import load_classic

    from wondersmith.engine import load_ruleset

    compiled, read = load_ruleset("classic"), load_classic()
    for seed in range(4):
        rng = random.Random(seed)
        a, b = Game(compiled, seed=seed, players=2), Game(read, seed=seed, players=2)
        while not a.is_terminal:
            assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        assert a.history == b.history and a.result == b.result


def test_automatic_chance_draws_as_the_chance_nodes_one_by_one():
    for seed in range(4):
        rng = random.Random(seed)
        auto = Game(ruleset(), seed=seed, players=2)
        manual = Game(ruleset(), seed=seed, players=2, auto_chance=False)
        while not auto.is_terminal:
            while manual.current_player == -1:
                manual.apply(manual.sample_chance())
            assert manual.to_json()["history"] == auto.to_json()["history"]
            action = rng.choice(auto.legal_actions())
            auto.apply(action)
            manual.apply(action)
        assert auto.result == manual.result


def test_the_bots_play_the_variant_to_the_end():
    from wondersmith.engine.bots import make_bot

    g = Game(ruleset(), seed=40, players=2)
    bots = [make_bot("greedy", 1), make_bot("ismcts", 2)]
    bots[1].iterations = 10
    while not g.is_terminal:
        assert g.current_player in (0, 1)
        g.apply(bots[g.current_player].choose(g))
    assert g.result.winner in (0, 1, None)


def test_a_broken_variant_state_is_refused_with_its_path():
    from wondersmith.engine.errors import StateFormatError

    g = Game(ruleset(), seed=50, players=2)
    data = json.loads(json.dumps(g.to_json()))
    bad = json.loads(json.dumps(data))
    bad["mechanics"]["free_city"]["free_city_holder"] = 2  # the Free City holds no card
    with pytest.raises(StateFormatError, match="free_city_holder"):
        Game.from_json(ruleset(), bad)
    bad = json.loads(json.dumps(data))
    bad["mechanics"]["hand_draft"]["hands"][FREE_CITY].pop()  # a card of the pile lost
    with pytest.raises(StateFormatError, match="hands"):
        Game.from_json(ruleset(), bad)
    bad = json.loads(json.dumps(data))
    del bad["mechanics"]["free_city"]  # three cities without a Free City: a 3-player game
    with pytest.raises(StateFormatError):
        Game.from_json(ruleset(), bad)
