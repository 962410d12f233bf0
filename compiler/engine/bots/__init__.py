"""Computer players behind one small interface: `choose(game, seat, allowed) -> action`.

A bot is asked for one seat's action. At a decision one seat takes, that seat is
`game.current_player` (the default). At a decision several seats take at once (classic 7
Wonders: everyone picks a card), a table asks every seat of `game.choosing()` on the same
state, before any of them has chosen, and applies the answers together with
`game.apply_joint` (`play_game` does); a bot asked once some other seats have chosen does
not look at their hidden choices (`unchosen_view`).

The bots: `RandomBot` here, `GreedyBot` (`greedy`), `ISMCTSBot` (`ismcts`); `base` holds
what they share.
"""
from __future__ import annotations

import random
from typing import Callable, Collection, Sequence

from .. import runtime as rt
from ..state import CHANCE, Game
from .base import Bot, _legal, _restrict, is_simultaneous, unchosen_view
from .greedy import WIN, GreedyBot, ReferenceGreedyBot, evaluate, reference_evaluate, winning_seats
from .ismcts import ISMCTSBot


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int | None = None, allowed: Collection[int] | None = None) -> int:
        return self.rng.choice(_restrict(_legal(game, seat), allowed))


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}") from None


def new_game(ruleset: rt.Ruleset, seed: int = 0, players: int | None = None,
             auto_chance: bool = True) -> Game:
    """A game of `players` seats (default: the ruleset's own count)."""
    if players is None or players == ruleset.players:
        return Game(ruleset, seed=seed, auto_chance=auto_chance)
    return Game(ruleset, seed=seed, auto_chance=auto_chance, players=players)


def play_game(ruleset: rt.Ruleset, bots: Sequence[Bot], seed: int = 0) -> Game:
    """Play one game with chance sampled from `seed`; `bots[i]` plays seat i, and there are
    as many seats as bots. At a simultaneous decision every seat is asked on the same state
    and the choices are applied together."""
    return play_out(new_game(ruleset, seed, len(bots)), bots)


def play_out(game: Game, bots: Sequence[Bot], limit: int | None = None) -> Game:
    """Play `game` on from where it stands, in place, and return it: `bots[i]` plays seat i,
    chance is sampled from the seed (where the game does not sample it itself). Ends when the
    game does, or after `limit` decisions (then `game.is_terminal` is False)."""
    decisions = 0
    while game.result is None:
        if limit is not None and decisions >= limit:
            break
        decisions += 1
        p = game.current_player
        if p == CHANCE:  # only when auto_chance is off
            game.apply(game.sample_chance())
            continue
        seats = game.choosing()
        if len(seats) > 1:
            game.apply_joint({s: bots[s].choose(game, s) for s in seats})
        else:
            game.apply(bots[p].choose(game))
    return game


__all__ = [
    "BOTS", "WIN", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "ReferenceGreedyBot", "evaluate",
    "is_simultaneous", "make_bot", "new_game", "play_game", "play_out", "reference_evaluate",
    "unchosen_view", "winning_seats",
]
