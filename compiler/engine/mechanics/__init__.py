"""The rule mechanics, one package each, and the game class composed from them.

Each package named in `catalogue.MECHANICS` (and `ADDED`), `mechanics/<name>/`, registers its
node kinds (with their handlers and legal actions) in the core's registry when imported, and
defines `MIXIN`: a class of small methods (the hooks the core calls, the verbs the mechanic
provides) that a game of a ruleset listing the mechanic inherits. `game_class(base, mechanics)`
builds, once per list, the class `Game(ruleset)` returns: the mixins, a later mechanic of
`game.yaml`'s list before an earlier one in the method order, then the core.

So a mechanic refines the ones listed before it (`weaker_player_starts` replaces
`card_structure`'s default of who starts the next Age), a hook one mechanic owns (`_shields`,
`price`, ...) overrides the core's default, and a hook several mechanics add to
(`_setup_nodes`) calls `super()` first, so each contributes in the order of the list.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from ..core import flow  # noqa: F401 (the core's kinds first, whatever imports this package)
from ..core.fields import SEAT, STATE, composed_methods, fields_of, key_order
from ..core.views import parts_of
from .catalogue import ADDED, DUEL, MECHANICS

_MODULES: dict[str, ModuleType] = {
    name: importlib.import_module(f"{__name__}.{name}") for name in (*MECHANICS, *ADDED)
}
_CLASSES: dict[tuple[type, tuple[str, ...]], type] = {}


def module(name: str) -> ModuleType:
    """The module of mechanic `name`; KeyError naming the known ones if there is none."""
    try:
        return _MODULES[name]
    except KeyError:
        raise KeyError(f"no mechanic {name!r} (known: {', '.join(_MODULES)})") from None


def register(name: str, mixin: type, fields=(), checks=(), view=(), actions=(),
             position=None, evaluation=None) -> None:
    """Add a mechanic defined outside this package (an embedding application's, or a
    test's): its mixin class (`__slots__ = ()`), the state it keeps (`fields`, a tuple of
    `core.fields.StateField`), the checks of a loaded state it adds (`checks`: functions of
    the game giving a message or None), its parts of an observation (`view`, parts of
    core/views.py), its ranges of action ids (`actions`, core/actions.py) and its part of
    a position (`position`, a core/positions.Part) and what the greedy bot weighs of it
    beyond the VP (`evaluation(game, win)`: each seat's value); its node kinds are registered with
    owner `name`. A ruleset that lists
    `name` in its `mechanics` then gets them all."""
    if name in _MODULES:
        raise ValueError(f"mechanic {name!r} is already registered")
    if "__slots__" not in vars(mixin):
        raise ValueError(f"mechanic {name!r}: its mixin needs `__slots__ = ()`")
    mod = ModuleType(name, mixin.__doc__)
    mod.MIXIN = mixin
    mod.FIELDS = tuple(fields)
    mod.CHECKS = tuple(checks)
    mod.VIEW = tuple(view)
    mod.ACTIONS = tuple(actions)
    mod.POSITION = position
    mod.EVALUATION = evaluation
    _MODULES[name] = mod


def configs(rules, names=None) -> dict:
    """The config of each built-in mechanic of `names` (default: Duel's), parsed from the
    rules record `rules` (RulesError, a ValueError, names the first value that does not
    fit). A mechanic registered from outside has no config."""
    names = DUEL if names is None else names
    return {name: _MODULES[name].Config.parse(rules) for name in names
            if name in MECHANICS or name in ADDED}


def composition(ruleset, players: int | None = None) -> tuple[tuple[str, ...], int]:
    """(mechanics, cities) of a game of `ruleset` at `players` (None: its default count):
    the ruleset's mechanics and a city a player, except in classic's 2-player variant, where
    free_city joins them with a third city, the Free City (free_city.composition)."""
    return _MODULES["free_city"].composition(ruleset, players)


def players_in_state(ruleset, data) -> int | None:
    """The player count a saved state (JSON) was played at: the cities it lists, less the
    Free City of the 2-player variant; None when it lists none."""
    return _MODULES["free_city"].players_in_state(ruleset, data)


def game_class(base: type, mechanics: tuple[str, ...]) -> type:
    """The subclass of `base` (the core's Game) with the mixins of `mechanics`, built once;
    it has a slot for each state field the mechanics declare, and their init, clone and
    JSON keys (core/fields.py), the checks of a loaded state they add (`CHECKS`) and the
    parts of an observation they declare (`VIEW`, core/views.py)."""
    key = (base, tuple(mechanics))
    cls = _CLASSES.get(key)
    if cls is None:
        mixins = tuple(module(name).MIXIN for name in mechanics)
        fields = fields_of((name, module(name)) for name in mechanics)
        cls = type(base.__name__, (*reversed(mixins), base), {
            "__slots__": tuple(name for _, f in fields for name in f.slot_names),
            "__module__": base.__module__, "MECHANICS": tuple(mechanics),
            "STATE_FIELDS": fields, "STATE_KEYS": key_order(fields, STATE),
            "STATE_CHECKS": tuple(check for name in mechanics
                                  for check in getattr(module(name), "CHECKS", ())),
            "SEAT_KEYS": key_order(fields, SEAT), "__doc__": base.__doc__,
            "VIEW": parts_of((name, module(name)) for name in mechanics),
            "VICTORIES": (*base.VICTORIES, *(module(name).VICTORY for name in mechanics
                                             if hasattr(module(name), "VICTORY"))),
            **composed_methods(fields)})
        _CLASSES[key] = cls
    return cls
