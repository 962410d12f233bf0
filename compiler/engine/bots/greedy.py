"""The greedy bot: one ply, every legal action tried and judged by `evaluate`; and the
evaluation itself, which the ISMCTS bot uses as its prior."""
from __future__ import annotations

import math
import random
from typing import Callable, Collection, Sequence, TypeVar

from .. import mechanics
from ..observation import redraw_hidden
from ..scoring import totals
from ..state import Game
from .base import _half_chosen, _restrict, is_simultaneous, unchosen_view


WIN = 10_000.0
V = TypeVar("V")  # what `once_per_outcome` computes per action


def winning_seats(game: Game) -> tuple[int, ...]:
    """The seats that won a finished game: the winner, or every seat that shares the victory
    (`Result.winners`, decided with the game's tie-break where the result is made)."""
    return game.result.winners


def evaluate(game: Game, player: int) -> float:
    """How good the position is for `player`: VP lead plus the value of what is in reach.

    Besides the VP on the table it rewards the conflict pawn (more as it nears
    supremacy), different science symbols, production before Age III and coins; and what
    each mechanic of the game adds (`mechanic_terms`: Agora's Senate, its nearness to
    supremacy in the Senate, Agora's fourth way to win). The weights were tuned against the
    random bot (about 98% wins over 200 games).
    """
    return _judge(game, player, totals)


def reference_evaluate(game: Game, player: int) -> float:
    """`evaluate` as first written, the VP read from `Game.scores()` (every category of every
    seat, and who would win): the oracle `evaluate` is tested against."""
    return _judge(game, player, lambda g: [s["total"] for s in g.scores()])


def _judge(game: Game, player: int, vp_of: Callable[[Game], Sequence[int]]) -> float:
    if game.result is not None:
        won = winning_seats(game)
        if player not in won:
            return -WIN
        return WIN if len(won) == 1 else 0.0  # a shared victory is even for those sharing it
    t = game.t
    vp = vp_of(game)
    late = game.age >= t.ages
    pawn_side = t.pawn_side if "military_track" in type(game).MECHANICS else None  # a pawn to lead with
    terms = _TERMS.get(type(game))
    if terms is None:
        terms = _TERMS[type(game)] = mechanic_terms(type(game))
    more = [term(game, WIN) for term in terms] if terms else None  # each seat's, per mechanic
    sci_distinct, prod, choices, coins = game.sci_distinct, game.prod, game.choices, game.coins
    mine = best_other = -math.inf
    for p in t.seats:  # each seat's side, in one loop: this runs once a trial
        v = float(vp[p])
        if pawn_side is not None:
            lead = game.pawn * pawn_side[p]
            if lead > 0:
                v += lead * (0.3 + 0.05 * lead)
        if more:
            for values in more:
                v += values[p]
        d = sci_distinct[p]
        v += 1.5 * d + (4.0 * (d - 3) if d > 3 else 0.0)
        if not late:  # production saves coins on every later construction
            v += 2.5 * (sum(prod[p]) + len(choices[p]))
        v += coins[p] / 6.0
        if p == player:
            mine = v
        elif v > best_other:
            best_other = v
    return mine - best_other


_TERMS: dict[type, tuple] = {}  # mechanic_terms of each game class, looked up once a trial


def mechanic_terms(game_class: type) -> tuple[Callable[[Game, float], Sequence[float]], ...]:
    """The evaluation terms the mechanics of a game class declare (`EVALUATION` in a
    mechanic's module: `term(game, win)` gives each seat's value beyond the VP the scores
    count, `win` being what a won game is worth here). Duel and classic have none."""
    return tuple(term for name in game_class.MECHANICS
                 if (term := getattr(mechanics.module(name), "EVALUATION", None)))


def once_per_outcome(game: Game, legal: Sequence[int], value_of: Callable[[int], V]) -> list[V]:
    """`value_of` each action of `legal`, computed once for each set of plays of the same
    outcome (`Tables.same_outcome`: the discards, a Wonder with any card tucked), which are
    worth the same; computed in the order of `legal`, for the first action of each set."""
    same_outcome = game.t.same_outcome
    known: dict[int, V] = {}
    values = []
    for action in legal:
        kind = same_outcome.get(action, action)
        value = known.get(kind)
        if value is None:
            value = known[kind] = value_of(action)
        values.append(value)
    return values


class GreedyBot:
    """One ply: try every legal action on a copy and keep the best evaluation (`evaluate`:
    VP, the pawn's nearness to military supremacy, science, production, coins and, in Agora,
    the nearness of supremacy in the Senate).

    Copies do not sample chance, so the bot never sees a card before it is turned over; an
    action is tried with `apply_legal` (it is legal: not checked again, and the actions of
    the decision after it are not listed, since the copy is only judged).
    Ties are broken at random. At a simultaneous decision the other seats' choices are
    unknown: each action is tried against `samples` guesses of them, each a uniformly random
    legal choice of every other seat in a state drawn to agree with what the bot sees
    (`redraw_hidden`: their hands are not its to read), and the mean evaluation counts.

    `ReferenceGreedyBot` is the same bot written the plain way: the oracle its moves and
    values are tested against (tests/engine/test_greedy_reference.py).
    """

    name = "greedy"
    samples = 2
    judge = staticmethod(evaluate)  # what a trial's position is worth to the bot

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int | None = None, allowed: Collection[int] | None = None) -> int:
        player = game.current_player if seat is None else seat
        if is_simultaneous(game, player):
            view = unchosen_view(game, player)
            legal = _restrict(view.legal_actions_for(player), allowed)
            if len(legal) == 1:
                return legal[0]
            return self._best(legal, self._values_with_others(view, player, legal))
        guesses = [game]
        if _half_chosen(game):  # for another city: judge on states that redraw hidden choices
            guesses = []
            for _ in range(self.samples):
                guess = game.clone()
                redraw_hidden(guess, player, self.rng)
                guesses.append(guess)
        legal = _restrict(game.legal_actions(), allowed)
        return self._best(legal, self._values(guesses, player, legal))

    def _best(self, legal: list[int], values: list[float]) -> int:
        """The action of the highest value; ties (within 1e-9) broken at random."""
        best, best_value = [], -float("inf")
        for action, value in zip(legal, values):
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _values(self, guesses: list[Game], player: int, legal: list[int]) -> list[float]:
        """Each action's evaluation for `player`, summed over `guesses` (each tried on a
        copy, chance left unsampled). Plays of the same outcome (`Tables.same_outcome`: the
        discards, a Wonder with any tucked card) are tried once."""
        def value_of(action: int) -> float:
            value = 0.0
            for guess in guesses:
                child = guess.clone()
                child.auto_chance = False
                child.apply_legal(action)
                value += self.judge(child, player)
            return value
        return once_per_outcome(guesses[0], legal, value_of)

    def _guesses(self, view: Game, player: int) -> list[tuple[Game, dict[int, int]]]:
        """`samples` guesses of the state and of the other seats' choices, drawn with the
        bot's rng: the hidden cards redrawn, then each other seat's choice, in seat order."""
        guesses = []
        for _ in range(self.samples):
            guess = view.clone()
            redraw_hidden(guess, player, self.rng)
            guess.auto_chance = False
            others = {q: self.rng.choice(guess.legal_actions_for(q))
                      for q in guess.choosing() if q != player}
            guesses.append((guess, others))
        return guesses

    def _values_with_others(self, view: Game, player: int, legal: list[int]) -> list[float]:
        """Each action's mean evaluation for `player` over the guesses of the others' choices.

        A joint action is applied seat by seat in seat order (as `apply_joint` does), so the
        seats before the bot's choose the same whatever it does: their actions are applied
        once a guess, not once an action. Every action was drawn from its seat's legal ones,
        so `apply_joint`'s check of them all is left out (`apply` still checks each). Plays
        of the same outcome are tried once, as in `_values`."""
        trials = []
        for guess, others in self._guesses(view, player):
            for q in sorted(others):
                if q < player:
                    guess.apply_legal(others[q])
            trials.append((guess, [others[q] for q in sorted(others) if q > player]))
        def value_of(action: int) -> float:
            value = 0.0
            for guess, later in trials:
                child = guess.clone()
                child.apply_legal(action)
                for other in later:
                    child.apply_legal(other)
                value += self.judge(child, player)
            return value / len(trials)
        return once_per_outcome(view, legal, value_of)


class ReferenceGreedyBot(GreedyBot):
    """`GreedyBot` as first written, the slow oracle of its moves: each action applied with
    `apply` (checked) on a copy, a joint action whole with `apply_joint` (which checks every
    seat's action) on a copy of the guess, the VP read from `Game.scores()`
    (`reference_evaluate`). It draws the same random numbers in the same order, so it makes
    the same moves."""

    name = "greedy-reference"
    judge = staticmethod(reference_evaluate)

    def _values(self, guesses: list[Game], player: int, legal: list[int]) -> list[float]:
        values = []
        for action in legal:
            value = 0.0
            for guess in guesses:
                child = guess.clone()
                child.auto_chance = False
                child.apply(action)  # checked, and the next decision's actions listed
                value += self.judge(child, player)
            values.append(value)
        return values

    def _values_with_others(self, view: Game, player: int, legal: list[int]) -> list[float]:
        guesses = self._guesses(view, player)
        values = []
        for action in legal:
            value = 0.0
            for guess, others in guesses:
                child = guess.clone()
                child.apply_joint({**others, player: action})
                value += self.judge(child, player)
            values.append(value / len(guesses))
        return values
