"""A loaded state is refused when a component is in a zone it can never be in (issue 26,
item 6): each of these was accepted before and crashed a later phase (final scoring, a
search's redraw, `sample_state`)."""
from __future__ import annotations

import random

import pytest

from wondersmith.engine import Game, StateFormatError, load_ruleset
from wondersmith.engine.bots import ISMCTSBot, play_out

DUEL = load_ruleset("duel")
CLASSIC = load_ruleset("classic")


def _duel_age_one() -> dict:
    g = Game(DUEL, seed=3)
    rng = random.Random(0)
    while g.age < 1 or g.decision != "play":
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def _classic(players: int, age: int) -> dict:
    g = Game(CLASSIC, seed=1, players=players)
    rng = random.Random(0)
    while g.age < age or g.decision != "choose":
        g.apply_joint({s: rng.choice(g.legal_actions_for(s)) for s in g.choosing()})
    return g.to_json()


def _refused(ruleset, data: dict, match: str) -> None:
    with pytest.raises(StateFormatError, match=match):
        Game.from_json(ruleset, data)


@pytest.mark.parametrize("component", ["alexandria_a_1", "alexandria", "baths"])
def test_a_classic_city_holds_only_progress_tokens_in_tokens(component):
    """A Wonder stage or a board in `tokens` made final scoring raise KeyError."""
    data = _classic(3, 1)
    data["players"][0]["tokens"] = [component]
    _refused(CLASSIC, data, rf"players\[0\]\.tokens\[0\]: unknown progress token '{component}'")


def test_a_guild_is_never_left_out_of_an_age():
    """A guild among Age I's left-out cards made `sample_state` (and so ISMCTS) raise."""
    data = _duel_age_one()
    data["left_out"][0][0] = "builders_guild"
    _refused(DUEL, data, r"left_out\[0\]: 'builders_guild' is a guild; only cards of Age 1")


def test_the_cards_left_out_of_an_age_are_that_ages():
    data = _duel_age_one()
    data["left_out"][0][0] = "brickyard"  # an Age II card
    _refused(DUEL, data, r"left_out\[0\]: 'brickyard' is a card of Age 2, not of Age 1")


def test_the_deck_holds_the_current_ages_cards():
    data = _duel_age_one()
    data["pool"].append("senate")
    _refused(DUEL, data, r"pool: 'senate' is a card of Age 3, not of Age 1")
    data = _duel_age_one()
    data["pool"].append("builders_guild")  # a guild before the Age that draws the guilds
    _refused(DUEL, data, r"pool: 'builders_guild' is a card of Age 3, not of Age 1")


@pytest.mark.parametrize("players", [2, 3])
def test_the_classic_guild_pool_holds_only_guilds(players):
    """An Age II card in the box of guilds was accepted, and a search's redraw dealt it to a
    hand as if it were a guild."""
    data = _classic(players, 3)
    data["guild_pool"].append("excavation")
    _refused(CLASSIC, data, "guild_pool: 'excavation' is not a guild")


def test_a_classic_hand_holds_cards_of_the_ages_started():
    data = _classic(3, 2)
    data["mechanics"]["hand_draft"]["hands"][1][0] = "senate"  # an Age III card
    _refused(CLASSIC, data, r"hands\[1\]: 'senate' is a card of Age 3, which has not started")
    data["mechanics"]["hand_draft"]["hands"][1][0] = "scientists_guild"
    _refused(CLASSIC, data, r"hands\[1\]: 'scientists_guild' is a card of Age 3")


def test_a_state_accepted_is_played_to_the_end_by_the_search():
    """The Age I state above, unmutated: ISMCTS (which redraws the hidden cards) plays it out."""
    g = Game.from_json(DUEL, _duel_age_one())
    for p in g.t.seats:
        g.sample_state(p, random.Random(p))
    assert play_out(g, [ISMCTSBot(s, iterations=3) for s in g.t.seats]).is_terminal


@pytest.mark.parametrize("players", [2, 3])
def test_the_box_of_guilds_holds_each_guild_once(players):
    """A guild listed twice in `guild_pool` was accepted (classic's copies are counted per
    card, but no deck holds two of a guild), and a search's redraw dealt the second copy into
    a hand, which `sample_state` then refused (found by the extended state fuzzer)."""
    data = _classic(players, 3)
    data["guild_pool"].append(data["guild_pool"][0])
    _refused(CLASSIC, data, rf"guild_pool: '{data['guild_pool'][0]}' is listed twice")
