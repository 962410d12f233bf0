"""No two-seat rule in the engine: a toy game for three seats around a table, built only
from data (tests/fixtures/games/trio/), validated and compiled by the real compiler, played
by random games with invariant checks; and no two-seat constant in the engine's source."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from wondersmith.codegen import outputs
from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.core.seats import Seating
from wondersmith.ir.loader import load_game

ROOT = Path(__file__).resolve().parents[2]
TRIO = ROOT / "tests" / "fixtures" / "games" / "trio"
ENGINE = ROOT / "compiler" / "engine"


@pytest.fixture(scope="module")
def trio(tmp_path_factory):
    loaded = load_game(TRIO)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    out = tmp_path_factory.mktemp("generated")
    result = outputs.expected(TRIO.parent, out, [TRIO])
    assert not result.errors and result.games == ["trio"]
    outputs.write(result, out)
    return load_ruleset("trio", path=out)


def test_the_toy_game_is_three_seats_in_a_circle(trio) -> None:
    assert (trio.players, trio.seating) == (3, "circle")
    game = Game(trio, seed=0)
    assert game.t.neighbours == ((2, 1), (0, 2), (1, 0))
    assert type(game).MECHANICS == ("progress_tokens", "card_structure", "bank_trade",
                                    "science_pairs")
    assert len(game.coins) == len(game.city) == len(game.to_json()["players"]) == 3


def _accounted(game: Game) -> None:
    """Every building of the Ages set up so far is in exactly one place."""
    t = game.t
    places = [*game.discard, *game.pool, *game.guild_pool,
              *(c for age in game.left_out for c in age),
              *(c for s, c in enumerate(game.slot_card) if c >= 0 and not game.taken[s])]
    for p in t.seats:
        places += game.city[p]
    assert len(places) == len(set(places))
    # Face-down slots draw from the pool when turned over, so their cards are in `pool`.
    assert set(places) == {c for c in range(t.NB) if 0 < t.age[c] <= game.age}


@pytest.mark.parametrize("auto_chance", [True, False])
def test_random_three_seat_games_keep_every_invariant(trio, auto_chance: bool) -> None:
    rng = random.Random(11)
    for seed in range(60):
        game = Game(trio, seed=seed, auto_chance=auto_chance)
        last_turn = None
        for _ in range(2_000):
            if game.is_terminal:
                break
            legal = game.legal_actions()
            assert legal, game.decision
            assert all(c >= 0 for c in game.coins)
            _accounted(game)
            if game.decision == "play":  # turns go round the table, Age after Age
                if last_turn is not None:
                    assert game.current_player == game.t.next_seat[last_turn]
                last_turn = game.current_player
            if rng.random() < 0.1:
                data = game.to_json()
                assert Game.from_json(trio, data).to_json() == data
                assert game.clone().to_json() == data
            action = game.sample_chance() if game.is_chance_node else rng.choice(legal)
            game.apply(action)
        assert game.is_terminal, "the game always ends"
        assert all(c >= 0 for c in game.coins)
        assert len(game.result.scores) == 3
        assert game.result.winner in (None, 0, 1, 2)
        assert Game.from_json(trio, game.to_json()).to_json() == game.to_json()


def test_prices_rise_with_both_neighbours_production(trio) -> None:
    game = Game(trio, seed=1)
    wood = game.t.resources.index("wood")
    camp = game.component("wood_camp")
    game.city[1].append(camp)  # seat 1 is seat 0's right neighbour
    game.city[2].append(game.component("clay_bank"))
    game._recompute()
    assert game.price(0)[wood] == 2 + 1
    game.city[2].append(game.component("timber_yard"))
    game._recompute()
    assert game.price(0)[wood] == 2 + 1 + 2  # both neighbours' units raise it
    assert game.price(1)[wood] == 2 + 2  # seat 1's neighbours: 0 and 2


def test_seatings() -> None:
    duel = Seating("opponent", 2)
    assert duel.neighbours == ((1,), (0,)) and duel.next_seat == (1, 0)
    table = Seating("circle", 5)
    assert table.left[0] == 4 and table.right[4] == 0 and table.after(3, 4) == 2
    with pytest.raises(ValueError):
        Seating("opponent", 3)
    with pytest.raises(ValueError):
        Seating("square", 4)


# Written the way two-seat code reads: the other seat as 1 - p or p ^ 1, a pair of lists
# per seat, a loop over exactly two seats, a test of two players or of seat 0 against 1.
TWO_SEAT = re.compile(r"\b1 - (p|player|seat|chooser|node\[1\]|w)\b|\^ ?1\b|\[0, 0\]|"
                      r"\(0, 1\)|range\(2\)|(players|seat|n_seats|count) == 2\b|"
                      r"\b(p|q|player|seat|winner|w) == [01]\b|"
                      r"\[\[\], \[\]\]|\[False, False\]|\[None, None\]")


def test_no_two_seat_constant_in_the_engine() -> None:
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted(ENGINE.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if TWO_SEAT.search(line)]
    assert found == []


def test_observations_samples_and_bots_serve_three_seats(trio) -> None:
    from wondersmith.engine.bots import GreedyBot

    rng = random.Random(0)
    bot = GreedyBot(seed=1)
    game = Game(trio, seed=2)
    size = len(game.observation_vector(0))
    while not game.is_terminal:
        player = game.current_player
        for seat in game.t.seats:
            seen = game.observation(seat)
            assert seen["player"] == seat and "seed" not in seen and "pool" not in seen
            assert len(game.observation_vector(seat)) == size
            assert sum(game.legal_mask(seat)) == (len(game.legal_actions())
                                                  if seat == player else 0)
        guess = game.sample_state(player, rng)
        assert guess.observation(player) == game.observation(player)
        game.apply(bot.choose(game))
    assert game.choosing() == () and game.legal_actions_for(0) == []
