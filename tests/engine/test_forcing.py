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


def _duel_at_age_one(seed: int) -> Game:
    """A Duel game whose Age I set-up is pending (chance outcomes applied one by one)."""
    g = Game(DUEL, seed=seed, auto_chance=False)
    while g.decision != "leave_out":
        g.apply(g.sample_chance() if g.current_player == CHANCE else g.legal_actions()[0])
    return g


def test_the_audits_cases_are_forced_at_the_seed_that_refused_them():
    """Seed 1 at 4 players deals Olympia to player 0 and the one Altar to player 2: forcing
    them elsewhere keeps them out of those earlier deals; the other boards are the seed's."""
    plain = Game(CLASSIC, seed=1, players=4, auto_chance=False)
    plain.resolve_chance()
    altar = plain.component("altar")
    assert _board(plain, 0)[0] == "Olympia" and altar in plain.hands[2]
    g = Game(CLASSIC, seed=1, players=4, auto_chance=False)
    g.resolve_chance(force=["board Olympia side b to player 2", "deal Altar to player 3"])
    assert _board(g, 2) == ("Olympia", 1) and _board(g, 0)[0] != "Olympia"
    assert _board(g, 1) == _board(plain, 1)  # not in Olympia's way: the seed's
    assert altar in g.hands[3] and all(altar not in g.hands[p] for p in (0, 1, 2))
    duel = _duel_at_age_one(1)
    duel.resolve_chance(force="deal Stone Reserve to slot 19")  # one text: one outcome
    assert duel.slot_card[19] == duel.component("stone_reserve")
    assert duel.component("stone_reserve") not in duel.left_out[-1]


def test_a_set_up_text_waits_for_its_own_event_and_says_which_it_is():
    g = _duel_at_age_one(2)
    baths = g.t.CH_CARD + g.component("baths")
    for text, event in (("deal Baths to slot 12", "leave out, not deal"),
                        ("guild Baths", "leave out, not guild")):
        with pytest.raises(OtherEventError, match=event) as caught:
            g.parse_action(text)
        assert caught.value.action == baths
        assert pickle.loads(pickle.dumps(caught.value)).action == baths
    assert g.parse_action("leave out Baths") == baths
    with pytest.raises(NotationError, match="slots are numbered 0 to 19"):
        g.parse_action("deal Baths to slot 20")
    c = Game(CLASSIC, seed=0, players=3, auto_chance=False)
    c.apply(c.sample_chance())  # the first player: player 0's board is dealt next
    olympia_b = c.parse_action("board Olympia side b")
    with pytest.raises(OtherEventError, match="goes to player 0, not 2") as caught:
        c.parse_action("board Olympia side b to player 2")
    assert caught.value.action == olympia_b
    with pytest.raises(OtherEventError, match="the pending chance event is board deal, not deal hand"):
        c.parse_action("deal Altar to player 1")


def test_forcing_is_deterministic_and_changes_nothing_when_nothing_is_forced():
    force = ["board Olympia side b to player 2", "deal Altar to player 3"]
    games = [Game(CLASSIC, seed=5, players=4, auto_chance=False) for _ in range(2)]
    for g in games:
        g.resolve_chance(force=force)
    assert games[0].to_json() == games[1].to_json()
    for players in (2, 4, 7):
        a, b = (Game(CLASSIC, seed=3, players=players, auto_chance=False) for _ in range(2))
        a.resolve_chance(force=[])
        while b.current_player == CHANCE:
            b.apply(b.sample_chance())
        assert a.history == b.history


def test_one_text_or_id_is_one_outcome_and_other_types_are_refused():
    by_text, by_id, in_list = (Game(DUEL, seed=4, auto_chance=False) for _ in range(3))
    by_text.resolve_chance(force="first player 1")
    by_id.resolve_chance(force=by_id.parse_action("first player 1"))
    in_list.resolve_chance(force=[in_list.parse_action("first player 1")])
    assert by_text.to_json() == by_id.to_json() == in_list.to_json()
    assert by_text.first_player == 1

    class Index:  # an integer of another type (numpy's, say)
        def __index__(self):
            return by_text.t.CH_SEAT

    g = Game(DUEL, seed=4, auto_chance=False)
    g.resolve_chance(force=Index())
    assert g.first_player == 0
    for bad in (True, [1.0]):
        with pytest.raises(IllegalActionError, match="an action is an integer id"):
            Game(DUEL, seed=4, auto_chance=False).resolve_chance(force=bad)
    with pytest.raises(TypeError, match="force: an outcome"):
        Game(DUEL, seed=4, auto_chance=False).resolve_chance(force=1.5)
    with pytest.raises(NotationError, match="cannot read"):
        Game(DUEL, seed=4, auto_chance=False).resolve_chance(force="first playr 1")


@pytest.mark.parametrize("force, reason", [
    (["deal Altar to player 3", "deal Altar to player 2"],
     r"'deal Altar to player 2': contradicts the forced 'deal Altar to player 3' \(once "
     r"'deal Altar to player 2' is applied, 'deal Altar to player 3' cannot happen\)"),
    (["board Olympia side b to player 2", "board Olympia side a to player 0"],
     "'board Olympia side a to player 0': contradicts the forced 'board Olympia side b to player 2'"),
    (["deal Spies Guild to player 1"],  # a guild: not in Age I's deck
     "'deal Spies Guild to player 1': impossible at its event: not a possible outcome of this "
     r"chance event \(deal hand\); it is none of the \d+ outcomes left there"),
    (["first player 1", "first player 2"],
     r"'first player 2': no chance event before the next decision \(choose \(player 0\)\) "
     "could give it"),
])
def test_a_forced_outcome_that_cannot_happen_is_refused_with_the_reason(force, reason):
    g = Game(CLASSIC, seed=1, players=4, auto_chance=False)
    before = g.to_json()
    with pytest.raises(IllegalActionError, match=reason):
        g.resolve_chance(force=force)
    assert g.to_json() == before and g.history == []  # nothing applied


def test_a_duel_forced_deal_that_cannot_happen_is_refused_with_the_reason():
    g = _duel_at_age_one(3)
    before = g.to_json()
    with pytest.raises(IllegalActionError, match="contradicts the forced 'deal Baths to slot 19'"):
        g.resolve_chance(force=["deal Baths to slot 19", "deal Baths to slot 18"])
    with pytest.raises(IllegalActionError, match="contradicts the forced 'deal Baths to slot 19'"):
        g.resolve_chance(force=["deal Baths to slot 19", "leave out Baths"])
    with pytest.raises(IllegalActionError, match="'deal Caravansery to slot 5': impossible at "
                                                 "its event"):  # an Age II card
        g.resolve_chance(force=["deal Caravansery to slot 5"])
    with pytest.raises(IllegalActionError, match=r"no chance event before the next decision "
                                                 r"\(play \(player \d\)\) could give it"):
        g.resolve_chance(force=["deal Baths to slot 2"])  # a slot dealt face down
    assert g.to_json() == before
    start = Game(DUEL, seed=3, auto_chance=False)
    with pytest.raises(IllegalActionError, match=r"before the next decision \(draft"):
        start.resolve_chance(force=["deal Baths"])  # the Age I deal comes after the draft


def test_forced_outcomes_that_leave_an_earlier_event_nothing_are_refused():
    """At 3 players Age I deals 21 cards, 7 a player: 14 forced to players 1 and 2 leave
    player 0 the other 7; 15 (one more than they are dealt) leave 6 for player 0's 7 deals,
    so one of them would have to take a forced card."""
    deck = sorted(set(Game(CLASSIC, players=3).t.decks[1]))
    assert len(deck) == 21
    g = Game(CLASSIC, seed=0, players=3, auto_chance=False)
    g.resolve_chance(force=[f"deal {g.component_id(c)} to player {1 + k // 7}"
                            for k, c in enumerate(deck[:14])])
    assert g.hands == [deck[14:], deck[:7], deck[7:14]]
    g = Game(CLASSIC, seed=0, players=3, auto_chance=False)
    force = [f"deal {g.component_id(c)} to player {1 + k // 8}" for k, c in enumerate(deck[:15])]
    with pytest.raises(IllegalActionError, match=r"every outcome of an earlier chance event "
                                                 r"\(deal hand\) would leave one of the forced"):
        g.resolve_chance(force=force)
    assert g.history == []
