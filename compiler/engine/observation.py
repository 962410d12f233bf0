"""What one player may see, for bots and learning: as JSON, as a fixed-length vector with a
legal-action mask, and a full state sampled to agree with it (for information-set search).

An observation is composed from parts (core/views.py): the core's, below, and those each
mechanic of the game declares in its `VIEW`, so a game observes what its rules have. The
core hides from every seat the seed (it fixes every future chance outcome), the chance
count, the history and the cards still in the Age's deck and among the guilds (their
counts are shown); each mechanic hides what its rules keep from a seat (Duel: this Age's
cards left out, another player's tokens drawn with the Great Library; classic: the other
hands, the cards under the other seats' stages, the discard pile).

The core's part of the vector: the decision (one-hot over the kinds of the core and of the
game's own mechanics, `decision_kinds`), the Age, and whose turn it
is, whether chance decides and the result. How a seat sees the cities and coins follows the
seating: facing one opponent (`opponent`), the components of "my city" and "their city" and
the coins (mine, the most another seat holds); around a table (`circle`), where it matters
who sits left and right, a row per seat from the observing seat on, with its coins and
buildings.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import choice
from .core.kinds import IS_CHANCE, KIND_NAMES, by_owner
from .core.seats import CIRCLE, OPPONENT
from .core.simultaneous import visible_choices
from .core.views import Feature, Place, SeatFeature, layout, single

if TYPE_CHECKING:
    from .state import Game

_HIDDEN = ("seed", "chance_count", "history", "auto_chance", "pool", "guild_pool")


def decision_kinds(t) -> dict[int, int]:
    """The kinds a game of tables `t` can wait on, each with its entry in the decision block:
    the core's and those of the game's own mechanics, in the order they were registered. So
    the block is the same whatever other mechanics a process has imported."""
    key = ("decision kinds", len(KIND_NAMES))  # again if one of its mechanics adds a kind
    found = t.cache.get(key)
    if found is None:
        owners = choice.owners(t, t.mechanics)
        found = t.cache[key] = {k: i for i, k in enumerate(by_owner(owners))}
    return found


def _decision(game: Game, player: int) -> list[float]:
    kinds = decision_kinds(game.t)
    v = [0.0] * len(kinds)
    if game.result is None:
        v[kinds[game.stack[-1][0]]] = 1.0
    return v


def _turn(game: Game, player: int) -> list[float]:
    winner = game.result.winner if game.result is not None else None
    return [float(game.current_player == player),
            float(game.result is None and bool(game.stack) and IS_CHANCE[game.stack[-1][0]]),
            float(game.result is not None),
            0.0 if winner is None else (1.0 if winner == player else -1.0)]


def _others(game: Game, player: int) -> list[int]:
    return [q for q in game.t.seats if q != player]


CORE = (
    Feature("decision", 100, lambda t: len(decision_kinds(t)), _decision),
    Feature("age", 420, single, lambda game, player: [game.age / game.t.ages]),
    Feature("turn", 450, lambda t: 4, _turn),
)
# How a seat sees the cities, by seating (the module docstring says why).
SEATING = {
    OPPONENT: (
        Place("my city", 0, lambda game, player: game.city[player]),
        Place("their city", 1, lambda game, player: [c for q in _others(game, player)
                                                     for c in game.city[q]]),
        Feature("coins", 400, lambda t: 2, lambda game, player: [
            game.coins[player] / 10.0, max(game.coins[q] for q in _others(game, player)) / 10.0]),
    ),
    CIRCLE: (
        SeatFeature("coins", 0, single, lambda game, seat: [game.coins[seat] / 10.0]),
        SeatFeature("buildings", 40, lambda t: t.NB, lambda game, seat: _one_hot(
            game.t.NB, game.city[seat])),
    ),
}


def _one_hot(size: int, items) -> list[float]:
    v = [0.0] * size
    for x in items:
        v[x] = 1.0
    return v


def _layout(game: Game):
    return layout(game, (*CORE, *SEATING[game.t.seating.kind]))


def observation(game: Game, player: int) -> dict[str, Any]:
    """The state as `player` sees it (JSON-ready); see the module docstring."""
    data = game.to_json()
    for key in _HIDDEN:
        data.pop(key)
    data["player"] = player
    data["deck_left"] = len(game.pool)
    data["guilds_left"] = len(game.guild_pool)
    if "simultaneous" in data:  # another seat's pending choice: only that it was made
        data["simultaneous"] = visible_choices(game, player)
    for part in _layout(game).hidden:  # what the mechanics hide of theirs
        part.hide(game, player, data)
    data["decision"] = game.decision
    data["current_player"] = game.current_player
    return data


def vector_size(game: Game) -> int:
    return _layout(game).size


def observation_vector(game: Game, player: int) -> list[float]:
    """A fixed-length numeric form of `observation(player)`, from `player`'s side: the
    places of the components, the seat rows, then the features (core/views.py)."""
    return _layout(game).vector(game, player)


def legal_mask(game: Game, player: int) -> list[int]:
    """1 for each action id `player` may take now, 0 elsewhere (all 0 when not to move)."""
    mask = [0] * game.t.num_actions
    for a in game.legal_actions_for(player):  # every seat choosing at a simultaneous node
        mask[a] = 1
    return mask


def redraw_hidden(game: Game, player: int, rng: random.Random) -> None:
    """Shuffle, in place, what `player` cannot see (each mechanic its own part: Duel's deck
    and this Age's left-out cards, the other player's drawn tokens; classic's other hands...),
    and draw a new seed. The observation of `player` does not change. Search calls it on a
    clone (fast); `sample_state` wraps it."""
    for part in _layout(game).redraws:
        part.redraw(game, player, rng)
    game.seed = rng.getrandbits(64)
    game._legal = None


def sample_state(game: Game, player: int, rng: random.Random) -> Game:
    """A full state that `player` cannot tell from `game`: same observation, hidden parts
    drawn at random (`redraw_hidden`). It has an empty history and samples chance from a
    new seed, so a search from it never peeks at the real game's future. It is loaded
    through `from_json`, so it is checked like any state."""
    guess = game.clone()
    redraw_hidden(guess, player, rng)
    data = guess.to_json()
    data["history"] = []
    data["chance_count"] = 0
    return type(game).from_json(game.t.ruleset, data)
