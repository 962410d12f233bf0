"""Neighbour trading's fast paths agree with its reference search (neighbour_trade).

The legal plays read each seat's offers from markets kept up to date as cities grow
(neighbour_trade/market.py) and from memos shared per ruleset; `payment_options` runs the reference
search (`_splits`: every split of the missing units between the two sellers). Over random
games at 3, 5 and 7 players, at every decision, for every card of the deciding seat's hand
and its next Wonder stage, both must offer the same Pareto-minimal payments, and the markets
kept up to date must equal markets rebuilt from the cities.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wondersmith.engine import Game, load_ruleset  # noqa: E402
from wondersmith.engine.mechanics import neighbour_trade  # noqa: E402
from classic_helpers import position, ruleset  # noqa: E402


def _reference(g: Game, p: int, comp: int) -> tuple:
    t = g.t
    P = t.pay_levels
    return tuple((t.coin_cost[comp] + left + right, left * P + right)
                 for left, right in sorted(g._splits(p, comp)))


def _market_state(g: Game) -> tuple:
    m = g._markets()
    return m.sells, m.prices, m.own, m.coupled, m.codes


def _decisions(players: int, games: int, seed: int):
    rng = random.Random(seed)
    for i in range(games):
        g = Game(ruleset(), seed=seed + i, players=players)
        while g.result is None:
            if g.decision == "choose":
                yield g, g.stack[-1][1]
            g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("players", [3, 5, 7])
def test_offers_and_payments_match_the_reference_search(players):
    checked = 0
    for g, p in _decisions(players, 4, 100 * players):
        comps = sorted(set(g.hands[p]))
        stage = g._next_stage(p)
        comps += [stage] if stage >= 0 else []
        for comp in comps:
            expected = _reference(g, p, comp)
            assert g._offers(p, comp, [None] * len(g.t.costs)) == expected, g.t.ids[comp]
            assert g._payments(p, comp) == tuple(sorted(g._splits(p, comp)))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [3, 7])
def test_markets_kept_up_to_date_equal_markets_rebuilt_from_the_cities(players):
    for g, _ in _decisions(players, 2, 7 * players):
        kept = _market_state(g)
        rebuilt = g.clone()
        rebuilt._trade_changed()
        assert _market_state(rebuilt) == kept


def test_a_clone_shares_offers_until_its_market_changes():
    g = position(3, boards={0: ("gizah", "a"), 1: ("rhodos", "a"), 2: ("babylon", "a")},
                 hands={0: ["baths", "altar"], 1: ["lumber_yard", "theater"], 2: ["stockade", "loom"]})
    g.legal_actions_for(0)
    clone = g.clone()
    assert clone.offers[0] is g.offers[0]
    for seat, text in ((0, "discard Altar"), (1, "build Lumber Yard"), (2, "discard Stockade")):
        clone.apply_text(text)
    # Rhodos's neighbour Gizah (seat 0) now buys wood from it: its offers were blanked.
    assert clone.offers[0] is not g.offers[0]
    assert g._offers(0, g.component("baths"), [None] * len(g.t.costs)) == \
        _reference(g, 0, g.component("baths"))


def test_the_shared_memo_of_lines_stays_bounded(monkeypatch):
    monkeypatch.setattr(neighbour_trade, "LINES_LIMIT", 8)
    t = Game(ruleset(), seed=1, players=5).t
    t.lines_memo.clear()
    sizes = [len(t.lines_memo) for _ in _decisions(5, 3, 3)]
    assert max(sizes) == 8  # filled up to the limit, never past it
    assert any(later < size for size, later in zip(sizes, sizes[1:]))  # emptied when full


def test_prices_a_copy_works_out_while_the_markets_wait_are_forgotten_when_a_city_grows():
    """After a build from the discard pile (Halikarnassos) the game rebuilds its markets when
    next needed (`_trade_changed`); meanwhile bots price plays on copies, which share the
    price lists. The turn's changes must still make the game forget those prices."""
    rules = load_ruleset("classic")
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(rules, seed=seed, players=3 + seed % 5)
        while game.result is None:
            seats = game.choosing()
            for q in seats:
                game.legal_actions_for(q)
            game._trade_changed()  # as after a build from the discard pile
            view = game.clone()  # a bot's copy prices the plays
            joint = {q: rng.choice(view.legal_actions_for(q)) for q in seats}
            if len(seats) > 1:
                game.apply_joint(joint)
            else:
                game.apply(joint[seats[0]])
            if game.result is None:
                fresh = type(game).from_json(rules, game.to_json())
                for q in game.choosing():
                    assert game.legal_actions_for(q) == fresh.legal_actions_for(q), (seed, q)
                    checked += 1
    assert checked > 1000


def test_games_dealt_the_same_boards_share_markets_and_offers_until_their_cities_grow():
    """Once the boards are dealt, a seat's market and offers come from a memo per ruleset
    (`_dealt_markets`): games dealt the same boards share them, and what one game prices or
    changes never shows in the other's legal plays."""
    rules = ruleset()
    first, second = Game(rules, seed=11, players=4), Game(rules, seed=11, players=4)
    assert first.boards == second.boards
    assert all(a is b for a, b in zip(first.offers, second.offers))
    assert _market_state(first) == _market_state(second)
    rng = random.Random(5)
    for game in (first, second):  # different plays from the same deal
        for _ in range(9):  # into Age II
            for q in game.choosing():
                game.legal_actions_for(q)  # priced into the lists the games share
            game.apply_joint({q: rng.choice(game.legal_actions_for(q)) for q in game.choosing()})
        fresh = type(game).from_json(rules, game.to_json())
        for q in game.choosing():
            assert game.legal_actions_for(q) == fresh.legal_actions_for(q)
    assert not any(a is b for a, b in zip(first.offers, second.offers))
