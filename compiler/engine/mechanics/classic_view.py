"""What one seat of classic 7 Wonders may see, and states sampled to agree with it.

Public: every city (buildings, board and side, how many stages are built, coins, conflict
tokens), the number of cards in each hand, in the discard pile and left in the box, the Age,
and which seats have chosen at the pending turn. Private: the seat's own hand, the cards it
tucked under its own stages and its own pending choice. Hidden: the other hands and
choices, the cards other seats tucked under their stages (face down, ruling 4: the JSON
shows how many), the cards of the discard pile (face down, ruling 7; shown to a seat while
it builds from it), the guilds left in the box, the seed and the history. hand_draft's mixin calls these through the observation hooks (observation.py).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..core.kinds import IS_CHANCE, KIND_NAMES
from ..core.simultaneous import NOT_CHOSEN

if TYPE_CHECKING:
    from ..state import Game


def observe(game: Game, player: int, data: dict[str, Any]) -> None:
    """Hide, in `data` (the state's JSON less what observation.py hides), what `player`
    may not see."""
    hands = data["mechanics"]["hand_draft"]["hands"]
    data["mechanics"]["hand_draft"]["hands"] = [
        hand if p == player else len(hand) for p, hand in enumerate(hands)]
    boards = data["mechanics"].get("wonder_boards")
    if boards is not None:
        boards["stages"] = [tucked if p == player else len(tucked)
                            for p, tucked in enumerate(boards["stages"])]
    if not _builds_from_discard(game, player):
        data["discard"] = len(game.discard)


def _builds_from_discard(game: Game, player: int) -> bool:
    top = game.stack[-1] if game.stack and game.result is None else None
    # The seat deciding (free_city: the Free City's holder builds for it from the pile)
    return top is not None and KIND_NAMES[top[0]] == "discard_build" and game.current_player == player


def vector_size(game: Game) -> int:
    t = game.t
    per_seat = 6 + t.NB + 2 * t.n_boards
    return t.n_seats * per_seat + t.NB + len(KIND_NAMES) + t.n_seats + 6


def vector(game: Game, player: int) -> list[float]:
    """Fixed length for a number of seats: per seat from `player` on (to its right), its
    coins, hand size, stages built, conflict VP, defeats, shields, buildings (one entry per
    card) and board side (one-hot); then `player`'s hand (copies per card), the pending
    decision, which seats have chosen, and the Age, discard count, turn and result."""
    t = game.t
    v: list[float] = []
    boards = getattr(game, "boards", None)  # wonder_boards' field
    for k in range(t.n_seats):
        seat = (player + k) % t.n_seats
        row = [0.0] * (6 + t.NB + 2 * t.n_boards)
        row[0] = game.coins[seat] / 10.0
        row[1] = len(game.hands[seat]) / 7.0
        row[2] = game._stages_built(seat) / 4.0
        tokens = getattr(game, "conflict_tokens", None)
        if tokens is not None:
            row[3] = sum(tokens[seat]) / 10.0
            row[4] = game.count_defeats(seat) / 6.0
            row[5] = game.shields(seat) / 10.0
        for c in game.city[seat]:
            row[6 + c] = 1.0
        board = boards[seat] if boards else None  # none without wonder_boards
        if board is not None:
            row[6 + t.NB + 2 * board[0] + board[1]] = 1.0
        v += row
    own = [0.0] * t.NB
    for c in game.hands[player]:
        own[c] += 1.0
    v += own
    kinds = [0.0] * len(KIND_NAMES)
    if game.result is None:
        kinds[game.stack[-1][0]] = 1.0
    v += kinds
    v += [0.0 if c == NOT_CHOSEN else 1.0 for c in game.sim_choices]
    winner = game.result.winner if game.result is not None else None
    v += [game.age / t.ages, len(game.discard) / 50.0, float(game.current_player == player),
          float(game.result is None and IS_CHANCE[game.stack[-1][0]]),
          float(game.result is not None),
          0.0 if winner is None else (1.0 if winner == player else -1.0)]
    return v


def redraw_hidden(game: Game, player: int, rng: random.Random) -> None:
    """Shuffle, in place, what `player` cannot see: the cards of the other hands, under the
    other seats' Wonder stages and of the discard pile among those places, each Age's cards
    among themselves (so no hand of Age II holds an Age I card, and a stage built in Age I
    keeps an Age I card), the guilds in play with the guilds in the box, and the other seats'
    pending choices (drawn again among their legal plays). Sizes stay, so the observation of
    `player` does not change. Also a new seed."""
    t = game.t
    guild = t.classic_guild_color
    others = [p for p in t.seats if p != player]
    places = [game.hands[p] for p in others]
    tucked = game._tucked_cards()
    places += [tucked[p] for p in others if tucked]
    if not _builds_from_discard(game, player):
        places.append(game.discard)
    by_age: dict[int, list[int]] = {}
    for cards in places:
        for c in cards:
            by_age.setdefault(-1 if t.color[c] == guild else t.age[c], []).append(c)
    guilds = by_age.get(-1, [])
    in_play = len(guilds)
    guilds += game.guild_pool
    for cards in by_age.values():
        rng.shuffle(cards)
    game.guild_pool = sorted(guilds[in_play:])
    del guilds[in_play:]
    for cards in places:
        ages = [-1 if t.color[c] == guild else t.age[c] for c in cards]
        cards[:] = [by_age[a].pop() for a in ages]
    for p in others:
        game.hands[p].sort()
    for p in others:
        if game.sim_choices[p] != NOT_CHOSEN:
            game.sim_choices[p] = rng.choice(game._legal_plays(p))
    game._trade_changed()
    game.seed = rng.getrandbits(64)
    game._legal = None
