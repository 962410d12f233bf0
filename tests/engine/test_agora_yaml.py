"""Agora (cards/agora/, `extends: duel`): the compiled classes (generated/agora) play exactly like
the tests' independent reading of the YAML (engine_yaml_ruleset.load_duel with
engine_yaml_agora.py), which resolves the extension itself, apart from compiler/ir/extends.py.

Seeded games of random and greedy bots are played on both rulesets, the same bot asked on each
side; their records, states and final scores must be equal. The games are counted to reach
what Agora adds: senators built, Senate actions, Decrees drawn and held, conspiracies drawn,
prepared and triggered, Knossos and Curia Julia drafted and built, the military tokens and
Agora's progress tokens (Corruption, Organized Crime)."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from engine_yaml_ruleset import CARDS, load_duel

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.bots import GreedyBot, RandomBot
from wondersmith.engine.records import game_record

# The texts of the records (docs/engine.md) that show each of Agora's events.
EVENTS = {
    "senator built": re.compile(r"build (Politician|Conspirator) "),
    "cube placed": re.compile(r"place a cube in chamber \d"),
    "cube moved": re.compile(r"move a cube from chamber \d"),
    "cube removed": re.compile(r"remove a cube from chamber \d"),
    "conspiracy drawn": re.compile(r"draw conspiracy "),
    "conspiracy prepared": re.compile(r"prepare .+ with "),
    "conspiracy triggered": re.compile(r"trigger "),
    "decree moved": re.compile(r"move the decree of chamber "),
    "decree drawn": re.compile(r"decree .+ in chamber \d"),
    "Knossos drafted": re.compile(r"(pick|receives) Knossos$"),
    "Curia Julia drafted": re.compile(r"(pick|receives) Curia Julia$"),
    "Knossos built": re.compile(r"wonder Knossos with "),
    "Curia Julia built": re.compile(r"wonder Curia Julia with "),
}


@pytest.fixture(scope="module")
def rulesets():
    compiled, read = load_ruleset("agora"), load_duel(CARDS / "agora")
    assert [c.id for c in read.buildings] == [c.id for c in compiled.buildings]
    assert [c.id for c in read.tokens] == [c.id for c in compiled.tokens]
    assert [c.id for c in read.wonders] == [c.id for c in compiled.wonders]
    # The rules record as plain data (the compiled one has tuples): the senate and
    # conspiracies sections, and Agora's military zones with their tokens, included.
    assert json.loads(json.dumps(read.rules)) == json.loads(json.dumps(dict(compiled.rules)))
    assert read.structures == compiled.structures and read.colors == compiled.colors
    return compiled, read


def play_both(compiled, read, bots, seed: int) -> Game:
    """One game on each ruleset, seat i's bot `bots[i](seed)` asked on each side (a bot of
    its own per side); the compiled game back."""
    a, b = Game(compiled, seed=seed), Game(read, seed=seed)
    bots_a = [make(seed * 2 + seat) for seat, make in enumerate(bots)]
    bots_b = [make(seed * 2 + seat) for seat, make in enumerate(bots)]
    while not a.is_terminal:
        assert a.legal_actions() == b.legal_actions(), (seed, len(a.history))
        action = bots_a[a.current_player].choose(a)
        assert bots_b[b.current_player].choose(b) == action, (seed, len(a.history))
        a.apply(action)
        b.apply(action)
    assert b.is_terminal and a.result == b.result  # the winner and every score
    record_a, record_b = game_record(a), game_record(b)
    assert record_a.pop("source_hash") == compiled.source_hash and record_b.pop("source_hash") == ""
    assert record_a == record_b
    state_a, state_b = a.to_json(), b.to_json()
    state_a.pop("source_hash"), state_b.pop("source_hash")
    assert state_a == state_b
    return a


def agora_events(game: Game) -> Counter:
    """What the game reached of Agora, counted in its record and its end state."""
    counts = Counter()
    for text in game_record(game)["actions"]:
        if isinstance(text, str):
            counts.update(event for event, pattern in EVENTS.items() if pattern.match(text))
            if text.startswith("trigger "):
                counts[text] += 1
    state = game.to_json()
    for seat in state["players"]:
        small, large = seat["loot_lost"]  # Agora's zones: the small token's, the large one's
        counts.update({"small military token": small, "large military token": large})
        counts.update(f"{token} owned" for token in seat["tokens"])
    senate = state["mechanics"]["senate"]
    mine, theirs = senate["chamber_cubes"]
    for dealt, decree in enumerate(senate["decrees"]):
        chamber = dealt if senate["decree_moved"][dealt] < 0 else senate["decree_moved"][dealt]
        if decree and mine[chamber] != theirs[chamber]:  # in force for the chamber's controller
            counts[f"{decree} held"] += 1
    counts[f"{game.result.victory} victory"] += 1
    return counts


def played(rulesets, bots, seeds) -> Counter:
    counts = Counter()
    for seed in seeds:
        counts += agora_events(play_both(*rulesets, bots, seed))
    return counts


def assert_reached(counts: Counter, events) -> None:
    missing = [e for e in events if not counts[e]]
    assert not missing, (missing, counts)


SENATE = ("senator built", "cube placed", "cube moved", "cube removed", "decree drawn")
WONDERS = ("Knossos drafted", "Curia Julia drafted", "Knossos built", "Curia Julia built")
MILITARY = ("small military token", "large military token")
CONSPIRACIES = ("conspiracy drawn", "conspiracy prepared", "conspiracy triggered")


def test_random_agora_games_play_alike_on_the_compiled_and_the_read_ruleset(rulesets):
    compiled, _ = rulesets
    counts = played(rulesets, (RandomBot, RandomBot), range(60))
    assert_reached(counts, (*SENATE, *WONDERS, *MILITARY, *CONSPIRACIES, "decree moved",
                            "corruption owned", "organized_crime owned"))
    # Every conspiracy of the deck triggered, and every Decree in force at some game's end.
    assert_reached(counts, [f"trigger {compiled.by_id[c].name}"
                            for c in compiled.rules["conspiracies"]["deck"]])
    assert_reached(counts, [f"{d} held" for d in compiled.rules["senate"]["decrees"]])


def test_greedy_agora_games_play_alike_on_the_compiled_and_the_read_ruleset(rulesets):
    counts = played(rulesets, (GreedyBot, GreedyBot), range(12))
    # The greedy bot prepares no conspiracy (it triggers Curia Julia's, and the draws).
    assert_reached(counts, (*SENATE, *WONDERS, *MILITARY, "conspiracy drawn",
                            "conspiracy triggered"))


def test_greedy_against_random_agora_games_play_alike_on_both_rulesets(rulesets):
    counts = played(rulesets, (GreedyBot, RandomBot), range(12))
    counts += played(rulesets, (RandomBot, GreedyBot), range(12, 24))
    assert_reached(counts, (*SENATE, *WONDERS, *MILITARY, *CONSPIRACIES))
