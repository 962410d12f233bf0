"""`Game.action_component`: which building, Wonder, stage or token an action gives the deciding
city, checked against what applying the action does, in Duel and in classic (at every seat of a
simultaneous decision, and for the Free City)."""
from __future__ import annotations

import random

import pytest

from wondersmith.engine import Game, load_ruleset


def _holdings(game: Game, seat: int) -> set[str]:
    """What the JSON state says seat's city holds: buildings, Wonders picked or built,
    tokens, and in classic its board's stages built."""
    state = game.to_json()
    p = state["players"][seat]
    held = {*p["buildings"], *(w["id"] for w in p["wonders"]), *p["tokens"]}
    held |= {f"built:{w['id']}" for w in p["wonders"] if w["status"] == "built"}
    boards = state.get("mechanics", {}).get("wonder_boards")
    if boards and boards["boards"][seat]:
        held.add(f"stages:{len(boards['stages'][seat])}")
    return held


def test_every_duel_action_names_what_it_gives():
    rng = random.Random(3)
    seen = set()
    for seed in range(6):
        game = Game(load_ruleset("duel"), seed=seed)
        while not game.is_terminal:
            seat = game.current_player
            for action in game.legal_actions():
                text = game.action_to_text(action)
                component = game.action_component(action)
                verb = text.split()[0]
                seen.add((verb, component is not None))
                if verb in ("discard", "destroy", "start"):
                    assert component is None, text
                    continue
                child = game.clone()
                before = _holdings(child, seat)
                child.apply(action)
                after = _holdings(child, seat)
                if verb == "wonder":
                    assert f"built:{component}" in after - before, text
                else:
                    assert component in after - before, text
                name = game.ruleset.by_id[component].name
                assert name in text, (name, text)
            game.apply(rng.choice(game.legal_actions()))
    assert {("build", True), ("pick", True), ("take", True), ("wonder", True), ("discard", False)} <= seen


def test_a_great_library_pick_names_its_token():
    """`take Law from the library` gives Law, like a science pair's `take Law`."""
    rng = random.Random(0)
    for seed in range(200):
        game = Game(load_ruleset("duel"), seed=seed)
        while not game.is_terminal:
            library = [a for a in game.legal_actions() if game.action_to_text(a).endswith("from the library")]
            if library:
                a = library[0]
                token = game.action_to_text(a)[len("take "):-len(" from the library")]
                assert game.ruleset.by_id[game.action_component(a)].name == token
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no Great Library pick in 200 random games")


@pytest.mark.parametrize("players", [2, 4])
def test_every_classic_play_names_the_card_or_stage_it_gives(players):
    rng = random.Random(players)
    game = Game(load_ruleset("classic"), seed=11, players=players)
    stages = checked = 0
    while not game.is_terminal:
        for seat in game.choosing():
            for action in game.legal_actions_for(seat):
                text = game.action_to_text(action, seat)
                component = game.action_component(action, seat)
                if text.startswith("discard"):
                    assert component is None, text
                elif text.startswith("stage"):
                    # the next stage of the deciding city's board (the Free City's, for its holder)
                    city = game.stack[-1][1] if seat == game.current_player else seat
                    assert component == game.component_id(game._next_stage(city)), text
                    stages += 1
                else:
                    assert text.startswith("build") and game.ruleset.by_id[component].name in text, text
                checked += 1
        if len(game.choosing()) > 1:
            game.apply_joint({s: rng.choice(game.legal_actions_for(s)) for s in game.choosing()})
        else:
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 100 and stages > 0


def test_a_chance_outcome_gives_no_component():
    game = Game(load_ruleset("duel"), seed=0, auto_chance=False)
    outcome = game.legal_actions()[0]
    assert game.current_player < 0 and game.action_component(outcome) is None
