"""The ISMCTS bot judges plays of the same outcome once (`Tables.same_outcome`: the discards,
a Wonder with any card tucked): the same games, move for move, as judging every play, with
fewer judgements. In Duel and Agora a judgement draws nothing at random, so the games must
be identical."""
from __future__ import annotations

import pytest

from wondersmith.engine import load_ruleset
from wondersmith.engine.bots import GreedyBot, ISMCTSBot, new_game, play_out


class _CountingJudge(ISMCTSBot):
    def __init__(self, seed: int, judged: list) -> None:
        super().__init__(seed, iterations=25)
        self.judged = judged

    def _judge(self, state, action, mover, rng):
        self.judged[0] += 1
        return super()._judge(state, action, mover, rng)


@pytest.mark.parametrize("game_name,seed", [("duel", 3), ("duel", 8), ("agora", 4)])
def test_plays_of_the_same_outcome_are_judged_once_and_change_no_move(game_name, seed, monkeypatch):
    ruleset = load_ruleset(game_name)

    def play() -> tuple[list[int], int]:
        judged = [0]
        game = new_game(ruleset, seed)
        play_out(game, [_CountingJudge(seed, judged), GreedyBot(seed + 1)])
        assert game.is_terminal
        return game.history, judged[0]

    once, judged_once = play()
    tables = new_game(ruleset, seed).t
    assert tables.same_outcome  # the discards and the Wonders are declared
    monkeypatch.setattr(tables, "same_outcome", {})  # every play judged on its own
    every, judged_every = play()
    assert once == every
    assert judged_once < 0.8 * judged_every
