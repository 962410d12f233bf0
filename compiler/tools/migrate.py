"""Rewrite a game's data files in today's data format, with comments kept.

The steps are those of `wondersmith.ir.migrations`, the ones the loader applies in memory;
here they edit ruamel.yaml's round-trip data, so comments, key order, flow or block style and
quotes stay as written. Only the files a step edits are rewritten (`game.yaml` always: it
declares the new format). Before anything is written, the new text is read back with the
strict loader and must equal what the loader makes of the old text: a bug here can never
alter the rules.
"""
from __future__ import annotations

import difflib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from wondersmith import atomic, datafiles
from wondersmith.diagnostics import format_text
from wondersmith.ir import migrations
from wondersmith.ir.loader import GAME_FILE, card_files, display_path
from wondersmith.validate import strict_yaml


def _yaml() -> YAML:
    y = YAML()  # round trip: comments, key order and styles kept
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 4096  # never fold a line
    y.preserve_quotes = True
    return y


def _trailing(node: Any) -> tuple[list, int] | None:
    """The comment slot after the last value of a block collection (descending into the last
    value when it is itself a collection), where the lines after the collection are kept."""
    if not isinstance(node, (CommentedMap, list)) or not len(node) or node.fa.flow_style():
        return None
    last = list(node)[-1] if isinstance(node, dict) else len(node) - 1
    inner = _trailing(node[last])
    if inner is not None:
        return inner
    entry = node.ca.items.get(last)
    slot = 2 if isinstance(node, dict) else 0
    if entry and len(entry) > slot and isinstance(entry[slot], CommentToken):
        return entry, slot
    return None


class RoundTripTree(migrations.Tree):
    """ruamel.yaml data: a renamed key keeps its comments; an appended key goes before the
    comment lines that end the mapping (they belong to what follows it)."""

    _carried: CommentToken | None = None  # the comment of a value being moved

    def _append(self, node: dict, key: str, value: Any) -> None:
        carried, self._carried = self._carried, None
        if isinstance(node, CommentedMap) and carried is not None and not node.fa.flow_style():
            self._append_block(node, key, value)
            node.ca.items.setdefault(key, [None, None, None, None])
            slot = node.ca.items[key]
            moved = carried.value + (slot[2].value.partition("\n")[2] if slot[2] else "")
            slot[2] = CommentToken(moved, carried.start_mark, None)
            return
        self._append_block(node, key, value)

    def _append_block(self, node: dict, key: str, value: Any) -> None:
        if not isinstance(node, CommentedMap) or not len(node) or node.fa.flow_style():
            node[key] = value
            return
        found = _trailing(node)
        node[key] = value
        if found is None:
            return
        entry, slot = found
        token = entry[slot]
        eol, newline, after = token.value.partition("\n")
        if not after.strip():
            return  # only an end-of-line comment: it stays on its value
        entry[slot] = CommentToken(eol + newline, token.start_mark, None) if eol else None
        node.ca.items[key] = [None, None, CommentToken("\n" + after, CommentMark(0), None),
                              None]

    def _pop(self, node: dict, key: str) -> Any:
        """Remove a key; its end-of-line comment goes with it (to `_append`, for a move),
        the comment lines after it stay where they were, on the key before it."""
        self._carried = None
        if not isinstance(node, CommentedMap):
            return node.pop(key)
        keys = list(node)
        entry = node.ca.items.pop(key, None)
        token = entry[2] if entry and len(entry) > 2 else None
        if isinstance(token, CommentToken):
            eol, newline, after = token.value.partition("\n")
            previous = keys[keys.index(key) - 1] if keys.index(key) else None
            if after.strip() and previous is not None:
                slot = node.ca.items.setdefault(previous, [None, None, None, None])
                kept = slot[2].value if isinstance(slot[2], CommentToken) else "\n"
                slot[2] = CommentToken(kept + after, CommentMark(0), None)
                after = ""
            if eol.strip() or after.strip():
                self._carried = CommentToken(eol + newline + after, token.start_mark, None)
        return node.pop(key)

    def _rename(self, node: dict, old: str, new: str) -> None:
        if not isinstance(node, CommentedMap):
            return super()._rename(node, old, new)
        position = list(node).index(old)
        comments = node.ca.items.pop(old, None)
        node.insert(position, new, node.pop(old))
        if comments is not None:
            node.ca.items[new] = comments

    def _insert_at(self, node: dict, position: int, key: str, value: Any) -> None:
        if isinstance(node, CommentedMap):
            node.insert(position, key, value)  # comments stay on the keys they follow
        else:
            super()._insert_at(node, position, key, value)

    def _insert_first(self, node: dict, key: str, value: Any) -> None:
        if isinstance(node, CommentedMap):
            node.insert(0, key, value)  # the document's opening comments stay above it
        else:
            super()._insert_first(node, key, value)


@dataclass
class FileChange:
    path: Path
    before: str
    after: str
    steps: list[str] = field(default_factory=list)

    def diff(self) -> str:
        name = display_path(self.path)
        return "".join(difflib.unified_diff(self.before.splitlines(True),
                                            self.after.splitlines(True), name, name))


@dataclass
class GameMigration:
    folder: Path
    version: int | None  # the format the game is in; None when it cannot be migrated
    changes: list[FileChange] = field(default_factory=list)
    error: str = ""


class MigrationError(Exception):
    pass


def _upgrade_text(path: Path, text: str, kind: str, version: int) -> FileChange | None:
    y = _yaml()
    try:
        data = y.load(text)
    except Exception as exc:  # ruamel raises many error types; all mean "cannot parse"
        raise MigrationError(f"{display_path(path)}: cannot parse: "
                             f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")
    if not isinstance(data, CommentedMap):
        return None
    steps = migrations.upgrade(RoundTripTree(data), kind, version)
    if not steps and kind != "game":
        return None
    out = io.StringIO()
    y.dump(data, out)
    after = out.getvalue()
    # The rewritten file must read exactly as the loader reads the old one.
    expected = strict_yaml.load(str(path), text.encode())
    migrations.upgrade_document(expected, kind, version)
    got = strict_yaml.load(str(path), after.encode())
    if got.data != expected.data or len(got.diagnostics) > len(expected.diagnostics):
        raise MigrationError(f"{display_path(path)}: not migrated: the rewritten file would "
                             "not read as the migrated data (please report this)")
    if after == text:
        return None
    return FileChange(path, text, after, [s.title for s in steps])


def plan(folder: Path) -> GameMigration:
    """What migrating the game in `folder` to today's format changes; nothing is written."""
    game_path = folder / GAME_FILE
    try:
        texts = {p: datafiles.read_text(p) for p in [game_path, *card_files(folder)]}
    except datafiles.RefusedFile as exc:
        return GameMigration(folder, None, error=f"{display_path(exc.path)}: {exc.code} "
                                                 f"{exc.message}")
    except (OSError, UnicodeDecodeError) as exc:
        return GameMigration(folder, None, error=f"cannot read: {exc}")
    doc = strict_yaml.load(display_path(game_path), texts[game_path].encode())
    if doc.data is None:
        return GameMigration(folder, None, error=format_text(doc.diagnostics))
    version, refused = migrations.declared_format(doc)
    if version is None:
        return GameMigration(folder, None, error=format_text(refused))
    result = GameMigration(folder, version)
    if version == migrations.FORMAT_VERSION:
        return result
    try:
        for path, text in texts.items():
            change = _upgrade_text(path, text, "game" if path == game_path else "cards",
                                   version)
            if change is not None:
                result.changes.append(change)
    except MigrationError as exc:
        return GameMigration(folder, version, error=str(exc))
    return result


def apply(migration: GameMigration) -> None:
    for change in migration.changes:
        atomic.write_text(change.path, change.after)
