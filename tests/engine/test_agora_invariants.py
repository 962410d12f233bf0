"""Agora's invariants over random, Senate-minded and greedy games (issue 27), checked at
every step: the influence cubes are conserved (12 a player, in the supply or on the board,
each cube placed or removed counted from the actions taken), every component is in exactly
one place, coins are never negative, the game always ends, the JSON round trip is exact and
the game's record replays to it. Duel's own: tests/engine/test_invariants.py.

"Exactly one place", per kind of component, against what the tables say the game holds:

- buildings (senators included): a city, under a Wonder, under a conspiracy, the discard
  pile, the structure, the Age's deck, the guilds' box, the cards left out, the senators'
  box, or the box of a later Age's cards;
- Wonders: the Wonders to reveal, the draft, a city, or out of the game by a Sabotage (the
  test counts those from the actions taken);
- progress tokens: the board, the box, a city, or locked away by Obscurantism;
- Decrees: a chamber (dealt or moved there), or the box (never two chambers);
- conspiracies: held, being drawn, put back on the deck's top or bottom, or the deck's
  shuffled rest;
- military tokens: per side and zone, on the board until the pawn reaches it, then resolved.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.bots import GreedyBot
from wondersmith.engine.core.kinds import CHANCE
from wondersmith.engine.mechanics import senate
from wondersmith.engine.mechanics.conspiracies.state import shuffled_part
from wondersmith.engine.mechanics.progress_tokens import kept_out
from wondersmith.engine.records import game_record, replay_record

AGORA = load_ruleset("agora")
MAX_DECISIONS = 600  # far above any real game (rl.seats.max_decisions bounds them)


def _buildings(g: Game) -> Counter:
    t = g.t
    seen: Counter = Counter()
    for city in g.city:
        seen.update(city)
    seen.update(x for tucks in g.wonder_tuck for x in tucks if x >= 0)
    seen.update(c for seat in g.held for _, c, _ in seat if c >= 0)
    seen.update(g.discard)
    seen.update(c for c, taken in zip(g.slot_card, g.taken) if c >= 0 and not taken)
    seen.update(g.pool + g.guild_pool + g.senators_box)
    seen.update(c for age in g.left_out for c in age)
    for age in range(g.age + 1, t.ages + 1):  # the later Ages' cards, still in the box
        seen.update(t.age_decks[age])
        if age == t.guild_age:
            seen.update(t.guilds)
    return seen


def _wonders(g: Game, sabotaged: list[int]) -> Counter:
    seen = Counter(g.wonder_pool + g.draft + sabotaged)
    for wonders in g.wonders:
        seen.update(wonders)
    return seen


def _progress_tokens(g: Game) -> Counter:
    seen = Counter(g.board_tokens + g.box_tokens + g.locked)
    for tokens in g.tokens:
        seen.update(tokens)
    return seen


def _decrees(g: Game) -> Counter:
    t = g.t
    in_chambers = [d for d in g.decrees if d >= 0]
    return Counter(in_chambers + [d for d in t.decree_tokens if d not in in_chambers])


def _conspiracies(g: Game) -> Counter:
    seen = Counter(k for seat in g.held for k, _, _ in seat)
    seen.update(k for seat in g.drawing for k in seat)
    seen.update(k for k, _ in g.deck_top + g.deck_bottom)
    seen.update(shuffled_part(g))
    return seen


def check_components(g: Game, sabotaged: list[int]) -> None:
    """Every component of the game in exactly one place."""
    t = g.t
    assert _buildings(g) == Counter(range(t.NB))
    assert _wonders(g, sabotaged) == Counter(range(t.NW))
    kept = kept_out(g)
    assert _progress_tokens(g) == Counter(k for k in range(t.NT) if k not in kept)
    assert not set(g.drawn) - set(g.box_tokens)  # the Great Library draws from the box
    assert _decrees(g) == Counter(t.decree_tokens)
    assert _conspiracies(g) == Counter(range(len(t.conspiracy_tokens)))
    for p in t.seats:  # a resolved military token is off the board for good
        assert len(g.loot_used[p]) == len(t.loot_zones)
    military = {c - t.token0 for c in t.loot_tokens if c >= 0}
    assert {k for k in kept if k not in t.decree_tokens and k not in t.conspiracy_tokens} \
        == military  # the tokens kept out of the box: Decrees, conspiracies, military tokens


def _track(g: Game, action: int, placed: list[int], sabotaged: list[int]) -> None:
    """Count the cubes each seat's actions place and remove, and the Wonders sabotaged."""
    t, p = g.t, g.current_player
    if g.decision == "senate_action":
        if t.SENATE_PLACE <= action < t.SENATE_MOVE:
            placed[p] += 1
        elif t.SENATE_REMOVE <= action < t.SENATE_REMOVE + t.n_chambers:
            placed[1 - p] -= 1
    elif g.decision == "sabotage":
        sabotaged.append(action - t.SABOTAGE)


def play_checked(g: Game, choose, rng: random.Random, every: int = 1) -> Game:
    """Play `g` to the end with `choose(game)` at each decision, checking the invariants at
    every step (the JSON round trip every `every` steps)."""
    cubes = g.t.config["senate"].cubes
    placed, sabotaged = [0, 0], []
    for step in range(MAX_DECISIONS):
        for p in g.t.seats:
            assert sum(g.chamber_cubes[p]) == placed[p] and min(g.chamber_cubes[p]) >= 0
            assert senate.cubes_left(g, p) + sum(g.chamber_cubes[p]) == cubes
            assert senate.cubes_left(g, p) >= 0
            assert g.coins[p] >= 0
        check_components(g, sabotaged)
        # Nothing queued between two steps: the state (a copy, its JSON) does not keep it.
        assert not g._buffer, f"{g._buffer} left queued after {g.history[-1:]}"
        if step % every == 0:
            data = g.to_json()
            assert Game.from_json(AGORA, json.loads(json.dumps(data))).to_json() == data
        if g.is_terminal:
            assert g.legal_actions() == []
            return g
        legal = g.legal_actions()
        assert legal, f"no legal action at {g.decision}"
        action = g.sample_chance() if g.current_player == CHANCE else choose(g)
        assert action in legal
        _track(g, action, placed, sabotaged)
        g.apply(action)
    raise AssertionError("the game did not end")


def _replays(g: Game) -> None:
    record = json.loads(json.dumps(game_record(g)))
    assert replay_record(AGORA, record, auto_chance=g.auto_chance).to_json() == g.to_json()


@pytest.mark.parametrize("auto_chance", [True, False])
def test_random_agora_games_keep_the_invariants(auto_chance):
    rng = random.Random(27)
    victories = Counter()
    for seed in range(24):
        g = play_checked(Game(AGORA, seed=seed, auto_chance=auto_chance),
                         lambda game: rng.choice(game.legal_actions()), rng)
        _replays(g)
        victories[g.result.victory] += 1
    assert sum(victories.values()) == 24 and victories["civilian"]


def _senate_minded(g: Game, rng: random.Random) -> int:
    """Seat 0 takes a senator whenever it can and plays each cube where it controls the most
    chambers after it; seat 1 plays at random."""
    legal, t = g.legal_actions(), g.t
    if g.current_player == 0 and g.decision == "play":
        senators = [a for a in legal if a < t.DISCARD and a in t.senators]
        if senators:
            return rng.choice(senators)
    if g.current_player == 0 and g.decision == "senate_action":
        def controlled_after(a: int) -> int:
            after = g.clone()
            after.apply(a)
            return len(senate.controlled(after, 0))
        cubes = [a for a in legal if a != t.SENATE_END]
        if cubes:
            return max(cubes, key=lambda a: (controlled_after(a), rng.random()))
    return rng.choice(legal)


def test_senate_minded_agora_games_keep_the_invariants():
    """The Senate fills, Decrees are drawn as chambers are first controlled, and political
    victories come (after the draw a last cube may wait on, ruling 10)."""
    rng = random.Random(29)
    victories = Counter()
    for seed in range(30):
        g = play_checked(Game(AGORA, seed=seed, auto_chance=bool(seed % 2)),
                         lambda game: _senate_minded(game, rng), rng, every=3)
        _replays(g)
        victories[g.result.victory] += 1
    assert victories["political"]


def test_greedy_agora_games_keep_the_invariants():
    rng = random.Random(28)
    victories = Counter()
    for seed in range(4):
        bots = [GreedyBot(seed * 2 + s) for s in (0, 1)]
        g = play_checked(Game(AGORA, seed=100 + seed),
                         lambda game: bots[game.current_player].choose(game), rng, every=5)
        _replays(g)
        victories[g.result.victory] += 1
    assert sum(victories.values()) == 4


def test_the_checks_see_a_component_lost_or_doubled():
    """The accounting above can fail: a card dropped from the discard pile, a conspiracy
    held twice, a Decree in two chambers."""
    for seed in range(40):
        g, rng = Game(AGORA, seed=seed), random.Random(seed)
        while not (g.discard and g.held[0]) and not g.is_terminal:
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_terminal:
            break
    assert g.discard and g.held[0]
    sabotaged: list[int] = []
    check_components(g, sabotaged)
    for spoil in (lambda x: x.discard.pop(), lambda x: x.held[1].append(list(x.held[0][0])),
                  lambda x: x.decrees.__setitem__(1, x.decrees[0])):
        spoilt = g.clone()
        spoil(spoilt)
        with pytest.raises(AssertionError):
            check_components(spoilt, sabotaged)


@pytest.mark.parametrize("auto_chance", [True, False])
def test_knossos_draft_cube_in_a_face_up_chamber_draws_its_decree_once(auto_chance):
    """Knossos drafted places a cube before Age I, whose set-up deals the face-up chambers'
    Decrees. A cube in a face-up chamber drew its Decree at once, and the set-up drew
    another for the same chamber: the first was replaced (back in the box, its effect still
    the player's), and the state was refused on load ("chamber 1's Decree is drawn
    already"). Now the set-up's draw reveals it."""
    t = Game(AGORA).t
    knossos = t.ids.index("knossos") - t.wonder0
    draws = range(t.CH_DECREE, t.CH_DECREE + len(t.decree_tokens))
    for seed in range(60):
        g, rng = Game(AGORA, seed=seed, auto_chance=auto_chance), random.Random(seed)
        while g.age == 0:
            legal = g.legal_actions()
            if g.decision == "draft" and t.PICK_WONDER + knossos in legal:
                g.apply(t.PICK_WONDER + knossos)
            elif g.decision == "senate_action":
                g.apply_text("place a cube in chamber 1")
            else:
                g.apply(g.sample_chance() if g.current_player == CHANCE else rng.choice(legal))
        if sum(g.chamber_cubes[p][0] for p in t.seats):
            break
    else:
        raise AssertionError("Knossos was never drafted")
    while g.current_player == CHANCE:  # the rest of Age I's set-up
        g.apply(g.sample_chance())
    assert sum(1 for a in g.history if a in draws) == sum(d >= 0 for d in g.decrees) == 3
    data = g.to_json()
    assert Game.from_json(AGORA, data).to_json() == data
