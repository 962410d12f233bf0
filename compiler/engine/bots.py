"""Computer players behind one small interface: `choose(game, seat, allowed) -> action`.

A bot is asked for one seat's action. At a decision one seat takes, that seat is
`game.current_player` (the default). At a decision several seats take at once (classic 7
Wonders: everyone picks a card), a table asks every seat of `game.choosing()` on the same
state, before any of them has chosen, and applies the answers together with
`game.apply_joint` (`play_game` does); a bot asked once some other seats have chosen does
not look at their hidden choices (`unchosen_view`).
"""
from __future__ import annotations

import math
import random
from typing import Callable, Collection, Protocol, Sequence

from . import runtime as rt
from .core.simultaneous import visible_choices
from .observation import redraw_hidden
from .scoring import totals
from .state import CHANCE, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, seat: int | None = None, allowed: Collection[int] | None = None) -> int:
        """A legal action for `seat` (default `game.current_player`), one of
        `game.choosing()`; never called at chance nodes. `allowed`: the only actions it may
        pick (some of the legal ones, e.g. an experiment barring a card); default all."""


def _restrict(legal: list[int], allowed: Collection[int] | None) -> list[int]:
    return legal if allowed is None else [a for a in legal if a in allowed]


def is_simultaneous(game: Game, seat: int) -> bool:
    """True while `seat` still has its own choice to make at a decision several seats take
    at once. A seat that has chosen and is asked again acts for another city (the 2-player
    variant's Free City): a decision of its own, taken while the others' choices stay hidden."""
    choices = visible_choices(game, seat)
    return seat < len(choices) and choices[seat] is False


def _half_chosen(game: Game) -> bool:
    """True while a simultaneous decision has some choices in and waits for others."""
    return any(v is not None and v is not False for v in visible_choices(game, 0))


def unchosen_view(game: Game, seat: int) -> Game:
    """`game` as `seat` may search it at a simultaneous decision: a copy in which no other
    seat has chosen yet (their choices are hidden from `seat`, so a search must not read
    them). Without such choices, a plain clone."""
    others_chose = any(v is True for v in visible_choices(game, seat))
    if not others_chose:
        return game.clone()
    data = game.to_json()  # forget the choices through the state's public JSON form
    waiting = data["stack"][-1]
    mask = waiting["arg"]
    waiting["player"] = min(s for s in range(len(data["players"])) if mask >> s & 1)
    data.pop("simultaneous")
    return type(game).from_json(game.ruleset, data)


def _legal(game: Game, seat: int | None) -> list[int]:
    if seat is None or seat == game.current_player:
        return game.legal_actions()
    return game.legal_actions_for(seat)


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int | None = None, allowed: Collection[int] | None = None) -> int:
        return self.rng.choice(_restrict(_legal(game, seat), allowed))


WIN = 10_000.0


def winning_seats(game: Game) -> tuple[int, ...]:
    """The seats that won a finished game: the winner, or every seat that shares the victory
    (`Result.winners`, decided with the game's tie-break where the result is made)."""
    return game.result.winners


def evaluate(game: Game, player: int) -> float:
    """How good the position is for `player`: VP lead plus the value of what is in reach.

    Besides the VP on the table it rewards the conflict pawn (more as it nears
    supremacy), different science symbols, production before Age III and coins. The
    weights were tuned against the random bot (about 98% wins over 200 games).
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
    track = "military_track" in type(game).MECHANICS  # a conflict pawn to lead with

    def side(p: int) -> float:
        lead = game.pawn * t.pawn_side[p] if track else 0
        v = float(vp[p])
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
        copy, chance left unsampled)."""
        values = []
        for action in legal:
            value = 0.0
            for guess in guesses:
                child = guess.clone()
                child.auto_chance = False
                child.apply(action)
                value += self.judge(child, player)
            values.append(value)
        return values

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
        so `apply_joint`'s check of them all is left out (`apply` still checks each)."""
        trials = []
        for guess, others in self._guesses(view, player):
            for q in sorted(others):
                if q < player:
                    guess.apply(others[q])
            trials.append((guess, [others[q] for q in sorted(others) if q > player]))
        values = []
        for action in legal:
            value = 0.0
            for guess, later in trials:
                child = guess.clone()
                child.apply(action)
                for other in later:
                    child.apply(other)
                value += self.judge(child, player)
            values.append(value / len(trials))
        return values


class ReferenceGreedyBot(GreedyBot):
    """`GreedyBot` as first written, the slow oracle of its moves: each joint action applied
    whole with `apply_joint` (which checks every seat's action) on a copy of the guess, the
    VP read from `Game.scores()` (`reference_evaluate`). It draws the same random numbers in
    the same order, so it makes the same moves."""

    name = "greedy-reference"
    judge = staticmethod(reference_evaluate)

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


class _Node:
    """Statistics of one action sequence, shared by every determinization that allows it."""

    __slots__ = ("visits", "value", "available", "prior", "children", "grown_by_one")

    def __init__(self, prior: float | None = 0.0) -> None:
        self.visits = 0
        self.value = 0.0  # sum of rewards for the seat that chose the action leading here
        self.available = 0  # times the action was legal when its parent was visited
        self.prior = prior  # the chooser's judgement of the position right after the action
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
    all draws, choosing among the actions legal in that draw by UCB for available actions:
    mean reward + `exploration` * sqrt(ln(times available) / (visits + 1)). The first visit
    of a node expands it whole: every action of the seat to move is tried on a copy and
    judged with the greedy bot's evaluation, squashed to -1..1 by tanh(value / `scale`).
    That judgement is the action's prior, counted as `prior_weight` visits in its mean, and
    the node is worth what its mover's best action makes it (a one-ply look further than
    the evaluation alone). So one iteration plays the greedy bot's choice, and more look at
    the replies to it. The most visited action is played (ties: the better mean).

    At a simultaneous decision the search starts where no other seat has chosen
    (`unchosen_view`); in each iteration the seats the engine asks before the bot choose at
    random in the drawn state, then the bot's choice is the root. The seats asked after it
    are searched like any later decision, so their statistics are kept per choice of the
    bot's (the usual approximation of information-set search with simultaneous moves), and
    a position is judged once the turn has resolved (the choices still missing drawn at
    random). Such a judgement rests on one guess of the others' choices, so a node of a
    simultaneous decision is not expanded whole: it gains one action an iteration, with no
    prior, judged on a guess of its own. Every seat other than the bot plays against it:
    the reward it backs up is the bot's, negated.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 200, exploration: float = 0.7,
                 scale: float = 10.0, prior_weight: float = 2.0) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.scale = scale
        self.prior_weight = prior_weight

    def _after(self, state: Game, action: int) -> Game:
        """A copy of `state` with `action` played and the turn resolved: a simultaneous
        decision's missing choices are drawn at random before a position is judged."""
        child = state.clone()
        child.apply(action)
        rng = self.rng
        while _half_chosen(child):
            acts = child.legal_actions()
            child.apply(acts[int(rng.random() * len(acts))])
        return child

    def _judge(self, state: Game, action: int, mover: int) -> tuple[float, Game]:
        """How good `action` is for `mover`, in -1..1, and the position it leads to."""
        child = self._after(state, action)
        return math.tanh(evaluate(child, mover) / self.scale), child

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
        rng = self.rng
        c = self.exploration
        w = self.prior_weight
        two = len(game.t.seats) == 2
        for _ in range(self.iterations):
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
                    for a in acts:
                        h, after = self._judge(state, a, mover)
                        child = children[a] = _Node(h)
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
                        reward = math.tanh(evaluate(self._after(state, a), me) / self.scale)
                        break
                best, best_score = acts[0], -math.inf
                for a in acts:
                    child = children.get(a)
                    if child is None:  # not legal in the draws seen so far
                        child = children[a] = _Node(self._judge(state, a, mover)[0])
                    child.available += 1
                    score = child.mean(w) + c * math.sqrt(math.log(child.available) / (child.visits + 1))
                    if score > best_score:
                        best, best_score = a, score
                node = children[best]
                state.apply(best)
                path.append((node, mover))
            for child, mover in path:
                child.visits += 1
                child.value += reward if mover == me else -reward
        children = root.children
        return max(legal, key=lambda a: (children[a].visits, children[a].mean(w)) if a in children else (-1, 0.0))


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
