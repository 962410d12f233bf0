"""Versions of the data format, and the migrations that read an older version as today's.

A game declares the version of its data format in `game.yaml` (`format: 2`); the version
covers every file of the game folder. A game without `format:` predates versioning and is
read as format 1. Loading an older version applies each step below in order, in memory and
before the schema check, so every command reads any revision of a data repository;
`wondersmith migrate` applies the same steps to the files themselves, keeping comments.

Each step is one small function registered for the version it upgrades *from*, and for the
kind of file it edits ("game" or "cards"). It edits a `Tree`, never raw data, so
the same step serves both readers: the strict loader's `Document`, whose positions must stay
right for `file:line:column` diagnostics, and ruamel.yaml's round-trip data, whose comments
and styles must survive.

The history of the format (this repository's own `git log -- cards/ schema/ compiler/`):

- format 1: the first data revision (6bffe1a) up to fa7aec7.
- format 2 (fa7aec7): the guilds' colour is data, `setup.guilds.color`, no longer `purple`
  hard-coded in the toolkit.
- format 3: the rules the engine had built in are data: `seating`, the ordered `mechanics`,
  `trade.raise_per_unit`, `science.pair_size` and the `next_age` starter rule. Older data
  meant 7 Wonders Duel's rules, the only ones the engine played.

Every other change of the data since 6bffe1a was a change of content (cards, translations,
canonical style) or an optional addition (`english_fallback` in locale files; `extends`,
`added_mechanics` and `replaces` in game.yaml, which only a game of format 3 or newer may
use: `wondersmith.ir.extends`), which older files satisfy as they are.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from wondersmith.diagnostics import WARNING, Diagnostic
from wondersmith.validate.strict_yaml import Document

FORMAT_KEY = "format"
OLDEST_FORMAT = 1
KINDS = ("game", "cards")  # the files `loader.load_game` reads; locale files never changed

Path = tuple[Any, ...]
_MISSING = object()


def _lookup(node: Any, path: Path, default: Any) -> Any:
    for part in path:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return default
    return node


class Tree:
    """Edits of nested YAML data that keep what a reader tracks beside the data.

    Paths are tuples of keys and list indices; in `paths()`, "*" matches every key or index
    at its level. Subclasses keep positions (`DocumentTree`) or comments (the round-trip
    tree of `wondersmith.tools.migrate`).
    """

    def __init__(self, root: Any) -> None:
        self.root = root

    def get(self, path: Path, default: Any = None) -> Any:
        return _lookup(self.root, path, default)

    def paths(self, pattern: Path) -> Iterator[Path]:
        """The existing paths that match `pattern`, in document order."""
        def walk(node: Any, done: Path, rest: Path) -> Iterator[Path]:
            if not rest:
                yield done
                return
            head, tail = rest[0], rest[1:]
            if head == "*":
                keys = (list(node) if isinstance(node, dict)
                        else range(len(node)) if isinstance(node, list) else ())
            else:
                keys = [head] if _lookup(node, (head,), _MISSING) is not _MISSING else []
            for key in keys:
                yield from walk(node[key], (*done, key), tail)
        yield from walk(self.root, (), tuple(pattern))

    def mapping(self, path: Path) -> dict | None:
        node = self.get(path)
        return node if isinstance(node, dict) else None

    def set_default(self, path: Path, key: str, value: Any) -> bool:
        """Add `key: value` at the end of the mapping at `path` unless the key is there."""
        node = self.mapping(path)
        if node is None or key in node:
            return False
        self._append(node, key, value)
        return True

    def replace(self, path: Path, value: Any) -> bool:
        """Replace the value at `path` in its mapping; it keeps the old value's place."""
        parent = self.mapping(path[:-1])
        if parent is None or path[-1] not in parent:
            return False
        parent[path[-1]] = value
        self._forget_inside(tuple(path))
        return True

    def rename_key(self, path: Path, old: str, new: str) -> bool:
        """Rename a key of the mapping at `path`, in the same place."""
        node = self.mapping(path)
        if node is None or old not in node or new in node:
            return False
        self._rename(node, old, new)
        self._relocate((*path, old), (*path, new))
        return True

    def insert_after(self, path: Path, after: str, key: str, value: Any) -> bool:
        """Add `key: value` to the mapping at `path` just after the key `after` (at the end
        when `after` is not there) unless the key is there."""
        node = self.mapping(path)
        if node is None or key in node:
            return False
        if after not in node:
            self._append(node, key, value)
        else:
            self._insert_at(node, list(node).index(after) + 1, key, value)
        return True

    def move(self, source: Path, target: Path) -> bool:
        """Move the value at `source` to the end of the mapping `target[:-1]`, as `target[-1]`."""
        parent, key = self.mapping(source[:-1]), source[-1]
        into = self.mapping(target[:-1])
        if parent is None or key not in parent or into is None or target[-1] in into:
            return False
        value = self._pop(parent, key)
        self._append(into, target[-1], value)
        self._relocate(tuple(source), tuple(target))
        return True

    def declare_format(self, version: int) -> None:
        """`format: version` at the top of the document (in place when it is there)."""
        if isinstance(self.root, dict):
            if FORMAT_KEY in self.root:
                self.root[FORMAT_KEY] = version
            else:
                self._insert_first(self.root, FORMAT_KEY, version)

    def delete(self, path: Path) -> bool:
        parent = self.mapping(path[:-1])
        if parent is None or path[-1] not in parent:
            return False
        self._pop(parent, path[-1])
        self._forget(tuple(path))
        return True

    # What a subclass keeps beside the data.

    def _append(self, node: dict, key: str, value: Any) -> None:
        node[key] = value

    def _pop(self, node: dict, key: str) -> Any:
        return node.pop(key)

    def _insert_first(self, node: dict, key: str, value: Any) -> None:
        items = [(key, value), *node.items()]
        node.clear()
        node.update(items)

    def _insert_at(self, node: dict, position: int, key: str, value: Any) -> None:
        items = list(node.items())
        items.insert(position, (key, value))
        node.clear()
        node.update(items)

    def _rename(self, node: dict, old: str, new: str) -> None:
        items = [(new if k == old else k, v) for k, v in node.items()]
        node.clear()
        node.update(items)

    def _relocate(self, old: Path, new: Path) -> None:
        """Whatever is tracked under `old` now lives under `new`."""

    def _forget(self, path: Path) -> None:
        """Whatever is tracked under `path` is gone."""

    def _forget_inside(self, path: Path) -> None:
        """Whatever is tracked below `path` (not at it) is gone."""


class DocumentTree(Tree):
    """The strict loader's document: positions follow renamed and moved values. A value that
    a migration adds has no position, so a diagnostic about it points at its parent."""

    def __init__(self, doc: Document) -> None:
        super().__init__(doc.data)
        self.doc = doc

    def _relocate(self, old: Path, new: Path) -> None:
        n = len(old)
        for table in (self.doc.values, self.doc.keys):
            moved = {p: pos for p, pos in table.items() if p[:n] == old}
            for p in moved:
                del table[p]
            table.update({(*new, *p[n:]): pos for p, pos in moved.items()})

    def _forget(self, path: Path) -> None:
        n = len(path)
        for table in (self.doc.values, self.doc.keys):
            for p in [p for p in table if p[:n] == path]:
                del table[p]

    def _forget_inside(self, path: Path) -> None:
        n = len(path)
        for table in (self.doc.values, self.doc.keys):
            for p in [p for p in table if p[:n] == path and len(p) > n]:
                del table[p]


# ---------------------------------------------------------------------------------------------
# The steps, in order. Each upgrades one kind of file from `version` to `version + 1`.


@dataclass(frozen=True)
class Step:
    version: int
    kind: str
    edit: Callable[[Tree], None]

    @property
    def title(self) -> str:
        return (self.edit.__doc__ or self.edit.__name__).strip().splitlines()[0]


STEPS: list[Step] = []


def step(version: int, kind: str) -> Callable[[Callable[[Tree], None]], Callable[[Tree], None]]:
    """Register a step that upgrades `kind` files from `version`; steps come in order."""
    def register(edit: Callable[[Tree], None]) -> Callable[[Tree], None]:
        if kind not in KINDS:
            raise ValueError(f"unknown kind of data file '{kind}'")
        if STEPS and version < STEPS[-1].version:
            raise ValueError(f"step from format {version} registered after format "
                             f"{STEPS[-1].version}")
        STEPS.append(Step(version, kind, edit))
        return edit
    return register


@step(1, "game")
def guilds_declare_their_colour(tree: Tree) -> None:
    """Format 2: the guilds' colour is `setup.guilds.color`; format 1 meant purple."""
    tree.set_default(("setup", "guilds"), "color", "purple")


# What the engine of format 2 played for every game: 7 Wonders Duel's rules. Written out here,
# not imported, so the step stays what it was when later formats change the names.
_DUEL_MECHANICS = ["progress_tokens", "wonder_draft", "card_structure", "bank_trade",
                   "military_track", "science_pairs", "wonder_limit", "weaker_player_starts"]


@step(2, "game")
def rules_built_into_the_engine_become_data(tree: Tree) -> None:
    """Format 3: seating, mechanics, trade.raise_per_unit, science.pair_size and next_age are
    data; format 2 meant Duel's built-in rules."""
    players = tree.get(("players",))
    tree.insert_after((), "players", "seating", "opponent" if players == 2 else "circle")
    tree.insert_after((), "seating", "mechanics", list(_DUEL_MECHANICS))
    tree.insert_after(("trade",), "raised_by", "raise_per_unit", 1)
    tree.insert_after(("science",), "pair_takes_token", "pair_size", 2)
    tree.insert_after((), "science", "next_age", {"chooser": "weaker_military",
                                                  "tie": "last_player"})


FORMAT_VERSION = STEPS[-1].version + 1  # today's format: the one the last step reaches


def upgrade(tree: Tree, kind: str, version: int) -> list[Step]:
    """Apply every step of `kind` from `version` on; the steps applied, in order."""
    applied = [s for s in STEPS if s.kind == kind and s.version >= version]
    for s in applied:
        s.edit(tree)
    if kind == "game":
        tree.declare_format(FORMAT_VERSION)
    return applied


# ---------------------------------------------------------------------------------------------
# The version a game declares.


def declared_format(doc: Document) -> tuple[int | None, list[Diagnostic]]:
    """The format version `game.yaml` declares (the oldest when it declares none), or None
    with an error when the version is malformed or newer than this tool reads."""
    data = doc.data
    if not isinstance(data, dict) or FORMAT_KEY not in data:
        return OLDEST_FORMAT, []
    value = data[FORMAT_KEY]
    if isinstance(value, bool) or not isinstance(value, int) or value < OLDEST_FORMAT:
        shown = "nothing" if value is None else repr(value)
        return None, [doc.error((FORMAT_KEY,), "WS502",
                                f"the data format is a whole number from {OLDEST_FORMAT} to "
                                f"{FORMAT_VERSION}, not {shown}",
                                f"write `{FORMAT_KEY}: {FORMAT_VERSION}` for data in "
                                "today's format")]
    if value > FORMAT_VERSION:
        return None, [doc.error((FORMAT_KEY,), "WS501",
                                f"data format {value} is newer than this wondersmith reads "
                                f"(formats {OLDEST_FORMAT} to {FORMAT_VERSION})",
                                "upgrade wondersmith: pip install --upgrade wondersmith")]
    return value, []


def older_format(doc: Document, version: int) -> Diagnostic:
    """The warning that a game is read through migrations (`doc` as read, before them)."""
    written = (FORMAT_KEY,) in doc.values
    line, col = doc.values[(FORMAT_KEY,)] if written else (1, 1)
    message = (f"data format {version} is older than this wondersmith's format "
               f"{FORMAT_VERSION}; the data is read through migrations" if written else
               f"no `{FORMAT_KEY}:` key: the data is read as format {version}, older than "
               f"this wondersmith's format {FORMAT_VERSION}, through migrations")
    return Diagnostic(doc.file, line, col, "WS503", message,
                      f"run `wondersmith migrate` to rewrite the files in format "
                      f"{FORMAT_VERSION}", WARNING)


def upgrade_document(doc: Document, kind: str, version: int) -> list[Step]:
    """Read a loaded document of an older format as today's, positions kept."""
    if not isinstance(doc.data, dict):
        return []
    return upgrade(DocumentTree(doc), kind, version)
