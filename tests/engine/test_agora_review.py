"""What branch agoraspeed changed in how Agora is played, each kept to one way (issue 27's
review items and speed work): the pawn moved by the military track alone, card_structure's
hooks declared by card_structure, the conspiracies' plays appended to a turn's in id order,
political supremacy counted for the seats that gain a chamber, the senators priced by runs of
ids. That no game changed is test_agora_golden.py's."""
from __future__ import annotations

import ast
import random
from pathlib import Path
from types import SimpleNamespace

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.city import Cities
from wondersmith.engine.mechanics import senate
from wondersmith.engine.mechanics.card_structure.plays import StructurePlays
from wondersmith.engine.mechanics.conspiracies import TRIGGERED
from wondersmith.engine.mechanics.senate import senators

AGORA = load_ruleset("agora")
ENGINE = Path(__file__).resolve().parents[2] / "compiler" / "engine"


def _first_turn(seed: int = 0) -> Game:
    g = Game(AGORA, seed=seed)
    while g.decision != "play":
        g.apply(g.legal_actions()[0])
    return g


# The pawn: one function moves it (ruling 24) -----------------------------------------------

def _writes_to(tree: ast.AST, attribute: str) -> list[int]:
    """Lines that assign to `<anything>.attribute`."""
    out = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        out += [node.lineno for target in targets
                if isinstance(target, ast.Attribute) and target.attr == attribute]
    return out


def test_only_the_military_track_moves_the_pawn() -> None:
    writers = {path.relative_to(ENGINE).as_posix(): lines for path in sorted(ENGINE.rglob("*.py"))
               if (lines := _writes_to(ast.parse(path.read_text(encoding="utf-8")), "pawn"))}
    assert list(writers) == ["mechanics/military_track/__init__.py"]
    assert len(writers["mechanics/military_track/__init__.py"]) == 1  # in advance_pawn


def test_a_shield_decree_lost_moves_the_pawn_back_through_the_same_track() -> None:
    # q holds chamber 5 and its shield Decree, which moved the pawn 1 towards p; p ties the
    # chamber: q loses the Decree and the pawn moves 1 back towards q (ruling 24).
    g = _first_turn()
    p, q = g.current_player, 1 - g.current_player
    cubes = [[0] * 6, [0] * 6]
    cubes[q][4] = 1
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"] = cubes
    data["mechanics"]["senate"]["decrees"] = ["blue_coins_decree", None, "discard_decree",
                                              None, "shield_decree", None]
    data["pawn"] = g.t.pawn_side[q]  # q's Decree pushed it 1 towards p's capital
    data["stack"].append({"player": p, "kind": "senate_steps",
                          "senate_steps": {"actions": 1, "section": "right", "move": False,
                                           "optional": False}})
    g = Game.from_json(AGORA, data)
    g._advance()
    g.apply_text("place a cube in chamber 5")
    assert senate.controller(g, 4) == -1 and g.pawn == 0


# card_structure's hooks: declared by card_structure, overridden by the mechanics -----------

def test_card_structures_hooks_are_card_structures() -> None:
    for hook in ("_shuffled_in", "_shuffle_in_nodes", "_other_play", "_cards_held_elsewhere",
                 "_turn_arg_ok"):
        assert hook in vars(StructurePlays) and not hasattr(Cities, hook), hook
    g = Game(AGORA, seed=0)
    box, n = g._shuffled_in(1)
    assert box is g.senators_box and n == 5
    assert g._shuffle_in_nodes(2) == [(senators.K_SENATOR, -1, 0)] * 5
    duel = Game(load_ruleset("duel"), seed=0)
    assert duel._shuffled_in(1) == ([], 0) and duel._shuffle_in_nodes(1) == []


# The conspiracies' plays ---------------------------------------------------------------------

def _plays_as_the_override_listed_them(g: Game, p: int) -> list[int]:
    """The turn's plays as the conspiracies' `_legal_play` override made them before
    (card_structure's, then the prepares and triggers sorted)."""
    t = g.t
    out = [a for a in g.legal_actions() if a < t.structure_plays_end]
    extra = [t.PREPARE + k * t.NB + c for k, card, done in g.held[p] if card < 0 and not done
             for c in g.reach]
    top = g.stack[-1]
    if top[2] != TRIGGERED:
        extra += [t.TRIGGER + k for k, card, done in g.held[p] if card >= 0 and not done]
    return out + sorted(extra)


def test_the_conspiracies_plays_follow_card_structures_in_id_order() -> None:
    rng = random.Random(3)
    turns = with_conspiracies = 0
    for seed in range(12):
        g = Game(AGORA, seed=seed)
        while g.result is None:
            if g.decision == "play":
                p = g.current_player
                legal = g.legal_actions()
                assert legal == sorted(set(legal))
                assert legal == _plays_as_the_override_listed_them(g, p)
                turns += 1
                with_conspiracies += any(a >= g.t.structure_plays_end for a in legal)
            g.apply(rng.choice(g.legal_actions()))
    assert turns > 500 and with_conspiracies > 50  # the games held conspiracies often


# Political supremacy: counted for the seats that just gained a chamber ------------------------

def _senate_position(cubes: list[list[int]], node_player: int, section: str = "any",
                     move: bool = True) -> Game:
    g = _first_turn()
    data = g.to_json()
    data["mechanics"]["senate"]["chamber_cubes"] = cubes
    data["mechanics"]["senate"]["decrees"] = ["blue_coins_decree", "green_coins_decree",
                                              "discard_decree", "red_coins_decree",
                                              "yellow_coins_decree", "wonder_coins_decree"]
    data["stack"].append({"player": node_player, "kind": "senate_steps",
                          "senate_steps": {"actions": 1, "section": section, "move": move}})
    g = Game.from_json(AGORA, data)
    g._advance()
    return g


def test_supremacy_reached_by_the_seat_placing_the_cube() -> None:
    g = _first_turn()
    p = g.current_player
    cubes = [[0] * 6, [0] * 6]
    cubes[p][:5] = [1] * 5
    g = _senate_position(cubes, p)
    g.apply_text("place a cube in chamber 6")
    assert g.result is not None and g.result.victory == "political" and g.result.winner == p


def test_supremacy_reached_by_the_other_seat_through_a_move() -> None:
    # p moves its cube out of a tied chamber 6: q gains it and, holding the five others,
    # wins at once, though the step was p's.
    g = _first_turn()
    p = g.current_player
    q = 1 - p
    cubes = [[0] * 6, [0] * 6]
    cubes[q] = [2, 2, 2, 2, 2, 1]
    cubes[p][5] = 1
    g = _senate_position(cubes, p)
    g.apply_text("move a cube from chamber 6 to chamber 5")
    assert g.result is not None and g.result.victory == "political" and g.result.winner == q


def test_no_supremacy_while_a_chamber_is_tied() -> None:
    g = _first_turn()
    p = g.current_player
    cubes = [[0] * 6, [0] * 6]
    cubes[p] = [1, 1, 1, 1, 1, 0]
    cubes[1 - p][5] = 1
    g = _senate_position(cubes, p)
    g.apply_text("place a cube in chamber 6")  # a tie: no one controls it
    assert g.result is None and senate.controller(g, 5) == -1


# The senators' prices ------------------------------------------------------------------------

def _laid_out(colors: list[str]) -> SimpleNamespace:
    """The tables senators.lay_out reads: colours, the Age decks and the backs that
    card_structure's deal laid out before it (the Age's back only)."""
    t = SimpleNamespace(color_index={"blue": 0, "senator": 1}, NB=len(colors), ages=3,
                        age_decks={1: list(range(len(colors)))}, CH_SENATOR_BACK=1000,
                        backs=("age",), back_kind=(-1,), back_base=(-1,),
                        card_back=[0] * len(colors), back_ages=frozenset(),
                        back_ages_of=(frozenset(),), back_runs=())
    t.color = [t.color_index[c] for c in colors]
    senators.lay_out(t, senators.Senators("senator", (1, 1, 1)))
    return t


def test_senators_are_found_in_runs_of_consecutive_ids() -> None:
    t = _laid_out(["senator", "senator", "blue", "senator", "blue", "senator", "senator"])
    assert t.senators == (0, 1, 3, 5, 6)
    assert t.senator_runs == ((0, 2), (3, 4), (5, 7))
    assert t.age_decks == {1: [2, 4]}
    assert _laid_out(["blue", "senator", "senator", "senator"]).senator_runs == ((1, 4),)


def test_each_senator_is_priced_as_its_buyer_owns_senators() -> None:
    g = _first_turn()
    t = g.t
    for p in t.seats:
        cache = g._reset_costs(p)
        assert [cache[c] for c in t.senators] == [senators.owned(g, p)] * len(t.senators)
        assert all(cache[c] == -1 for c in range(t.N) if c not in t.senators)
    # Building one prices them again, one coin more, the rest of the cache kept.
    p = g.current_player
    cache = g._reset_costs(p)
    cache[0] = 7  # a price worked out before: still there after
    senator = t.senators[0]
    g._build_building(p, senator, False)
    g._flush()
    assert g.cost_cache[p] is cache and cache[0] == 7
    assert [cache[c] for c in t.senators] == [1] * len(t.senators)
