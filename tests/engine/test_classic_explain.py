"""Why a classic action is illegal, in words (games/classic/explain.py): one test per
reason, through `Game.apply` (an id) and `apply_text` (the IllegalActionError's message),
and through `wondersmith play`."""
from __future__ import annotations

import random

import pytest
from classic_helpers import board, play, position, ruleset
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.engine import Game
from wondersmith.engine.errors import IllegalActionError
from wondersmith.engine.games.classic.actions import BUILD, DISCARD, FREE, REVIVE, STAGE, encode

BOARDS3 = {0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("rhodos", "a")}  # left of 0: seat 2
OLYMPIA_A = {0: ("olympia", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")}


def reason(g: Game, action: int | str) -> str:
    """The reason `action` (an id or a text) is refused; the state is left unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalActionError) as caught:
        g.apply_text(action) if isinstance(action, str) else g.apply(action)
    assert g.to_json() == before
    assert "waiting for" not in caught.value.reason  # the mechanic's words, not the core's
    return caught.value.reason


def both(g: Game, text: str, mode: int, card: str, left: int = 0, right: int = 0) -> str:
    """The reason given for `text` and for the same action by id: the same words."""
    by_id = reason(g, encode(g.t, mode, g.component(card), left, right))
    assert reason(g, text) == by_id
    return by_id


# The turn: `choose` -------------------------------------------------------------------------

def test_a_card_not_in_the_hand():
    g = position(3, boards=BOARDS3, hands={0: ["altar", "baths"]})
    assert both(g, "build Theater", BUILD, "theater") == "Theater is not in player 0's hand"
    assert both(g, "stage 1 with Palace", STAGE, "palace") == "Palace is not in player 0's hand"
    assert both(g, "discard Temple", DISCARD, "temple") == "Temple is not in player 0's hand"


def test_a_building_of_the_same_name_is_already_in_the_city_ruling_5():
    g = position(3, boards=BOARDS3, cities={0: ["loom"]}, hands={0: ["loom_age2", "altar"]}, age=2)
    assert both(g, "build Loom", BUILD, "loom_age2") == \
        "player 0 already has Loom: a city never holds two buildings of the same name"


def test_resource_units_that_neither_the_city_nor_its_neighbours_have():
    # Seat 0 (Gizah: stone) sits between Olympia (wood) and Babylon (clay): no ore anywhere.
    g = position(5, boards={0: ("gizah", "a"), 1: ("babylon", "a"), 2: ("rhodos", "a"),
                            3: ("ephesos", "a"), 4: ("olympia", "a")},
                 hands={0: ["baths", "barracks"]})
    assert both(g, "build Barracks", BUILD, "barracks") == \
        "Barracks needs 1 ore; player 0 makes 0 and the neighbours sell 0"
    many = position(3, boards=BOARDS3, hands={0: ["temple", "statue"]}, age=2)  # wood, clay, glass
    assert both(many, "build Temple", BUILD, "temple") == (
        "Temple needs 1 wood (player 0 makes 0, the neighbours sell 0) and 1 glass "
        "(player 0 makes 0, the neighbours sell 0)")


def test_coins_short_for_a_printed_cost():
    g = position(3, boards=BOARDS3, hands={0: ["timber_yard", "altar"]}, coins={0: 0})
    assert both(g, "build Timber Yard", BUILD, "timber_yard") == \
        "Timber Yard costs player 0 1 coin; player 0 has 0 coins at the start of the turn"


def test_coins_short_for_the_payment_asked_ruling_12():
    # Rhodos (seat 2, the left neighbour) sells ore at 2; seat 0 holds 1 coin.
    g = position(3, boards=BOARDS3, hands={0: ["barracks", "altar"]}, coins={0: 1})
    assert both(g, "build Barracks, pay left 2", BUILD, "barracks", left=2) == (
        "Barracks paying left 2 costs player 0 2 coins (2 to the left); player 0 has 1 coin "
        "at the start of the turn")
    assert both(g, "build Barracks", BUILD, "barracks") == (
        "player 0 cannot pay for Barracks: the cheapest way costs 2 coins (2 to the left); "
        "player 0 has 1 coin at the start of the turn")


def test_resources_to_buy_name_the_payments_offered():
    g = position(3, boards=BOARDS3, hands={0: ["barracks", "altar"]})
    assert both(g, "build Barracks", BUILD, "barracks") == \
        "player 0 lacks 1 ore for Barracks and buys from a neighbour: 'build Barracks, pay left 2'"


def test_a_payment_that_is_not_offered_rulings_11():
    g = position(3, boards=BOARDS3, hands={0: ["barracks", "altar"]})
    expected = ("Barracks paying right 2 is not offered: the payments offered are the cheapest "
                "splits of what player 0 lacks (1 ore) between the neighbours who sell it: "
                "'build Barracks, pay left 2'")
    assert both(g, "build Barracks, pay right 2", BUILD, "barracks", right=2) == expected
    assert "Barracks paying left 1, right 1 is not offered" in \
        both(g, "build Barracks, pay left 1, right 1", BUILD, "barracks", 1, 1)


def test_a_payment_for_what_the_city_makes_itself():
    g = position(3, boards=BOARDS3, hands={0: ["baths", "altar"]})  # Gizah makes stone
    assert both(g, "build Baths, pay left 2", BUILD, "baths", left=2) == \
        "player 0 makes everything Baths needs: it pays no neighbour ('build Baths')"


def test_a_chained_card_pays_nobody_ruling_6():
    g = position(3, boards=BOARDS3, cities={0: ["altar"]}, hands={0: ["temple", "statue"]}, age=2)
    assert both(g, "build Temple, pay left 2", BUILD, "temple", left=2) == \
        "Temple is free for player 0 through Altar: it pays nobody ('build Temple')"


def test_the_board_has_no_more_stages():
    g = position(3, boards=BOARDS3, stages={0: ["altar", "baths", "theater"]},
                 hands={0: ["temple", "statue"]}, age=2)
    assert both(g, "stage with Statue", STAGE, "statue") == \
        "player 0's board (Gizah side a) has no more stages: all 3 are built"


def test_a_stage_that_cannot_be_paid():
    g = position(3, boards=BOARDS3, hands={0: ["theater", "baths"]})
    assert both(g, "stage 1 with Baths", STAGE, "baths") == \
        "stage 1 of Gizah side a needs 2 stone; player 0 makes 1 and the neighbours sell 0"
    paid = position(3, boards=BOARDS3, cities={0: ["stone_pit"]}, hands={0: ["baths", "altar"]})
    assert both(paid, "stage 1 with Baths, pay left 2", STAGE, "baths", left=2) == (
        "player 0 makes everything stage 1 of Gizah side a needs: it pays no neighbour "
        "('stage 1 with Baths')")


def test_no_free_build_without_the_stage_that_gives_it_ruling_18():
    g = position(3, boards=BOARDS3, hands={0: ["palace", "baths"]}, age=3)
    assert both(g, "build Palace for free", FREE, "palace") == \
        "player 0 has no free build: no Wonder stage of their city gives one"


def test_the_free_build_is_used_this_age_ruling_18():
    g = position(3, boards=OLYMPIA_A, stages={0: ["altar", "baths"]}, hands={0: ["palace", "temple"]},
                 age=3)
    g.free_used[0] = True
    g._legal = None
    assert both(g, "build Palace for free", FREE, "palace") == \
        "player 0 has already used the free build of this Age (one an Age)"


def test_a_free_build_of_a_card_that_is_free_anyway():
    g = position(3, boards=OLYMPIA_A, stages={0: ["theater", "baths"]}, cities={0: ["altar"]},
                 hands={0: ["temple", "lumber_yard", "palace"]}, age=3)
    assert both(g, "build Temple for free", FREE, "temple") == \
        "Temple is already free for player 0 through Altar: 'build Temple'"
    assert both(g, "build Lumber Yard for free", FREE, "lumber_yard") == \
        "Lumber Yard costs nothing: 'build Lumber Yard'"
    assert both(g, "build Altar for free", FREE, "altar") == "Altar is not in player 0's hand"


def test_a_build_from_the_discard_pile_comes_only_with_its_stage():
    g = position(3, boards=BOARDS3, hands={0: ["altar", "baths"]}, discard=["theater"])
    assert both(g, "build Theater from discard", REVIVE, "theater") == (
        "player 0 cannot build Theater from the discard pile now: that is done at the end of a "
        "turn in which a Wonder stage giving it is built")


def test_babylon_b_s_seventh_card_is_explained_as_any_play_ruling_16():
    g = position(3, boards={0: ("babylon", "b"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar", "baths"]},
                 hands={0: ["lumber_yard", "stone_pit"], 1: ["clay_pool", "ore_vein"],
                        2: ["loom", "press"]})
    play(g, {0: "build Lumber Yard", 1: "build Clay Pool", 2: "build Loom"})
    assert g.choosing() == (0,)  # the 7th card
    assert both(g, "build Lumber Yard", BUILD, "lumber_yard") == "Lumber Yard is not in player 0's hand"
    assert both(g, "build Stone Pit, pay right 2", BUILD, "stone_pit", right=2) == \
        "player 0 makes everything Stone Pit needs: it pays no neighbour ('build Stone Pit')"


# Halikarnassos: `discard_build` (ruling 17) -------------------------------------------------

@pytest.fixture
def halikarnassos() -> Game:
    """Seat 0 builds Halikarnassos A's stage 2: its build from the discard pile waits; it
    holds the Loom of Age I, and the pile holds the Loom of Age II and a Theater."""
    g = position(3, boards={0: ("halikarnassos", "a"), 1: ("gizah", "a"), 2: ("rhodos", "a")},
                 stages={0: ["altar"]}, cities={0: ["ore_vein", "foundry", "loom"]},
                 hands={0: ["statue", "baths", "courthouse"], 1: ["walls", "stables", "quarry"],
                        2: ["school", "library", "brickyard"]},
                 discard=["loom_age2", "theater"], age=2)
    play(g, {0: "stage 2 with Statue", 1: "build Quarry", 2: "build Brickyard"})
    assert g.decision == "discard_build" and g.current_player == 0
    return g


def test_halikarnassos_a_card_not_in_the_discard_pile(halikarnassos):
    assert both(halikarnassos, "build Temple from discard", REVIVE, "temple") == \
        "Temple is not in the discard pile"


def test_halikarnassos_no_building_of_a_name_already_in_the_city_ruling_17(halikarnassos):
    assert both(halikarnassos, "build Loom from discard", REVIVE, "loom_age2") == \
        "player 0 already has Loom: a city never holds two buildings of the same name"


def test_halikarnassos_a_play_of_the_hand_waits_for_the_build(halikarnassos):
    assert both(halikarnassos, "build Baths", BUILD, "baths") == (
        "player 0 first builds a card of the discard pile for free, as their Wonder stage gives "
        "('build <card> from discard'); the next turn comes after")


# The 2-player variant's Free City (ruling 22) ------------------------------------------------

def free_city_turn(*, boards, hands, cities=None, age=1, own) -> Game:
    """A 2-player game (the holder, seat 1, has drawn) with the boards {seat: (id, side)},
    hands (seat 2: the pile) and cities given, whose players chose `own` ({seat: text}); the
    Free City (seat 2) decides next, in the name of the holder."""
    g = Game(ruleset(), seed=0, players=2)
    for p, (b, side) in boards.items():
        g.boards[p] = board(g, b, side)
    for p, cards in hands.items():
        g.hands[p] = sorted(map(g.component, cards))
    for p, cards in (cities or {}).items():
        g.city[p] = [*map(g.component, cards)]
    g.age = age
    g._recompute()
    g._trade_changed()
    g._legal = None
    play(g, own)
    assert g.stack[-1][1] == 2 and g.current_player == g.free_city_holder == 1
    return g


def test_the_free_city_builds_its_chain_card():
    g = free_city_turn(boards={0: ("ephesos", "a"), 1: ("halikarnassos", "a"), 2: ("gizah", "a")},
                       hands={0: ["school", "vineyard", "sawmill"],
                              1: ["temple", "quarry", "library", "walls"], 2: ["foundry", "brickyard"]},
                       cities={2: ["altar", "stone_pit"]}, age=2,
                       own={0: "build Vineyard", 1: "build Quarry"})
    expected = ("the Free City builds Temple through Altar: a card it can build through its "
                "chain is only built ('build Temple')")
    assert both(g, "stage 1 with Temple", STAGE, "temple") == expected
    assert both(g, "discard Temple", DISCARD, "temple") == expected


def test_the_free_city_discards_only_when_it_can_play_no_card_of_the_hand():
    g = free_city_turn(boards={0: ("ephesos", "a"), 1: ("halikarnassos", "a"), 2: ("alexandria", "a")},
                       hands={0: ["altar", "theater", "loom"],
                              1: ["lumber_yard", "baths", "press", "apothecary"],
                              2: ["clay_pool", "ore_vein"]},
                       own={0: "build Altar", 1: "build Press"})
    reason = ("the Free City discards a card only when it can play no card of the hand: "
              "'build Lumber Yard' is legal")
    assert both(g, "discard Lumber Yard", DISCARD, "lumber_yard") == reason
    assert both(g, "discard Baths", DISCARD, "baths") == reason  # Baths itself cannot be built


def test_the_free_city_plays_from_the_holder_s_hand_without_the_holder_s_card():
    g = free_city_turn(boards={0: ("ephesos", "a"), 1: ("halikarnassos", "a"), 2: ("alexandria", "a")},
                       hands={0: ["altar", "theater", "loom"],
                              1: ["lumber_yard", "baths", "press", "apothecary"],
                              2: ["clay_pool", "ore_vein"]},
                       own={0: "build Altar", 1: "build Press"})
    assert both(g, "build Press", BUILD, "press") == (
        "player 1 chose Press for their own city: the Free City plays another card of "
        "player 1's hand")
    assert both(g, "build Theater", BUILD, "theater") == \
        "Theater is not in player 1's hand, which the Free City plays from"


# Chance events ---------------------------------------------------------------------------

def test_a_card_dealt_that_the_age_s_deck_does_not_hold():
    g = Game(ruleset(), seed=0, players=3, auto_chance=False)
    while g.decision != "deal_hand":
        g.apply(g.sample_chance())
    assert reason(g, "deal Palace to player 0") == "Palace is a card of Age 3, not of Age 1"
    card = g.sample_chance() - g.t.CH_CARD
    name = g.t.names[card]
    g.apply(g.t.CH_CARD + card)
    assert g.pool.count(card) == 0  # one copy at 3 players
    assert reason(g, g.t.CH_CARD + card) == f"no copy of {name} is left in the Age 1 deck to deal"


def test_a_board_already_dealt():
    g = Game(ruleset(), seed=0, players=3, auto_chance=False)
    while g.decision != "board_deal":
        g.apply(g.sample_chance())
    g.apply(g.sample_chance())
    b, _ = g.boards[0]
    name = g.t.classes[g.t.board0 + b].name
    assert reason(g, f"board {name} side b") == f"{name} is already dealt, to player 0"


def test_a_guild_drawn_that_is_not_in_the_box():
    g = Game(ruleset(), seed=2, players=3, auto_chance=False)
    rng = random.Random(2)
    while g.decision != "draw_guild":
        g.apply(g.sample_chance() if g.is_chance_node else rng.choice(g.legal_actions()))
    assert reason(g, g.t.CH_CARD + g.component("palace")) == "Palace is not a guild"
    guild = g.sample_chance()
    g.apply(guild)
    name = g.t.names[guild - g.t.CH_CARD]
    assert reason(g, guild) == f"{name} is not in the box: it is already drawn"
    while g.decision != "deal_hand":
        g.apply(g.sample_chance())
    box = g.guild_pool[0]
    assert reason(g, g.t.CH_CARD + box) == \
        f"{g.t.names[box]} is in the box: only the guilds drawn for this Age are dealt"


def test_the_free_city_s_draw_is_a_card_of_its_pile():
    g = Game(ruleset(), seed=6, players=2, auto_chance=False)
    while g.decision != "free_city_draw":
        g.apply(g.sample_chance())
    outside = next(c for c in range(g.t.NB) if c not in g.hands[2])
    assert reason(g, g.t.CH_CARD + outside) == f"{g.t.names[outside]} is not in the pile"


# Through `wondersmith play` ---------------------------------------------------------------

def test_play_names_the_reason_of_an_illegal_classic_action():
    g = Game(ruleset(), seed=0, players=4)
    hand = {g.t.ids[c] for c in g.hands[0]}
    assert "barracks" in hand and "temple" not in hand
    result = CliRunner().invoke(app, ["play", "classic", "--players", "4", "--seed", "0"],
                                input="build Barracks\nbuild Temple\nq\n", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "illegal action 'build Temple': Temple is not in player 0's hand" in result.output
    assert "illegal action 'build Barracks': Barracks needs 1 ore" in result.output
    assert "waiting for player 0" not in result.output


# Every illegal play has a reason -------------------------------------------------------------

@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3), (7, 4)])
def test_every_illegal_play_over_random_games_gets_the_mechanic_s_reason(players, seed):
    """At every decision of a random game, plays of the hand's and the discard pile's cards
    (each way, a few payments) and ids drawn from the whole block of plays: each one not
    legal is refused with words of games/classic/explain.py, never the core's fallback."""
    g = Game(ruleset(), seed=seed, players=players)
    t = g.t
    rng = random.Random(seed)
    checked = 0
    while not g.is_terminal:
        legal = set(g.legal_actions())
        seat = g.stack[-1][1]
        cards = {*g.hands[seat], *g.discard[:5], *g.hands[g.current_player]}
        tried = {encode(t, mode, c, left, right) for c in cards for mode in (BUILD, STAGE)
                 for left, right in ((0, 0), (2, 0), (0, 2), (1, 1))}
        tried |= {encode(t, mode, c) for c in cards for mode in (DISCARD, FREE, REVIVE)}
        tried |= {rng.randrange(t.C_BUILD, t.C_END) for _ in range(20)}
        for action in sorted(tried - legal):
            try:
                g.apply(action)
            except IllegalActionError as error:
                assert "waiting for" not in error.reason, (g.action_to_text(action), error.reason)
                checked += 1
            else:
                raise AssertionError(f"{action} applied though not legal")
        g.apply(rng.choice(sorted(legal)))
    assert checked > 1000
