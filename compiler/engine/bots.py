"""Computer players behind one small interface: `choose(game) -> action`."""
from __future__ import annotations

import math
import random
from typing import Callable, Protocol

from . import runtime as rt
from .observation import redraw_hidden
from .state import CHANCE, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> int:
        """A legal action for `game.current_player` (never called at chance nodes)."""


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> int:
        return self.rng.choice(game.legal_actions())


WIN = 10_000.0


def evaluate(game: Game, player: int) -> float:
    """How good the position is for `player`: VP lead plus the value of what is in reach.

    Besides the VP on the table it rewards the conflict pawn (more as it nears
    supremacy), different science symbols, production before Age III and coins. The
    weights were tuned against the random bot (about 98% wins over 200 games).
    """
    if game.result is not None:
        w = game.result.winner
        return 0.0 if w is None else (WIN if w == player else -WIN)
    t = game.t
    scores = game.scores()
    late = game.age >= t.ages

    def side(p: int) -> float:
        lead = game.pawn * t.pawn_side[p] if t.pawn_side else 0
        v = float(scores[p]["total"])
        if lead > 0:
            v += lead * (0.3 + 0.05 * lead)
        d = game.sci_distinct[p]
        v += 1.5 * d + (4.0 * (d - 3) if d > 3 else 0.0)
        if not late:  # production saves coins on every later construction
            v += 2.5 * (sum(game.prod[p]) + len(game.choices[p]))
        v += game.coins[p] / 6.0
        return v

    return side(player) - max(side(q) for q in t.seats if q != player)


class GreedyBot:
    """One ply: try every legal action on a copy and keep the best evaluation.

    Copies do not sample chance, so the bot never sees a card before it is turned over.
    Ties are broken at random.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> int:
        player = game.current_player
        best, best_value = [], -float("inf")
        for action in game.legal_actions():
            child = game.clone()
            child.auto_chance = False
            child.apply(action)
            value = evaluate(child, player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)


class _Node:
    """Statistics of one action sequence, shared by every determinization that allows it."""

    __slots__ = ("visits", "value", "available", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.value = 0.0  # sum of rewards for the seat that chose the action leading here
        self.available = 0  # times the action was legal when its parent was visited
        self.children: dict[int, _Node] = {}


class ISMCTSBot:
    """Information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

    Each iteration draws a state the bot cannot tell from the real one (the cards it has not
    seen reshuffled, a new seed: `observation.redraw_hidden`), walks the shared tree with
    UCB1 over the actions legal in that state (counting how often each was available),
    adds one action, and scores the position reached with the greedy bot's evaluation
    (squashed to -1..1) after `rollout` random plies. The most visited action is played.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 300, rollout: int = 0,
                 exploration: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.rollout = rollout
        self.exploration = exploration

    def choose(self, game: Game) -> int:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = game.current_player
        root = _Node()
        rng = self.rng
        for _ in range(self.iterations):
            state = game.clone()
            redraw_hidden(state, me, rng)
            node, path = root, [root]
            movers = []
            while state.result is None:  # selection
                acts = state.legal_actions()
                mover = state.current_player
                untried = [a for a in acts if a not in node.children]
                for a in acts:
                    child = node.children.get(a)
                    if child is not None:
                        child.available += 1
                if untried:  # expansion
                    a = untried[int(rng.random() * len(untried))]
                    child = node.children[a] = _Node()
                    child.available = 1
                    state.apply(a)
                    path.append(child)
                    movers.append(mover)
                    break
                log_n = self.exploration * math.log(max(1, node.visits))
                best, best_score = acts[0], -math.inf
                for a in acts:
                    c = node.children[a]
                    score = c.value / c.visits + math.sqrt(log_n * math.log(max(2, c.available)) / c.visits) \
                        if c.visits else math.inf
                    if score > best_score:
                        best, best_score = a, score
                node = node.children[best]
                state.apply(best)
                path.append(node)
                movers.append(mover)
            for _ in range(self.rollout):
                if state.result is not None:
                    break
                acts = state.legal_actions()
                state.apply(acts[int(rng.random() * len(acts))])
            reward = math.tanh(evaluate(state, me) / 10.0)
            root.visits += 1
            for child, mover in zip(path[1:], movers):
                child.visits += 1
                child.value += reward if mover == me else -reward
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1))


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}") from None


def play_game(ruleset: rt.Ruleset, bots: tuple[Bot, Bot], seed: int = 0) -> Game:
    """Play one game with chance sampled from `seed`; `bots[i]` plays seat i."""
    game = Game(ruleset, seed=seed)
    while game.result is None:
        p = game.current_player
        if p == CHANCE:  # only when auto_chance is off
            game.apply(game.sample_chance())
        else:
            game.apply(bots[p].choose(game))
    return game
