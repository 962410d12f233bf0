"""The game state as JSON (documented by schema/state.schema.json), and game records.

Components are named by id. Everything derived from the cities (production, prices,
science counts, ...) is rebuilt on load, so a position can be written by hand.
"""
from __future__ import annotations

from typing import Any

from . import runtime as rt
from .errors import StateFormatError
from .scoring import Result
from .state import (CHANCE, IS_CHANCE, K_DESTROY, KIND_NAMES, REMOVED, UNBUILT, Game)
from .tables import tables_for

FORMAT = "wondersmith.engine.state/1"
RECORD_FORMAT = "wondersmith.engine.record/1"
_KIND = {name: k for k, name in enumerate(KIND_NAMES)}


def state_to_json(game: Game) -> dict[str, Any]:
    t = game.t
    ids = t.ids
    wid = lambda w: ids[t.wonder0 + w]  # noqa: E731
    tid = lambda x: ids[t.token0 + x]  # noqa: E731
    players = []
    for p in (0, 1):
        wonders = []
        for w, tuck in zip(game.wonders[p], game.wonder_tuck[p]):
            status = "built" if tuck >= 0 else "removed" if tuck == REMOVED else "unbuilt"
            wonders.append({"id": wid(w), "status": status,
                            "tucked": ids[tuck] if tuck >= 0 else None})
        players.append({
            "coins": game.coins[p],
            "buildings": [ids[c] for c in game.city[p]],
            "wonders": wonders,
            "tokens": [tid(x) for x in game.tokens[p]],
            "loot_lost": list(game.loot_used[p]),
            "pairs_rewarded": [s for i, s in enumerate(t.symbols) if game.pairs_done[p] >> i & 1],
        })
    stack = []
    for kind, player, arg in game.stack:
        node: dict[str, Any] = {"kind": KIND_NAMES[kind], "player": player}
        if kind == K_DESTROY:
            node["colors"] = [c for i, c in enumerate(t.colors) if arg >> i & 1]
        else:
            node["arg"] = arg
        stack.append(node)
    return {
        "format": FORMAT,
        "game": t.ruleset.game,
        "source_hash": t.ruleset.source_hash,
        "seed": game.seed,
        "chance_count": game.chance_count,
        "auto_chance": game.auto_chance,
        "first_player": game.first_player,
        "players": players,
        "pawn": game.pawn,
        "board_tokens": [tid(x) for x in game.board_tokens],
        "box_tokens": [tid(x) for x in game.box_tokens],
        "drawn_tokens": [tid(x) for x in game.drawn],
        "wonder_pool": [wid(w) for w in game.wonder_pool],
        "draft": [wid(w) for w in game.draft],
        "discard": [ids[c] for c in game.discard],
        "age": game.age,
        "structure": [
            {"card": ids[c] if c >= 0 else None, "face_up": up, "taken": taken}
            for c, up, taken in zip(game.slot_card, game.face_up, game.taken)
        ],
        "to_reveal": list(game.to_reveal),
        "pool": [ids[c] for c in game.pool],
        "guild_pool": [ids[c] for c in game.guild_pool],
        "left_out": [[ids[c] for c in age] for age in game.left_out],
        "stack": stack,
        "history": list(game.history),
        "result": game.result.as_dict() if game.result is not None else None,
    }


def state_from_json(ruleset: rt.Ruleset, data: dict[str, Any]) -> Game:
    """A game in the position `data` describes; raises StateFormatError if it cannot."""
    try:
        return _load(ruleset, data)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateFormatError(f"not a valid {FORMAT} state: {type(exc).__name__}: {exc}") from None


def _load(ruleset: rt.Ruleset, data: dict[str, Any]) -> Game:
    t = tables_for(ruleset)
    if data.get("format") != FORMAT:
        raise StateFormatError(f"expected format {FORMAT!r}, got {data.get('format')!r}")
    if data.get("game") != ruleset.game:
        raise StateFormatError(f"state of game {data.get('game')!r}, ruleset is {ruleset.game!r}")

    def comp(name: str, first: int, last: int, what: str) -> int:
        i = t.index.get(name, -1)
        if not first <= i < last:
            raise StateFormatError(f"unknown {what} {name!r}")
        return i

    card = lambda n: comp(n, 0, t.NB, "building")  # noqa: E731
    wonder = lambda n: comp(n, t.wonder0, t.token0, "Wonder") - t.wonder0  # noqa: E731
    token = lambda n: comp(n, t.token0, t.N, "progress token") - t.token0  # noqa: E731

    g = object.__new__(Game)
    g.t = t
    g.seed = int(data["seed"])
    g.chance_count = int(data["chance_count"])
    g.auto_chance = bool(data["auto_chance"])
    g.first_player = int(data["first_player"])
    g.history = [int(a) for a in data["history"]]
    g._buffer = []
    g._legal = None
    players = data["players"]
    if len(players) != 2:
        raise StateFormatError("a Duel state has exactly 2 players")
    g.coins = [int(p["coins"]) for p in players]
    g.city = [[card(c) for c in p["buildings"]] for p in players]
    g.wonders = [[wonder(w["id"]) for w in p["wonders"]] for p in players]
    status = {"unbuilt": UNBUILT, "removed": REMOVED}
    g.wonder_tuck = [
        [card(w["tucked"]) if w["status"] == "built" else status[w["status"]] for w in p["wonders"]]
        for p in players
    ]
    g.tokens = [[token(x) for x in p["tokens"]] for p in players]
    g.loot_used = [[bool(x) for x in p["loot_lost"]] for p in players]
    if any(len(x) != len(t.loot_zones) for x in g.loot_used):
        raise StateFormatError(f"loot_lost has {len(t.loot_zones)} entries per player")
    sym = {s: i for i, s in enumerate(t.symbols)}
    g.pairs_done = [sum(1 << sym[s] for s in p["pairs_rewarded"]) for p in players]
    g.pawn = int(data["pawn"])
    if abs(g.pawn) > t.supremacy_at:
        raise StateFormatError(f"the pawn is at most {t.supremacy_at} spaces from the centre")
    g.board_tokens = sorted(token(x) for x in data["board_tokens"])
    g.box_tokens = sorted(token(x) for x in data["box_tokens"])
    g.drawn = [token(x) for x in data["drawn_tokens"]]
    g.wonder_pool = sorted(wonder(w) for w in data["wonder_pool"])
    g.draft = [wonder(w) for w in data["draft"]]
    g.discard = [card(c) for c in data["discard"]]
    g.age = int(data["age"])
    slots = data["structure"]
    g.slot_card = [card(s["card"]) if s["card"] is not None else -1 for s in slots]
    g.face_up = [bool(s["face_up"]) for s in slots]
    g.taken = [bool(s["taken"]) for s in slots]
    g.to_reveal = [int(s) for s in data["to_reveal"]]
    g.pool = sorted(card(c) for c in data["pool"])
    g.guild_pool = sorted(card(c) for c in data["guild_pool"])
    g.left_out = [[card(c) for c in age] for age in data["left_out"]]
    g.slot_of = [-1] * t.NB
    if g.age:
        if g.age not in t.structures:
            raise StateFormatError(f"no Age {g.age} in this game")
        cover0, covers, face_down, layout = t.structures[g.age]
        if len(slots) != len(layout):
            raise StateFormatError(f"the Age {g.age} structure has {len(layout)} slots, not {len(slots)}")
        coverers = [[] for _ in layout]
        for s, covered in enumerate(covers):
            for u in covered:
                coverers[u].append(s)
        g.cover = [sum(1 for s in coverers[u] if not g.taken[s]) for u in range(len(layout))]
        g.accessible = [s for s in range(len(layout)) if not g.taken[s] and g.cover[s] == 0]
        for s, c in enumerate(g.slot_card):
            if c >= 0 and not g.taken[s]:
                g.slot_of[c] = s
    elif slots:
        raise StateFormatError("no structure before Age 1")
    else:
        g.cover, g.accessible = [], []
    g.remaining = sum(1 for x in g.taken if not x)
    stack = []
    for node in data["stack"]:
        kind = _KIND[node["kind"]]
        player = int(node["player"])
        if kind == K_DESTROY:
            arg = sum(1 << t.color_index[c] for c in node["colors"])
        else:
            arg = int(node.get("arg", 0))
        if IS_CHANCE[kind]:
            player = CHANCE
        stack.append((kind, player, arg))
    g.stack = stack
    res = data["result"]
    g.result = None if res is None else Result(
        res["winner"], res["victory"], tuple(dict(s) for s in res["scores"]))
    g._recompute()
    if g.result is None and not g.stack:
        raise StateFormatError("a game that is not over needs a decision on its stack")
    g._advance()
    return g


def game_record(game: Game) -> dict[str, Any]:
    """Set-up plus every action, as text: enough to replay the game exactly."""
    replay = Game(game.t.ruleset, seed=game.seed, auto_chance=False)
    actions = []
    for a in game.history:
        actions.append(replay.action_to_text(a))
        replay._apply_unchecked(a)
        replay._advance()
    return {"format": RECORD_FORMAT, "game": game.t.ruleset.game,
            "source_hash": game.t.ruleset.source_hash, "seed": game.seed, "actions": actions}


def replay_record(ruleset: rt.Ruleset, record: dict[str, Any], auto_chance: bool = True) -> Game:
    """Replay a record made by `game_record`; every action is checked for legality."""
    game = Game(ruleset, seed=int(record.get("seed", 0)), auto_chance=False)
    for text in record["actions"]:
        game.apply_text(text) if isinstance(text, str) else game.apply(int(text))
    game.auto_chance = auto_chance
    game._advance()
    return game
