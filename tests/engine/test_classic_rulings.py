"""Classic 7 Wonders: one test per ruling of ../shared/rules/classic-rulings.md (1 to 21)."""
from __future__ import annotations

import pytest
from classic_helpers import play, position, ruleset, texts

from wondersmith.engine import Game
from wondersmith.engine.mechanics.hand_draft import K_CHOOSE
from wondersmith.engine.mechanics.wonder_boards import K_DISCARD_BUILD

BOARDS3 = {0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("rhodos", "a")}
# At 6 players (Tree Farm): seat 0's left neighbour is seat 5, its right seat 1.
BOARDS6 = {0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("ephesos", "a"), 3: ("olympia", "a"),
           4: ("halikarnassos", "a"), 5: ("rhodos", "a")}


def test_ruling_1_three_to_seven_players_with_three_coins_and_the_board_resource():
    for n in range(3, 8):
        g = Game(ruleset(), seed=n, players=n)
        assert g.players == n and g.coins == [3] * n
        for p in range(n):
            b, _ = g.boards[p]
            produces = g.t.classes[g.t.board0 + b].produces
            assert all(g.prod[p][r] >= units for r, units in enumerate(produces))
    assert Game(ruleset(), seed=0).players == 3  # the default
    for bad in (1, 8, 0):
        with pytest.raises(ValueError, match="played by"):
            Game(ruleset(), seed=0, players=bad)


@pytest.mark.parametrize("n", range(3, 8))
def test_ruling_2_each_age_deals_seven_cards_a_player_with_n_plus_2_guilds(n):
    g = Game(ruleset(), seed=40 + n, players=n)
    t = g.t
    guild = t.classic_guild_color
    for age in (1, 2, 3):
        assert g.age == age
        assert [len(h) for h in g.hands] == [7] * n
        dealt = [c for h in g.hands for c in h]
        assert all(t.age[c] == age for c in dealt)
        for c in set(dealt):  # never more copies than printed for n players or fewer
            copies = getattr(t.classes[c], "copies", ()) or (0,)
            assert dealt.count(c) <= sum(1 for x in copies if x <= n)
        guilds = [c for c in dealt if t.color[c] == guild]
        assert len(guilds) == (n + 2 if age == 3 else 0)
        if age == 3:
            assert len(g.guild_pool) == 10 - (n + 2)  # the others stay in the box, unseen
        while g.age == age and not g.is_terminal:
            g.apply_joint({s: g.legal_actions_for(s)[-1] for s in g.choosing()})


def test_ruling_3_boards_and_sides_are_dealt_at_random():
    seen_boards, seen_sides = set(), set()
    for seed in range(30):
        g = Game(ruleset(), seed=seed, players=7)
        assert sorted(b for b, _ in g.boards) == list(range(7))
        seen_boards |= {g.boards[0][0]}
        seen_sides |= {side for _, side in g.boards}
    assert len(seen_boards) >= 5 and seen_sides == {0, 1}
    g = Game(ruleset(), seed=0, players=3, auto_chance=False)
    g.apply(g.sample_chance())  # first player
    outcomes = g.chance_outcomes()
    assert g.decision == "board_deal" and len(outcomes) == 14
    assert {p for _, p in outcomes} == {1 / 14}


def test_ruling_4_every_seat_chooses_then_all_resolve_together():
    g = position(3, boards=BOARDS3, hands={0: ["lumber_yard", "altar"], 1: ["clay_pool", "baths"],
                                           2: ["stockade", "theater"]})
    assert g.decision == "choose" and g.choosing() == (0, 1, 2)
    g.apply_text("build Lumber Yard")
    assert g.city[0] == [] and g.observation(1)["simultaneous"] == [True, False, False]
    assert g.observation(0)["simultaneous"][0] == g.history[-1]  # its own choice only
    g.apply_text("stage 1 with Clay Pool") if "stage 1 with Clay Pool" in g.legal_texts() \
        else g.apply_text("discard Clay Pool")
    assert g.city[0] == []  # nothing resolves before the last seat has chosen
    g.apply_text("discard Stockade")
    assert [g.t.names[c] for c in g.city[0]] == ["Lumber Yard"]
    assert g.coins[2] == 6  # a discard gives 3 coins


def test_ruling_4_a_joint_action_is_the_same_as_one_seat_at_a_time():
    a = Game(ruleset(), seed=5, players=4)
    b = a.clone()
    joint = {s: a.legal_actions_for(s)[0] for s in a.choosing()}
    a.apply_joint(joint)
    for s in sorted(joint):
        b.apply(joint[s])
    assert a.to_json() == b.to_json()


def test_ruling_5_a_city_never_holds_two_structures_of_the_same_name():
    g = position(3, boards=BOARDS3, cities={0: ["loom"]}, hands={0: ["loom_age2", "altar"]}, age=2)
    assert "build Loom" not in texts(g, 0) and "discard Loom" in texts(g, 0)


def test_ruling_6_a_chained_structure_is_free():
    g = position(3, boards=BOARDS3, cities={0: ["altar"]}, hands={0: ["temple", "baths"]},
                 coins={0: 0}, age=2)
    assert "build Temple" in texts(g, 0)  # wood, clay and glass, none of them produced


def test_ruling_7_hands_pass_left_right_left_and_the_seventh_card_is_discarded():
    for age, direction in ((1, -1), (2, 1), (3, -1)):
        g = Game(ruleset(), seed=3, players=5)
        while g.age < age:
            g.apply_joint({s: g.legal_actions_for(s)[-1] for s in g.choosing()})
        before = [list(h) for h in g.hands]
        choice = {s: g.legal_actions_for(s)[-1] for s in g.choosing()}  # discards
        g.apply_joint(choice)
        for p in range(5):
            kept = list(before[p])
            kept.remove(choice[p] - g.t.C_DISCARD)
            assert g.hands[(p + direction) % 5] == kept
    g = Game(ruleset(), seed=3, players=4)
    turns = 0
    while g.age == 1:
        discard = len(g.discard)
        g.apply_joint({s: g.legal_actions_for(s)[-1] for s in g.choosing()})
        turns += 1
    assert turns == 6 and len(g.discard) == discard + 4 + 4  # 6th-turn discards + 7th cards


def test_ruling_8_resources_bought_from_a_neighbour_at_two_coins_paid_to_it():
    # Seat 0's left neighbour is seat 4, its right neighbour seat 1; seat 2 is not a neighbour.
    g = position(5, boards={0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("rhodos", "a"),
                            3: ("ephesos", "a"), 4: ("olympia", "a")},
                 hands={0: ["baths", "barracks"], 1: ["theater", "loom"]})
    assert "build Barracks" not in texts(g, 0)  # ore: only seat 2 (Rhodos) produces it
    assert "build Baths" in texts(g, 0)  # own stone (Gizah)
    g = position(5, boards={0: ("rhodos", "a"), 1: ("gizah", "a"), 2: ("babylon", "a"),
                            3: ("ephesos", "a"), 4: ("olympia", "a")},
                 hands={0: ["baths", "stockade"]})
    assert "build Baths, pay right 2" in texts(g, 0)
    play(g, {0: "build Baths, pay right 2"})
    for p in (1, 2, 3, 4):
        play(g, {p: g.legal_texts()[-1]})
    assert g.coins[0] == 1 and g.prod[1][g.t.resources.index("stone")] == 1  # not used up


def test_ruling_9_only_brown_grey_and_board_production_can_be_bought():
    g = position(6, boards=BOARDS6, cities={1: ["caravansery"], 5: ["tree_farm"]},
                 hands={0: ["stockade", "guard_tower", "barracks"]}, age=2)
    have = texts(g, 0)
    assert "build Stockade, pay left 2" in have  # Tree Farm (either/or) sells wood
    assert "build Stockade, pay right 2" not in have  # Caravansery's is for its owner
    assert "build Guard Tower, pay right 2" in have  # Babylon's clay (the board's)
    assert "build Guard Tower, pay left 2" in have  # Tree Farm's clay this time
    alexandria = position(3, boards={0: ("gizah", "a"), 1: ("alexandria", "b"),
                                     2: ("rhodos", "a")}, stages={1: ["altar"]},
                          hands={0: ["stockade", "baths"]})
    assert "build Stockade, pay right 2" not in texts(alexandria, 0)  # stage production
    farm = position(6, boards=BOARDS6, cities={5: ["tree_farm"]}, hands={0: ["stockade"]})
    assert farm.payment_options(0, "gizah_a_2") == []  # 3 wood: one unit per card and turn


def test_ruling_10_trading_posts_marketplace_and_olympia_b_lower_prices():
    boards = {0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("rhodos", "a")}
    east = position(3, boards=boards, cities={0: ["east_trading_post"]}, hands={0: ["barracks", "stockade"]})
    assert "build Barracks, pay left 2" in texts(east, 0)  # ore from the left: 2 coins still
    west = position(3, boards=boards, cities={0: ["west_trading_post"]}, hands={0: ["barracks"]})
    pays = [(o.left, o.right) for o in west.payment_options(0, "barracks")]
    assert pays == [(1, 0)]
    east_pays = [(o.left, o.right) for o in east.payment_options(0, "barracks")]
    assert east_pays == [(2, 0)]  # East Trading Post buys from the right neighbour
    market = position(3, boards={0: ("gizah", "a"), 1: ("alexandria", "a"), 2: ("rhodos", "a")},
                      cities={0: ["marketplace"]}, hands={0: ["workshop"]})
    assert [(o.left, o.right) for o in market.payment_options(0, "workshop")] == [(0, 1)]
    # East lowers the right neighbour's price only, West the left's: seat 0's right is seat 1
    # (an Ore Vein), its left seat 2 (Rhodos: ore); both sell glass, which neither post lowers
    # (a Glassworks each, of Age I and of Age II).
    assert (east.t.seating.left[0], east.t.seating.right[0]) == (2, 1)
    both = {1: ["ore_vein", "glassworks"], 2: ["glassworks_age2"]}
    prices = {}
    for post in (None, "east_trading_post", "west_trading_post"):
        g = position(3, boards=boards, cities={0: [post] if post else [], **both},
                     hands={0: ["barracks"]}, age=2)
        prices[post] = [[(o.left, o.right) for o in g.payment_options(0, card)]
                        for card in ("barracks", "workshop")]  # 1 ore; 1 glass
    assert prices == {None: [[(0, 2), (2, 0)], [(0, 2), (2, 0)]],
                      "east_trading_post": [[(0, 1), (2, 0)], [(0, 2), (2, 0)]],
                      "west_trading_post": [[(1, 0), (0, 2)], [(0, 2), (2, 0)]]}
    olympia = position(3, boards={0: ("olympia", "b"), 1: ("babylon", "a"), 2: ("rhodos", "a")},
                       stages={0: ["altar"]}, hands={0: ["barracks", "guard_tower"]})
    assert [(o.left, o.right) for o in olympia.payment_options(0, "barracks")] == [(1, 0)]
    assert [(o.left, o.right) for o in olympia.payment_options(0, "guard_tower")] == [(0, 1)]


def test_ruling_11_the_buyer_chooses_whom_to_pay_among_pareto_minimal_payments():
    g = position(3, boards={0: ("gizah", "a"), 1: ("olympia", "a"), 2: ("babylon", "a")},
                 cities={2: ["lumber_yard"]}, hands={0: ["stockade", "theater"]})
    options = g.payment_options(0, "stockade")
    assert [(o.left, o.right) for o in options] == [(0, 2), (2, 0)]
    assert options[1].from_left == {"wood": 1}
    have = texts(g, 0)
    assert "build Stockade, pay left 2" in have and "build Stockade, pay right 2" in have
    assert "build Stockade, pay left 2, right 2" not in have


def test_ruling_12_coins_received_this_turn_are_spent_from_the_next_turn():
    # Seat 1 (Rhodos, ore) has no coin; seat 0 (Gizah) sells it stone, seat 2 (Babylon) clay;
    # seat 0 buys its ore.
    g = position(3, boards={0: ("gizah", "a"), 1: ("rhodos", "a"), 2: ("babylon", "a")},
                 hands={0: ["barracks", "stockade", "altar"], 1: ["baths", "theater", "scriptorium"],
                        2: ["guard_tower", "workshop", "apothecary"]},
                 coins={0: 2, 1: 0})
    assert [(o.left, o.right) for o in g.payment_options(1, "baths")] == [(2, 0)]
    seat1 = [g.action_to_text(a) for a in g.legal_actions_for(1)]
    assert "build Baths, pay left 2" not in seat1 and "discard Baths" in seat1
    play(g, {0: "build Barracks, pay right 2", 1: "discard Theater", 2: "discard Workshop"})
    assert g.coins[1] == 2 + 3 and g.coins[0] == 0
    # Next turn seat 1 holds seat 2's hand (passed left) and spends what it received.
    assert g.hands[1] == sorted([g.component("guard_tower"), g.component("apothecary")])
    assert "build Guard Tower, pay right 2" in [g.action_to_text(a) for a in g.legal_actions_for(1)]


def test_ruling_13_yellow_coins_count_when_built():
    g = position(3, boards=BOARDS3, cities={0: ["lumber_yard"], 1: ["clay_pool", "ore_vein"],
                                            2: ["stone_pit"]},
                 hands={0: ["vineyard", "forum"], 1: ["baths", "altar"], 2: ["timber_yard", "theater"]},
                 coins={0: 0}, age=2)
    play(g, {0: "build Vineyard", 1: "discard Altar", 2: "build Timber Yard"})
    assert g.coins[0] == 1 + 2 + 2  # own, right neighbour's two, left's two (one built now)
    arena = position(3, boards=BOARDS3, stages={0: ["altar", "baths"]},
                     hands={0: ["arena", "palace"], 1: ["pantheon", "arsenal"], 2: ["senate", "gardens"]},
                     cities={0: ["stone_pit", "ore_vein"]}, coins={0: 0}, age=3)
    play(arena, {0: "build Arena", 1: "discard Pantheon", 2: "discard Senate"})
    assert arena.coins[0] == 3 * 2
    assert arena.scores()[0]["yellow"] == 2  # and 1 VP a stage at the end
    assert g.scores()[0]["yellow"] == 0  # Vineyard: coins only


def test_ruling_13_bazar_counts_grey_cards_of_the_owner_and_both_neighbours():
    # Bazar is printed for 4 players. Own: Loom; right (seat 1): Press, Ore Vein (brown: not
    # counted); left (seat 3): Glassworks, and the Press of Age II it builds this very turn.
    g = position(4, boards={**BOARDS3, 3: ("ephesos", "a")},
                 cities={0: ["loom"], 1: ["press", "ore_vein"], 3: ["glassworks"]},
                 hands={0: ["bazar", "vineyard"], 1: ["baths", "altar"], 2: ["theater", "stockade"],
                        3: ["press_age2", "scriptorium"]},
                 coins={0: 0}, age=2)
    play(g, {0: "build Bazar", 1: "discard Altar", 2: "discard Theater", 3: "build Press"})
    assert g.coins[0] == 2 * (1 + 1 + 2)
    assert g.scores()[0]["yellow"] == 0  # coins only


# Age III yellow cards: (card, its chain predecessor in the city, the cards counted in the
# owner's city, the coins and VP each one gives) from cards/classic/age3.yaml. Played at 4
# players: Chamber of Commerce is printed for 4.
AGE3_YELLOW = [
    ("haven", ["forum", "lumber_yard", "clay_pool", "loom"], ["lumber_yard", "clay_pool"], 1),
    ("lighthouse", ["caravansery", "marketplace", "loom"], ["caravansery", "marketplace", "lighthouse"], 1),
    ("chamber_of_commerce", ["brickyard", "press", "glassworks", "lumber_yard"], ["press", "glassworks"], 2),
]


@pytest.mark.parametrize("card, city, counted, each", AGE3_YELLOW)
def test_ruling_13_age_three_yellow_cards_count_the_owner_s_cards_coins_now_vp_at_the_end(
        card, city, counted, each):
    # The neighbours (seats 1 and 3) hold one card of every colour counted: none of theirs
    # counts.
    g = position(4, boards={**BOARDS3, 3: ("ephesos", "a")},
                 cities={0: city, 1: ["ore_vein", "press_age2", "east_trading_post"],
                         3: ["ore_vein", "glassworks_age2", "west_trading_post"]},
                 hands={0: [card, "palace"], 1: ["pantheon", "arsenal"], 2: ["senate", "gardens"],
                        3: ["town_hall", "circus"]},
                 coins={0: 0}, age=3)
    name = g.t.names[g.component(card)]
    play(g, {0: f"build {name}", 1: "discard Pantheon", 2: "discard Senate", 3: "discard Town Hall"})
    assert g.coins[0] == each * len(counted)
    assert g.scores()[0]["yellow"] == each * len(counted)
    # VP count the city at the end: one more card of the colour counted raises them, not coins.
    g.city[0].append(g.component({"haven": "sawmill", "lighthouse": "vineyard",
                                  "chamber_of_commerce": "loom_age2"}[card]))
    g._recompute()
    assert g.scores()[0]["yellow"] == each * (len(counted) + 1) and g.coins[0] == each * len(counted)


def test_ruling_14_science_squares_sets_and_wildcards_chosen_at_the_end():
    g = position(3, boards=BOARDS3, cities={0: ["apothecary", "dispensary", "workshop",
                                                "scriptorium", "scientists_guild"]},
                 hands={0: ["palace"]}, age=3)
    # compass 2, gear 1, tablet 1, a wildcard: compass scores 9 + 1 + 1 + 7 = 18
    assert g.scores()[0]["green"] == 18
    assert g._science_points(0, 1) == 4 + 4 + 4 + 7 * 2  # two wildcards: a second set


def test_ruling_15_guilds_count_the_neighbours_or_the_owner():
    g = position(3, boards=BOARDS3, cities={
        0: ["workers_guild", "shipowners_guild", "strategists_guild", "builders_guild",
            "lumber_yard", "loom"],
        1: ["clay_pool", "ore_vein"], 2: ["stone_pit"]}, stages={0: ["altar"], 1: ["baths"]},
        hands={0: ["palace"]}, age=3)
    g.conflict_tokens = [[1], [-1, -1], [-1]]
    purple = g.scores()[0]["purple"]
    # Workers: 3 neighbouring brown; Shipowners: own brown, grey, purple (itself too) = 6;
    # Strategists: 3 neighbouring defeats; Builders: 2 stages (own and right neighbour's)
    assert purple == 3 + 6 + 3 + 2


# The guilds counting one colour in the two neighbouring cities, and the VP a card: from
# cards/classic/guilds.yaml (docs/sources.md, "Classic: Guilds").
NEIGHBOUR_GUILDS = [
    ("craftsmens_guild", "grey", 2), ("traders_guild", "yellow", 1),
    ("philosophers_guild", "green", 1), ("magistrates_guild", "blue", 1),
    ("spies_guild", "red", 1),
]
BY_COLOUR = {  # five cards of each colour printed for 3 players, for the cities
    "brown": ["lumber_yard", "clay_pool", "ore_vein", "stone_pit", "clay_pit"],
    "grey": ["loom", "press", "glassworks", "loom_age2", "press_age2"],
    "yellow": ["east_trading_post", "west_trading_post", "marketplace", "caravansery", "forum"],
    "green": ["apothecary", "workshop", "scriptorium", "dispensary", "library"],
    "blue": ["altar", "baths", "theater", "statue", "temple"],
    "red": ["stockade", "barracks", "guard_tower", "stables", "walls"],
}


@pytest.mark.parametrize("guild, colour, each", NEIGHBOUR_GUILDS)
def test_ruling_15_a_guild_counts_its_colour_in_both_neighbouring_cities_only(guild, colour, each):
    # The owner holds two cards of the colour, the right neighbour one, the left two; every
    # city also holds a card of every other colour, which never counts.
    counted = BY_COLOUR[colour]
    other = [[cards[seat] for k, cards in BY_COLOUR.items() if k != colour] for seat in range(3)]
    g = position(3, boards=BOARDS3, cities={0: [guild, *counted[:2], *other[0]],
                                            1: [counted[2], *other[1]],
                                            2: [*counted[3:], *other[2]]},
                 hands={0: ["palace"]}, age=3)
    assert (g.t.seating.left[0], g.t.seating.right[0]) == (2, 1)
    assert g.scores()[0]["purple"] == each * (1 + 2)
    g.city[2].pop(0)  # one card fewer on the left: one fewer counted
    g._recompute()
    assert g.scores()[0]["purple"] == each * (1 + 1)
def test_ruling_16_babylon_b_plays_the_seventh_card():
    g = position(3, boards={0: ("babylon", "b"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar", "baths"]},
                 hands={0: ["lumber_yard", "stone_pit"], 1: ["clay_pool", "ore_vein"],
                        2: ["timber_yard", "clay_pit"]})
    play(g, {0: "build Lumber Yard", 1: "build Clay Pool", 2: "build Timber Yard"})
    assert g.decision == "choose" and g.choosing() == (0,) and g.hands == [[g.component("stone_pit")], [], []]
    play(g, {0: "build Stone Pit"})
    assert g.age == 2 and len(g.city[0]) == 2


def test_ruling_16_babylon_b_stage_built_on_the_sixth_turn_plays_the_other_card():
    g = position(3, boards={0: ("babylon", "b"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar"]}, cities={0: ["lumber_yard", "timber_yard", "glassworks"]},
                 hands={0: ["theater", "stone_pit"], 1: ["baths", "loom"], 2: ["stockade", "press"]})
    play(g, {0: "stage 2 with Theater", 1: "discard Baths", 2: "discard Stockade"})
    assert g.choosing() == (0,) and g.age == 1


def test_ruling_17_halikarnassos_builds_from_the_discard_pile_before_the_conflicts():
    g = position(3, boards={0: ("halikarnassos", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar"]}, cities={0: ["ore_vein", "clay_pit"], 1: ["stockade"]},
                 hands={0: ["marketplace", "baths"], 1: ["guard_tower", "barracks"],
                        2: ["scriptorium", "apothecary"]}, discard=["theater"])
    play(g, {0: "stage 2 with Marketplace, pay left 2",  # the third ore from Rhodos
             1: "discard Guard Tower", 2: "discard Apothecary"})
    assert g.decision == "discard_build" and g.current_player == 0
    names = sorted(g.action_to_text(a) for a in g.legal_actions())
    # every discard so far, the 6th turn's last cards (Baths, Barracks, Scriptorium) included
    assert names == sorted(f"build {n} from discard" for n in
                           ("Theater", "Guard Tower", "Apothecary", "Baths", "Barracks",
                            "Scriptorium"))
    assert g.conflict_tokens == [[], [], []]  # before the conflicts
    g.apply_text("build Barracks from discard")
    assert g.age == 2 and g.conflict_tokens[0] != []
    assert g.component("barracks") in g.city[0]


def test_ruling_17_halikarnassos_with_nothing_buildable_loses_the_effect():
    g = position(3, boards={0: ("halikarnassos", "b"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 cities={0: ["ore_vein", "clay_pit"]},
                 hands={0: ["baths", "theater", "marketplace"], 1: ["altar", "stockade", "loom"],
                        2: ["lumber_yard", "scriptorium", "apothecary"]})
    play(g, {0: "stage 1 with Baths", 1: "build Altar", 2: "build Lumber Yard"})
    assert g.discard == [] and g.decision == "choose" and len(g.stages[0]) == 1


def test_ruling_18_olympia_a_builds_once_per_age_for_free():
    g = position(3, boards={0: ("olympia", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar", "baths"]}, coins={0: 0},
                 hands={0: ["palace", "pantheon", "senate"], 1: ["town_hall", "gardens", "arsenal"],
                        2: ["study", "lodge", "observatory"]}, age=3)
    assert "build Palace for free" in texts(g, 0)
    play(g, {0: "build Palace for free", 1: "discard Town Hall", 2: "discard Study"})
    assert g.component("palace") in g.city[0] and g.coins[0] == 0
    assert not any(t.endswith("for free") for t in texts(g, 0))
    g2 = position(3, boards={0: ("olympia", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                  stages={0: ["altar", "baths"]}, hands={0: ["stockade", "theater"]})
    g2.free_used[0] = True
    g2._legal = None
    assert not any(t.endswith("for free") for t in texts(g2, 0))
    g2.free_used[0] = False  # a new Age resets it (hand_draft's deal_age)
    g2._legal = None
    assert any(t.endswith("for free") for t in texts(g2, 0))


def test_ruling_19_olympia_b_copies_the_best_neighbouring_guild_once():
    g = position(3, boards={0: ("olympia", "b"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar", "baths", "theater"]},
                 cities={1: ["spies_guild", "barracks"], 2: ["workers_guild", "stockade"]},
                 hands={0: ["palace"]}, age=3)
    # Copied into seat 0's city: Spies (neighbours' red: 2) beats Workers (brown: 0).
    assert g.scores()[0]["purple"] == 2
    g.city[2] = [g.component(c) for c in ("workers_guild", "lumber_yard", "clay_pool", "stone_pit")]
    g.city[1] = [g.component(c) for c in ("spies_guild", "barracks", "ore_vein")]
    g._recompute()
    assert g.scores()[0]["purple"] == 4  # Workers now: 4 neighbouring brown cards


def test_ruling_20_conflicts_at_the_end_of_each_age_against_each_neighbour():
    for age, token in ((1, 1), (2, 3), (3, 5)):
        g = position(4, boards={0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("rhodos", "a"),
                                3: ("ephesos", "a")},
                     cities={0: ["stockade", "barracks"], 1: ["guard_tower"], 3: ["guard_tower"]},
                     hands={0: ["altar", "theater"], 1: ["baths", "pawnshop"],
                            2: ["tavern", "marketplace"], 3: ["loom", "press"]}, age=age)
        play(g, {0: "discard Altar", 1: "discard Baths", 2: "discard Tavern", 3: "discard Loom"})
        # Rhodos A has no shields on its board: seat 2 has 0, seats 1 and 3 one, seat 0 two.
        assert g.conflict_tokens[0] == [token, token]
        assert g.conflict_tokens[1] == [-1, token] and g.conflict_tokens[3] == [token, -1]
        assert g.conflict_tokens[2] == [-1, -1]
        if age == 3:
            assert g.result.scores[0]["military"] == 2 * token


@pytest.mark.parametrize("coins, winner", [((3, 5, 4), 1), ((3, 5, 5), None)])
def test_ruling_21_score_categories_tie_on_coins_then_shared(coins, winner):
    # Every city: 2 VP of buildings (Altar; Theater; two science symbols, 1 + 1) and 6 to 8
    # coins after a discard (2 VP): 4 VP each.
    g = position(3, boards=BOARDS3, cities={0: ["altar"], 1: ["theater"], 2: ["apothecary", "workshop"]},
                 coins=dict(enumerate(coins)), age=3,
                 hands={0: ["palace", "pantheon"], 1: ["senate", "gardens"], 2: ["town_hall", "arsenal"]})
    play(g, {0: "discard Palace", 1: "discard Senate", 2: "discard Town Hall"})
    res = g.result
    assert set(res.scores[0]) >= {"military", "coins", "wonders", "blue", "green", "yellow", "purple"}
    assert [s["total"] for s in res.scores] == [4, 4, 4]
    for s in res.scores:
        assert s["total"] == sum(v for k, v in s.items() if k != "total")
    assert res.winner == winner and res.shared == (winner is None)
