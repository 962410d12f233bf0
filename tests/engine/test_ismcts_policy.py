"""The ISMCTS bot's tree policy: the exploration bonus is shared out by the evaluation's prior
(PUCT), so the search spends its visits on the actions judged near the best."""
from __future__ import annotations

import math
import random

import pytest

from wondersmith.engine import Game
from wondersmith.engine.bots import GreedyBot, ISMCTSBot
from wondersmith.engine.bots import ismcts
from wondersmith.engine.bots.ismcts import _decided, _Node, _select
from engine_helpers import RULESET, scenario


def _children(bot: ISMCTSBot, *priors: float) -> dict[int, _Node]:
    return {action: bot._child(prior) for action, prior in enumerate(priors)}


def test_a_childs_weight_is_its_priors_softmax_numerator():
    bot = ISMCTSBot(0, temperature=0.1)
    children = _children(bot, 1.0, 0.9, -1.0)
    assert children[0].weight == 1.0
    assert children[1].weight / children[0].weight == pytest.approx(math.exp(-1.0))  # 0.1 lower: e^-1
    assert 0.0 < children[2].weight < 1e-8  # a blunder's bonus is all but none


def test_the_bonus_goes_to_the_better_prior_until_its_visits_outweigh_it():
    bot = ISMCTSBot(0)
    children = _children(bot, 0.3, 0.25)
    for child in children.values():  # both searched alike, to the same mean: only the bonus differs
        child.visits, child.value, child.prior = 4, 1.2, 0.3
    assert _select(children, [0, 1], exploration=1.0, prior_weight=2.0) == 0
    assert [child.available for child in children.values()] == [1, 1]  # each counted available
    children[0].visits, children[0].value = 40, 12.0  # the favourite, searched ten times as much
    assert _select(children, [0, 1], exploration=1.0, prior_weight=2.0) == 1


def test_only_the_actions_legal_in_the_draw_share_the_bonus():
    bot = ISMCTSBot(0)
    children = _children(bot, 0.9, 0.2, 0.1)
    assert _select(children, [1, 2], exploration=1.0, prior_weight=2.0) == 1
    assert children[0].available == 0


def _root_visits(monkeypatch, game, bot: ISMCTSBot) -> tuple[int, dict[int, _Node]]:
    """The move `bot` chooses and its search's root (the last one `_decided` was shown)."""
    roots = []

    def decided(root, remaining):
        roots.append(root)
        return _decided(root, remaining)

    monkeypatch.setattr(ismcts, "_decided", decided)
    move = bot.choose(game)
    return move, roots[-1].children


@pytest.mark.parametrize("seed", range(2))
def test_the_search_spends_few_visits_on_actions_judged_far_below_the_best(monkeypatch, seed):
    """A turn of Age II after random play: an action the evaluation judges well below the
    best (a discard where a build is in reach, say) gets under 5 % of the 200 iterations,
    even where the search finds its mean reward close to the best one's. (A bonus spread
    evenly, UCB, visited such actions about as often as the others.)"""
    game = Game(RULESET, seed=seed)
    rng = random.Random(seed)
    while game.decision != "play" or game.age < 2:
        game.apply(rng.choice(game.legal_actions()))
    _, children = _root_visits(monkeypatch, game, ISMCTSBot(3, iterations=200))
    best_prior = max(child.prior for child in children.values())
    visits = sum(child.visits for child in children.values())
    far = [child for child in children.values() if child.prior < best_prior - 0.25]
    assert far and visits > 100
    assert all(child.visits < 0.05 * visits for child in far)


def test_with_one_iteration_the_move_is_the_greedy_bots():
    """No iteration but the expansion: the most visited action is the best judged one, the
    greedy bot's choice (which breaks no tie here)."""
    game = scenario(["lumber_yard", "stone_pit", "baths"], filler="altar")
    assert ISMCTSBot(5, iterations=1).choose(game) == GreedyBot(5).choose(game)


@pytest.mark.parametrize("setting", [{"iterations": 0}, {"scale": 0.0}, {"temperature": 0.0},
                                     {"temperature": -0.1}, {"temperature": float("nan")}])
def test_settings_that_cannot_search_are_refused_with_a_message(setting):
    with pytest.raises(ValueError, match="ISMCTSBot: iterations must be at least 1"):
        ISMCTSBot(0, **setting)
