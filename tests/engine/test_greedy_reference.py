"""The greedy bot makes the moves of its plain reference (`ReferenceGreedyBot`: every action
judged on a whole copy with `apply_joint` and `Game.scores()`), move by move over whole games,
and values every legal action of random positions exactly as the reference does."""
from __future__ import annotations

import functools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wondersmith.engine import load_ruleset
from wondersmith.engine.bots import (GreedyBot, ReferenceGreedyBot, evaluate, is_simultaneous, new_game,
                                     play_game, reference_evaluate, unchosen_view)
from wondersmith.engine.bots.base import _half_chosen
from wondersmith.engine.observation import redraw_hidden
from wondersmith.engine.scoring import totals

# (game, seats, seeds): Duel, Agora, classic at 3 and 7 seats, and classic's 2-player variant (whose
# Free City is played by a seat that has already chosen: a decision of its own).
TABLES = [("duel", 2, range(6)), ("agora", 2, range(2)), ("classic", 3, range(2)),
          ("classic", 7, range(1)), ("classic", 2, range(2))]


@functools.cache
def ruleset(game: str):
    return load_ruleset(game)


class Logged:
    """A bot that writes down every move it makes (and the `allowed` it was asked with)."""

    def __init__(self, bot, moves: list, bar_first: bool = False) -> None:
        self.bot, self.moves, self.bar_first = bot, moves, bar_first
        self.name = bot.name

    def choose(self, game, seat=None, allowed=None):
        if self.bar_first:  # as the lab's restriction asks: some legal actions left out
            mine = game.legal_actions() if seat is None else game.legal_actions_for(seat)
            allowed = mine[1:] or mine
        move = self.bot.choose(game, seat, allowed)
        self.moves.append((seat, move))
        return move


def moves_of(bot_class, game: str, seats: int, seed: int, bar_first: bool = False):
    moves: list = []
    bots = [Logged(bot_class(seats * seed + k), moves, bar_first) for k in range(seats)]
    played = play_game(ruleset(game), bots, seed=seed)
    return moves, played.history, played.result.as_dict()


def test_every_move_of_whole_games_is_the_references():
    for game, seats, seeds in TABLES:
        for seed in seeds:
            fast = moves_of(GreedyBot, game, seats, seed)
            assert len(fast[0]) > 20
            assert fast == moves_of(ReferenceGreedyBot, game, seats, seed), (game, seats, seed)


def test_every_move_is_the_references_when_some_actions_are_barred():
    for game, seats, seed in (("duel", 2, 11), ("classic", 3, 5), ("classic", 2, 4)):
        fast = moves_of(GreedyBot, game, seats, seed, bar_first=True)
        assert fast == moves_of(ReferenceGreedyBot, game, seats, seed, bar_first=True), (game, seats)


def values_of(bot, game, seat: int) -> list[float]:
    """What `bot.choose(game, seat)` values each legal action at, before it picks."""
    if is_simultaneous(game, seat):
        view = unchosen_view(game, seat)
        return bot._values_with_others(view, seat, view.legal_actions_for(seat))
    guesses = [game]
    if _half_chosen(game):
        guesses = []
        for _ in range(bot.samples):
            guess = game.clone()
            redraw_hidden(guess, seat, bot.rng)
            guesses.append(guess)
    return bot._values(guesses, seat, game.legal_actions())


@settings(max_examples=40, deadline=None)
@given(table=st.sampled_from([("duel", 2), ("agora", 2), ("classic", 3), ("classic", 4), ("classic", 7), ("classic", 2)]),
       seed=st.integers(0, 10_000), steps=st.integers(0, 150), bot_seed=st.integers(0, 2**32))
def test_each_legal_actions_value_is_the_references_in_random_positions(table, seed, steps, bot_seed):
    """A random position (random actions from a random deal), at a seat that chooses
    there, maybe after the seats before it: each legal action is valued alike, and the VP
    both read are alike."""
    game_name, seats = table
    rng = random.Random(seed)
    game = new_game(ruleset(game_name), seed, seats)
    for _ in range(steps):
        if game.is_terminal:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert totals(game) == [s["total"] for s in game.scores()]
    if game.is_terminal:
        assert [evaluate(game, p) for p in game.t.seats] == [reference_evaluate(game, p) for p in game.t.seats]
        return
    for seat in game.choosing():
        fast, reference = GreedyBot(bot_seed), ReferenceGreedyBot(bot_seed)
        assert values_of(fast, game, seat) == values_of(reference, game, seat)
        assert fast.rng.getstate() == reference.rng.getstate()  # the same draws, in the same order


def test_plays_of_the_same_outcome_are_tried_once(monkeypatch):
    """At a Duel turn the discards are one trial, and a Wonder one trial whatever card is
    tucked; every build is its own. (That they are worth the same is what the tests above
    check against the reference, which tries every action.)"""
    game = new_game(ruleset("duel"), 3)
    while game.current_player < 0 or len([a for a in game.legal_actions()
                                          if game.t.same_outcome.get(a, a) != a]) < 3:
        game.apply(random.Random(len(game.history)).choice(game.legal_actions()))
    t, legal = game.t, game.legal_actions()
    kinds = {t.same_outcome.get(a, a) for a in legal}
    discards = [a for a in legal if t.DISCARD <= a < t.DISCARD + t.NB]
    assert len(discards) >= 2 and {t.same_outcome[a] for a in discards} == {t.DISCARD}
    builds = [a for a in legal if t.BUILD <= a < t.BUILD + t.NB]
    assert all(t.same_outcome.get(a, a) == a for a in builds)
    trials = []
    real = type(game).apply_legal
    monkeypatch.setattr(type(game), "apply_legal", lambda g, a: (trials.append(a), real(g, a)))
    GreedyBot(0).choose(game)
    assert len(trials) == len(kinds) < len(legal)
