"""`Game.apply_legal` (a bot's trial: no check, the next actions listed only when asked) leaves
exactly the state `apply` leaves, for every action of random positions of every game: Duel,
classic at 2 to 7 seats, and the Agora toy game (the senate). A mechanic whose play needs
something `apply` does and `apply_legal` does not fails here."""
from __future__ import annotations

import functools
import random

import pytest
from test_senate import TOY, _compiled

from wondersmith.engine import load_ruleset
from wondersmith.engine.bots import new_game

TABLES = [("duel", 2), *(("classic", n) for n in range(2, 8)), ("agora_toy", 2)]


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory):
    @functools.cache
    def ruleset(name: str):
        if name == "agora_toy":
            return _compiled(TOY, tmp_path_factory.mktemp("generated"))
        return load_ruleset(name)
    return ruleset


def every_slot(value, depth: int = 0):
    """A game (or an object of its state) as plain data: every slot, objects opened up, so two
    states compare field by field, derived fields and caches too."""
    slots = [s for k in type(value).__mro__ for s in getattr(k, "__slots__", ())]
    if not slots or depth > 2:
        return value
    return {s: every_slot(getattr(value, s, None), depth + 1) for s in slots if s != "t"}


def after(game, action: int, how: str, auto_chance: bool):
    child = game.clone()
    child.auto_chance = auto_chance
    getattr(child, how)(action)
    if not child.is_terminal:
        child.legal_actions()  # listed on both, so the caches it fills are compared too
    return child


@pytest.mark.parametrize("name,seats", TABLES)
def test_apply_legal_leaves_the_state_apply_leaves(rulesets, name, seats):
    tried = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = new_game(rulesets(name), seed, seats)
        while not game.is_terminal:
            legal = game.legal_actions()
            for action in rng.sample(legal, min(3, len(legal))):
                for auto_chance in (True, False):
                    checked = after(game, action, "apply", auto_chance)
                    trusted = after(game, action, "apply_legal", auto_chance)
                    assert every_slot(trusted) == every_slot(checked), (name, seats, seed, action)
                    assert trusted.to_json() == checked.to_json()
                    tried += 1
            game.apply(rng.choice(legal))
    assert tried > 100


@pytest.mark.parametrize("name", ["duel", "agora"])
def test_apply_legal_lists_no_plays(rulesets, name, monkeypatch):
    """A trial never asks for the next turn's plays, so `apply_legal` does not list them
    (card_structure's turns: listing them cost the ISMCTS bot a twelfth of a move); `apply`
    still does."""
    game = new_game(rulesets(name), 1)
    listed = [0]
    list_plays = type(game)._legal_play

    def counting(self, player):
        listed[0] += 1
        return list_plays(self, player)

    monkeypatch.setattr(type(game), "_legal_play", counting)
    rng = random.Random(1)
    trials = 0
    while not game.is_terminal:
        legal = game.legal_actions()
        for action in legal:
            child = game.clone()
            before = listed[0]
            child.apply_legal(action)
            assert listed[0] == before, (name, action)
            trials += 1
        before = listed[0]
        game.apply(rng.choice(legal))
    assert trials > 50
    assert listed[0] > 0  # apply and legal_actions list them
