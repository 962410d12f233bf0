"""State fields a mechanic owns: declared with the mechanic, not in the core's lists.

A mechanic that keeps state of its own (Duel's pawn, tokens, draft and structure; classic's
hands, boards, conflict tokens...) lists it in its module as `FIELDS`, a tuple of
`StateField`. The class composed for a game (`mechanics.game_class`) gets a slot for each
field of its mechanics, and the core calls each field's functions where the state is made,
cloned, saved, loaded and checked:

- `initial(game)`: the value of a new game. It may read the tables only (`game.t`): it is
  worked out once per tables and class, and each new game gets a `copy` of it;
- `copy(value)`: an independent copy for `clone()` and new games (`same`, `list_copy`,
  `lists_copy` below cover flat values, flat lists and lists of lists, and are written
  inline in the composed class's code: no Python call per field);
- `save(game, value)`: the JSON value; None for a field derived from the rest, rebuilt on
  load with `initial` and `_recompute`;
- `load(game, value, read)`: the value read back from JSON; `read` is the state reader
  (`read.int`, `read.list`, `read.building`, `read.fail(path, message)`: serialize.py),
  and every error names its path;
- `check(game)`: once the whole state is loaded, what is inconsistent (a message) or None;
  `check_derived(game)` the same once the cities' derived values are rebuilt;
- `places(game)`: `(label, components)` pairs naming where the field holds buildings,
  Wonders or tokens, so that the core's check finds a component in two places.

Where its value lives in the state's JSON (`json`): `MECHANICS` (the default), under
`mechanics.<mechanic>.<name>`; `STATE`, as the state's own key `name`; `SEAT`, as the key
`name` of each city of `players` (then `save` gives a list, one value per seat, and `load`
gets one). A key of the state or of a city stands at `order` among the core's keys
(`STATE_ORDER`, `SEAT_ORDER`), so a document keeps one order whatever the mechanics.

A field may keep its value in several slots (`slots`: Duel's structure is `slot_card`,
`face_up`, `taken` and what follows from them): its value is then a tuple, one item per
slot, and `copy` a tuple of functions, one per slot.
"""
from __future__ import annotations

from dataclasses import dataclass
from keyword import iskeyword
from typing import Any, Callable

MECHANICS, STATE, SEAT = "mechanics", "state", "seat"

# Where the core's keys stand: a field's key (`json=STATE` or `SEAT`) goes by its `order`.
STATE_ORDER = {"format": 0, "game": 10, "source_hash": 20, "seed": 30, "chance_count": 40,
               "auto_chance": 50, "first_player": 60, "players": 70, "discard": 150,
               "age": 160, "pool": 190, "guild_pool": 200, "stack": 220, "history": 230,
               "result": 240}
SEAT_ORDER = {"coins": 0, "buildings": 10, "wonders": 20, "tokens": 30}


def same(value: Any) -> Any:
    """The copy of an immutable value (a number, a string, a tuple): the value itself."""
    return value


def list_copy(value: list) -> list:
    return value[:]


def lists_copy(value: list[list]) -> list[list]:
    return [*map(list.copy, value)]


# The copies written inline in the composed class's init and clone (`{}`: the value).
_INLINE = {same: "{}", list_copy: "{}[:]", lists_copy: "[*map(list.copy, {})]"}


@dataclass(frozen=True)
class StateField:
    name: str
    initial: Callable[[Any], Any]
    copy: Callable[[Any], Any] | tuple = same
    save: Callable[[Any, Any], Any] | None = None
    load: Callable[[Any, Any, Any], Any] | None = None
    check: Callable[[Any], str | None] | None = None
    doc: str = ""
    json: str = MECHANICS
    order: int = 0
    slots: tuple[str, ...] = ()
    check_derived: Callable[[Any], str | None] | None = None
    places: Callable[[Any], Any] | None = None

    def __post_init__(self) -> None:
        # Slot names are written into the composed init and clone (composed_methods).
        bad = [n for n in (self.name, *self.slots) if not n.isidentifier() or iskeyword(n)]
        if bad:
            raise ValueError(f"state field {self.name!r}: {bad[0]!r} is not a Python name")
        if (self.save is None) != (self.load is None):
            raise ValueError(f"state field {self.name!r}: save and load go together")
        if self.json not in (MECHANICS, STATE, SEAT):
            raise ValueError(f"state field {self.name!r}: json is one of {MECHANICS}, {STATE}, "
                             f"{SEAT}, not {self.json!r}")
        if self.json != MECHANICS and self.save is None:
            raise ValueError(f"state field {self.name!r}: a derived field is not in the JSON")
        taken = STATE_ORDER if self.json == STATE else SEAT_ORDER
        if self.json != MECHANICS and (self.name in taken or self.order in taken.values()):
            raise ValueError(f"state field {self.name!r}: its key or order is the core's")
        if len(self.slot_names) > 1 and (not isinstance(self.copy, tuple)
                                         or len(self.copy) != len(self.slot_names)):
            raise ValueError(f"state field {self.name!r}: one copy function per slot")

    @property
    def slot_names(self) -> tuple[str, ...]:
        """The slots the field's value is kept in: `slots`, or the one named as the field."""
        return self.slots or (self.name,)

    @property
    def copies(self) -> tuple:
        """The copy function of each slot."""
        return self.copy if isinstance(self.copy, tuple) else (self.copy,)

    def value(self, game) -> Any:
        """The field's value in `game`: its slot's, or the tuple of its slots' values."""
        names = self.slot_names
        if len(names) == 1:
            return getattr(game, names[0])
        return tuple(getattr(game, name) for name in names)

    def set(self, game, value) -> None:
        names = self.slot_names
        if len(names) == 1:
            setattr(game, names[0], value)
        else:
            for name, v in zip(names, value):
                setattr(game, name, v)


def component_ids(key: str, kind: str, sort: bool) -> tuple[Callable, Callable]:
    """`save` and `load` of a list of components of one kind ("wonder", "token"), kept as
    numbers from the kind's first (`Tables.wonder0`, `token0`) and written as ids under the
    state's key `key`; `sort`: the list is kept sorted."""
    def save(game, numbers: list[int]) -> list[str]:
        first = getattr(game.t, kind + "0")
        return [game.t.ids[first + x] for x in numbers]

    def load(game, value, read) -> list[int]:
        numbers = read.ids(value, key, getattr(read, kind))
        return sorted(numbers) if sort else numbers
    return save, load


def fields_of(modules) -> tuple[tuple[str, StateField], ...]:
    """(mechanic, field) for every field the mechanics' modules declare, in list order;
    ValueError if two declare the same slot, or the same key or order at one place."""
    out: list[tuple[str, StateField]] = []
    seen: dict[tuple[str, str], str] = {}
    for mechanic, module in modules:
        for f in getattr(module, "FIELDS", ()):
            names = [("slot", name) for name in f.slot_names]
            if f.json != MECHANICS:
                names += [(f.json, f.name), (f"{f.json} order", str(f.order))]
            for what in dict.fromkeys(names):
                if what in seen:
                    raise ValueError(f"state {what[0]} {what[1]!r} is declared by {seen[what]} "
                                     f"and {mechanic}")
                seen[what] = mechanic
            out.append((mechanic, f))
    return tuple(out)


def key_order(fields, where: str) -> tuple[str, ...]:
    """The keys of the state (`STATE`) or of a city (`SEAT`) in a game with `fields`, in the
    order they are written: the core's and the fields', by order."""
    core = STATE_ORDER if where == STATE else SEAT_ORDER
    keys = {**core, **{f.name: f.order for _, f in fields if f.json == where}}
    return tuple(sorted(keys, key=keys.__getitem__))


def composed_methods(fields) -> dict[str, Callable]:
    """`_init_fields(self)` and `_clone_fields(self, other)` for a class with `fields`: the
    fields' slots set to copies of their initial values (worked out once per tables) or of
    `self`'s, in straight-line code compiled once per class, so a new game and a clone make
    no Python call per field (the copies of `_INLINE` are written out)."""
    env: dict[str, Any] = {"_templates": _templates}
    init = ["def _init_fields(self):",
            "    tpl = self.t.cache.get(type(self))",
            "    if tpl is None:",
            "        tpl = self.t.cache[type(self)] = _templates(self)"]
    clone = ["def _clone_fields(self, other):"]
    k = 0
    for _, f in fields:
        for name, copy in zip(f.slot_names, f.copies):
            pattern = _INLINE.get(copy)
            if pattern is None:
                env[f"_copy{k}"] = copy
                pattern = f"_copy{k}({{}})"
            init.append(f"    self.{name} = {pattern.format(f'tpl[{k}]')}")
            clone.append(f"    other.{name} = {pattern.format(f'self.{name}')}")
            k += 1
    init.append("    return None")
    clone.append("    return None")
    exec("\n".join(init) + "\n\n" + "\n".join(clone), env)  # noqa: S102 (our own source)
    return {"_init_fields": env["_init_fields"], "_clone_fields": env["_clone_fields"]}


def _templates(game) -> tuple:
    """The initial value of every slot of `game`'s fields, in slot order."""
    out: list[Any] = []
    for _, f in game.STATE_FIELDS:
        value = f.initial(game)
        out.extend(value if len(f.slot_names) > 1 else (value,))
    return tuple(out)


def fields_to_json(game, where: str) -> dict[str, Any]:
    """The saved fields of `game` kept at `where`: for `MECHANICS`, the state's `mechanics`
    object (by mechanic); for `STATE`, the state's keys; for `SEAT`, per key, the list of
    each seat's value."""
    out: dict[str, Any] = {}
    for mechanic, f in game.STATE_FIELDS:
        if f.save is not None and f.json == where:
            value = f.save(game, f.value(game))
            if where == MECHANICS:
                out.setdefault(mechanic, {})[f.name] = value
            else:
                out[f.name] = value
    return out


def fields_from_json(game, data: dict, seats: list[dict], read) -> None:
    """Set `game`'s fields from the state `data` (its keys already checked) and its cities
    `seats`: saved ones through their `load`, derived ones to their `initial` value. The
    `mechanics` object is read here (None when absent)."""
    fields = type(game).STATE_FIELDS
    nested = {m for m, f in fields if f.save is not None and f.json == MECHANICS}
    value = data.get("mechanics")
    if not nested:
        if value is not None:
            raise read.fail("mechanics", f"{game.t.ruleset.game} keeps no state of its mechanics")
    else:
        value = read.obj(value, "mechanics", tuple(sorted(nested)))
        for mechanic in nested:
            names = tuple(f.name for m, f in fields
                          if m == mechanic and f.save is not None and f.json == MECHANICS)
            read.obj(value[mechanic], f"mechanics.{mechanic}", names)
    for mechanic, f in fields:
        if f.save is None:
            f.set(game, f.initial(game))
        elif f.json == STATE:
            f.set(game, f.load(game, data[f.name], read))
        elif f.json == SEAT:
            f.set(game, f.load(game, [seat[f.name] for seat in seats], read))
        else:
            f.set(game, f.load(game, value[mechanic][f.name], read))
