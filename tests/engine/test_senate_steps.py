"""The Senate's primitives (mechanic `senate`, senate/steps.py) and the choice of effects
(verb `one_of`, engine/choice.py), on the toy Agora game with three of its cards rewritten:

- Tribune: `one_of: [{place_influence: {section: any}}, coins: 3]` (Agora's Conspirator is
  "place a cube anywhere, or conspire");
- Consul of the Left: `remove_influence: 1` then `move_influence: {optional: true}` (Agora's
  large military token, ruling 25);
- Consul of the Right: `place_influence: {section: right, cubes: 2}`;

and Agora's military tokens on its track (agora-rulings 25): entering the zone at 1 has the
player who pushed the pawn place a cube anywhere, the zone at 3 remove one of the opponent's
then maybe move one of theirs.

Every primitive keeps the Senate's rules after each single cube (agora-rulings 4, 5, 6, 10):
control is the strict majority, it never passes straight from one seat to the other, a
face-down Decree is drawn when its chamber is first controlled, supremacy ends the game at
once, even between two steps of one effect."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from wondersmith.codegen import outputs
from wondersmith.engine import Game, IllegalActionError, NotationError, StateFormatError, load_ruleset
from wondersmith.engine.mechanics import senate
from wondersmith.ir.loader import load_game

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "fixtures" / "games" / "agora_toy"
REWRITES = {
    "game.yaml": [("    - {from: 1, to: 2, points: 2}\n    - {from: 3, to: 3, points: 5}",
                   "    - {from: 1, to: 2, points: 2, token: small_military}\n"
                   "    - {from: 3, to: 3, points: 5, token: large_military}")],
    "tokens.yaml": [("  - id: guard_decree",
                     "  - id: small_military\n    name: Small Military Token\n"
                     "    effects: [place_influence: {section: any}]\n"
                     "  - id: large_military\n    name: Large Military Token\n"
                     "    effects: [remove_influence: 1, move_influence: {optional: true}]\n"
                     "  - id: guard_decree")],
    "age1.yaml": [("effects: [influence: {section: any, actions: 1}]",
                   "effects: [one_of: [{place_influence: {section: any}}, coins: 3]]")],
    "age2.yaml": [("effects: [influence: {section: left}]",
                   "effects: [remove_influence: 1, move_influence: {optional: true}]"),
                  ("effects: [influence: {section: right}]",
                   "effects: [place_influence: {section: right, cubes: 2}]")],
}


@pytest.fixture(scope="module")
def steps_game(tmp_path_factory):
    root = tmp_path_factory.mktemp("games")
    folder = root / "agora_toy"
    shutil.copytree(TOY, folder)
    for name, changes in REWRITES.items():
        text = (folder / name).read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text
            text = text.replace(old, new)
        (folder / name).write_text(text, encoding="utf-8")
    loaded = load_game(folder)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    result = outputs.expected(root, root / "generated", [folder])
    assert not result.errors, result.errors
    outputs.write(result, root / "generated")
    return load_ruleset("agora_toy", path=root / "generated")


def _at(game_rules, seed: int = 0) -> Game:
    """A game at a turn's play decision, some turns in, with no cube placed."""
    g = Game(game_rules, seed=seed)
    while g.decision != "play":
        g.apply(g.legal_actions()[0])
    return g


def _position(rules, cubes, decrees, node: dict | None) -> Game:
    """A game whose next decision is `node` (a stack entry in JSON; None: a turn's play),
    with these cubes (per seat, per chamber) and Decrees."""
    g = _at(rules)
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"] = cubes
    data["mechanics"]["senate"]["decrees"] = decrees
    if node is not None:
        data["stack"].append({"player": g.current_player, **node})
    return Game.from_json(rules, data)


def _steps(section, actions=1, **flags) -> dict:
    return {"kind": "senate_steps", "senate_steps": {"actions": actions, "section": section,
                                                      **flags}}


DECREES = ["stone_decree", None, "glory_decree", None]


# Remove -------------------------------------------------------------------------------------

def test_remove_takes_an_opponents_cube_and_its_control(steps_game) -> None:
    g = _at(steps_game)
    p = g.current_player
    q = 1 - p
    cubes = [[0] * 4, [0] * 4]
    cubes[q][0], cubes[q][2], cubes[p][2] = 1, 2, 1
    g = _position(steps_game, cubes, DECREES, _steps(None, remove=True, move=False,
                                                     optional=False))
    stone = g.t.resources.index("stone")
    assert senate.controller(g, 0) == q and g.prod[q][stone] >= 1
    assert g.decision == "senate_action" and g.current_player == p
    assert g.legal_texts() == ["remove a cube from chamber 1", "remove a cube from chamber 3"]
    with pytest.raises(IllegalActionError, match="no cube of your opponent's is in chamber 2"):
        g.apply_text("remove a cube from chamber 2")
    with pytest.raises(IllegalActionError, match="cannot be ended early"):
        g.apply_text("end senate actions")
    before = g.prod[q][stone]
    g.apply_text("remove a cube from chamber 1")
    assert g.chamber_cubes[q] == [0, 0, 2, 0] and senate.cubes_left(g, q) == 3
    assert senate.controller(g, 0) == -1 and g.prod[q][stone] == before - 1


def test_remove_that_breaks_a_tie_gives_control_and_draws_the_face_down_decree(steps_game):
    g = _at(steps_game)
    p, q = g.current_player, 1 - g.current_player
    cubes = [[0] * 4, [0] * 4]
    cubes[p][1] = cubes[q][1] = 1
    g = _position(steps_game, cubes, DECREES, _steps(None, remove=True, move=False,
                                                     optional=False))
    g.apply_text("remove a cube from chamber 2")
    assert senate.controller(g, 1) == p and g.decrees[1] >= 0  # drawn as control is gained


def test_remove_is_skipped_when_the_opponent_has_no_cube_in_the_senate(steps_game) -> None:
    g = _at(steps_game)
    p = g.current_player
    cubes = [[0] * 4, [0] * 4]
    cubes[p][0] = 2
    g = _position(steps_game, cubes, DECREES, _steps(None, remove=True, move=False,
                                                     optional=False))
    assert g.decision == "play" and g.chamber_cubes[p] == [2, 0, 0, 0]


# Move and place -------------------------------------------------------------------------------

def test_a_move_only_step_places_nothing_and_may_be_ended_when_optional(steps_game) -> None:
    g = _at(steps_game)
    p = g.current_player
    cubes = [[0] * 4, [0] * 4]
    cubes[p][1] = 1
    g = _position(steps_game, cubes, ["stone_decree", "market_decree", "glory_decree", None],
                  _steps(None, optional=True))
    assert g.legal_texts() == ["move a cube from chamber 2 to chamber 1",
                               "move a cube from chamber 2 to chamber 3", "end senate actions"]
    with pytest.raises(IllegalActionError, match="this step places no cube"):
        g.apply_text("place a cube in chamber 1")
    g.apply_text("move a cube from chamber 2 to chamber 3")  # sections do not stop a move
    assert g.chamber_cubes[p] == [0, 0, 1, 0] and senate.controller(g, 2) == p


def test_a_move_only_step_with_no_cube_in_the_senate_is_skipped(steps_game) -> None:
    g = _position(steps_game, [[0] * 4, [0] * 4], DECREES, _steps(None, optional=True))
    assert g.decision == "play"


def test_placing_cubes_one_at_a_time_with_no_way_to_stop(steps_game) -> None:
    g = _at(steps_game)
    p = g.current_player
    g = _position(steps_game, [[0] * 4, [0] * 4], DECREES,
                  _steps("any", actions=2, move=False, optional=False))
    texts = g.legal_texts()
    assert texts == [f"place a cube in chamber {c}" for c in (1, 2, 3, 4)]
    with pytest.raises(IllegalActionError, match="this step moves no cube"):
        g.apply_text("move a cube from chamber 1 to chamber 2")
    g.apply_text("place a cube in chamber 4")
    # Chamber 4's face-down Decree is drawn first; the second cube waits below it.
    assert g.decrees[3] >= 0 and g.decision == "senate_action" and g.current_player == p
    data = g.to_json()
    assert Game.from_json(steps_game, data).to_json() == data
    g.apply_text("place a cube in chamber 1")
    assert g.chamber_cubes[p] == [1, 0, 0, 1] and g.decision != "senate_action"


def test_placing_with_an_empty_supply_is_skipped(steps_game) -> None:
    g = _at(steps_game)
    p = g.current_player
    cubes = [[0] * 4, [0] * 4]
    cubes[p] = [1, 1, 2, 1]  # the toy game's 5 cubes, all in the Senate
    cubes[1 - p] = [1, 1, 2, 1]  # every chamber tied: no one controls any
    g = _position(steps_game, cubes, DECREES, _steps("any", move=False, optional=False))
    assert g.decision == "play"


def test_supremacy_between_two_steps_ends_the_game_at_once(steps_game) -> None:
    """Ruling 10: checked after every single cube, in the middle of an effect's steps."""
    g = _at(steps_game)
    p = g.current_player
    cubes = [[0] * 4, [0] * 4]
    cubes[p] = [1, 1, 0, 0]
    g = _position(steps_game, cubes, ["stone_decree", "market_decree", "glory_decree", None],
                  _steps("any", actions=3, move=False, optional=False))
    g.apply_text("place a cube in chamber 3")
    assert g.is_terminal and (g.result.winner, g.result.victory) == (p, "political")
    assert g.stack == []


def test_a_saved_step_reads_back_and_bad_ones_are_refused(steps_game) -> None:
    g = _position(steps_game, [[0] * 4, [0] * 4], DECREES,
                  _steps("any", actions=2, move=False, optional=False))
    data = g.to_json()
    assert data["stack"][-1]["senate"] == {"actions": 2, "section": "any", "move": False,
                                           "optional": False}
    for bad, message in (({"actions": 1, "section": None, "move": False}, "places, moves or "
                                                                          "removes"),
                         ({"actions": 1, "section": "any", "remove": "yes"}, "true or false"),
                         ({"actions": 1, "section": "any", "twice": True}, "optionally")):
        broken = g.to_json()
        broken["stack"][-1]["senate"] = bad
        with pytest.raises(StateFormatError, match=message):
            Game.from_json(steps_game, broken)


# Military tokens ------------------------------------------------------------------------------

def test_a_military_token_is_resolved_by_the_player_who_pushed_the_pawn(steps_game) -> None:
    """Ruling 25: the small token places a cube anywhere, for the player the pawn moved away
    from; the large one removes an opponent's cube, then may move one of theirs; each once."""
    g = _at(steps_game)
    t, p = g.t, g.current_player
    q = 1 - p
    assert not {t.index["small_military"] - t.token0, t.index["large_military"] - t.token0} \
        & set(g.board_tokens + g.box_tokens)  # never a progress token
    cubes = [[0] * 4, [0] * 4]
    cubes[q][0] = 1
    cubes[p][3] = 1
    g = _position(steps_game, cubes, ["stone_decree", None, "glory_decree", "forum_decree"],
                  None)
    g._shields(p, 1)  # as a build does: the shields, then the choices they queue
    g._flush()
    g._advance()
    assert g.decision == "senate_action" and g.current_player == p
    assert g.legal_texts() == [f"place a cube in chamber {c}" for c in (1, 2, 3, 4)]
    g.apply_text("place a cube in chamber 1")  # ties the opponent's chamber: no one's
    assert g.chamber_cubes[p] == [1, 0, 0, 1] and g.loot_used[q] == [True, False]
    g._shields(p, 2)  # to distance 3: the large token
    g._flush()
    g._advance()
    assert g.legal_texts() == ["remove a cube from chamber 1"]
    g.apply_text("remove a cube from chamber 1")
    assert senate.controller(g, 0) == p
    assert g.decision == "senate_action" and "end senate actions" in g.legal_texts()
    assert "move a cube from chamber 4 to chamber 3" in g.legal_texts()
    g.apply_text("end senate actions")
    g._shields(q, 1)  # back towards p: nothing on p's side is reached yet
    assert g.loot_used[p] == [False, False]


# The choice of effects --------------------------------------------------------------------------

def _choosing(rules) -> Game:
    g = _at(rules)
    data = g.to_json()
    data["stack"].append({"kind": "effect_choice", "player": g.current_player,
                          "choice": {"card": "tribune", "index": 0}})
    return Game.from_json(rules, data)


def test_one_of_offers_its_effects_and_runs_the_one_chosen(steps_game) -> None:
    g = _choosing(steps_game)
    p = g.current_player
    assert g.decision == "effect_choice"
    assert g.legal_texts() == ["choose place 1 influence cube in any chamber",
                               "choose coins: 3"]
    coins = g.coins[p]
    g.apply_text("choose option 2")
    assert g.coins[p] == coins + 3 and g.decision == "play"
    g = _choosing(steps_game)
    g.apply_text(g.legal_texts()[0])
    assert g.decision == "senate_action" and g.legal_texts() == [
        f"place a cube in chamber {c}" for c in (1, 2, 3, 4)]
    with pytest.raises(NotationError, match="no option 9"):
        g.parse_action("choose option 9")


def test_a_saved_choice_reads_back_and_a_bad_one_is_refused(steps_game) -> None:
    g = _choosing(steps_game)
    data = g.to_json()
    assert data["stack"][-1]["choice"] == {"card": "tribune", "index": 0}
    assert Game.from_json(steps_game, data).to_json() == data
    for bad, message in (({"card": "shrine", "index": 0}, "no component with a choice"),
                         ({"card": "tribune", "index": 1}, "index"),
                         ({"card": "tribune"}, "expected")):
        data["stack"][-1]["choice"] = bad
        with pytest.raises(StateFormatError, match=message):
            Game.from_json(steps_game, data)


# Random games -------------------------------------------------------------------------------------

def _policy(g: Game, rng: random.Random) -> int:
    """Random, but building the rewritten cards and using the Senate more than chance."""
    legal = g.legal_actions()
    t = g.t
    if g.decision == "play" and rng.random() < 0.7:
        senate_cards = [a for a in legal if a < t.DISCARD and t.classes[a].has_on_build]
        if senate_cards:
            return rng.choice(senate_cards)
    if g.decision == "senate_action" and rng.random() < 0.9:
        cubes = [a for a in legal if a != t.SENATE_END]
        if cubes:
            return rng.choice(cubes)
    return rng.choice(legal)


def test_random_games_keep_the_senate_through_every_primitive(steps_game) -> None:
    """Cubes conserved (supply + board = the cubes each seat has), control the strict
    majority and never straight from one seat to the other (ruling 5), each primitive met."""
    rng = random.Random(3)
    met = set()
    for seed in range(60):
        g = Game(steps_game, seed=seed)
        t = g.t
        n = t.config["senate"].cubes
        on_board = [0, 0]
        while not g.is_terminal:
            assert [sum(row) for row in g.chamber_cubes] == on_board
            assert all(senate.cubes_left(g, p) == n - on_board[p] >= 0 for p in t.seats)
            before = [senate.controller(g, c) for c in range(t.n_chambers)]
            if g.is_chance_node:
                action = g.sample_chance()
            else:
                action = _policy(g, rng)
            if g.decision == "senate_action":
                p = g.current_player
                if action < t.SENATE_MOVE:
                    on_board[p] += 1
                    met.add("place")
                elif t.SENATE_MOVE <= action < t.SENATE_END:
                    met.add("move")
                elif action >= t.SENATE_REMOVE:
                    on_board[1 - p] -= 1
                    met.add("remove")
            elif g.decision == "effect_choice":
                met.add("one_of")
            g.apply(action)
            after = [senate.controller(g, c) for c in range(t.n_chambers)]
            assert not any(b >= 0 and a >= 0 and a != b for b, a in zip(before, after))
            if g.decision == "senate_action":
                texts = g.legal_texts()
                assert [g.parse_action(x) for x in texts] == g.legal_actions()
    assert met == {"place", "move", "remove", "one_of"}


def test_what_a_senate_step_queues_is_decided_before_the_steps_left(steps_game, monkeypatch):
    """A Decree gained that queues a choice (the shield Decree's pawn reaching a military
    token): that choice comes next, the Politician's remaining steps after it."""
    g = _position(steps_game, [[0] * 4, [0] * 4], ["stone_decree", None, "glory_decree", None],
                  _steps("any", actions=2, move=False, optional=False))
    p = g.current_player
    queued = []

    original = type(g)._acquire

    def acquire(self, seat, comp):
        original(self, seat, comp)
        if not queued:
            queued.append(comp)
            self.remove_influence(seat, 1)  # stands for any choice an effect queues
            self.place_influence(seat, "right", 1, False)
    monkeypatch.setattr(type(g), "_acquire", acquire)
    g.apply_text("place a cube in chamber 1")
    # The removal is skipped (no cube of the opponent's); the right-section cube comes first.
    assert g.legal_texts() == ["place a cube in chamber 3", "place a cube in chamber 4"]
    g.apply_text("place a cube in chamber 3")
    assert g.decision == "senate_action" and g.current_player == p  # the step left
    assert len(g.legal_texts()) == 4
