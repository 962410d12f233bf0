"""Records of random games and states with a history entry changed (issue 26, items 4 and
5): used by tests/engine/test_name_collisions.py, test_record_history.py and, at large
counts, benchmarks/records_check.py.

- `renamed` builds a ruleset with names the validator refuses (WS328), no validator in the
  way, to show the engine still writes and reads records unambiguously;
- `round_trips` plays random games and replays their records;
- `changed_histories` changes one history entry of random states and says what became of
  each: refused on load, no record (StateFormatError from `game_record`), or a record that
  replays to the identical state. Anything else raises (a crash).
"""
from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

from wondersmith.engine import Game, StateFormatError, game_record, replay_record

CASE = {"clay_pool": "LUMBER YARD"}  # beside the card named "Lumber Yard"
ID = {"stone_pit": "quarry"}  # the card whose id is `quarry` is named "Quarry"


def renamed(ruleset, renames: dict[str, str]):
    """`ruleset` with some components renamed."""
    def rename(cls):
        new = renames.get(cls.id)
        return type(cls.__name__, (cls,), {"name": new}) if new else cls
    return dataclasses.replace(ruleset, buildings=tuple(map(rename, ruleset.buildings)),
                               wonders=tuple(map(rename, ruleset.wonders)),
                               tokens=tuple(map(rename, ruleset.tokens)), by_id={})


def random_game(ruleset, players: int | None, seed: int, steps: int | None = None) -> Game:
    """A game played at random from `seed` for `steps` actions (None: to its end)."""
    rng = random.Random(seed)
    g = Game(ruleset, seed=seed, players=players, auto_chance=bool(seed % 2))
    while not g.is_terminal and (steps is None or steps > 0):
        g.apply(rng.choice(g.legal_actions()))
        steps = None if steps is None else steps - 1
    return g


def round_trip(ruleset, g: Game) -> dict:
    """`g`'s record, through JSON, checked to replay to `g`'s very state."""
    record = json.loads(json.dumps(game_record(g)))
    assert replay_record(ruleset, record, auto_chance=g.auto_chance).to_json() == g.to_json()
    return record


def round_trips(ruleset, players: int | None, games: int, seed: int = 0) -> Counter:
    """Records of `games` random games (every tenth stopped half-way) replayed."""
    seen: Counter = Counter()
    for k in range(seed, seed + games):
        record = round_trip(ruleset, random_game(ruleset, players, k, 80 if k % 10 == 5 else None))
        seen["records replayed identically"] += 1
        seen["actions as text"] += sum(isinstance(a, str) for a in record["actions"])
        seen["actions by number"] += sum(isinstance(a, int) for a in record["actions"])
    return seen


def _changed(g: Game, rng: random.Random) -> dict | None:
    """`g`'s state with one history entry changed: to a nearby id or any id."""
    data = g.to_json()
    history = data["history"]
    i = rng.randrange(len(history))
    new = rng.randrange(g.t.num_actions) if rng.random() < 0.5 else history[i] + rng.choice((-2, -1, 1, 2))
    if new == history[i] or not 0 <= new < g.t.num_actions:
        return None
    history[i] = new
    return data


def changed_histories(ruleset, players: int | None, count: int, seed: int = 26) -> Counter:
    """What becomes of `count` random states with one history entry changed."""
    rng = random.Random(seed)
    seen: Counter = Counter()
    while sum(seen.values()) < count:
        g = random_game(ruleset, players, rng.randrange(2**32), rng.randrange(1, 250))
        data = _changed(g, rng)
        if data is None:
            continue
        try:
            loaded = Game.from_json(ruleset, data)
        except StateFormatError:
            seen["refused on load"] += 1
            continue
        try:
            record = game_record(loaded)
        except StateFormatError as exc:
            assert "the game has no record" in str(exc), exc
            seen["no record"] += 1
            continue
        again = replay_record(ruleset, json.loads(json.dumps(record)), auto_chance=loaded.auto_chance)
        assert again.to_json() == loaded.to_json(), "a record replays to its game"
        seen["record replays"] += 1  # the change made no difference
    return seen
