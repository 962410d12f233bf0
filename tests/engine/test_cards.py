"""A scenario per card, Wonder and progress token: build it and observe its effects.

Expectations are written out by hand from the printed cards, so a slip in the data, the
compiler or the engine makes a test fail.
"""
from __future__ import annotations

import pytest

from wondersmith.engine import Game
from engine_helpers import RULESET, cid, do, prod, scenario, symbol_count

# The city seat 0 owns before building: one card of each of six colours and one Wonder.
BASE_CITY = ("lumber_yard", "glassworks", "altar", "workshop", "tavern", "guard_tower")

# card: effects. wood/clay/stone/glass/papyrus[N]: production; shieldN; sym:<symbol>;
# vpN: VP in the card's colour; coinsN: coins gained on construction; fix:<resource>:
# that resource bought at 1; oneof:a/b: a choice producer.
CARDS = {
    # Age I
    "lumber_yard": "wood", "logging_camp": "wood", "clay_pool": "clay", "clay_pit": "clay",
    "quarry": "stone", "stone_pit": "stone", "glassworks": "glass", "press": "papyrus",
    "guard_tower": "shield1", "stable": "shield1", "garrison": "shield1", "palisade": "shield1",
    "workshop": "sym:plumb_level vp1", "apothecary": "sym:wheel vp1",
    "scriptorium": "sym:quill", "pharmacist": "sym:mortar",
    "theater": "vp3", "altar": "vp3", "baths": "vp3",
    "stone_reserve": "fix:stone", "clay_reserve": "fix:clay", "wood_reserve": "fix:wood",
    "tavern": "coins4",
    # Age II
    "sawmill": "wood2", "brickyard": "clay2", "shelf_quarry": "stone2",
    "glass_blower": "glass", "drying_room": "papyrus",
    "walls": "shield2", "horse_breeders": "shield1", "barracks": "shield1",
    "archery_range": "shield2", "parade_ground": "shield2",
    "library": "sym:quill vp2", "dispensary": "sym:mortar vp2", "school": "sym:wheel vp1",
    "laboratory": "sym:plumb_level vp1",
    "courthouse": "vp5", "statue": "vp4", "temple": "vp4", "aqueduct": "vp5", "rostrum": "vp4",
    "forum": "oneof:glass/papyrus", "caravansery": "oneof:wood/clay/stone",
    "customs_house": "fix:glass fix:papyrus", "brewery": "coins6",
    # Age III
    "arsenal": "shield3", "pretorium": "shield3", "fortifications": "shield2",
    "siege_workshop": "shield2", "circus": "shield2",
    "academy": "sym:sundial vp3", "study": "sym:sundial vp3",
    "university": "sym:armillary_sphere vp2", "observatory": "sym:armillary_sphere vp2",
    "palace": "vp7", "town_hall": "vp7", "obelisk": "vp5", "gardens": "vp6", "pantheon": "vp6",
    "senate": "vp5",
    "chamber_of_commerce": "coins3 vp3",  # 3 per grey card: Glassworks
    "port": "coins2 vp3",  # 2 per brown card: Lumber Yard
    "armory": "coins1 vp3",  # 1 per red card: Guard Tower
    "lighthouse": "coins2 vp3",  # 1 per yellow card: Tavern and itself
    "arena": "coins2 vp3",  # 2 per Wonder: The Pyramids
    # Guilds (seat 1's city is empty, so seat 0's city has the most)
    "merchants_guild": "coins1 vp1", "shipowners_guild": "coins2 vp2", "builders_guild": "vp2",
    "magistrates_guild": "coins1 vp1", "scientists_guild": "coins1 vp1",
    "moneylenders_guild": "vp*", "tacticians_guild": "coins1 vp1",
}

# (card that gives the symbol, card it makes free)
CHAINS = [
    ("stable", "horse_breeders"), ("garrison", "barracks"), ("palisade", "fortifications"),
    ("archery_range", "siege_workshop"), ("parade_ground", "circus"),
    ("scriptorium", "library"), ("pharmacist", "dispensary"), ("school", "university"),
    ("laboratory", "observatory"), ("theater", "statue"), ("statue", "gardens"),
    ("altar", "temple"), ("temple", "pantheon"), ("baths", "aqueduct"), ("rostrum", "senate"),
    ("tavern", "lighthouse"), ("brewery", "arena"),
]


def test_every_building_has_an_expectation():
    ids = {c.id for c in RULESET.buildings}
    assert len(ids) == 73
    assert ids == set(CARDS)


def _parse(spec: str) -> dict:
    out: dict = {"prod": {}, "shields": 0, "sym": None, "vp": 0, "coins": 0, "fix": set(), "oneof": None}
    for part in spec.split():
        if part.startswith("shield"):
            out["shields"] = int(part[6:])
        elif part.startswith("sym:"):
            out["sym"] = part[4:]
        elif part == "vp*":
            out["vp"] = None
        elif part.startswith("vp"):
            out["vp"] = int(part[2:])
        elif part.startswith("coins"):
            out["coins"] = int(part[5:])
        elif part.startswith("fix:"):
            out["fix"].add(part[4:])
        elif part.startswith("oneof:"):
            out["oneof"] = tuple(part[6:].split("/"))
        else:
            name = part.rstrip("0123456789")
            out["prod"][name] = int(part[len(name):] or 1)
    return out


@pytest.mark.parametrize("card", sorted(CARDS))
def test_building_effects(card):
    exp = _parse(CARDS[card])
    age = RULESET.by_id[card].age
    city = tuple(c for c in BASE_CITY if c != card)
    tucked = "press" if card != "press" else "baths"  # a card is in one place only
    g = scenario([card], age=age, coins=(40, 0), buildings=(city, ()),
                 wonders=((("the_pyramids", tucked),), ()), board_tokens=())
    t = g.t
    c = cid(g, card)
    cost = g.build_cost(0, c)
    before_prod = list(g.prod[0])
    before_sym = list(g.sci[0])
    before_vp = g.scores()[0][t.colors[t.color[c]]]
    g.apply(c)
    assert g.coins[0] == 40 - cost + exp["coins"]
    gained = {t.resources[r]: g.prod[0][r] - before_prod[r] for r in range(t.R) if g.prod[0][r] != before_prod[r]}
    assert gained == exp["prod"]
    assert g.pawn == exp["shields"]
    sym_gain = {t.symbols[i]: g.sci[0][i] - before_sym[i] for i in range(len(t.symbols)) if g.sci[0][i] != before_sym[i]}
    assert sym_gain == ({exp["sym"]: 1} if exp["sym"] else {})
    for r in exp["fix"]:
        assert g.price(0)[t.resources.index(r)] == 1
    if exp["oneof"]:
        assert tuple(t.resources[r] for r in g.choices[0][-1]) == exp["oneof"]
    vp = g.scores()[0][t.colors[t.color[c]]] - before_vp
    if exp["vp"] is None:  # Moneylenders: 1 VP per 3 coins of the richest city
        assert vp == g.coins[0] // 3
    else:
        assert vp == exp["vp"]


@pytest.mark.parametrize("giver,taker", CHAINS)
def test_chain_symbol_makes_the_next_card_free(giver, taker):
    age = RULESET.by_id[taker].age
    g = scenario([taker], age=age, coins=(0, 0), buildings=((giver,), ()))
    assert g.build_cost(0, cid(g, taker)) == 0
    do(g, f"build {RULESET.by_id[taker].name}")
    gained = 2 if taker == "lighthouse" else 0  # Lighthouse: 1 coin per yellow card, itself included
    assert cid(g, taker) in g.city[0] and g.coins[0] == gained


# Wonders: (VP, coins gained, shields, plays again).
WONDERS = {
    "the_appian_way": (3, 3, 0, True),
    "circus_maximus": (3, 0, 1, False),
    "the_colossus": (3, 0, 2, False),
    "the_great_library": (4, 0, 0, False),
    "the_great_lighthouse": (4, 0, 0, False),
    "the_hanging_gardens": (3, 6, 0, True),
    "the_mausoleum": (2, 0, 0, False),
    "piraeus": (2, 0, 0, True),
    "the_pyramids": (9, 0, 0, False),
    "the_sphinx": (6, 0, 0, True),
    "the_statue_of_zeus": (3, 0, 1, False),
    "the_temple_of_artemis": (0, 12, 0, True),
}


def test_every_wonder_has_an_expectation():
    assert {w.id for w in RULESET.wonders} == set(WONDERS)


@pytest.mark.parametrize("wonder", sorted(WONDERS))
def test_wonder_effects(wonder):
    vp, coins, shields, again = WONDERS[wonder]
    g = scenario(["baths"], coins=(40, 0), wonders=((wonder,), ()), board_tokens=(),
                 box_tokens=())
    w = cid(g, wonder)
    cost = g.build_cost(0, w)
    g.apply_text(f"wonder {RULESET.by_id[wonder].name} with Baths")
    assert g.coins[0] == 40 - cost + coins
    assert g.pawn == shields
    assert g.scores()[0]["wonders"] == vp
    assert (g.current_player == 0) == again
    assert g.count_wonders(0) == 1 and cid(g, "baths") not in g.city[0]


def test_great_lighthouse_produces_one_raw_material_of_choice():
    g = scenario(["baths"], wonders=((("the_great_lighthouse", "altar"),), ()), coins=(0, 0))
    assert g.build_cost(0, cid(g, "baths")) == 0
    assert g.payment(0, cid(g, "baths")).choices == (("The Great Lighthouse", "stone"),)


def test_piraeus_produces_one_manufactured_good_of_choice():
    g = scenario(["apothecary", "workshop"], wonders=((("piraeus", "altar"),), ()), coins=(0, 0))
    assert g.build_cost(0, cid(g, "apothecary")) == 0
    assert g.build_cost(0, cid(g, "workshop")) == 0


# Progress tokens taken through a science pair: (coins gained, VP in the token category).
TOKENS = {
    "agriculture": (6, 4), "architecture": (0, 0), "economy": (0, 0), "law": (0, 0),
    "masonry": (0, 0), "mathematics": (0, 3), "philosophy": (0, 7), "strategy": (0, 0),
    "theology": (0, 0), "urbanism": (6, 0),
}


def test_every_token_has_an_expectation():
    assert {t.id for t in RULESET.tokens} == set(TOKENS)


@pytest.mark.parametrize("token", sorted(TOKENS))
def test_token_taken_by_a_pair(token):
    coins, vp = TOKENS[token]
    g = scenario(["apothecary"], buildings=(("school",), ()), board_tokens=(token,), coins=(10, 0))
    do(g, "build Apothecary", f"take {RULESET.by_id[token].name}")
    assert g.coins[0] == 8 + coins
    assert g.scores()[0]["tokens"] == vp
    assert g.count_tokens(0) == 1 and g.board_tokens == []


def test_architecture_makes_wonders_two_units_cheaper():
    g = scenario(["baths"], tokens=(("architecture",), ()), wonders=(("the_colossus",), ()))
    assert g.build_cost(0, cid(g, "the_colossus")) == 4  # 3 clay + 1 glass, 2 waived


def test_masonry_makes_blue_cards_two_units_cheaper():
    g = scenario(["palace"], age=3, tokens=(("masonry",), ()))
    assert g.build_cost(0, cid(g, "palace")) == 6  # 5 units, 2 waived
    g = scenario(["arsenal"], age=3, tokens=(("masonry",), ()))
    assert g.build_cost(0, cid(g, "arsenal")) == 10  # red cards are not discounted


def test_economy_token_collects_trade():
    g = scenario(["baths"], tokens=((), ("economy",)), coins=(10, 0))
    do(g, "build Baths")
    assert g.coins == [8, 2]


def test_law_token_is_a_symbol_and_strategy_theology_urbanism_are_ongoing():
    g = scenario(tokens=(("law", "strategy", "theology", "urbanism"), ()))
    assert symbol_count(g, 0, "law") == 1
    assert g.shield_extra[0][g.t.color_index["red"]] == 1
    assert g.wonders_play_again[0]
    assert g.chain_triggers[0] == [cid(g, "urbanism")]
