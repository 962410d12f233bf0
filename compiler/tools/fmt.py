"""The canonical style of rules data files, applied with comments kept (ruamel.yaml round trip).

The style is a function of the data alone, so formatting is idempotent:

- 2-space indentation; list items indented under their key (`  - id: ...`); plain scalars,
  quoted only where YAML (1.1 or 1.2) would read them as something other than a string.
- Card, Wonder, token and board keys in the order id, name, color, cost, copies, chain_from,
  chain_gives, produces, sides, effects (any other key after them, in its order).
- Block style for the document, its sections (mappings under a top-level key), lists of
  records (buildings, ages, structures...) and records that hold collections; flow style
  for everything else that fits in `WIDTH` columns (costs, lists of names, effect values,
  records of plain values such as a military zone).
- An effects list is flow (`effects: [science: wheel, points: 1]`) when it holds one effect
  or only effects with a plain value, and fits; otherwise one effect per line. A Wonder's
  effects are always one per line, as on its card.
- `players: {min: 3, max: 7}` is a value, flow like any other; a Wonder stage is one line,
  `{cost: {stone: 2}, effects: [points: 3]}`, when it fits, as it reads on its board.
- A block collection that holds comments stays block, so no comment is lost.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedBase, CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.scalarstring import SingleQuotedScalarString
from ruamel.yaml.tokens import CommentToken

from wondersmith import datafiles
from wondersmith.validate import strict_yaml
from wondersmith.ir.loader import GAME_FILE, card_files

WIDTH = 100
KEY_ORDER = ("id", "name", "color", "cost", "copies", "chain_from", "chain_gives", "produces",
             "sides", "effects")
RECORD_LISTS = ("buildings", "wonders", "tokens", "boards")
VALUES = ("players",)  # top-level keys whose mapping is a value (`{min: 3, max: 7}`)
_RESOLVER = pyyaml.resolver.Resolver()
_STR = "tag:yaml.org,2002:str"


class FormatError(Exception):
    """A file that cannot be formatted (YAML syntax error), with the parser's message."""


def _yaml() -> YAML:
    y = YAML()  # round trip: comments and key order kept
    y.indent(mapping=2, sequence=4, offset=2)
    y.width = 4096  # never fold a line; WIDTH decides flow or block instead
    y.preserve_quotes = False  # quotes only where needed
    return y


def _is_collection(node: Any) -> bool:
    return isinstance(node, (dict, list))


def _has_comments(node: Any) -> bool:
    if isinstance(node, CommentedBase):
        ca = node.ca
        if ca.comment or getattr(ca, "end", None) or any(
                any(v) for v in ca.items.values()):  # entries: None, tokens or token lists
            return True
    children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
    return any(_has_comments(c) for c in children)


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and _needs_quotes(value):
        return "'" + value.replace("'", "''") + "'"
    return str(value)


def _flow(node: Any, in_seq: bool = False) -> str:
    """The node written in flow style on one line (for the width rule)."""
    if isinstance(node, dict):
        items = [f"{_scalar(k)}: {_flow(v)}" for k, v in node.items()]
        if in_seq and len(items) == 1:
            return items[0]  # `[coins: 4]`: a one-pair mapping in a flow list
        return "{" + ", ".join(items) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(_flow(v, True) for v in node) + "]"
    return _scalar(node)


def _needs_quotes(text: str) -> bool:
    """True when a plain scalar would not read back as this string in YAML 1.1 tools."""
    if text == "" or text != text.strip():
        return True
    return _RESOLVER.resolve(pyyaml.ScalarNode, text, (True, False)) != _STR


def _set_flow(node: Any) -> None:
    """Flow style for the node and everything in it (flow cannot hold block)."""
    if isinstance(node, CommentedBase):
        node.fa.set_flow_style()
    for child in (node.values() if isinstance(node, dict) else node if isinstance(node, list)
                  else ()):
        _set_flow(child)


def _set_block(node: Any) -> None:
    if isinstance(node, CommentedBase):
        node.fa.set_block_style()


def _fits(node: Any, column: int) -> bool:
    return column + len(_flow(node)) <= WIDTH


def _pop_trailing(node: Any) -> tuple[str, Any] | None:
    """Detach the comment lines (and blank lines) that follow a block collection's last
    value: they belong after the collection, not in it. Returns (text, undo)."""
    if not isinstance(node, CommentedBase) or not len(node):
        return None
    ca = node.ca
    if getattr(ca, "end", None):
        tokens, ca.end = ca.end, []
        text = "\n" + "".join(" " * t.column + t.value if t.value.startswith("#") else t.value
                               for t in tokens)
        return text, lambda: setattr(ca, "end", tokens)
    last = list(node.keys())[-1] if isinstance(node, dict) else len(node) - 1
    slot = 2 if isinstance(node, dict) else 0
    entry = ca.items.get(last)
    if entry and len(entry) > slot and entry[slot] is not None \
            and not isinstance(entry[slot], list):
        token = entry[slot]
        if token.value.startswith("\n"):  # not an end-of-line comment on the last value
            entry[slot] = None
            return token.value, lambda: entry.__setitem__(slot, token)
        return None
    return _pop_trailing(node[last])


def _choose(node: Any, flow: bool, column: int, parent: Any = None, key: Any = None) -> bool:
    """Flow when the rule says so, it fits, and no comment inside would be lost."""
    if not flow or not _fits(node, column):
        return False
    if node.fa.flow_style() or not _has_comments(node):
        return True
    trailing = _pop_trailing(node) if parent is not None else None
    if trailing is None:
        return False
    text, undo = trailing
    if _has_comments(node):
        undo()
        return False
    # Re-attach the lines after the collection, where ruamel writes them for a flow value.
    token = CommentToken(text, CommentMark(0), None)
    entry = parent.ca.items.setdefault(key, [None, None, None, None])
    entry[2 if isinstance(parent, dict) else 0] = token
    return True


def _plain_values(node: Any) -> bool:
    values = node.values() if isinstance(node, dict) else node
    return all(not _is_collection(v) for v in values)


def _effects(node: Any, path: tuple, column: int, parent: Any) -> None:
    simple = all(not isinstance(e, dict) or all(not _is_collection(v) for v in e.values())
                 for e in node)
    wonder = len(path) >= 3 and path[-3] == "wonders"
    if not wonder and (len(node) == 1 or simple) and _choose(node, True, column, parent, path[-1]):
        _set_flow(node)
        return
    _set_block(node)
    indent = 2 * len(path)  # where the dashes are; the effect starts 2 columns after
    for i, effect in enumerate(node):
        if isinstance(effect, dict):
            _set_block(effect)  # `- verb: value`, never `- {verb: value}`
            for key, value in effect.items():
                _style(value, (*path, i, key), indent + 2 + len(str(key)) + 2, effect)


def _style(node: Any, path: tuple, column: int, parent: Any = None) -> None:
    """Set the canonical style of `node`; `column` is where its flow form would start."""
    if not isinstance(node, CommentedBase):
        return
    depth = len(path)
    is_list_item = depth > 0 and isinstance(path[-1], int)
    if path and path[-1] == "effects" and isinstance(node, list) and depth >= 3:
        _effects(node, path, column, parent)
        return
    if depth == 1 and path[0] in VALUES or depth >= 2 and path[-2] == "stages":
        flow = True  # a value that is a mapping; a Wonder stage, one line as on its board
    elif "sides" in path[-3:] and path[-1] != "sides" or path[-1:] == ("sides",):
        flow = False  # a board's sides and their lists of stages, one stage a line
    elif depth == 0 or (depth == 1 and isinstance(node, dict)):
        flow = False  # the document and its sections
    elif isinstance(node, list) and any(_is_collection(v) for v in node):
        flow = False  # a list of records
    elif is_list_item and isinstance(node, dict) and not _plain_values(node):
        flow = False  # a record that holds collections
    else:
        flow = True
    if _choose(node, flow, column, parent, path[-1] if path else None):
        _set_flow(node)
        return
    _set_block(node)
    # Keys of a block mapping, and dashes of a block list, sit 2 columns per level in.
    indent = 2 * len(path)
    if isinstance(node, dict):
        if depth >= 2 and path[-2] in RECORD_LISTS:
            _reorder(node)
        for key, value in node.items():
            _style(value, (*path, key), indent + len(str(key)) + 2, node)
    else:
        for i, value in enumerate(node):
            _style(value, (*path, i), indent + 2, node)


def _reorder(node: CommentedMap) -> None:
    """Canonical key order; a comment trailing the last key stays at the end."""
    keys = list(node.keys())
    wanted = [k for k in KEY_ORDER if k in node] + [k for k in keys if k not in KEY_ORDER]
    if keys == wanted:
        return
    tail = node.ca.items.get(keys[-1])
    for key in wanted:
        node.move_to_end(key)
    last = wanted[-1]
    if tail is not None and keys[-1] != last:
        # Comment lines after the old last value belong to what follows the record.
        node.ca.items.setdefault(last, [None, None, None, None])
        node.ca.items[last][2], tail[2] = tail[2], node.ca.items[last][2]


def _quote(node: Any) -> Any:
    """Strings that need quotes get them; other quotes are dropped by the dumper."""
    if isinstance(node, dict):
        for key, value in node.items():
            node[key] = _quote(value)
        return node
    if isinstance(node, list):
        for i, value in enumerate(node):
            node[i] = _quote(value)
        return node
    if isinstance(node, str) and _needs_quotes(node):
        return SingleQuotedScalarString(node)
    return node


def format_text(text: str) -> str:
    """The canonical form of one data file's text."""
    y = _yaml()
    try:
        data = y.load(text)
    except Exception as exc:  # ruamel raises many error types; all mean "cannot parse"
        raise FormatError(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    if not isinstance(data, CommentedMap):
        raise FormatError("not a YAML mapping")
    _quote(data)
    _style(data, (), 0)
    out = io.StringIO()
    y.dump(data, out)
    return out.getvalue()


def same_data(before: str, after: str) -> bool:
    """Both texts read (by the project's strict loader) as the same data."""
    a = strict_yaml.load("before", before.encode())
    b = strict_yaml.load("after", after.encode())
    return a.data == b.data and len(b.diagnostics) <= len(a.diagnostics)


def is_data_file(path: Path) -> bool:
    """A game.yaml or a card file beside one; other YAML (locales, CI) is not ours to format."""
    if path.suffix not in (".yaml", ".yml"):
        return False
    return path.name == GAME_FILE or (path.parent / GAME_FILE).is_file()


def data_files(paths: list[Path]) -> list[Path]:
    """The data files named by `paths` (files, game folders or folders of games)."""
    out: dict[Path, None] = {}
    for path in paths:
        if path.is_file():
            if is_data_file(path):
                out.setdefault(path)
            continue
        for game in sorted(path.rglob(GAME_FILE)):
            out.setdefault(game)
            for f in card_files(game.parent):
                out.setdefault(f)
    return list(out)


@dataclass
class Result:
    path: Path
    changed: bool
    text: str = ""
    error: str = ""
    before: str = ""  # the text as read


def format_file(path: Path) -> Result:
    try:
        before = datafiles.read_text(path)
    except datafiles.RefusedFile as exc:
        return Result(path, False, error=f"{exc.code} {exc.message}")
    except (OSError, UnicodeDecodeError) as exc:
        return Result(path, False, error=f"cannot read: {exc}")
    try:
        after = format_text(before)
    except FormatError as exc:
        return Result(path, False, error=f"not formatted, YAML error: {exc}")
    if after == before:
        return Result(path, False, after, before=before)
    if not same_data(before, after):  # a bug here must never alter the rules
        return Result(path, False, error="not formatted: formatting would change the data")
    return Result(path, True, after, before=before)
