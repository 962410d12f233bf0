"""Expansions as data: a game whose `game.yaml` says `extends: <game id>`.

The base is the game of that id among the sibling folders of the same folder of games
(`cards/`); nothing else is searched, so an extension always builds from files in the same
repository (a base edit makes it stale, `diff` shows it). A base may itself extend another.

The resolved game is the base's, resolved first, with the extension laid over it:

- game.yaml: a mapping merges key by key; a scalar or a list the extension gives replaces the
  base's. `added_mechanics:` appends to the base's `mechanics:` without restating it, and
  `replaces:` names the base components the extension's card files give anew. The three
  directives (`extends`, `added_mechanics`, `replaces`) are not part of the resolved game.
- components: the base's, then the extension's; one with a base component's id replaces it in
  its place, only when `replaces:` lists that id (else WS335).

Every position keeps its own file: the merged document records, for each value that came
from the base, the base file it was written in (`Document.origins`).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import yaml

from wondersmith import datafiles
from wondersmith.diagnostics import Diagnostic
from wondersmith.validate.strict_yaml import Document

EXTENDS = "extends"
ADDED_MECHANICS = "added_mechanics"
REPLACES = "replaces"
DIRECTIVES = (EXTENDS, ADDED_MECHANICS, REPLACES)
OWN_KEYS = ("id", "name")  # an extension always names itself
FIRST_FORMAT = 3  # the format `extends:` arrived in: older formats never had extensions

GAME_FILE = datafiles.GAME_FILE


def _quick_read(folder: Path) -> dict:
    """game.yaml's data, read cheaply (no validation); {} when unreadable."""
    try:
        data = yaml.load(datafiles.read_bytes(folder / GAME_FILE),
                         Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def declared_base(folder: Path) -> str | None:
    """The id a game folder says it extends, read cheaply; None for a game of its own."""
    value = _quick_read(folder).get(EXTENDS)
    return value if isinstance(value, str) else None


def sibling_games(folder: Path) -> dict[str, Path]:
    """The games of `folder`'s folder of games, itself included, by id (the folder's name
    when the id is unreadable), in folder order."""
    found: dict[str, Path] = {}
    for game_file in sorted(folder.parent.glob(f"*/{GAME_FILE}")):
        other = game_file.parent
        value = _quick_read(other).get("id")
        found.setdefault(value if isinstance(value, str) else other.name, other)
    return found


def base_folder(folder: Path, base: str) -> Path | None:
    return sibling_games(folder).get(base)


def chain(folder: Path) -> list[Path]:
    """The folders a game is made of, the first base first and `folder` last, read cheaply
    (an unknown base or a cycle ends the chain: the loader reports them)."""
    folders = [folder.resolve()]
    while (base := declared_base(folders[0])) is not None:
        found = base_folder(folders[0], base)
        if found is None or found.resolve() in folders:
            break
        folders.insert(0, found.resolve())
    return folders


def source_files(folder: Path, card_files: Any) -> dict[str, Path]:
    """Every data file a game is built from, by a label stable across machines: its own as
    `game/<name>`, a base's as `base/<base folder>/<name>` (compile and render hash them)."""
    *bases, own = chain(folder)
    files: dict[str, Path] = {}
    for base in bases:
        for path in [base / GAME_FILE, *card_files(base)]:
            files[f"base/{base.name}/{path.name}"] = path
    for path in [own / GAME_FILE, *card_files(own)]:
        files[f"game/{path.name}"] = path
    return files


# ---------------------------------------------------------------------------------------------
# The problems of an extension's own game.yaml, before anything is merged.


def unknown_base(doc: Document, folder: Path, base: str) -> Diagnostic:
    games = sibling_games(folder)
    known = ", ".join(sorted(games)) or "none"
    return doc.error((EXTENDS,), "WS113",
                     f"no game '{base}' beside this one in {folder.parent.name}/ "
                     f"(games there: {known})",
                     f"a base game is a folder of the same {folder.parent.name}/ whose "
                     "game.yaml has that id: copy the base game's folder there, or fix the id")


def cycle(doc: Document, names: Iterable[str]) -> Diagnostic:
    path = " → ".join(names)
    return doc.error((EXTENDS,), "WS114", f"a cycle of extensions: {path}",
                     "a game cannot extend itself, even through other games: remove "
                     "`extends:` from one of them")


def own_problems(doc: Document, base: str, version: int, extends_itself: bool
                 ) -> list[Diagnostic]:
    """WS115 and WS116: what an extension's game.yaml must say for itself (its base's id is
    WS114's when the base found is itself)."""
    found = []
    if version < FIRST_FORMAT:
        found.append(doc.error(("format",), "WS115",
                               f"`extends:` needs data format {FIRST_FORMAT} or newer; this "
                               f"file is read as format {version}",
                               f"write `format: {FIRST_FORMAT}` (or today's) at the top: "
                               "older formats had no extensions"))
    data = doc.data
    for key in OWN_KEYS:
        if key not in data:
            found.append(doc.error((), "WS116", f"an extension names itself: no `{key}:` "
                                   f"(it would be the base game '{base}'s)",
                                   f"add `{key}:` for the extension's own {key}"))
    if data.get("id") == base and not extends_itself:
        found.append(doc.error(("id",), "WS116", f"the extension has its base's id '{base}'",
                               "give the extension an id of its own: it is compiled beside "
                               "its base"))
    return found


def directives_alone(doc: Document) -> list[Diagnostic]:
    """WS337: `added_mechanics:` or `replaces:` in a game that extends nothing."""
    return [doc.error((key,), "WS337", f"`{key}:` is only for a game that extends another",
                      "add `extends: <base game id>`, or remove the key (a game of its own "
                      "lists everything: `mechanics:`, its card files)", key=True)
            for key in (ADDED_MECHANICS, REPLACES) if key in (doc.data or {})]


# ---------------------------------------------------------------------------------------------
# game.yaml: the base's document with the extension's laid over it.


def merge(base: Document, extension: Document) -> Document:
    """The resolved game.yaml: `base` (itself maybe resolved) with `extension` over it; each
    position remembers its file. The directives stay, for the schema check; `resolved_data`
    drops them."""
    # A base that is itself an extension gave its own directives: they are not inherited.
    merged = Document(extension.file, data=copy.deepcopy(resolved_data(base)))
    merged.values = {p: pos for p, pos in base.values.items() if not _directive(p)}
    merged.keys = {p: pos for p, pos in base.keys.items() if not _directive(p)}
    merged.origins = {p: base.origin(p) for p in (*merged.values, *merged.keys)}
    _take_position(merged, extension, (), below=False)  # the game itself: the extension
    _overlay(merged, merged.data, extension, extension.data, ())
    merged.diagnostics = list(extension.diagnostics)
    added = extension.data.get(ADDED_MECHANICS)
    mechanics = merged.data.get("mechanics")
    if isinstance(added, list) and isinstance(mechanics, list):
        for i, name in enumerate(added):  # each where the extension wrote it
            if name in mechanics:
                merged.diagnostics.append(extension.error(
                    (ADDED_MECHANICS, i), "WS338", f"'{name}' is already a mechanic of the "
                    "base game", "remove it from `added_mechanics:`: the base's mechanics are "
                    "the extension's"))
                continue
            merged.values[("mechanics", len(mechanics))] = extension.where((ADDED_MECHANICS, i))
            mechanics.append(copy.deepcopy(name))
    return merged


def _directive(path: tuple) -> bool:
    return bool(path) and path[0] in DIRECTIVES


def _overlay(merged: Document, into: dict, extension: Document, node: dict, path: tuple) -> None:
    for key, value in node.items():
        here = (*path, key)
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _take_position(merged, extension, here, below=False)
            _overlay(merged, into[key], extension, value, here)
            continue
        into[key] = copy.deepcopy(value)
        for table in (merged.values, merged.keys):
            for p in [p for p in table if p[:len(here)] == here]:
                del table[p]
        _take_position(merged, extension, here, below=True)


def _take_position(merged: Document, extension: Document, path: tuple, below: bool) -> None:
    """The extension's positions at `path` (and below it when `below`) replace the base's."""
    n = len(path)
    for source, table in ((extension.values, merged.values), (extension.keys, merged.keys)):
        for p, pos in source.items():
            if p == path or (below and p[:n] == path):
                table[p] = pos
                merged.origins.pop(p, None)  # the merged document's own file


def resolved_data(doc: Document) -> dict:
    """The resolved game.yaml data, without the extension's directives."""
    return {k: v for k, v in doc.data.items() if k not in DIRECTIVES}


# ---------------------------------------------------------------------------------------------
# Components: the base's, replaced or added to by the extension's.


@dataclass(frozen=True)
class Components:
    buildings: tuple
    wonders: tuple
    tokens: tuple
    boards: tuple


KINDS = ("buildings", "wonders", "tokens", "boards")


def combine(base: Components, own: Components, replaces: list[str], doc: Document,
            base_id: str) -> tuple[Components, list[Diagnostic]]:
    """The extension's components over the base's, and WS335/WS336 for ids replaced without
    `replaces:` or listed there for nothing."""
    base_items = {c.id: c for kind in KINDS for c in getattr(base, kind)}
    own_items = {c.id: c for kind in KINDS for c in getattr(own, kind)}
    found = []
    for item in own_items.values():
        if item.id in base_items and item.id not in replaces:
            where = base_items[item.id].loc
            found.append(Diagnostic(item.loc.file, item.loc.line, item.loc.column, "WS335",
                                    f"id '{item.id}' is already the base game '{base_id}'s "
                                    f"({where.file}:{where.line}): this would replace it",
                                    f"to replace it, list it in game.yaml: `{REPLACES}: "
                                    f"[{item.id}]`; to add a component, give it an id of its "
                                    "own"))
    for i, item_id in enumerate(replaces):
        if item_id not in base_items:
            found.append(doc.error((REPLACES, i), "WS336",
                                   f"the base game '{base_id}' has no component '{item_id}' "
                                   "to replace", "remove it from `replaces:` or fix the id"))
        elif item_id not in own_items:
            found.append(doc.error((REPLACES, i), "WS336",
                                   f"`replaces:` lists '{item_id}' but no card file of this "
                                   "game gives it", "add the component that replaces it to "
                                   "a card file of the extension, or remove the id"))
    replaced = {i for i in own_items if i in base_items}
    parts = {}
    for kind in KINDS:
        mine = {c.id: c for c in getattr(own, kind)}
        kept = [mine.pop(c.id, c) for c in getattr(base, kind)
                if c.id not in replaced or c.id in mine]
        parts[kind] = (*kept, *mine.values())
    return Components(**parts), found
