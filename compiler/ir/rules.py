"""The rules record: the rule sections of game.yaml, held once, as the engine receives them.

`record` is its one writer. The intermediate form carries what it returns (`Game.rules`); the
code generator writes it into `RULESET.rules`, the JSON export writes it as its rule sections,
and the diff compares it key by key. Nothing re-declares it: the JSON Schema of game.yaml
(`wondersmith.dsl.schemas`, `rules_keys`) defines its keys, and the engine's core and each
mechanic read their part into a frozen config of their own (`CoreRules`, `<mechanic>.Config`).
The compiler reads typed values through those same configs (`config`), so a rule key is
parsed in one place, the engine's. The sections and their order: `rules_keys.SECTIONS`.
"""
from __future__ import annotations

from typing import Any, Mapping

from wondersmith.dsl.rules_keys import AGE_RULES, SECTIONS
from wondersmith.engine.core.rules import CoreRules, RulesError
from wondersmith.engine.mechanics import module

CORE = "core"  # `config(record, CORE)`: the core's part (coins at the start, scoring)

Record = Mapping[str, Any]


def plain(value: Any, sequence: type = tuple) -> Any:
    """Plain data with its mappings as dicts and its lists as `sequence`: tuples as the engine
    receives the record, lists as JSON holds it (the export)."""
    if isinstance(value, Mapping):
        return {key: plain(item, sequence) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return sequence(plain(item, sequence) for item in value)
    return value


def record(data: Mapping[str, Any]) -> dict[str, Any]:
    """The rules record of schema-valid game.yaml data: each rule section the data gives,
    as written. `ages` is in it when an Age gives a rule key (`AGE_RULES`): each Age's `age`
    and those keys."""
    out: dict[str, Any] = {}
    ages = [{"age": a["age"], **{k: a[k] for k in AGE_RULES if k in a}} for a in data["ages"]]
    if any(len(a) > 1 for a in ages):
        out["ages"] = ages
    out.update((section, data[section]) for section in SECTIONS[1:] if section in data)
    return plain(out)


def config(rules: Record, mechanic: str) -> Any:
    """The typed view of the part of `rules` that `mechanic` reads: that mechanic's own
    `Config` (or `CoreRules` for `CORE`), as the engine parses it. RulesError (a ValueError)
    when the record lacks a key the mechanic reads or holds a value its config refuses."""
    try:
        if mechanic == CORE:
            return CoreRules.parse(rules)
        return module(mechanic).Config.parse(rules)
    except (KeyError, TypeError, AttributeError) as exc:
        raise RulesError(f"mechanic {mechanic!r} cannot read the rules record: "
                         f"{type(exc).__name__} {exc}") from None


def guilds_at(rules: Record, players: int) -> int:
    """Guilds drawn in a game of `players`: `setup.guilds.count`, a number or the number of
    players plus `players_plus`."""
    count = rules["setup"]["guilds"]["count"]
    return players + count["players_plus"] if isinstance(count, Mapping) else count


def variant_players(rules: Record) -> int | None:
    """The player count of the 2-player variant, when the game declares it."""
    variant = rules.get("two_player_variant")
    return variant["players"] if variant else None
