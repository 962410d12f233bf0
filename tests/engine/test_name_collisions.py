"""Names that collide, and records that stay unambiguous (issue 26, item 4).

Every text names exactly one action: for every game, each legal action of random states
reads back as itself, and records of random games replay to the identical state, with
every action as text. A ruleset built by hand with names the validator refuses (WS328:
"LUMBER YARD" beside "Lumber Yard", a card named "quarry" beside the card whose id is
`quarry`) is still played unambiguously: a shared name is written as the id, read as
neither component, and a record names by number the action no word names alone.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from record_checks import CASE, ID, renamed, round_trip
from record_checks import random_game as play_at_random

from wondersmith.engine import Game, NotationError, RecordFormatError, game_record, load_ruleset, replay_record

GAMES = {  # name: (ruleset, players)
    "duel": (load_ruleset("duel"), None),
    "classic 2": (load_ruleset("classic"), 2),
    "classic 3": (load_ruleset("classic"), 3),
    "classic 7": (load_ruleset("classic"), 7),
    "duel colliding": (renamed(load_ruleset("duel"), {**CASE, **ID}), None),
    "classic colliding": (renamed(load_ruleset("classic"), {**CASE, **ID}), 4),
}
VALID = ("duel", "classic 2", "classic 3", "classic 7")


def random_game(name: str, seed: int, steps: int | None = None) -> Game:
    return play_at_random(*GAMES[name], seed, steps)


def deciders(g: Game) -> list[tuple[int | None, list[int]]]:
    """(seat a text is worded for, its legal actions): each seat choosing, or chance."""
    if g.is_chance_node:
        return [(None, g.legal_actions())]
    return [(seat, g.legal_actions_for(seat)) for seat in g.choosing()]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(VALID), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 300))
def test_every_legal_action_of_a_random_state_reads_back_as_itself(name, seed, steps):
    g = random_game(name, seed, steps)
    for seat, legal in deciders(g):
        for action in legal:
            assert g.parse_action(g.action_to_text(action, seat), seat) == action


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32 - 1),
       steps=st.one_of(st.none(), st.integers(0, 200)))
def test_a_record_of_a_random_game_replays_to_the_identical_state(name, seed, steps):
    record = round_trip(GAMES[name][0], random_game(name, seed, steps))
    if name in VALID:  # valid data: every action as text, none by number
        assert all(isinstance(a, str) for a in record["actions"])


@pytest.mark.parametrize("name", ["duel colliding", "classic colliding"])
def test_names_that_collide_are_written_as_ids_and_read_back(name):
    """Each of two names alike once case is set aside is written as its id; the card named
    "quarry" is written `stone_pit`. Every text that reads as an action reads as its own:
    none resolves to the first component of a shared name."""
    checked = numbered = 0
    for seed in range(6):
        g = Game(GAMES[name][0], seed=seed, players=GAMES[name][1])
        rng = random.Random(seed)
        while not g.is_terminal:
            for seat, legal in deciders(g):
                for action in legal:
                    text = g.action_to_text(action, seat)
                    try:
                        assert g.parse_action(text, seat) == action, text
                        checked += 1
                    except NotationError as exc:  # the `quarry` card: no word names it alone
                        assert "names 2 " in str(exc) and "quarry" in text.casefold()
                        numbered += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000 and numbered


@pytest.mark.parametrize("name", ["duel colliding", "classic colliding"])
def test_a_shared_name_is_refused_naming_the_components_it_may_mean(name):
    g = random_game(name, 1, 0)
    t = g.t
    assert t.text_names[t.index["lumber_yard"]] == "lumber_yard"
    assert t.text_names[t.index["clay_pool"]] == "clay_pool"
    assert t.text_names[t.index["stone_pit"]] == "stone_pit"
    for typed, ids in (("build lumber yard", "lumber_yard, clay_pool"),
                       ("build LUMBER YARD", "lumber_yard, clay_pool"),
                       ("build Quarry", "quarry, stone_pit"), ("build quarry", "quarry, stone_pit")):
        with pytest.raises(NotationError) as exc:
            g.parse_action(typed, 0)
        assert " ".join(sorted(ids.split(", "))) == " ".join(sorted(
            str(exc.value).split(": ", 1)[1].split(";")[0].split(", "))), str(exc.value)
        assert "write the id" in str(exc.value)
    assert g.parse_action("build lumber_yard", 0) != g.parse_action("build clay_pool", 0)


def test_a_record_naming_a_shared_name_is_refused_not_replayed_as_another_game():
    """A record written before names were checked (names only, whatever they share) does
    not replay to another game: the first text naming two components is refused."""
    ruleset = GAMES["duel colliding"][0]
    record = game_record(random_game("duel colliding", 3))
    replay = Game(ruleset, seed=record["seed"], auto_chance=False)
    by_name = []
    for entry in record["actions"]:
        if isinstance(entry, str) and entry.startswith("player "):  # a Wonder handed over
            by_name.append(entry)
            continue
        action = entry if isinstance(entry, int) else replay.parse_action(entry)
        t = replay.t
        text = replay.action_to_text(action)
        for i in (t.index["stone_pit"], t.index["lumber_yard"], t.index["clay_pool"]):
            text = text.replace(f" {t.ids[i]}", f" {t.names[i]}")  # as older engines wrote it
        by_name.append(text)
        replay.apply(action)
    assert by_name != record["actions"]
    with pytest.raises(RecordFormatError, match=r"names 2 components: .*write the id"):
        replay_record(ruleset, {**record, "actions": by_name})


def test_a_game_of_other_mechanics_reads_its_texts_back_and_replays_its_records(tmp_path_factory):
    """The toy game of tests/fixtures/games/agora_toy (the Senate's Decrees, named like any
    component), compiled from its data, as every game."""
    from pathlib import Path

    from wondersmith.codegen import outputs

    games = Path(__file__).resolve().parents[1] / "fixtures" / "games"
    out = tmp_path_factory.mktemp("generated")
    result = outputs.expected(games, out, [games / "agora_toy"])
    assert not result.errors, result.errors
    outputs.write(result, out)
    toy = load_ruleset("agora_toy", path=out)
    texts = 0
    for seed in range(6):
        rng = random.Random(seed)
        g = Game(toy, seed=seed, auto_chance=False)
        while not g.is_terminal:
            for seat, legal in deciders(g):
                for action in legal:
                    assert g.parse_action(g.action_to_text(action, seat), seat) == action
                    texts += 1
            g.apply(rng.choice(g.legal_actions()))
        assert all(isinstance(a, str) for a in round_trip(toy, g)["actions"])
    assert texts > 500
