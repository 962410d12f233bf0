"""The ISMCTS bot's budget: it stops searching once the move is decided, and that saves time
without changing a single move (Duel, classic at three seats, the 2-player variant)."""
from __future__ import annotations

import pytest

from wondersmith.engine import load_ruleset
from wondersmith.engine.bots import GreedyBot, ISMCTSBot, new_game, play_out
from wondersmith.engine.bots import ismcts
from wondersmith.engine.bots.ismcts import _decided, _Node
from engine_helpers import RULESET, scenario


def _root(*visits: int) -> _Node:
    root = _Node()
    root.children = {}
    for action, count in enumerate(visits):
        root.children[action] = child = _Node()
        child.visits = count
    return root


def test_a_move_is_decided_once_the_runner_up_cannot_catch_up():
    assert _decided(_root(10, 4, 1), remaining=5)
    assert not _decided(_root(10, 5, 1), remaining=5)  # it could draw level
    assert not _decided(_root(7, 7), remaining=0)  # a tie is settled by the means, not here
    assert _decided(_root(3), remaining=2)  # one action searched so far, leading by more
    assert not _decided(_Node(), remaining=0)  # nothing searched yet


class _Counting(ISMCTSBot):
    """An ISMCTS bot that writes down its moves."""

    def __init__(self, seed: int, iterations: int, moves: list) -> None:
        super().__init__(seed, iterations=iterations)
        self.moves = moves

    def choose(self, game, seat=None, allowed=None):
        move = super().choose(game, seat, allowed)
        self.moves.append(move)
        return move


def _games():
    classic = load_ruleset("classic")
    return [("duel", lambda: new_game(RULESET, 5)),
            ("classic, 3 seats", lambda: new_game(classic, 1, 3)),
            ("classic, 2-player variant", lambda: new_game(classic, 2, 2))]


@pytest.mark.parametrize("name,start", _games(), ids=[name for name, _ in _games()])
def test_stopping_early_plays_the_moves_of_the_whole_budget(name, start, monkeypatch):
    """The same seeds with the stop and without it: the same games, move for move, and the
    stop did cut some searches short."""
    def play(stop: bool) -> tuple[list, int]:
        saved = [0]  # iterations left unspent

        def decided(root, remaining):
            done = _decided(root, remaining)
            if done and stop:
                saved[0] += remaining
            return done and stop

        monkeypatch.setattr(ismcts, "_decided", decided)
        game = start()
        moves: list = []
        seats = len(game.t.seats)
        bots = [_Counting(seat, 12, moves) if seat == 0 else GreedyBot(seat) for seat in range(seats)]
        play_out(game, bots)
        assert game.is_terminal
        return game.history, saved[0]

    stopped, saved = play(stop=True)
    whole, none_saved = play(stop=False)
    assert stopped == whole
    assert saved > 0 and none_saved == 0


def test_a_moves_search_does_not_shift_the_next_moves_draws():
    """Each move draws one seed from the bot's stream, however long it searched: two bots of
    one seed are in step after a move whatever their budgets."""
    g = scenario(["baths", "altar", "lumber_yard"])
    short, long = ISMCTSBot(4, iterations=3), ISMCTSBot(4, iterations=40)
    short.choose(g)
    long.choose(g)
    assert short.rng.getstate() == long.rng.getstate()


def test_an_immediate_win_is_decided_before_the_budget_is_spent(monkeypatch):
    """Taking the last military step wins at once: the winning action leads from the start and
    the search stops before its 200 iterations (exploration still tries the others a while)."""
    remaining_at_stop = []

    def decided(root, remaining):
        done = _decided(root, remaining)
        if done:
            remaining_at_stop.append(remaining)
        return done

    monkeypatch.setattr(ismcts, "_decided", decided)
    g = scenario(["baths"], wonders=(("the_colossus",), ()), pawn=7, filler=None)
    assert g.action_to_text(ISMCTSBot(0, iterations=200).choose(g)) == "wonder The Colossus with Baths"
    assert remaining_at_stop and remaining_at_stop[0] > 0
