"""A fuzzer for the engine's input boundaries: `Game.from_json`, `Game.apply` and
`replay_record`. Used by tests/engine/test_fuzz.py (CI-sized counts) and by
benchmarks/fuzz_engine.py (large counts).

States and records are taken from seeded random games and mutated (hostile values in
every field, components duplicated or moved, slots, decisions and results tampered with).
Each try ends one of three ways:

- accepted: the engine took it; for a state, the game then goes through a JSON round trip
  and is played on to the end three times, by every seat choosing at random, by the greedy
  bot and by the ISMCTS bot (a few iterations a move), and anything raised there counts as a
  crash (`counts["played by random"]`... count the games each finished);
- refused: StateFormatError / IllegalActionError (state unchanged) / RecordFormatError;
- crashed: anything else. The goal is 0.
"""
from __future__ import annotations

import copy
import json
import random
import time
import traceback
from collections import Counter
from typing import Any, Callable

from wondersmith.engine import Game, IllegalActionError, StateFormatError
from wondersmith.engine.bots import GreedyBot, ISMCTSBot, play_out
from wondersmith.engine.errors import RecordFormatError
from wondersmith.engine.records import game_record, replay_record

HOSTILE = [
    -1, 0, 1, 2, 3, 9, 10, 23, 1023, -(2**63), 2**64, 10**30, 1.0, 1023.0, -0.5,
    float("inf"), float("-inf"), float("nan"), True, False, None, "", "x", "baths", "law",
    "the_sphinx", "play", [], [None], ["baths"], {}, {"id": "the_sphinx"},
]
MAX_PLAY = 600  # steps when playing on from an accepted state; every real game is shorter
ISMCTS_ITERATIONS = 3  # enough to walk the search's every path (draws, expansion, descent)


def _tries(count: int, seconds: float | None):
    """`count` tries, or fewer once `seconds` have passed (a time budget: None, none)."""
    deadline = None if seconds is None else time.monotonic() + seconds
    for i in range(count):
        if deadline is not None and time.monotonic() >= deadline:
            return
        yield i


def _bases(count: int, per: int, least: int, most: int) -> int:
    """How many real states or games a target mutates: one per `per` tries, within
    [least, most] (a large or time-budgeted run does not spend its time making them)."""
    return min(max(least, count // per), most)


def positions(ruleset, count: int, seed: int, players: int | None = None) -> list[dict]:
    """`count` states met along seeded random games at `players` seats (the ruleset's
    default: None), half of them without auto chance."""
    rng = random.Random(seed)
    out: list[dict] = []
    game_seed = seed * 1_000
    while len(out) < count:
        game_seed += 1
        g = Game(ruleset, seed=game_seed, auto_chance=bool(game_seed % 2), players=players)
        while len(out) < count:
            if rng.random() < 0.08 or g.is_terminal:
                out.append(g.to_json())
            if g.is_terminal:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
    return out


# Mutations of a state ------------------------------------------------------------------

def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) into a JSON value, the value itself included."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, prefix + (i,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _id_lists(doc: dict) -> list[tuple]:
    """Paths of the lists that hold component ids: every list of strings, wherever it is
    (the core's, the mechanics', per seat), an empty one included."""
    return [p for p in _paths(doc) if p and isinstance(v := _get(doc, p), list)
            and all(isinstance(x, str) for x in v)]


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _all_ids(doc: dict) -> list[str]:
    ids = [x for path in _id_lists(doc) for x in _get(doc, path) if isinstance(x, str)]
    for slot in _list(doc.get("structure")):
        if isinstance(slot, dict) and isinstance(slot.get("card"), str):
            ids.append(slot["card"])
    return ids or ["baths"]


def mutate_state(doc: dict, rng: random.Random, ids: list[str] = ()) -> Any:
    """`doc` changed one way (or a new value in its place); `ids`: every component id of
    the game (buildings of every Age, Wonders, tokens, boards, stages), which kind 9 puts
    into any list of ids, so a component turns up in places it can never be."""
    kind = rng.randrange(10 if ids else 9)
    if kind == 9:
        lists = _id_lists(doc)
        if lists:
            target = _get(doc, rng.choice(lists))
            name = rng.choice(ids)
            if target and rng.random() < 0.5:
                target[rng.randrange(len(target))] = name
            else:
                target.insert(rng.randrange(len(target) + 1), name)
        return doc
    if kind == 0:  # any value anywhere becomes hostile
        path = rng.choice(_paths(doc))
        return _set(doc, path, rng.choice(HOSTILE))
    if kind == 1:  # a number anywhere nudged
        paths = [p for p in _paths(doc) if type(_get(doc, p)) is int]
        if paths:
            path = rng.choice(paths)
            _set(doc, path, _get(doc, path) + rng.choice((-2, -1, 1, 2, 7)))
        return doc
    if kind == 2:  # a component id duplicated into another list, or moved there
        lists = _id_lists(doc)
        if lists:
            target = _get(doc, rng.choice(lists))
            name = rng.choice(_all_ids(doc))
            if rng.random() < 0.5:
                for path in _id_lists(doc):
                    items = _get(doc, path)
                    if name in items:
                        items.remove(name)
                        break
            target.insert(rng.randrange(len(target) + 1), name)
        return doc
    if kind == 3:  # an item dropped from any list
        lists = [p for p in _paths(doc) if isinstance(_get(doc, p), list) and _get(doc, p)]
        if lists:
            items = _get(doc, rng.choice(lists))
            items.pop(rng.randrange(len(items)))
        return doc
    if kind == 4:  # a structure slot tampered with
        slots = _list(doc.get("structure"))
        if slots:
            slot = rng.choice(slots)
            if isinstance(slot, dict):
                key = rng.choice(("card", "face_up", "taken"))
                if key == "card":
                    slot[key] = rng.choice([None, *_all_ids(doc)])
                else:
                    slot[key] = not slot.get(key)
        return doc
    if kind == 5:  # a decision tampered with, added or dropped
        stack = doc.get("stack")
        if isinstance(stack, list):
            node = {"kind": rng.choice(["play", "draft", "deal", "age", "pair_token", "destroy",
                                        "discard_pile", "library_pick", "library_draw", "guild",
                                        "leave_out", "choose_start", "end_turn", "first_player",
                                        "reveal_wonder", "board_token", "draft_last"]),
                    "player": rng.choice((-1, 0, 1)), "arg": rng.choice((0, 1, 2, 5, 19))}
            if node["kind"] == "destroy":
                del node["arg"]
                node["colors"] = rng.choice((["brown"], ["grey", "brown"], []))
            r = rng.random()
            if r < 0.4 and stack:
                stack[rng.randrange(len(stack))] = node
            elif r < 0.7:
                stack.insert(rng.randrange(len(stack) + 1), node)
            elif stack:
                stack.pop(rng.randrange(len(stack)))
        return doc
    if kind == 6:  # the result made up, or dropped
        if doc.get("result") is None:
            doc["result"] = {"winner": rng.choice((0, 1, None)), "shared": False,
                             "victory": rng.choice(("civilian", "military", "scientific")),
                             "scores": [{"military": 0, "wonders": 0, "tokens": 0, "coins": 0,
                                         "total": 0}] * 2}
        else:
            doc["result"] = None
        return doc
    if kind == 7:  # a field removed or an unknown one added
        if rng.random() < 0.5 and doc:
            doc.pop(rng.choice(list(doc)))
        else:
            doc[rng.choice(("extra", "coins", "Seed"))] = rng.choice(HOSTILE)
        return doc
    # kind 8: a Wonder's status or tucked card changed
    players = [p for p in _list(doc.get("players")) if isinstance(p, dict) and p.get("wonders")]
    if players:
        wonders = _list(rng.choice(players)["wonders"])
        w = rng.choice(wonders) if wonders else None
        if isinstance(w, dict):
            w["status"] = rng.choice(("built", "unbuilt", "removed", "lost"))
            w["tucked"] = rng.choice([None, *_all_ids(doc)])
    return doc


# The three targets ---------------------------------------------------------------------

def _play_on(ruleset, g: Game, rng: random.Random) -> None:
    """Play an accepted state to the end; raise on anything that is not a normal game."""
    data = json.loads(json.dumps(g.to_json(), allow_nan=False))
    again = Game.from_json(ruleset, data)
    assert again.to_json() == g.to_json(), "an accepted state survives the JSON round trip"
    _record_replays(ruleset, g)
    for _ in range(MAX_PLAY):
        if g.is_terminal:
            assert g.legal_actions() == []
            g.to_json()
            _record_replays(ruleset, g)
            return
        legal = g.legal_actions()
        assert legal, f"no legal action at a {g.decision} decision of a game that is not over"
        g.apply(legal[rng.randrange(len(legal))])
        assert min(g.coins) >= 0
    raise AssertionError("the game did not end")


def _record_replays(ruleset, g: Game) -> None:
    """A game's record replays to it; or it has none (StateFormatError: its history does
    not lead from the seed to its position, as after a history entry is changed)."""
    try:
        record = game_record(g)
    except StateFormatError:
        return
    replayed = replay_record(ruleset, json.loads(json.dumps(record)), auto_chance=g.auto_chance)
    assert replayed.to_json() == g.to_json(), "a game's record replays to it"


PLAYED_BY = ("random", "greedy", "ismcts")  # the play each accepted state gets to the end


def _bots(name: str, seats: int, seed: int) -> list:
    if name == "greedy":
        return [GreedyBot(seed + s) for s in range(seats)]
    return [ISMCTSBot(seed + s, iterations=ISMCTS_ITERATIONS) for s in range(seats)]


def _play_by_bots(g: Game, counts: Counter, seed: int) -> None:
    """Play copies of an accepted state to the end by the greedy and the ISMCTS bot at every
    seat (searching draws states through `sample_state`'s machinery, so a state it cannot
    redraw is caught here), after drawing one state each seat cannot tell from it
    (`sample_state`, loaded through `from_json`); raise on anything that is not a normal game."""
    rng = random.Random(seed)
    for p in g.t.seats:
        g.sample_state(p, rng)
    for name in ("greedy", "ismcts"):
        game = play_out(g.clone(), _bots(name, g.t.n_seats, seed), limit=MAX_PLAY)
        assert game.is_terminal, f"the {name} bot's game did not end"
        assert game.legal_actions() == [] and min(game.coins) >= 0
        json.dumps(game.to_json(), allow_nan=False)
        counts[f"played by {name}"] += 1


def fuzz_states(ruleset, count: int, seed: int = 0, crashes: list | None = None,
                players: int | None = None, seconds: float | None = None) -> Counter:
    rng = random.Random(seed)
    bases = positions(ruleset, _bases(count, 25, 20, 400), seed, players)
    ids = Game(ruleset, players=players).t.ids
    counts: Counter = Counter()
    for _ in _tries(count, seconds):
        doc = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            if not isinstance(doc, dict):
                break
            doc = mutate_state(doc, rng, ids)
        counts["tried"] += 1
        try:
            g = Game.from_json(ruleset, doc)
        except StateFormatError:
            counts["refused"] += 1
            continue
        except Exception:  # noqa: BLE001 - a crash is what we count
            _crash(counts, crashes, "from_json", doc)
            continue
        counts["accepted"] += 1
        bots_seed = rng.randrange(1 << 30)
        try:
            _play_by_bots(g, counts, bots_seed)
        except Exception:  # noqa: BLE001
            _crash(counts, crashes, "bots play on", doc)
        try:
            _play_on(ruleset, g, rng)
            counts["played by random"] += 1
        except Exception:  # noqa: BLE001
            _crash(counts, crashes, "play on", doc)
    return counts


def fuzz_actions(ruleset, count: int, seed: int = 0, crashes: list | None = None,
                 players: int | None = None, seconds: float | None = None) -> Counter:
    rng = random.Random(seed)
    bases = [Game.from_json(ruleset, d)
             for d in positions(ruleset, _bases(count, 50, 20, 200), seed, players)]
    bases = [g for g in bases if not g.is_terminal] or bases
    counts: Counter = Counter()
    for _ in _tries(count, seconds):
        g = rng.choice(bases).clone()
        n = g.t.num_actions
        # Near the legal ones too: an id next to a legal action (classic: another payment, the
        # next card), or one another seat may take at the same decision.
        near = rng.choice(g.legal_actions() or [0]) + rng.randrange(-3, 4)
        seats = g.choosing()
        other = (g.legal_actions_for(rng.choice(seats)) if seats else []) or [near]
        action = rng.choice([rng.randrange(-5, n + 5), rng.choice(HOSTILE), float(rng.randrange(n)),
                             rng.randrange(n), str(rng.randrange(n)), 2**70, -(2**70), near,
                             rng.choice(other)])
        before = g.to_json()
        counts["tried"] += 1
        try:
            g.apply(action)
        except IllegalActionError:
            counts["refused"] += 1
            if g.to_json() != before:
                _crash(counts, crashes, "illegal action changed the state", action)
            continue
        except Exception:  # noqa: BLE001
            _crash(counts, crashes, "apply", action)
            continue
        counts["accepted"] += 1
        if type(action) is not int:
            _crash(counts, crashes, "a non-integer action was accepted", action)
        try:
            _play_on(ruleset, g, rng)  # its JSON round-trips, and the game goes on to the end
        except Exception:  # noqa: BLE001
            _crash(counts, crashes, "play on after apply", action)
    return counts


def mutate_record(record: dict, rng: random.Random) -> Any:
    kind = rng.randrange(6)
    actions = record.get("actions")
    if kind == 0:
        key = rng.choice(["format", "game", "source_hash", "seed", "actions", "extra"])
        record[key] = rng.choice(HOSTILE + ["wondersmith.engine.record/0", "classic", "0" * 64])
    elif kind == 1 and isinstance(actions, list) and actions:
        actions[rng.randrange(len(actions))] = rng.choice(
            HOSTILE + ["build", "wonder with", "take", "take Law", "first player 2", "build Baths",
                       "deal Baths", "pick The Sphinx", "x" * 1000, "   "])
    elif kind == 2 and isinstance(actions, list) and len(actions) > 1:
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == 3 and isinstance(actions, list) and actions:
        del actions[rng.randrange(len(actions)):]
    elif kind == 4 and isinstance(actions, list) and actions:
        actions.insert(rng.randrange(len(actions)), rng.choice(actions))
    elif kind == 5:
        if rng.random() < 0.5 and record:
            record.pop(rng.choice(list(record)))
        else:
            return rng.choice(HOSTILE + [[record]])
    return record


def fuzz_records(ruleset, count: int, seed: int = 0, crashes: list | None = None,
                 players: int | None = None, seconds: float | None = None) -> Counter:
    rng = random.Random(seed)
    bases = []
    for i in range(_bases(count, 40, 5, 100)):
        g = Game(ruleset, seed=seed * 1_000 + i, players=players)
        while not g.is_terminal:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        bases.append(game_record(g))
    counts: Counter = Counter()
    for _ in _tries(count, seconds):
        record: Any = copy.deepcopy(rng.choice(bases))
        for _ in range(rng.choice((1, 1, 2))):
            if not isinstance(record, dict):
                break
            record = mutate_record(record, rng)
        counts["tried"] += 1
        try:
            g = replay_record(ruleset, record)
        except RecordFormatError:
            counts["refused"] += 1
            continue
        except Exception:  # noqa: BLE001
            _crash(counts, crashes, "replay_record", record)
            continue
        counts["accepted"] += 1
        try:
            json.dumps(g.to_json(), allow_nan=False)
        except Exception:  # noqa: BLE001
            _crash(counts, crashes, "to_json after replay", record)
    return counts


def _crash(counts: Counter, crashes: list | None, where: str, what: Any) -> None:
    counts["crashed"] += 1
    if crashes is not None and len(crashes) < 20:
        crashes.append((where, repr(what)[:300], traceback.format_exc(limit=4)))


FUZZERS: dict[str, Callable[..., Counter]] = {
    "states": fuzz_states, "actions": fuzz_actions, "records": fuzz_records}
