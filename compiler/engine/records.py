"""Game records: the set-up and every action as text, enough to replay a game exactly.

    {"format": "wondersmith.engine.record/2", "game": "duel", "source_hash": "...",
     "seed": 9, "actions": ["first player 0", "board token Law", ...]}

Besides actions, the list says what the rules hand over without a decision: after the
pick that leaves one Wonder in a draft round, "player 1 receives The Sphinx". Replay
checks such an entry against what the engine handed over (records without them, made
before they existed, replay too).

Format 2 (since Duel's guild backs) has chance outcomes format 1 lacks: a mechanic that
added some says, as `RECORD_GAPS(game, later_actions)`, which outcomes a record made before
them skipped at the decision the replay waits at, when its next action is not one of them
(card_structure: the backs face-down cards show, inferred from the cards turned up later:
Duel's guild backs in format 1, Agora's senator backs in records made before them). Such a
record replays to the same game with those outcomes filled in, and `upgrade_record` writes
it as format 2.

A text names components by name, or by id where a name is shared (core/texts.py); an
action no text names alone (data the validator refuses) is recorded as its number. A game
whose history does not lead from its seed to its position (set up by hand, or edited) has
no record: `game_record` raises StateFormatError.

`replay_record` trusts nothing in a record: it checks the fields, that the record is of
this game and of the same rules data, and every action's legality, and raises only
`RecordFormatError` (an `EngineError`) naming the first problem.
"""
from __future__ import annotations

import re
from typing import Any

from . import runtime as rt
from .errors import (ArgumentError, EngineError, IllegalActionError, NotationError,
                     RecordFormatError, StateFormatError)
from .state import Game  # first: the core's kinds are numbered before the mechanics'
from .mechanics import module

RECORD_FORMAT = "wondersmith.engine.record/2"
FORMATS = ("wondersmith.engine.record/1", RECORD_FORMAT)  # those replay_record reads
MAX_SEED = (1 << 64) - 1
MAX_ACTIONS = 100_000  # a Duel game has a few hundred
MAX_ACTION_TEXT = 400  # "wonder <name> with <name>" with the longest names is far shorter
_FIELDS = ("format", "game", "source_hash", "seed", "actions")
NO_RECORD = ("the history does not lead from the seed to this position (a position set up by "
             "hand, or an edited history), so the game has no record")
_RECEIVES = re.compile(r"\s*player\s+\d+\s+receives\s", re.IGNORECASE)


def game_record(game: Game) -> dict[str, Any]:
    """Set-up plus every action, as text: enough to replay the game exactly.

    The history is replayed from the seed, every action checked, and must lead to the
    game's position: a game loaded with a history that does not (a position set up by hand,
    an edited history) has no record, and StateFormatError names the first entry or field
    that disagrees. Each text is read back where it stands; one that does not read as its
    action (a name two components share, in data the validator refuses) is recorded as
    the action's number instead, so that the record replays to this game."""
    players = game.t.players
    replay = Game(game.t.ruleset, seed=game.seed, auto_chance=False, players=players)
    actions: list[str | int] = []
    for i, a in enumerate(game.history):
        text = _text_that_reads_back(replay, a)
        before = _owned_wonders(replay)
        try:
            replay.apply(a)
        except IllegalActionError as exc:
            raise StateFormatError(f"history[{i}]: {exc}; {NO_RECORD}") from None
        actions.append(a if text is None else text)
        actions += _handed_over(replay, before, a)
    difference = _first_difference(_position(replay), _position(game))
    if difference is not None:
        raise StateFormatError(f"{difference}: the history leads elsewhere; {NO_RECORD}")
    # The number of players is written when it is not the ruleset's default (classic).
    seats = {"players": players} if players != game.t.ruleset.players else {}
    return {"format": RECORD_FORMAT, "game": game.t.ruleset.game,
            "source_hash": game.t.ruleset.source_hash, "seed": game.seed, **seats,
            "actions": actions}


def _text_that_reads_back(game: Game, action: int) -> str | None:
    """`action` as text, if the text reads as `action` where it stands; else None."""
    try:
        text = game.action_to_text(action)
        return text if game.parse_action(text) == action else None
    except NotationError:
        return None


def _position(game: Game) -> dict[str, Any]:
    """The state but for how chance is drawn from here on (`auto_chance`)."""
    return {k: v for k, v in game.to_json().items() if k != "auto_chance"}


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The JSON path of the first value in which `a` and `b` differ, or None."""
    if type(a) is not type(b) or not isinstance(a, (dict, list)):
        return None if a == b else path or "state"
    if isinstance(a, dict):
        for key in sorted({*a, *b}, key=str):
            if key not in a or key not in b:
                return f"{path}.{key}" if path else key
            found = _first_difference(a[key], b[key], f"{path}.{key}" if path else key)
            if found:
                return found
        return None
    for i, (x, y) in enumerate(zip(a, b)):
        found = _first_difference(x, y, f"{path}[{i}]")
        if found:
            return found
    return None if len(a) == len(b) else f"{path}[{min(len(a), len(b))}]"


def replay_record(ruleset: rt.Ruleset, record: Any, auto_chance: bool = True,
                  check_source_hash: bool = True) -> Game:
    """Replay a record made by `game_record`; every action is checked for legality.

    A record made from other rules data (another `source_hash`) is refused unless
    `check_source_hash=False`: then it replays as long as every action is still legal.
    """
    _check_header(ruleset, record, check_source_hash)
    seed = record["seed"]
    actions = record["actions"]
    try:
        game = Game(ruleset, seed=seed, auto_chance=False, players=record.get("players"))
    except ValueError as exc:  # an ArgumentError names the argument itself
        raise RecordFormatError(str(exc) if isinstance(exc, ArgumentError)
                                else f"players: {exc}") from None
    gaps = tuple(fill for name in game.MECHANICS
                 if (fill := getattr(module(name), "RECORD_GAPS", None)))
    handed: list[str] = []  # "player P receives W" entries due, in order
    for i, action in enumerate(actions):
        for fill in gaps:  # the outcomes a format-1 record lacks here, if any
            for outcome in fill(game, actions[i:]):
                try:
                    game.apply(outcome)
                except EngineError as exc:
                    raise RecordFormatError(f"actions[{i}]: the record lacks "
                                            f"{game.action_to_text(outcome)!r}: {exc}") from None
        if isinstance(action, str):
            if len(action) > MAX_ACTION_TEXT:
                raise RecordFormatError(f"actions[{i}]: an action text of {len(action)} characters")
            if _RECEIVES.match(action):
                if not handed or " ".join(action.split()).casefold() != handed[0].casefold():
                    due = f"{handed[0]!r} is due" if handed else "no Wonder was handed over"
                    raise RecordFormatError(f"actions[{i}] {action!r}: {due}")
                handed.pop(0)
                continue
        elif type(action) is not int:
            raise RecordFormatError(
                f"actions[{i}]: expected an action text or id, got {type(action).__name__}")
        if game.result is not None:
            raise RecordFormatError(f"actions[{i}]: the game is already over after {i} actions")
        before = _owned_wonders(game)
        try:
            game.apply_text(action) if isinstance(action, str) else game.apply(action)
        except EngineError as exc:
            raise RecordFormatError(f"actions[{i}] {action!r}: {exc}") from None
        handed = _handed_over(game, before, game.history[-1])
    game.auto_chance = auto_chance
    game._advance()
    return game


def upgrade_record(ruleset: rt.Ruleset, record: Any, check_source_hash: bool = True) -> dict[str, Any]:
    """A record made before some chance outcomes (format 1; Agora's before the senators'
    backs) written as format 2 (one that has them all comes back the same): the same game,
    with the outcomes it lacks filled in. It keeps the record's
    `source_hash`; RecordFormatError as `replay_record`."""
    game = replay_record(ruleset, record, auto_chance=False, check_source_hash=check_source_hash)
    return {**game_record(game), "source_hash": record["source_hash"]}


def _owned_wonders(game: Game) -> tuple[int, ...]:
    return tuple(len(w) for w in game.wonders)


def _handed_over(game: Game, before: tuple[int, ...], action: int) -> list[str]:
    """Entries for the Wonders the rules gave a player without a decision during `action`."""
    t = game.t
    # The Wonder the action picked itself, through the hooks of the game's mechanics
    # (wonder_draft's pick: Tables.picked_component).
    picked = next((c - t.wonder0 for pick in t.picked_component
                   if (c := pick(game, action)) is not None), -1)
    out = []
    for p, count in enumerate(before):
        for w in game.wonders[p][count:]:
            if w != picked:
                out.append(f"player {p} receives {t.text_names[t.wonder0 + w]}")
    return out


def _check_header(ruleset: rt.Ruleset, record: Any, check_source_hash: bool) -> None:
    if not isinstance(record, dict):
        raise RecordFormatError(f"a game record is a JSON object, got {type(record).__name__}")
    if record.get("format") not in FORMATS:
        raise RecordFormatError(f"format: expected {RECORD_FORMAT!r} (or format 1, "
                                f"{FORMATS[0]!r}), got {_short(record.get('format'))}")
    for key in _FIELDS:
        if key not in record:
            raise RecordFormatError(f"missing field {key!r}")
    if "players" in record and type(record["players"]) is not int:
        raise RecordFormatError(f"players: expected a whole number, got {_short(record['players'])}")
    for key in record:
        if key not in _FIELDS and key != "players":
            raise RecordFormatError(f"unknown field {_short(key)}")
    if record["game"] != ruleset.game:
        raise RecordFormatError(f"game: a record of {_short(record['game'])}, the ruleset is {ruleset.game!r}")
    if not isinstance(record["source_hash"], str):
        raise RecordFormatError("source_hash: expected a string")
    if check_source_hash and record["source_hash"] != ruleset.source_hash:
        raise RecordFormatError(
            f"source_hash: the record was made with other rules data ({_short(record['source_hash'])}, "
            f"this ruleset is {ruleset.source_hash!r}); pass check_source_hash=False to replay it anyway")
    seed = record["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise RecordFormatError(f"seed: expected an integer from 0 to {MAX_SEED}, got {_short(seed)}")
    if not isinstance(record["actions"], list):
        raise RecordFormatError("actions: expected an array of action texts")
    if len(record["actions"]) > MAX_ACTIONS:
        raise RecordFormatError(f"actions: at most {MAX_ACTIONS} actions, got {len(record['actions'])}")


def _short(value: Any) -> str:
    if isinstance(value, int) and not -10**30 < value < 10**30:
        return "a huge integer"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
