"""What one seat of classic 7 Wonders may see, and states sampled to agree with it.

Public: every city (buildings, board and side, how many stages are built, coins, conflict
tokens), the number of cards in each hand, in the discard pile and left in the box, the Age,
and which seats have chosen at the pending turn. Private: the seat's own hand, the cards it
tucked under its own stages and its own pending choice (free_city: and the pile's last card,
to the holder of the Free City card while it plays that card for the Free City). Hidden: the other hands and
choices, the cards other seats tucked under their stages (face down, ruling 4: the JSON
shows how many), the cards of the discard pile (face down, ruling 7; shown to a seat while
it builds from it), the guilds left in the box, the seed and the history. The mechanics
name these functions in their `VIEW` (core/views.py): hand_draft, wonder_boards, conflicts.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...core.kinds import KIND_NAMES
from ...core.simultaneous import NOT_CHOSEN
from ...core.views import Feature, Hidden, Redraw, SeatFeature, single

if TYPE_CHECKING:
    from ...core.game import GameState


def hide_hands(game: GameState, player: int, data: dict[str, Any]) -> None:
    """In `data` (the state's JSON less what observation.py hides): the other hands and the
    discard pile are face down, their sizes seen."""
    hands = data["mechanics"]["hand_draft"]["hands"]
    seen = game._hands_seen(player)
    data["mechanics"]["hand_draft"]["hands"] = [
        hand if p in seen else len(hand) for p, hand in enumerate(hands)]
    if not _builds_from_discard(game, player):
        data["discard"] = len(game.discard)


def hide_stages(game: GameState, player: int, data: dict[str, Any]) -> None:
    """The cards under the other seats' stages are face down: a count."""
    boards = data["mechanics"]["wonder_boards"]
    boards["stages"] = [tucked if p == player else len(tucked)
                        for p, tucked in enumerate(boards["stages"])]


def _builds_from_discard(game: GameState, player: int) -> bool:
    top = game.stack[-1] if game.stack and game.result is None else None
    # The seat deciding (free_city: the Free City's holder builds for it from the pile)
    return top is not None and KIND_NAMES[top[0]] == "discard_build" and game.current_player == player


# The numbers of the vector (core/views.py); the mechanics' VIEW names them.

def hand_size(game: GameState, seat: int) -> list[float]:
    return [len(game.hands[seat]) / 7.0]


def own_hand(game: GameState, player: int) -> list[float]:
    """The seat's own hand: how many copies of each card."""
    v = [0.0] * game.t.NB
    for c in game.hands[player]:
        v[c] += 1.0
    return v


def chosen(game: GameState, player: int) -> list[float]:
    """Per seat, whether it has chosen at the pending turn."""
    return [0.0 if c == NOT_CHOSEN else 1.0 for c in game.sim_choices]


def discard_count(game: GameState, player: int) -> list[float]:
    return [len(game.discard) / 50.0]


def stages_built(game: GameState, seat: int) -> list[float]:
    return [game._stages_built(seat) / 4.0]


def board_side(game: GameState, seat: int) -> list[float]:
    """The seat's board and side, one-hot (none before the boards are dealt)."""
    t = game.t
    v = [0.0] * (2 * t.n_boards)
    board = game.boards[seat]
    if board is not None:
        v[2 * board[0] + board[1]] = 1.0
    return v


def conflicts(game: GameState, seat: int) -> list[float]:
    """Its conflict VP, defeats and shields."""
    return [sum(game.conflict_tokens[seat]) / 10.0, game.count_defeats(seat) / 6.0,
            game.shields(seat) / 10.0]


def redraw_hidden(game: GameState, player: int, rng: random.Random) -> None:
    """Shuffle, in place, what `player` cannot see: the cards of the other hands, under the
    other seats' Wonder stages and of the discard pile among those places, each Age's cards
    among themselves (so no hand of Age II holds an Age I card, and a stage built in Age I
    keeps an Age I card), the guilds in play with the guilds in the box, and the other seats'
    pending choices (drawn again among their legal plays). Sizes stay, so the observation of
    `player` does not change (observation.py draws a new seed)."""
    t = game.t
    guild = t.classic_guild_color
    others = [p for p in t.seats if p != player]
    seen = game._hands_seen(player)
    hidden_hands = [p for p in others if p not in seen]
    places = [game.hands[p] for p in hidden_hands]
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
    for p in hidden_hands:
        game.hands[p].sort()
    for p in others:
        if game.sim_choices[p] != NOT_CHOSEN:
            game.sim_choices[p] = rng.choice(game._legal_plays(p))
    game._trade_changed()


# The parts each classic mechanic declares as its `VIEW` (it imports them from here): a row
# per seat of coins and buildings is the core's (circle seating), these fill in the rest.
HAND_DRAFT = (
    SeatFeature("hand size", 10, single, hand_size),
    Feature("my hand", 90, lambda t: t.NB, own_hand),
    Feature("chosen", 110, lambda t: t.n_seats, chosen),
    Feature("discard", 425, single, discard_count),
    Hidden("hands", 10, hide_hands),
    Redraw("hands", 10, redraw_hidden),
)
WONDER_BOARDS = (
    SeatFeature("stages", 20, single, stages_built),
    SeatFeature("board", 50, lambda t: 2 * t.n_boards, board_side),
    Hidden("stages", 20, hide_stages),
)
CONFLICTS = (SeatFeature("conflicts", 30, lambda t: 3, conflicts),)
