"""Forcing chance outcomes while the others are sampled (`Game.resolve_chance(force=...)`,
forcing.py), whatever the seed: in classic at every seat count and in Duel, at each Age's
set-up, each forced outcome happens and the game plays on to its end; outcomes that cannot
happen are refused with the reason and the game left as it was."""
from __future__ import annotations

import pickle
import random

import pytest

from wondersmith.engine import (CHANCE, Game, IllegalActionError, NotationError, OtherEventError)
from classic_helpers import ruleset as classic_ruleset
from engine_helpers import RULESET as DUEL

SEEDS = range(30)
CLASSIC = classic_ruleset()


def _board(g: Game, seat: int) -> tuple[str, int]:
    b, side = g.boards[seat]
    return g.t.classes[g.t.board0 + b].name, side


def _hand_seats(g: Game) -> list[int]:
    """The seats dealt a hand: every city's (the Free City's hand is its pile)."""
    return list(range(g.t.n_seats))


def _deal_text(g: Game, card: int, seat: int) -> str:
    return (f"deal {g.component_id(card)} to the pile" if seat == getattr(g.t, "free_city", None)
            else f"deal {g.component_id(card)} to player {seat}")


def _classic_age_forcing(g: Game, rng: random.Random) -> list[tuple[int, int]]:
    """For the Age about to be dealt: a card of its deck for one seat and, in the Age with
    guilds, a guild (most are not drawn unless forced) for another. (card, seat) pairs."""
    t = g.t
    age = g.age or 1  # set when its deal is pending; 0 before the game's first deal
    seats = rng.sample(_hand_seats(g), 2)
    wanted = [(rng.choice(sorted(set(t.decks[age]))), seats[0])]
    if age == t.classic_guild_age:
        wanted.append((rng.choice(sorted(t.classic_guilds)), seats[1]))
    return wanted


def _play_classic(players: int, seed: int) -> Game:
    rng = random.Random(seed)
    g = Game(CLASSIC, seed=seed, players=players, auto_chance=False)
    seat = rng.randrange(g.t.n_seats)
    board = "Olympia" if seed % 2 else "Gizah"
    side = "b" if seed % 3 else "a"
    wanted = _classic_age_forcing(g, rng)
    g.resolve_chance(force=[f"board {board} side {side} to player {seat}"]
                     + [_deal_text(g, c, s) for c, s in wanted])
    assert _board(g, seat) == (board, "ab".index(side))
    assert [b for b, _ in g.boards].count(g.boards[seat][0]) == 1
    ages, pile = 1, getattr(g.t, "free_city", None)
    while not g.is_terminal:
        for card, to in wanted:  # the pile's first card is drawn at once: in a hand then
            hands = g.hands if to == pile else [g.hands[to]]
            assert any(card in h for h in hands), (players, seed, g.age, g.component_id(card), to)
        wanted = []
        while not g.is_terminal and g.current_player != CHANCE:
            g.apply(rng.choice(g.legal_actions()))
        if g.is_terminal:
            break
        if g.decision in ("deal_hand", "draw_guild"):  # an Age's deal: force a card or two
            wanted = _classic_age_forcing(g, rng)
            ages += 1
        g.resolve_chance(force=[_deal_text(g, c, s) for c, s in wanted])
    assert ages == 3
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_classic_forced_boards_and_cards_happen_whatever_the_seed(players):
    for seed in SEEDS:
        g = _play_classic(players, seed)
        assert g.is_terminal and g.result is not None


def _play_duel(seed: int) -> Game:
    rng = random.Random(seed)
    g = Game(DUEL, seed=seed, auto_chance=False)
    t = g.t
    token = rng.choice(range(t.token0, t.N))
    wonder = rng.choice(range(t.wonder0, t.token0))
    first = seed % 2
    g.resolve_chance(force=[f"first player {first}", f"board token {g.t.names[token]}",
                            f"reveal {g.t.names[wonder]}"])
    assert g.first_player == first and g.decision == "draft"
    data = g.to_json()
    assert g.component_id(token) in data["board_tokens"]
    assert g.component_id(wonder) in data["draft"]
    ages = 0
    while not g.is_terminal:
        if g.current_player != CHANCE:
            g.apply(rng.choice(g.legal_actions()))
            continue
        if g.decision != "leave_out":  # a reveal or a card turned over: sampled
            g.resolve_chance()
            continue
        ages += 1
        slots = rng.sample(t.dealt_slots[ages], 2)
        deck = sorted(set(g.pool))
        dealt, left = rng.sample(deck, 2)
        force = [f"deal {t.names[dealt]} to slot {slots[0]}", f"leave out {t.names[left]}"]
        guild = None
        if g.guild_pool:  # the Age with guilds: one guild face up, whether drawn or not
            guild = rng.choice(sorted(g.guild_pool))
            force.append(f"deal {t.names[guild]} to slot {slots[1]}")
        rng.shuffle(force)
        g.resolve_chance(force=force)
        assert g.slot_card[slots[0]] == dealt and g.face_up[slots[0]]
        assert left in g.left_out[-1]
        if guild is not None:
            assert g.slot_card[slots[1]] == guild and g.face_up[slots[1]]
    assert ages >= 1
    return g


def test_duel_forced_set_up_outcomes_happen_whatever_the_seed():
    for seed in SEEDS:
        g = _play_duel(seed)
        assert g.is_terminal and g.result is not None
