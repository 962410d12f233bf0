"""Action ids are laid out by each game's own mechanics (core/actions.py).

A game has the action ranges of its mechanics and no others, in a fixed order; Duel's ids
are those its saved states and records were written with. Classic's ids moved when Duel's
ranges left its layout, and its games did not: the texts of every legal action of seeded
games at 2 to 7 players, hashed below, were computed before the ids moved and still match.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wondersmith.engine import CHANCE, Game, IllegalActionError, NotationError, mechanics  # noqa: E402
from wondersmith.engine import state as state_module  # noqa: E402
from wondersmith.engine.core.actions import (EFFECTS, OUTCOMES, PLAYS, SETUP_CHOICES,  # noqa: E402
                                             Actions, lay_out)
from wondersmith.engine.core.kinds import number  # noqa: E402
from wondersmith.engine.positions import position  # noqa: E402
from classic_helpers import ruleset as classic_ruleset  # noqa: E402
from engine_helpers import RULESET  # noqa: E402
from test_three_seats import trio  # noqa: E402,F401 (the 3-seat toy game, a fixture)

GAMES = 2  # per player count

# players: (actions applied, sha256 of the texts), computed before the layout moved classic's ids
TEXTS = {
    # 2 players renewed on Dec 2 2026: the Free City discards only when it can play no card of
    # the hand (D-C12, docs/sources.md), so 2-player games changed; was (198, 'c4a0d5a0...08c').
    2: (199, '6c736fa834a0e4c1ac64eb853d23f9cde6a16ebab23d589f7767301e7e88d581'),
    3: (183, '069c4cbb2982c96ecfacff8c716b438046355b8baba50d74d0f81602d7093b76'),
    4: (239, '980cd5e5928dc207a39e4ce91447adb5415dd2a4d7575798854a1aaba39eb9f4'),
    5: (299, '1a6c1ef7162eb591303241d31b848fcf2ba6c096e1bb7add47c6af345b29cd7c'),
    6: (359, '5babd6046f1aa9cd233339e80ee7ab84d126294a7e63a7727d2737083300f917'),
    7: (417, 'a69aa8304ab0f45829d4b033d9a3e6fb394597b23e10e616f0fdd75397dabe73'),
}


def text_digest(players: int, games: int = GAMES) -> tuple[int, str]:
    """Seeded random games of classic at `players`, hashed by what they say, not their ids:
    per step the decision, the seat, every legal text (per seat at a simultaneous decision)
    and the text chosen; per game the scores."""
    h = hashlib.sha256()
    applied = 0
    rng = random.Random(players)
    for i in range(games):
        # One game samples chance itself, one has its outcomes chosen here, so they are hashed.
        g = Game(classic_ruleset(), seed=1_000 * players + i, players=players,
                 auto_chance=i % 2 == 0)
        while g.result is None:
            seats = g.choosing() if g.current_player != CHANCE else [None]
            texts = {str(s): g.legal_texts(s) for s in seats}
            actions = g.legal_actions()
            action = actions[int(rng.random() * len(actions))]
            step = [g.decision, g.current_player, texts, g.action_to_text(action)]
            h.update(json.dumps(step, separators=(",", ":")).encode())
            g.apply(action)
            applied += 1
        h.update(json.dumps(g.result.as_dict(), sort_keys=True).encode())
    return applied, h.hexdigest()


@pytest.mark.parametrize("players", sorted(TEXTS))
def test_classic_games_read_as_before_the_ids_moved(players):
    assert text_digest(players) == TEXTS[players]


def _ranges(game: Game) -> dict:
    return {name: (r.first, r.end) for name, r in game.t.action_ranges.items()}


def test_duel_ids_are_those_its_saved_states_were_written_with():
    t = Game(RULESET).t
    assert _ranges(Game(RULESET)) == {
        "BUILD": (0, 73), "DISCARD": (73, 146), "WONDER": (146, 1022),
        "PICK_WONDER": (1022, 1034), "TAKE": (1034, 1044), "DESTROY": (1044, 1117),
        "REVIVE": (1117, 1190), "START": (1190, 1191), "START_OTHER": (1191, 1192),
        "CH_SEAT": (1192, 1194), "CH_TOKEN": (1194, 1204), "CH_WONDER": (1204, 1216),
        "CH_CARD": (1216, 1289), "CH_BACK": (1289, 1309)}  # the guild backs: last
    assert t.num_actions == 1309 and t.chance_ranges == [(1192, 1309)]
    assert t.action_ranges["CH_SEAT"].owners == ("core",)
    assert t.action_ranges["PICK_WONDER"].owners == ("wonder_draft",)


def test_a_game_has_the_ranges_of_its_own_mechanics_and_no_others(trio):  # noqa: F811
    classic = Game(classic_ruleset(), players=4).t
    assert list(classic.action_ranges) == ["C_BUILD", "C_STAGE", "C_DISCARD", "C_FREE",
                                           "C_REVIVE", "CH_SEAT", "CH_CARD", "CH_BOARD"]
    assert {r.owners for r in classic.action_ranges.values()} == {
        ("hand_draft",), ("core",), ("wonder_boards",)}
    for duel_range in ("BUILD", "WONDER", "PICK_WONDER", "TAKE", "DESTROY", "START", "CH_TOKEN"):
        assert not hasattr(classic, duel_range)
    assert classic.C_BUILD == 0 and classic.chance_ranges == [(classic.CH_SEAT, classic.num_actions)]
    # The toy 3-seat game: tokens and a card structure, no draft and no start choice.
    toy = Game(trio, seed=1).t
    assert list(toy.action_ranges) == ["BUILD", "DISCARD", "WONDER", "TAKE", "DESTROY",
                                       "REVIVE", "CH_SEAT", "CH_TOKEN", "CH_CARD", "CH_BACK"]
    assert not hasattr(toy, "PICK_WONDER") and not hasattr(toy, "START")


@pytest.mark.parametrize("which", ["duel", "classic", "trio"])
def test_chance_outcomes_and_player_actions_keep_to_their_ranges(which, trio):  # noqa: F811
    ruleset = {"duel": RULESET, "classic": classic_ruleset(), "trio": trio}[which]
    rng = random.Random(4)
    for seed in range(3):
        g = Game(ruleset, seed=seed, auto_chance=False)
        t = g.t
        ranges = sorted((r.first, r.end) for r in t.action_ranges.values())
        assert ranges[0][0] == 0 and ranges[-1][1] == t.num_actions
        assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))  # contiguous, disjoint
        while not g.is_terminal:
            chance = g.current_player == CHANCE
            for action in g.legal_actions():
                assert chance == any(f <= action < e for f, e in t.chance_ranges)
                assert g.parse_action(g.action_to_text(action)) == action
            g.apply(rng.choice(g.legal_actions()))


def _tables(**sizes) -> SimpleNamespace:
    return SimpleNamespace(**sizes)


def test_ranges_are_laid_out_by_group_then_in_the_order_of_their_owners():
    t = _tables(n=3)
    lay_out(t, [("core", (Actions("CH_SEAT", OUTCOMES, lambda t: t.n),)),
                ("first", (Actions("DEAL", OUTCOMES, lambda t: 4), Actions("PICK", EFFECTS, lambda t: 2))),
                ("second", (Actions("DRAFT", SETUP_CHOICES, lambda t: 5), Actions("PLAY", PLAYS, lambda t: 7)))])
    assert (t.PLAY, t.DRAFT, t.PICK, t.CH_SEAT, t.DEAL, t.num_actions) == (0, 7, 12, 14, 17, 21)
    assert t.chance_ranges == [(14, 21)]


def test_a_range_two_mechanics_declare_alike_is_one_range():
    t = _tables()
    deal = Actions("CH_CARD", OUTCOMES, lambda t: 5)
    lay_out(t, [("card_structure", (deal, Actions("BUILD", PLAYS, lambda t: 5))),
                ("hand_draft", (Actions("C_BUILD", PLAYS, lambda t: 9), deal))])
    assert (t.BUILD, t.C_BUILD, t.CH_CARD, t.num_actions) == (0, 5, 14, 19)
    assert t.action_ranges["CH_CARD"].owners == ("card_structure", "hand_draft")
    with pytest.raises(ValueError, match="'CH_CARD': b declares it in group outcomes with 6 ids, a"):
        lay_out(_tables(), [("a", (deal,)), ("b", (Actions("CH_CARD", OUTCOMES, lambda t: 6),))])


def test_a_range_must_name_a_group_and_have_a_size():
    with pytest.raises(ValueError, match="group 'later' is not one of plays, setup"):
        Actions("LATE", "later", lambda t: 1)
    with pytest.raises(ValueError, match="a name is a Python identifier"):
        Actions("two words", PLAYS, lambda t: 1)
    with pytest.raises(ValueError, match="'NONE' of m: size -1"):
        lay_out(_tables(), [("m", (Actions("NONE", PLAYS, lambda t: -1),))])


def test_a_mechanic_added_from_outside_lays_out_its_ids_after_the_games():
    """An outcome range a mechanic adds (as card_structure's guild backs did) comes after
    every outcome of Duel: no id of Duel moves."""
    if "test_extra_outcomes" not in mechanics._MODULES:
        mechanics.register("test_extra_outcomes", type("Extra", (), {"__slots__": ()}),
                           actions=(Actions("CH_EXTRA", OUTCOMES, lambda t: 3),))
    extended = Game(dataclasses.replace(RULESET, mechanics=(*RULESET.mechanics, "test_extra_outcomes")))
    plain = Game(RULESET)
    assert _ranges(extended) == {**_ranges(plain), "CH_EXTRA": (1309, 1312)}
    assert extended.t.chance_ranges == [(1192, 1312)]
    with pytest.raises(NotationError, match="no action has id 1310"):
        extended.action_to_text(1310)  # its own texts are the mechanic's to add


def test_the_core_lists_duels_turn_without_dispatch():
    assert state_module.K_TURN == number("play")


# Why an action is not legal, in the words of the mechanic that owns the decision ----------

def _illegal(game: Game, action) -> str:
    with pytest.raises(IllegalActionError) as error:
        game.apply(game.parse_action(action) if isinstance(action, str) else action)
    return str(error.value)


def test_a_pick_or_a_token_not_offered_names_what_is_offered():
    g = Game(RULESET, seed=3)
    assert g.decision == "draft"
    missing = next(w for w in range(g.t.NW) if w not in g.draft)
    assert "is not among the Wonders offered" in _illegal(g, g.t.PICK_WONDER + missing)
    assert "waiting for player" in _illegal(g, g.t.BUILD)


def test_a_play_that_is_not_legal_says_why():
    g = position(RULESET, reachable=["baths", "lumber_yard"], coins=(0, 0),
                 wonders=(["the_pyramids"], ["the_sphinx"]), filler=None)
    assert "Sawmill is not in the Age 1 structure" in _illegal(g, "build Sawmill")
    assert "player 0 does not own The Sphinx" in _illegal(g, "wonder The Sphinx with Baths")
    assert "The Pyramids costs 8 coins; player 0 has 0" in _illegal(g, "wonder The Pyramids with Baths")
    assert "waiting for player 0 to decide: play" in _illegal(g, g.t.TAKE)
    g.apply_text("discard Baths")  # what is legal is still applied
    assert g.coins[0] > 0 and g.current_player == 1


def test_a_mechanic_that_lays_out_ids_in_extend_tables_is_told_where_they_go():
    if "test_late_ids" not in mechanics._MODULES:
        mechanics.register("test_late_ids", type("LateIds", (), {"__slots__": ()}))

        def extend_tables(t):
            t.CH_LATE, t.num_actions = t.num_actions, t.num_actions + 2
        mechanics.module("test_late_ids").extend_tables = extend_tables
    ruleset = dataclasses.replace(RULESET, mechanics=(*RULESET.mechanics, "test_late_ids"))
    with pytest.raises(RuntimeError, match=r"test_late_ids.extend_tables changed num_actions: .* "
                                           r"declares its action ids in ACTIONS"):
        Game(ruleset)
