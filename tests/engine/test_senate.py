"""Agora's Senate (mechanic `senate`, verb `influence`): the test that the family design holds.

A toy Duel-like game built only from data (tests/fixtures/games/agora_toy/) is validated,
compiled and played: random games keep the senate's invariants (cubes conserved, control
recomputed, Decrees in the right city, supremacy ends the game), states round-trip through
JSON, the new decisions read as text, and no module of the core names anything of the
senate."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.codegen import outputs
from wondersmith.dsl import schemas
from wondersmith.engine import (Game, IllegalActionError, NotationError, StateFormatError,
                                load_ruleset)
from wondersmith.engine.core.rules import RulesError
from wondersmith.engine.mechanics import senate
from wondersmith.engine.tables import Tables
from wondersmith.ir.loader import load_game
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "fixtures" / "games" / "agora_toy"
ENGINE = ROOT / "compiler" / "engine"


def _compiled(folder: Path, out: Path):
    result = outputs.expected(folder.parent, out, [folder])
    assert not result.errors, result.errors
    outputs.write(result, out)
    return load_ruleset(folder.name, path=out)


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    loaded = load_game(TOY)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]
    return _compiled(TOY, tmp_path_factory.mktemp("generated"))


def test_the_toy_game_lists_the_senate_and_reads_its_numbers_from_data(toy) -> None:
    g = Game(toy, seed=0)
    assert type(g).MECHANICS[-1] == "senate" and "political" in type(g).VICTORIES
    t = g.t
    config = t.config["senate"]
    assert (config.cubes, config.supremacy, t.n_chambers) == (5, 3, 4)
    assert t.chamber_points == (1, 2, 2, 1) and t.sections == ("left", "right")
    assert [s.actions for s in config.action_steps] == [1, 2, 3]
    # Face-up Decrees are drawn at set-up; face-down ones wait for the chamber's control.
    assert g.decrees[0] >= 0 and g.decrees[2] >= 0 and g.decrees[1] == g.decrees[3] == -1
    # Decrees never reach progress_tokens' box or board.
    decrees = set(t.decree_tokens)
    assert not decrees & set(g.box_tokens) and not decrees & set(g.board_tokens)
    assert len(g.board_tokens) == 1 and "senate" in g.scores()[0]


# Random games: the senate's invariants ------------------------------------------------------

def _expected_production(g: Game, p: int) -> list[int]:
    """Production worked out from the city and the Decrees of the chambers it controls."""
    t = g.t
    out = [0] * t.R
    comps = list(g.city[p]) + [t.token0 + tok for tok in g.tokens[p]]
    for c in range(t.n_chambers):
        if senate.controller(g, c) == p and g.decrees[c] >= 0:
            comps.append(t.token0 + g.decrees[c])
    for comp in comps:
        for r, n in t.produces[comp]:
            out[r] += n
    return out


def _control(cubes: list[list[int]], chamber: int) -> int:
    counts = [row[chamber] for row in cubes]
    best = max(counts)
    return counts.index(best) if best and counts.count(best) == 1 else -1


def _prefer_the_senate(g: Game, rng: random.Random) -> int:
    """A random policy that builds Politicians and places cubes more often than chance."""
    legal = g.legal_actions()
    t = g.t
    if g.decision == "senate_action" and rng.random() < 0.9:
        places = [a for a in legal if a < t.SENATE_MOVE]
        if places:
            return rng.choice(places)
    if g.decision == "play" and rng.random() < 0.7:
        politicians = [a for a in legal if a < t.DISCARD and t.classes[a].has_on_build]
        if politicians:
            return rng.choice(politicians)
    return rng.choice(legal)


@pytest.mark.parametrize("auto_chance", [True, False])
def test_random_games_keep_the_senates_invariants(toy, auto_chance: bool) -> None:
    victories = set()
    rng = random.Random(5)
    for seed in range(80):
        g = Game(toy, seed=seed, auto_chance=auto_chance)
        t, cubes = g.t, g.t.config["senate"].cubes
        placed = [0] * t.n_seats
        while not g.is_terminal:
            for p in t.seats:  # cubes conserved: in the chambers or in hand, never more
                assert sum(g.chamber_cubes[p]) == placed[p]
                assert senate.cubes_left(g, p) == cubes - placed[p] >= 0
                assert g.prod[p] == _expected_production(g, p)
            for c in range(t.n_chambers):  # control is the strict majority, now
                assert senate.controller(g, c) == _control(g.chamber_cubes, c)
                drawing = g.stack[-1] == (senate.K_DECREE, -1, c)
                if _control(g.chamber_cubes, c) >= 0 and not drawing:
                    assert g.decrees[c] >= 0  # a controlled chamber's Decree is drawn
            # Supremacy ends the game, once a Decree the last cube revealed has acted (the
            # shield Decree's military victory comes first: agora-rulings 10).
            if g.stack[-1][0] != senate.K_DECREE:
                assert all(len(senate.controlled(g, p)) < t.config["senate"].supremacy
                           for p in t.seats)
            if rng.random() < 0.08:
                data = g.to_json()
                assert Game.from_json(toy, data).to_json() == data
                assert g.clone().to_json() == data
            if g.decision == "senate_action":
                texts = g.legal_texts()
                assert len(set(texts)) == len(texts) and texts[-1] == "end senate actions"
                assert [g.parse_action(x) for x in texts] == g.legal_actions()
            if g.is_chance_node:
                action = g.sample_chance()
            else:
                action = _prefer_the_senate(g, rng)
            if g.decision == "senate_action" and action < t.SENATE_MOVE:
                placed[g.current_player] += 1
            g.apply(action)
        victories.add(g.result.victory)
        if g.result.victory == "political":  # supremacy ended the game at once
            assert len(senate.controlled(g, g.result.winner)) >= t.config["senate"].supremacy
        scores = g.result.scores
        for p in t.seats:  # the chambers' VP and the Decrees' VP go to their controller
            vp = sum(t.chamber_points[c] for c in senate.controlled(g, p))
            vp += sum(t.points[t.token0 + g.decrees[c]] for c in senate.controlled(g, p))
            assert scores[p]["senate"] == vp
    assert {"civilian", "political"} <= victories


# A position played step by step -------------------------------------------------------------

def _at_senate_action(toy, seed: int = 0) -> Game:
    """A game waiting for its first Senate action, with no cube placed yet."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        g = Game(toy, seed=s)
        while not g.is_terminal:
            if g.decision == "senate_action":
                return g
            g.apply(_prefer_the_senate(g, rng))
    raise AssertionError("no game reached a Senate action")


def _position(toy, cubes, decrees, actions: int = 1, section: str = "any") -> Game:
    """A game at a Senate action of its seat, with these cubes (per seat, per chamber) and
    Decrees (ids or None, per chamber), built from a played game's JSON."""
    g = _at_senate_action(toy)
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"] = cubes
    data["mechanics"]["senate"]["decrees"] = decrees
    assert data["stack"][-1]["kind"] == "senate_action" and "arg" not in data["stack"][-1]
    data["stack"][-1]["senate"] = {"actions": actions, "section": section}
    return Game.from_json(toy, data)


def test_control_gives_the_decree_and_losing_it_takes_it_back(toy) -> None:
    g = _position(toy, [[0] * 4, [0] * 4], ["stone_decree", None, "glory_decree", None])
    t, p = g.t, g.current_player
    other = t.neighbours[p][0]
    stone = t.resources.index("stone")
    units = g.prod[p][stone]
    g.apply_text("place a cube in chamber 1")
    assert senate.controller(g, 0) == p and g.prod[p][stone] == units + 1
    assert g.prod[other][stone] == _expected_production(g, other)[stone]
    assert g.observation(other)["mechanics"]["senate"]["decrees"][0] == "stone_decree"
    # The other seat ties the chamber: no one controls it, and the Decree leaves the city.
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"][other][0] = 1
    g = Game.from_json(toy, data)
    assert senate.controller(g, 0) == -1 and g.prod[p][stone] == units


def test_a_move_takes_control_from_one_chamber_to_the_next(toy) -> None:
    seat = _at_senate_action(toy).current_player
    g = _position(toy, [[1, 0, 0, 0] if p == seat else [0] * 4 for p in (0, 1)],
                  ["stone_decree", None, "glory_decree", None], actions=2, section="left")
    p = g.current_player
    texts = g.legal_texts()
    assert "move a cube from chamber 1 to chamber 2" in texts
    assert "place a cube in chamber 3" not in texts  # the left section: chambers 1 and 2
    with pytest.raises(IllegalActionError, match="chamber 3 is not in the left section"):
        g.apply_text("place a cube in chamber 3")
    with pytest.raises(IllegalActionError, match="no cube of yours is in chamber 2"):
        g.apply_text("move a cube from chamber 2 to chamber 3")
    g.apply_text("move a cube from chamber 1 to chamber 2")
    assert senate.controller(g, 0) == -1 and senate.controller(g, 1) == p
    # Chamber 2's Decree was face down: it is drawn now, and the second action waits below.
    assert g.decrees[1] >= 0 and g.decision == "senate_action" and g.current_player == p
    assert g.history[-1] == g.t.CH_DECREE + g.t.decree_tokens.index(g.decrees[1])


def test_supremacy_ends_the_game_at_once(toy) -> None:
    g = _at_senate_action(toy)
    p = g.current_player
    cubes = [[1, 1, 0, 0] if q == p else [0] * 4 for q in g.t.seats]
    g = _position(toy, cubes, ["stone_decree", "market_decree", "glory_decree", None])
    assert not g.is_terminal
    g.apply_text("place a cube in chamber 3")
    assert g.is_terminal and (g.result.winner, g.result.victory) == (p, "political")
    assert g.result.scores[p]["senate"] == 1 + 2 + 2 + 3  # chambers 1-3, the Glory Decree
    data = g.to_json()
    assert Game.from_json(toy, data).to_json() == data


def test_end_senate_actions_skips_the_rest(toy) -> None:
    g = _at_senate_action(toy)
    p = g.current_player
    before = [list(row) for row in g.chamber_cubes]
    g.apply_text("end senate actions")
    assert g.chamber_cubes == before and (g.decision != "senate_action" or g.current_player != p)


# Text, JSON and the observation -------------------------------------------------------------

def test_texts_refuse_what_the_senate_does_not_allow(toy) -> None:
    g = _at_senate_action(toy)
    with pytest.raises(NotationError, match="not next to each other"):
        g.parse_action("move a cube from chamber 1 to chamber 3")
    with pytest.raises(NotationError, match="chambers 1 to 4"):
        g.parse_action("place a cube in chamber 9")
    with pytest.raises(NotationError, match="not a Decree"):
        g.parse_action("decree Harvest")
    t = g.t
    assert g.action_to_text(t.SENATE_MOVE + 1) == "move a cube from chamber 1 to chamber 2"
    assert g.parse_action("Decree stone_decree") == t.CH_DECREE + t.decree_tokens.index(
        t.index["stone_decree"] - t.token0)


def test_a_state_breaking_the_senates_rules_is_refused(toy) -> None:
    g = _at_senate_action(toy)
    good = g.to_json()
    cases = [
        (("chamber_cubes", 0), [6, 0, 0, 0], "cubes placed|beyond|at most|<= 5|0 to 5"),
        (("chamber_cubes", 0), [2, 2, 1, 1], "6 cubes placed"),
        (("decrees", 1), "harvest", "not a Decree"),
        (("decrees", 0), None, "drawn by now"),
    ]
    node = good["stack"][-1]
    for bad, message in (({"actions": 0, "section": "any"}, "actions"),
                         ({"actions": 1, "section": "centre"}, "no section 'centre'"),
                         ([1], "expected")):
        data = yaml.safe_load(yaml.safe_dump(good))
        data["stack"][-1] = {**node, "senate": bad}
        with pytest.raises(StateFormatError, match=message):
            Game.from_json(toy, data)
    for (key, index), value, message in cases:
        data = yaml.safe_load(yaml.safe_dump(good))
        data["mechanics"]["senate"][key][index] = value
        with pytest.raises(StateFormatError, match=message):
            Game.from_json(toy, data)


def test_a_seat_sees_the_whole_senate(toy) -> None:
    g = _at_senate_action(toy)
    p = g.current_player
    g.apply(g.legal_actions()[0])  # a cube placed
    for seat in g.t.seats:
        seen = g.observation(seat)["mechanics"]["senate"]
        assert seen["chamber_cubes"] == [list(r) for r in g.chamber_cubes]
        vector = g.observation_vector(seat)
        assert len(vector) == len(Game(toy, seed=9).observation_vector(seat))
    mine = senate._seen_senate(g, p)
    assert mine[-1] == senate.cubes_left(g, p) / g.t.config["senate"].cubes


# The data: Agora's own numbers, and what the engine refuses ----------------------------------

def test_agoras_numbers_in_the_docs_fit_the_schema_and_the_engine() -> None:
    text = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    block = text.split("Agora's own\nnumbers", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    data = yaml.safe_load(block.replace("[...]", "[" + ", ".join(f"d{k}" for k in range(16)) + "]"))
    schema = schemas.game_schema()["properties"]["senate"]
    assert list(Draft202012Validator(schema).iter_errors(data["senate"])) == []
    config = senate.Config.parse(data)
    assert [c.points for c in config.chambers] == [1, 2, 3, 3, 2, 1]
    assert (config.cubes, config.supremacy, len(config.decrees)) == (12, 6, 16)


def test_a_decree_with_an_effect_on_gain_is_refused(toy, tmp_path, monkeypatch) -> None:
    folder = tmp_path / "games" / "agora_toy"
    shutil.copytree(TOY, folder)
    tokens = folder / "tokens.yaml"
    tokens.write_text(tokens.read_text().replace("effects: [points: 3]", "effects: [coins: 3]"))
    loaded = load_game(folder)
    assert [(d.code, "glory_decree" in d.message) for d in loaded.diagnostics] == [("WS314", True)]
    # The engine refuses it too, for a ruleset built by other means than the compiler.
    glory = next(cls for cls in toy.tokens if cls.id == "glory_decree")
    monkeypatch.setattr(glory, "has_on_build", True)
    with pytest.raises(RulesError, match="glory_decree.*on gain"):
        Tables(toy)


@pytest.mark.parametrize("change, message", [
    ({"supremacy": 5}, "5 chambers, but the Senate has 4"),
    ({"decrees": ["stone_decree"]}, "1 Decrees for 4 chambers"),
    ({"actions": {"color": "blue", "steps": [{"cards": 1, "actions": 1}]}}, "the first at 0"),
    ({"chambers": [{"section": "any", "points": 1, "decree": "face_up"}] * 4},
     "'any' means every chamber"),
])
def test_senate_numbers_that_cannot_hold_are_refused(change, message) -> None:
    data = yaml.safe_load((TOY / "game.yaml").read_text())
    data["senate"].update(change)
    with pytest.raises(RulesError, match=message):
        senate.Config.parse(data)


# The core names nothing of the senate ---------------------------------------------------------

def test_adding_the_senate_needed_no_name_of_it_in_the_core() -> None:
    """Nothing of the senate's kinds, state, tables or victory outside the mechanics and the
    games' presentation they use (games/): nowhere in the core. The verb itself is declared
    where every verb compiled cards call is (runtime.GameVerbs) and refused, naming its
    mechanic, in a game without it (verbs.py), as take_token and destroy are: those two
    files name the mechanic, nothing else of it."""
    names = {"senate", "senate_action", "decree_draw", "chamber_cubes", "decrees",
             "decree_tokens", "SENATE_PLACE", "SENATE_MOVE", "SENATE_END", "CH_DECREE",
             "political", "chamber_points", "n_chambers", "tokens_kept_out"}
    outside = [p for p in ENGINE.rglob("*.py")
               if p.relative_to(ENGINE).parts[0] not in ("mechanics", "games")]
    found = {str(p.relative_to(ENGINE)): sorted(n for n in names if n in p.read_text())
             for p in outside}
    assert {k: v for k, v in found.items() if v} == {"runtime.py": ["senate"],
                                                       "verbs.py": ["senate"]}
