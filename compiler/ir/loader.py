"""Finding and loading games: YAML files in, a typed `Game` and diagnostics out.

A game is a folder under `cards/` with a `game.yaml` and card files beside it; per-locale
texts live in its `locales/` folder and are checked by `wondersmith.validate.locales`.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from wondersmith import datafiles
from wondersmith.ir import extends, migrations
from wondersmith.validate import schema_check
from wondersmith.validate import semantics
from wondersmith.validate import circle  # noqa: F401  registers the circle-seating checks
from wondersmith.validate import game_rules  # noqa: F401  registers the set-up checks
from wondersmith.validate import conspiracies  # noqa: F401  registers the conspiracies' checks
from wondersmith.validate import names  # noqa: F401  registers the check of names apart
from wondersmith.validate import strict_yaml
from wondersmith.diagnostics import Diagnostic, format_text, sort_key
from wondersmith.ir.model import (Game, Loc, parse_board, parse_building, parse_game, parse_token,
                            parse_wonder)

GAME_FILE = "game.yaml"
LOCALES_DIR = "locales"


@dataclass
class LoadedGame:
    folder: Path
    game: Game | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    format: int | None = None  # the data format the files are in (None: refused)
    document: strict_yaml.Document | None = None  # game.yaml checked (an extension's: resolved)

    @property
    def ok(self) -> bool:
        return self.game is not None and not any(d.severity == "error"
                                                 for d in self.diagnostics)


def display_path(path: Path) -> str:
    """A path as diagnostics print it: relative to the working directory when inside it."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)


def game_id(folder: Path) -> str | None:
    """The id a game folder declares, read cheaply (no validation); None if unreadable."""
    value = extends.read_quickly(folder).get("id")
    return value if isinstance(value, str) else None


def card_files(folder: Path) -> list[Path]:
    """The game's card files (not game.yaml, not locales), in a stable order."""
    return sorted(p for p in folder.glob("*.yaml") if p.name != GAME_FILE)


def source_files(folder: Path) -> dict[str, Path]:
    """The data files a game is built from by a stable label: `game/<name>` for its own, and
    for an extension `base/<folder>/<name>` for each base's (what compile and render hash)."""
    return extends.source_files(folder, card_files)


def unread_files(folder: Path) -> list[Diagnostic]:
    """WS112 for each `.yml` file of a game folder or its locales: only `.yaml` is read, so
    its data would be left out without a word."""
    found = []
    for path in sorted([*folder.glob("*.yml"), *(folder / LOCALES_DIR).glob("*.yml")]):
        found.append(Diagnostic(display_path(path), 1, 1, "WS112",
                                f"{path.name} is not read: the files of a game end in .yaml",
                                f"rename it to {path.stem}.yaml"))
    return found


def source_hash(files: list[Path]) -> str:
    """A hash of the sources' names and bytes, for generated headers and staleness checks."""
    digest = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.name):
        try:
            data = datafiles.read_bytes(path)
        except OSError:  # reported by the loader; the game it is in does not compile
            data = b"\0unreadable"
        digest.update(path.name.encode() + b"\0" + data + b"\0")
    return digest.hexdigest()[:16]


def _loc(doc: strict_yaml.Document, path: tuple) -> Loc:
    line, col = doc.where(path)
    return Loc(doc.origin(path), line, col)


def _field_locs(doc: strict_yaml.Document, path: tuple, item: dict) -> dict[str, Loc]:
    """Where each part of an item was written, by dotted path ("cost.wood", "effects.1"); the
    key of a mapping entry under "@" and its path ("@cost.wood")."""
    n = len(path)
    locs = {".".join(map(str, p[n:])): Loc(doc.origin(p), *pos)
            for p, pos in doc.values.items() if p[:n] == path and len(p) > n}
    locs.update({"@" + ".".join(map(str, p[n:])): Loc(doc.origin(p, key=True), *pos)
                 for p, pos in doc.keys.items() if p[:n] == path and len(p) > n})
    return locs


def read_document(path: Path) -> strict_yaml.Document:
    """A data file loaded strictly (layer 1), read through `wondersmith.datafiles`: a file
    that is refused or cannot be read is a diagnostic."""
    file = display_path(path)
    try:
        raw = datafiles.read_bytes(path)
    except datafiles.RefusedFile as exc:
        doc = strict_yaml.Document(file)
        doc.diagnostics.append(Diagnostic(file, 1, 1, exc.code, exc.message, exc.hint))
        return doc
    except OSError as exc:
        doc = strict_yaml.Document(file)
        doc.diagnostics.append(Diagnostic(file, 1, 1, "WS101",
                                          f"cannot read the file: {exc.strerror}"))
        return doc
    return strict_yaml.load(file, raw)


def check_file(path: Path, kind: str, version: int | None = None) -> strict_yaml.Document:
    """Layers 1 and 2 for one file; the document carries its diagnostics. A card file is
    read in the data format `version` (today's when None); a game.yaml declares its own."""
    return _check(path, kind, version)[0]


def _check(path: Path, kind: str, version: int | None = None
           ) -> tuple[strict_yaml.Document, int | None]:
    """The checked document and its data format; None when the format is refused."""
    doc, version = _read(path, kind, version)
    if doc.data is not None and version is not None:
        _schema(doc, kind)
    return doc, version


def _read(path: Path, kind: str, version: int | None = None
          ) -> tuple[strict_yaml.Document, int | None]:
    """Layer 1 and the migrations: the document as today's format, and the format it was
    written in (None when refused)."""
    doc = read_document(path)
    version = migrations.FORMAT_VERSION if version is None else version
    if doc.data is None:
        return doc, version
    if kind == "game":
        declared, refused = migrations.declared_format(doc)
        if declared is None:  # newer or malformed: today's schema says nothing useful
            doc.diagnostics += refused
            return doc, None
        version = declared
    migrations.upgrade_document(doc, kind, version)  # older formats read as today's
    return doc, version


def _schema(doc: strict_yaml.Document, kind: str) -> None:
    """Layer 2, its diagnostics added to the document's."""
    # Even after strict-YAML problems, report schema ones too, but not a second one where
    # strict YAML already reported (a rejected `!tag` value reads as null; an `on:` key is
    # unknown).
    seen = {(d.file, d.line, d.column) for d in doc.diagnostics}
    doc.diagnostics.extend(d for d in schema_check.check(doc, kind)
                           if (d.file, d.line, d.column) not in seen)


def load_game(folder: Path, _extending: tuple[Path, ...] = ()) -> LoadedGame:
    """Load and validate a whole game folder, every layer, every problem reported. A game
    that extends another (`wondersmith.ir.extends`) is loaded resolved: its base's files and
    its own, each diagnostic at its own file. `_extending`: the extensions being resolved
    that lead here, to tell a cycle."""
    result = LoadedGame(folder, None)
    game_path = folder / GAME_FILE
    files = card_files(folder)
    result.files = [game_path, *files]
    game_doc, version = _read(game_path, "game")
    base = None
    if version is not None and isinstance(game_doc.data, dict) \
            and extends.EXTENDS in game_doc.data:
        base, stop = _base(folder, game_doc, version, _extending)
        if base is None:
            result.diagnostics = _unique([*unread_files(folder), *stop])
            return result
        result.files = [*base.files, *result.files]
        game_doc = extends.merge(base.document, game_doc)
    elif isinstance(game_doc.data, dict):
        game_doc.diagnostics += extends.directives_alone(game_doc)
    if version is not None and game_doc.data is not None:
        _schema(game_doc, "game")
        result.document = game_doc
    result.diagnostics += unread_files(folder)
    result.diagnostics += game_doc.diagnostics if game_doc.data is not None else _noted(
        game_doc.diagnostics, "the rest of game.yaml and every card against it are checked "
        "once this is fixed")
    result.format = version
    if version is None:  # a format this tool cannot read: nothing else is checked
        return result
    if version < migrations.FORMAT_VERSION:
        result.diagnostics.append(migrations.older_format(game_doc, version))
    docs = [check_file(p, "cards", version) for p in files]
    for doc in docs:
        result.diagnostics += _card_file_noted(doc)
    if game_doc.diagnostics:  # every semantic check needs the game's own facts
        result.diagnostics = _unique(result.diagnostics)
        return result
    # Semantic checks still run on the files that passed layers 1 and 2; those that count
    # every card wait until all files load (semantics.WHOLE_GAME), and the chain ends and an
    # Age's counts are told what the unread files' text says (semantics.SEES_UNREAD).
    unread = tuple(semantics.Unread.of(d) for d in docs if d.diagnostics)
    docs = [d for d in docs if not d.diagnostics]

    game = parse_game(extends.resolved_data(game_doc), _loc(game_doc, ()))
    components = _components(docs, game.resources)
    if base is not None:
        result.diagnostics += base.diagnostics  # its warnings; `_unique` keeps one of each
        components, problems = extends.combine(
            _components_of(base.game), components, game_doc.data.get(extends.REPLACES) or [],
            game_doc, base.game.id)
        result.diagnostics += problems
    game = replace(game, buildings=components.buildings, wonders=components.wonders,
                   tokens=components.tokens, boards=components.boards,
                   source_hash=source_hash(result.files))
    checked = semantics.check(game, game_doc, unread=unread)
    if base is not None:  # the base loads clean: what is found in its files is the extension's
        checked = extends.in_the_extension(checked, base.game.id,
                                           {display_path(p) for p in base.files},
                                           base.diagnostics, display_path(game_path))
    result.diagnostics += checked
    result.diagnostics = _unique(result.diagnostics)
    if not unread:
        result.game = game
    return result


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted, each once: a base's diagnostic may come both from the base and the resolved
    game."""
    return sorted(dict.fromkeys(diagnostics), key=sort_key)


def _base(folder: Path, doc: strict_yaml.Document, version: int,
          extending: tuple[Path, ...]) -> tuple[LoadedGame | None, list[Diagnostic]]:
    """The loaded base of an extension, or None and the diagnostics that stop it: its own
    game.yaml's problems, an unknown base or a cycle, or the base's own errors (each reported
    at its place in the base's files)."""
    base_id = doc.data[extends.EXTENDS]
    own = [*doc.diagnostics]
    if not isinstance(base_id, str):
        got = {int: "a number", bool: "true or false", list: "a list", dict: "a mapping",
               type(None): "nothing"}.get(type(base_id), type(base_id).__name__)
        return None, [*own, doc.error((extends.EXTENDS,), "WS204",
                                      f"expected a game id, got {got}",
                                      "write the base game's id: `extends: duel`")]
    found = extends.base_folder(folder, base_id)
    here = (*extending, folder.resolve())
    if found is None:
        own.append(extends.unknown_base(doc, folder, base_id))
    elif found.resolve() in here:
        names = [game_id(f) or f.name for f in here[here.index(found.resolve()):]]
        own.append(extends.cycle(doc, [*names, base_id]))
    itself = found is not None and found.resolve() == folder.resolve()
    own += extends.own_problems(doc, base_id, version, extends_itself=itself)
    if own:
        return None, own
    base = load_game(found, here)
    if not base.ok:
        return None, base.diagnostics
    return base, []


def _components(docs: list[strict_yaml.Document], order: tuple[str, ...]) -> extends.Components:
    """The components of checked card files, each with where it was written."""
    buildings, wonders, tokens, boards = [], [], [], []
    for doc in docs:
        data = doc.data
        for i, item in enumerate(data.get("buildings", ())):
            path = ("buildings", i)
            buildings.append(parse_building(item, data["age"], order, _loc(doc, path),
                                            _field_locs(doc, path, item)))
        for i, item in enumerate(data.get("wonders", ())):
            path = ("wonders", i)
            wonders.append(parse_wonder(item, order, _loc(doc, path),
                                        _field_locs(doc, path, item)))
        for i, item in enumerate(data.get("tokens", ())):
            path = ("tokens", i)
            tokens.append(parse_token(item, _loc(doc, path), _field_locs(doc, path, item)))
        for i, item in enumerate(data.get("boards", ())):
            path = ("boards", i)
            boards.append(parse_board(item, order, _loc(doc, path),
                                      _field_locs(doc, path, item)))
    return extends.Components(tuple(buildings), tuple(wonders), tuple(tokens), tuple(boards))


def _components_of(game: Game) -> extends.Components:
    return extends.Components(game.buildings, game.wonders, game.tokens, game.boards)


def _card_file_noted(doc: strict_yaml.Document) -> list[Diagnostic]:
    """A card file's diagnostics; when it could not be read at all (its error stopped the
    reading), the first also says what waits for the fix: the rest of the file and the counts
    of the Ages it holds. (A file with schema errors has each of them reported already.)"""
    if doc.data is not None:
        return doc.diagnostics
    ages = semantics.Unread.of(doc).ages
    counts = ("the counts of every Age" if ages is None else "the game's set-up" if not ages
              else "the counts of Age " + ", ".join(map(str, sorted(ages))))
    return _noted(doc.diagnostics, f"the rest of this file and {counts} are checked once "
                                   "this is fixed")


def _noted(diagnostics: list[Diagnostic], note: str) -> list[Diagnostic]:
    """The diagnostics, the first in the file with `note` after its message."""
    if not diagnostics:
        return diagnostics
    first = min(diagnostics, key=lambda d: (d.line, d.column))
    return [replace(d, message=f"{d.message} ({note})") if d is first else d
            for d in diagnostics]


def find_games(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """Game folders named by `paths` (a game folder, a folder of games, or a file in a game),
    and YAML files that belong to no game."""
    games: dict[Path, None] = {}
    strays: list[Path] = []
    for path in paths:
        path = path.resolve()
        if path.is_file():
            folder = next((p for p in path.parents if (p / GAME_FILE).is_file()), None)
            if folder is not None:
                games.setdefault(folder)
            else:
                strays.append(path)
            continue
        if (path / GAME_FILE).is_file():
            games.setdefault(path)
            continue
        for game_file in sorted(path.rglob(GAME_FILE)):
            games.setdefault(game_file.parent)
        claimed = tuple(games)
        for yaml_file in sorted(path.rglob("*.yaml")):
            if not any(g in yaml_file.parents for g in claimed):
                strays.append(yaml_file)
    return list(games), strays


def load(folder: Path) -> Game:
    """The game in `folder`, or ValueError with the diagnostics as text."""
    loaded = load_game(folder)
    if not loaded.ok:
        raise ValueError(format_text(loaded.diagnostics))
    return loaded.game
