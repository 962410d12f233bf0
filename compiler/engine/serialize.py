"""The game state as JSON (documented by schema/state.schema.json).

Components are named by id. Everything derived from the cities (production, prices,
science counts, ...) is rebuilt on load, so a position can be written by hand. Loading
trusts nothing: `state_from_json` reads every field with its type and bounds, then
`state_checks` checks that the parts agree, and the first problem found is raised as a
`StateFormatError` naming where it is.

This module reads and writes what every game has (seats and their cities, chance, history,
the pending decisions, the Age and its cards); the fields of the mechanics are read and
written by their own functions, at the keys they declare (core/fields.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import runtime as rt

from . import choice
from .core.fields import MECHANICS, SEAT, STATE, fields_from_json, fields_to_json
from .core.kinds import ARG_JSON, CHANCE, IS_CHANCE, KIND_NAMES, OWNER, REMOVED, UNBUILT, by_owner
from .core.simultaneous import NOT_CHOSEN, choices_from_json
from .errors import StateFormatError
from .mechanics import players_in_state
from .scoring import Result
from .state_checks import MAX_COINS, check_state
from .tables import _counts as player_counts, tables_for

if TYPE_CHECKING:
    from .state import Game

FORMAT = "wondersmith.engine.state/1"
MAX_SEED = (1 << 64) - 1
MAX_STACK = 1_000  # far above any real position (a few dozen nodes at most)
MAX_HISTORY = 100_000  # a Duel game has a few hundred actions
_STATUS = {"unbuilt": UNBUILT, "removed": REMOVED}


def state_to_json(game: Game) -> dict[str, Any]:
    t = game.t
    ids = t.ids
    wid = lambda w: ids[t.wonder0 + w]  # noqa: E731
    per_seat = fields_to_json(game, SEAT)
    cities = []
    for p in t.seats:
        wonders = []
        for w, tuck in zip(game.wonders[p], game.wonder_tuck[p]):
            status = "built" if tuck >= 0 else "removed" if tuck == REMOVED else "unbuilt"
            wonders.append({"id": wid(w), "status": status,
                            "tucked": ids[tuck] if tuck >= 0 else None})
        city = {
            "coins": game.coins[p],
            "buildings": [ids[c] for c in game.city[p]],
            "wonders": wonders,
            "tokens": [ids[t.token0 + x] for x in game.tokens[p]],
            **{key: values[p] for key, values in per_seat.items()},
        }
        cities.append({key: city[key] for key in game.SEAT_KEYS})
    stack = []
    for kind, player, arg in game.stack:
        node: dict[str, Any] = {"kind": KIND_NAMES[kind], "player": player}
        spelled = ARG_JSON.get(kind)  # a kind may name its arg (kinds.arg_in_json)
        if spelled is None:
            node["arg"] = arg
        else:
            node[spelled.key] = spelled.save(game, arg)
        stack.append(node)
    state = {
        "format": FORMAT,
        "game": t.ruleset.game,
        "source_hash": t.ruleset.source_hash,
        "seed": game.seed,
        "chance_count": game.chance_count,
        "auto_chance": game.auto_chance,
        "first_player": game.first_player,
        "players": cities,
        "discard": [ids[c] for c in game.discard],
        "age": game.age,
        "pool": [ids[c] for c in game.pool],
        "guild_pool": [ids[c] for c in game.guild_pool],
        "stack": stack,
        "history": list(game.history),
        "result": game.result.as_dict() if game.result is not None else None,
        **fields_to_json(game, STATE),
    }
    return {
        **{key: state[key] for key in game.STATE_KEYS},  # the core's and the fields' keys
        # Only while a simultaneous decision is collecting: each seat's choice so far.
        **({"simultaneous": [None if a == NOT_CHOSEN else a for a in game.sim_choices]}
           if any(a != NOT_CHOSEN for a in game.sim_choices) else {}),
        # Only in a game whose mechanics keep state there (core/fields.py): by mechanic.
        **({"mechanics": saved} if (saved := fields_to_json(game, MECHANICS)) else {}),
    }


def state_from_json(ruleset: rt.Ruleset, data: Any, game_class: type[Game]) -> Game:
    """A `game_class` game in the position `data` describes; raises StateFormatError naming
    the first problem if the document is malformed or describes an impossible position."""
    # The seats are the players listed (the 2-player variant's also list the Free City); a
    # count the ruleset is not played at is refused naming those it is played at.
    count = players_in_state(ruleset, data)
    counts = getattr(ruleset, "player_counts", ()) or (ruleset.players,)
    if count is not None and count not in counts:
        raise StateFormatError(f"players: expected {player_counts(counts)} players, got {count}")
    tables = tables_for(ruleset, count)
    game = _Reader(tables, game_class).game(data)
    check_state(game)
    game._recompute()
    check_state(game, derived=True)
    game._advance()
    if game.result is None and not game.legal_actions():
        raise StateFormatError(f"stack: no legal action for the pending {game.decision} decision")
    return game


class _Reader:
    """Reads the JSON document field by field; every error names the path of the value."""

    def __init__(self, tables, game_class: type[Game]) -> None:
        self.t = tables
        self.game_class = game_class

    # Typed values -------------------------------------------------------------------

    @staticmethod
    def fail(path: str, message: str) -> StateFormatError:
        return StateFormatError(f"{path}: {message}")

    @staticmethod
    def short(value: Any) -> str:
        """`value` for a message: its repr, cut to 80 characters."""
        return _short(value)

    def obj(self, value: Any, path: str, fields: tuple[str, ...], optional=()) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {_kind(value)}")
        for key in fields:
            if key not in value:
                raise self.fail(path, f"missing field {key!r}")
        for key in value:
            if key not in fields and key not in optional:
                raise self.fail(path, f"unknown field {key!r}")
        return value

    def int(self, value: Any, path: str, low: int, high: int) -> int:
        if type(value) is not int:  # bool is an int subclass, float is not an int
            raise self.fail(path, f"expected an integer from {low} to {high}, got {_kind(value)}")
        if not low <= value <= high:
            raise self.fail(path, f"expected an integer from {low} to {high}, got {_short(value)}")
        return value

    def bool(self, value: Any, path: str) -> bool:
        if type(value) is not bool:
            raise self.fail(path, f"expected true or false, got {_kind(value)}")
        return value

    def list(self, value: Any, path: str, most: int) -> list:
        if not isinstance(value, list):
            raise self.fail(path, f"expected an array, got {_kind(value)}")
        if len(value) > most:
            raise self.fail(path, f"expected at most {most} items, got {len(value)}")
        return value

    def per_seat(self, value: Any, path: str, seats: int) -> list:
        """A list of exactly one entry per seat (a mechanic's per-seat state)."""
        rows = self.list(value, path, seats)
        if len(rows) != seats:
            raise self.fail(path, f"expected {seats} seats, got {len(rows)}")
        return rows

    def component(self, value: Any, path: str, first: int, last: int, what: str) -> int:
        if not isinstance(value, str):
            raise self.fail(path, f"expected the id of a {what}, got {_kind(value)}")
        i = self.t.index.get(value, -1)
        if not first <= i < last:
            raise self.fail(path, f"unknown {what} {value[:80]!r}")
        return i

    def building(self, value: Any, path: str) -> int:
        return self.component(value, path, 0, self.t.NB, "building")

    def wonder(self, value: Any, path: str) -> int:
        t = self.t
        return self.component(value, path, t.wonder0, t.token0, "Wonder") - t.wonder0

    def token(self, value: Any, path: str) -> int:
        t = self.t
        # Only the tokens' own ids: classic's boards and stages are numbered after them.
        return self.component(value, path, t.token0, t.token0 + t.NT, "progress token") - t.token0

    def ids(self, value: Any, path: str, read) -> list[int]:
        return [read(x, f"{path}[{i}]") for i, x in enumerate(self.list(value, path, self.t.N))]

    # The document -------------------------------------------------------------------

    def game(self, data: Any) -> Game:
        t = self.t
        if not isinstance(data, dict):
            raise StateFormatError(f"a state is a JSON object, got {_kind(data)}")
        if data.get("format") != FORMAT:
            raise StateFormatError(f"format: expected {FORMAT!r}, got {_short(data.get('format'))}")
        if data.get("game") != t.ruleset.game:
            raise StateFormatError(
                f"game: a state of {_short(data.get('game'))}, the ruleset is {t.ruleset.game!r}")
        cls = self.game_class
        self.obj(data, "state", cls.STATE_KEYS, optional=("simultaneous", "mechanics"))
        if not isinstance(data["source_hash"], str):
            raise self.fail("source_hash", f"expected a string, got {_kind(data['source_hash'])}")

        g = object.__new__(cls)
        g.t = t
        g._buffer = []
        g._again = -1
        g._legal = None
        g.seed = self.int(data["seed"], "seed", 0, MAX_SEED)
        g.chance_count = self.int(data["chance_count"], "chance_count", 0, MAX_HISTORY)
        g.auto_chance = self.bool(data["auto_chance"], "auto_chance")
        g.first_player = self.int(data["first_player"], "first_player", -1, t.n_seats - 1)
        history = self.list(data["history"], "history", MAX_HISTORY)
        g.history = [self.int(a, f"history[{i}]", 0, t.num_actions - 1) for i, a in enumerate(history)]
        cities = self.players(g, data["players"])
        g.discard = self.ids(data["discard"], "discard", self.building)
        g.age = self.int(data["age"], "age", 0, t.ages)
        g.pool = sorted(self.ids(data["pool"], "pool", self.building))
        g.guild_pool = sorted(self.ids(data["guild_pool"], "guild_pool", self.building))
        g.stack = self.stack(g, data["stack"])
        g.result = self.result(data["result"])
        g.sim_choices = choices_from_json(data.get("simultaneous"), g.stack, t.n_seats,
                                          lambda a, path: self.int(a, path, 0, t.num_actions - 1),
                                          self.fail)
        fields_from_json(g, data, cities, self)  # the mechanics' fields, in their order
        return g

    def players(self, g: Game, value: Any) -> list[dict]:
        """The cities' own keys; returns each city's object, for the mechanics' keys."""
        t = self.t
        players = self.list(value, "players", t.n_seats)
        if len(players) != t.n_seats:
            raise self.fail("players", f"expected {t.n_seats} players, got {len(players)}")
        g.coins, g.city, g.wonders, g.wonder_tuck, g.tokens = [], [], [], [], []
        for p, raw in enumerate(players):
            path = f"players[{p}]"
            player = self.obj(raw, path, self.game_class.SEAT_KEYS)
            g.coins.append(self.int(player["coins"], f"{path}.coins", 0, MAX_COINS))
            g.city.append(self.ids(player["buildings"], f"{path}.buildings", self.building))
            wonders, tucks = [], []
            for k, entry in enumerate(self.list(player["wonders"], f"{path}.wonders", t.NW)):
                where = f"{path}.wonders[{k}]"
                entry = self.obj(entry, where, ("id", "status", "tucked"))
                wonders.append(self.wonder(entry["id"], f"{where}.id"))
                status, tucked = entry["status"], entry["tucked"]
                if status == "built":
                    tucks.append(self.building(tucked, f"{where}.tucked"))
                elif isinstance(status, str) and status in _STATUS:
                    if tucked is not None:
                        raise self.fail(f"{where}.tucked", f"a Wonder {status} has no card under it")
                    tucks.append(_STATUS[status])
                else:
                    raise self.fail(f"{where}.status",
                                    f"expected 'unbuilt', 'built' or 'removed', got {_short(status)}")
            g.wonders.append(wonders)
            g.wonder_tuck.append(tucks)
            g.tokens.append(self.ids(player["tokens"], f"{path}.tokens", self.token))
        return players

    def stack(self, g: Game, value: Any) -> list[tuple[int, int, int]]:
        t = self.t
        own = by_owner(choice.owners(t, self.game_class.MECHANICS))  # registered globally
        named = {ARG_JSON[k].key: k for k in own if k in ARG_JSON}  # args written by name
        own = frozenset(own)
        stack = []
        for i, raw in enumerate(self.list(value, "stack", MAX_STACK)):
            path = f"stack[{i}]"
            node = self.obj(raw, path, ("kind", "player"), optional=("arg", *named))
            kind = _kind_number(node["kind"])
            if kind is None:
                raise self.fail(f"{path}.kind", f"unknown decision {_short(node['kind'])}")
            if kind not in own:
                raise self.fail(f"{path}.kind", f"{node['kind']} is a decision of the mechanic "
                                f"{OWNER[kind]}, which {t.ruleset.game} does not use")
            player = self.int(node["player"], f"{path}.player", -1, t.n_seats - 1)
            spelled = ARG_JSON.get(kind)
            for key, other in named.items():
                if key in node and other != kind:
                    raise self.fail(path, f"only a {KIND_NAMES[other]} decision has {key!r}")
            if spelled is not None:
                if "arg" in node or spelled.key not in node:
                    raise self.fail(path, f"a {node['kind']} decision has {spelled.key!r} and no 'arg'")
                arg = spelled.load(g, node[spelled.key], f"{path}.{spelled.key}", self)
            else:
                arg = self.int(node.get("arg", 0), f"{path}.arg", 0, MAX_STACK)
            if IS_CHANCE[kind] and player != CHANCE:
                raise self.fail(f"{path}.player", f"{node['kind']} is decided by chance (-1), not {player}")
            stack.append((kind, player, arg))
        return stack

    def result(self, value: Any) -> Result | None:  # scores, winners: see state_checks
        if value is None:
            return None
        res = self.obj(value, "result", ("winner", "shared", "victory", "scores"), ("winners",))
        winner = res["winner"]
        if winner is not None:
            winner = self.int(winner, "result.winner", 0, self.t.n_seats - 1)
        if self.bool(res["shared"], "result.shared") != (winner is None):
            raise self.fail("result.shared", "true exactly when the winner is null")
        victories = self.game_class.VICTORIES  # civilian, and those the mechanics give
        if res["victory"] not in victories:
            raise self.fail("result.victory", f"expected one of {', '.join(victories)}, got {_short(res['victory'])}")
        scores = self.list(res["scores"], "result.scores", self.t.n_seats)
        if len(scores) != self.t.n_seats:
            raise self.fail("result.scores", f"expected {self.t.n_seats} score tables")
        for p, table in enumerate(scores):
            if not isinstance(table, dict):
                raise self.fail(f"result.scores[{p}]", f"expected an object, got {_kind(table)}")
        winners = tuple(self.list(res.get("winners", []), "result.winners", self.t.n_seats))
        return Result(winner, res["victory"], tuple(dict(s) for s in scores), winners)


def _kind_number(name: Any) -> int | None:
    """The number of the node kind `name` (kinds are registered as mechanics load)."""
    return KIND_NAMES.index(name) if isinstance(name, str) and name in KIND_NAMES else None


def _kind(value: Any) -> str:
    if value is None or isinstance(value, (bool, list, dict)):
        return {type(None): "null", bool: "a boolean", list: "an array", dict: "an object"}.get(
            type(value), "an array" if isinstance(value, list) else "an object")
    if isinstance(value, (int, float, str)):
        return f"the {'string' if isinstance(value, str) else 'number'} {_short(value)}"
    return type(value).__name__


def _short(value: Any) -> str:
    if isinstance(value, int) and not -10**30 < value < 10**30:
        return "a huge integer"  # repr() of a 5,000-digit integer raises ValueError
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."

