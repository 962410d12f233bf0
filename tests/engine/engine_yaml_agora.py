"""The test-only reading's part for Agora's verbs (docs/dsl.md, "Verbs"): the Senate's and the
conspiracies' effects, read from the YAML into closures and class attributes, as
engine_yaml_ruleset.py reads Duel's. It knows the engine's verbs (runtime.GameVerbs) and
nothing of the compiler.

`ON_BUILD[verb](value)` is the effect's step, a function `(game, player)`; `ONGOING[verb](value)`
the class attributes the effect sets; `option_words(verb, value)` what a `one_of` option is
called in the engine's texts ("choose <words>").
"""
from __future__ import annotations

from typing import Any, Callable

Step = Callable[[Any, int], None]

# The sections of game.yaml Agora's mechanics read, carried in the ruleset's rules record.
RULE_SECTIONS = ("senate", "conspiracies")


def _bare(verb: str) -> Callable[[Any], Step]:
    """A verb with no value: the engine's verb of the same name, for the player."""
    return lambda _value: lambda game, player: getattr(game, verb)(player)


def _colors(verb: str) -> Callable[[Any], Step]:
    """A verb whose value names the colours it may act on."""
    return lambda value: lambda game, player: getattr(game, verb)(player, tuple(value["colors"]))


def _influence(value) -> Step:
    # A Politician: Senate actions in its section; 0 asks the game's `senate.actions` table.
    section, actions = value["section"], value.get("actions", 0)
    return lambda game, player: game.influence(player, section, actions)


def _place(value) -> Step:
    section, cubes, optional = value["section"], value.get("cubes", 1), value.get("optional", False)
    return lambda game, player: game.place_influence(player, section, cubes, optional)


def _move(value) -> Step:
    value = value or {}
    actions, optional = value.get("actions", 1), value.get("optional", False)
    return lambda game, player: game.move_influence(player, actions, optional)


def _remove(cubes) -> Step:
    return lambda game, player: game.remove_influence(player, cubes)


# `take_coins: half`: the opponent's coins divided by 2, rounded up (ruling 17).
_SHARES = {"half": 2}


def _take_coins(share) -> Step:
    divisor = _SHARES[share]
    return lambda game, player: game.take_coins(player, divisor)


def _discard_from_structure(value) -> Step:
    return lambda game, player: game.discard_from_structure(player, value["cards"])


ON_BUILD: dict[str, Callable[[Any], Step]] = {
    "influence": _influence,
    "place_influence": _place,
    "move_influence": _move,
    "remove_influence": _remove,
    "take_coins": _take_coins,
    "discard_from_structure": _discard_from_structure,
    **{verb: _colors(verb) for verb in ("build_from_structure", "take_building", "swap_building")},
    **{verb: _bare(verb) for verb in ("conspire", "trigger_unprepared", "take_wonder", "lock_token",
                                       "build_left_out", "destroy_wonder", "move_decree")},
}

ONGOING: dict[str, Callable[[Any], dict]] = {
    "free_senators": lambda _: {"free_senators": True},
    "keep_all_conspiracies": lambda _: {"keep_all_conspiracies": True},
    "neighbour_chains": lambda _: {"neighbour_chains": True},
    "discard_coins": lambda coins: {"discard_extra": coins},
    "senate_actions": lambda value: {"senate_cards": value["more_cards"]},
}


def option_words(verb: str, value) -> str:
    """How the engine names a `one_of` option. Only the options Agora's data offers are
    known: any other fails loudly rather than be guessed."""
    if verb == "conspire":
        return "conspire"
    if verb == "place_influence" and value["section"] == "any" and not value.get("optional"):
        cubes = value.get("cubes", 1)
        return f"place {cubes} influence cube{'s' if cubes > 1 else ''} in any chamber"
    raise ValueError(f"no words known for the option {verb}: {value!r}")
