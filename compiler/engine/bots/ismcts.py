"""The ISMCTS bot: information-set Monte Carlo tree search over the greedy bot's evaluation."""
from __future__ import annotations

import math
import random
from typing import Collection

from ..observation import redraw_hidden
from ..state import Game
from .base import _half_chosen, _restrict, is_simultaneous, unchosen_view
from .greedy import evaluate, once_per_outcome


class _Node:
    """Statistics of one action sequence, shared by every determinization that allows it."""

    __slots__ = ("visits", "value", "available", "prior", "weight", "children", "grown_by_one")

    def __init__(self, prior: float | None = 0.0, weight: float = 1.0) -> None:
        self.visits = 0
        self.value = 0.0  # sum of rewards for the seat that chose the action leading here
        self.available = 0  # times the action was legal when its parent was visited
        self.prior = prior  # the chooser's judgement of the position right after the action
        self.weight = weight  # its share of the exploration bonus, before normalising
        self.children: dict[int, _Node] | None = None  # None until the node is expanded
        self.grown_by_one = False  # its children are added one a visit, without a prior

    def mean(self, prior_weight: float) -> float:
        """The mean reward, the prior counted as `prior_weight` visits."""
        if self.prior is None:
            return self.value / self.visits if self.visits else 0.0
        if not self.visits and not prior_weight:
            return self.prior
        return (self.value + prior_weight * self.prior) / (self.visits + prior_weight)


class ISMCTSBot:
    """Information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

    Each iteration draws a state the bot cannot tell from the real one (the cards it has not
    seen reshuffled, a new seed: `observation.redraw_hidden`) and walks the tree shared by
    all draws. The first visit of a node expands it whole: every action of the seat to move
    is tried on a copy and judged with the greedy bot's evaluation, squashed to -1..1 by
    tanh(value / `scale`) (plays of the same outcome, `Tables.same_outcome`, judged once,
    as the greedy bot does). That judgement is the action's prior, counted as
    `prior_weight` visits in its mean, and the node is worth what its mover's best action
    makes it (a one-ply look further than the evaluation alone). Among the actions legal in
    the draw, the walk takes the best mean reward plus an exploration bonus shared out by
    the prior (PUCT, as AlphaZero's, over the actions available: `_select`): `exploration`
    * P * sqrt(times available) / (visits + 1), P the softmax of the priors at
    `temperature`. So the visits go to the few actions the evaluation rates near the best,
    and their lines are searched deeper, where a bonus spread evenly (UCB) visited every
    action about alike, clear blunders too, since the priors differ little once squashed
    (issue 28, benchmarks/README.md). One iteration plays the greedy bot's choice, and more
    look at the replies to it. The most visited action is played (ties: the better mean);
    the search stops as soon as no other action can overtake it in the iterations left,
    which plays the move the whole budget would. A move's draws come from a seed it takes
    from the bot's own stream, so how long one move searched does not change the next
    one's draws.

    At a simultaneous decision the search starts where no other seat has chosen
    (`unchosen_view`); in each iteration the seats the engine asks before the bot choose at
    random in the drawn state, then the bot's choice is the root. The seats asked after it
    are searched like any later decision, so their statistics are kept per choice of the
    bot's (the usual approximation of information-set search with simultaneous moves), and
    a position is judged once the turn has resolved (the choices still missing drawn at
    random). Such a judgement rests on one guess of the others' choices, so a node of a
    simultaneous decision is not expanded whole: it gains one action an iteration, with no
    prior, judged on a guess of its own, and the bonus is shared evenly there. Every seat
    other than the bot plays against it: the reward it backs up is the bot's, negated.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 200, exploration: float = 1.0,
                 scale: float = 10.0, prior_weight: float = 2.0, temperature: float = 0.1) -> None:
        if not (iterations >= 1 and scale > 0 and temperature > 0):  # each divides or loops
            raise ValueError("ISMCTSBot: iterations must be at least 1, scale and temperature above 0; got "
                             f"iterations={iterations!r}, scale={scale!r}, temperature={temperature!r}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.scale = scale
        self.prior_weight = prior_weight
        self.temperature = temperature  # of the priors' softmax: a prior 0.1 lower, e^-1 the bonus

    def _child(self, prior: float) -> _Node:
        """A node for an action judged `prior`: its weight exp((prior - 1) / temperature),
        a softmax numerator kept below 1 (a prior is at most 1)."""
        return _Node(prior, math.exp((prior - 1.0) / self.temperature))

    def _after(self, state: Game, action: int, rng: random.Random) -> Game:
        """A copy of `state` with `action` played and the turn resolved: a simultaneous
        decision's missing choices are drawn at random before a position is judged."""
        child = state.clone()
        child.auto_chance = False  # only judged: the cards it would turn over count for nothing
        child.apply_legal(action)  # a legal action of `state`: not checked again
        while _half_chosen(child):
            acts = child.legal_actions()
            child.apply_legal(acts[int(rng.random() * len(acts))])
        return child

    def _judge(self, state: Game, action: int, mover: int, rng: random.Random) -> tuple[float, Game]:
        """How good `action` is for `mover`, in -1..1, and the position it leads to."""
        child = self._after(state, action, rng)
        return math.tanh(evaluate(child, mover) / self.scale), child

    def _prior(self, state: Game, action: int, mover: int, rng: random.Random,
               siblings: dict[int, _Node]) -> float:
        """The judgement of `action`, newly legal at a node already expanded: a sibling's of
        the same outcome if it has one (`Tables.same_outcome`), else judged now."""
        same_outcome = state.t.same_outcome
        kind = same_outcome.get(action)
        if kind is not None:
            for other, node in siblings.items():
                if node.prior is not None and same_outcome.get(other) == kind:
                    return node.prior
        return self._judge(state, action, mover, rng)[0]

    def choose(self, game: Game, seat: int | None = None, allowed: Collection[int] | None = None) -> int:
        me = game.current_player if seat is None else seat
        simultaneous = is_simultaneous(game, me)
        if simultaneous:
            game = unchosen_view(game, me)
            legal = _restrict(game.legal_actions_for(me), allowed)
        else:
            legal = _restrict(game.legal_actions(), allowed)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        # One draw of the bot's own stream a move: the search's draws come from it, so a move
        # does not change the next ones' draws however many iterations it ran.
        rng = random.Random(self.rng.getrandbits(64))
        c = self.exploration
        w = self.prior_weight
        two = len(game.t.seats) == 2
        for done in range(self.iterations):
            if done and _decided(root, self.iterations - done):
                break
            state = game.clone()
            redraw_hidden(state, me, rng)
            while simultaneous and state.current_player != me:  # seats asked before the bot
                acts = state.legal_actions()
                state.apply(acts[int(rng.random() * len(acts))])
            # The bot's own choices depend on nothing it cannot see: the same in every draw.
            state._legal = legal
            node = root
            path: list[tuple[_Node, int]] = []
            while True:
                if state.result is not None:
                    reward = math.tanh(evaluate(state, me) / self.scale)
                    break
                acts = state.legal_actions()
                mover = state.current_player
                children = node.children
                if children is None and is_simultaneous(state, mover):
                    children = node.children = {}  # grown one action a visit, below
                    node.grown_by_one = True
                if children is None:  # expansion: judge every action the mover has here
                    children = node.children = {}
                    best, best_state = -math.inf, None
                    # Plays of the same outcome (the discards, a Wonder with any card
                    # tucked) are worth the same: judged once.
                    judged = once_per_outcome(state, acts, lambda a: self._judge(state, a, mover, rng))
                    for a, (h, after) in zip(acts, judged):
                        child = children[a] = self._child(h)
                        child.available = 1
                        if h > best:
                            best, best_state = h, after
                    # The position is worth what the mover's best reply makes it.
                    if mover == me:
                        reward = best
                    elif two:
                        reward = -best
                    else:
                        reward = math.tanh(evaluate(best_state, me) / self.scale)
                    break
                if node.grown_by_one:
                    untried = [a for a in acts if a not in children]
                    if untried:
                        # At a choice several seats make at once an action can only be judged
                        # against guesses of the others' choices: rather than judge every
                        # action on one guess, add one an iteration, judged on its own guess.
                        for a in acts:
                            if a in children:
                                children[a].available += 1
                        a = untried[int(rng.random() * len(untried))]
                        child = children[a] = _Node(None)
                        child.available = 1
                        path.append((child, mover))
                        reward = math.tanh(evaluate(self._after(state, a, rng), me) / self.scale)
                        break
                for a in acts:
                    if a not in children:  # not legal in the draws seen so far
                        children[a] = self._child(self._prior(state, a, mover, rng, children))
                best = _select(children, acts, c, w)
                node = children[best]
                state.apply(best)
                path.append((node, mover))
            for child, mover in path:
                child.visits += 1
                child.value += reward if mover == me else -reward
        children = root.children
        return max(legal, key=lambda a: (children[a].visits, children[a].mean(w)) if a in children else (-1, 0.0))


def _select(children: dict[int, _Node], acts: list[int], exploration: float, prior_weight: float) -> int:
    """The action of `acts` (each one of `children`) with the best mean reward plus its
    exploration bonus, `exploration` * P * sqrt(times available) / (visits + 1), P its
    weight's share of the weights of `acts`; each counts as available once more. The first
    of equal scores wins."""
    total = 0.0
    for a in acts:
        total += children[a].weight
    best, best_score = acts[0], -math.inf
    for a in acts:
        child = children[a]
        child.available += 1
        score = child.mean(prior_weight) + exploration * child.weight / total * math.sqrt(child.available) / (child.visits + 1)
        if score > best_score:
            best, best_score = a, score
    return best


def _decided(root: _Node, remaining: int) -> bool:
    """Whether the most visited action at the root stays so whatever the `remaining`
    iterations do: each adds one visit to one action, so the runner-up can gain at most
    `remaining` on it. Stopping then plays the move the whole budget would have played."""
    if not root.children:
        return False
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first > second + remaining
