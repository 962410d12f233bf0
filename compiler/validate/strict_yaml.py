"""Strict YAML: one document of mappings, sequences and plain values, with every position kept.

PyYAML's loaders read `on:` and `yes` as booleans, `2015-10-01` as a date and keep the last
of two duplicate keys. Here the parser only composes nodes; values are built by our own small
resolver, which turns each of those surprises, alias bombs and oversized input into a
diagnostic instead of silent data.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from wondersmith.datafiles import MAX_BYTES
from wondersmith.diagnostics import Diagnostic
from wondersmith.validate.yaml_errors import explain

try:  # the C parser is several times faster; positions are the same
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

MAX_NODES = 100_000  # after alias expansion
MAX_DEPTH = 64
# Whole numbers longer than this are refused while reading (WS109): far past every bound of
# the schema, and Python refuses to convert more than 4300 digits at all.
MAX_INT_DIGITS = 18

Path = tuple[Any, ...]

_INT = re.compile(r"[-+]?[0-9]+")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_NULL = {"", "~", "null", "Null", "NULL"}
_TRUE = {"true", "True", "TRUE"}
_FALSE = {"false", "False", "FALSE"}
# Plain scalars that YAML 1.1 tools read as something other than a string.
_YAML11_BOOL = re.compile(r"(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)")
_YAML11_DATE = re.compile(r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt ].*)?")
_YAML11_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?")
_YAML11_NUMBER = re.compile(r"[-+]?(0[0-7_]+|0x[0-9a-fA-F_]+|0b[01_]+|[0-9][0-9_]*_[0-9_]*)")
_ALLOWED_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:float", "tag:yaml.org,2002:timestamp",
}


@dataclass
class Document:
    """Loaded data and where each part of it was written (1-based line and column)."""

    file: str
    data: Any = None
    # The decoded text, kept even when it does not parse: checks of the other files read the
    # chain symbols and Age a broken file names (`semantics.Unread`). None: not decoded.
    text: str | None = None
    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # A resolved game.yaml (`wondersmith.ir.extends`) holds values of several files: the file
    # of each position that is not `file`'s.
    origins: dict[Path, str] = field(default_factory=dict)

    def origin(self, path: Path, *, key: bool = False) -> str:
        """The file that wrote the value at `path` (or its nearest parent), as `where` finds it."""
        path = tuple(path)
        if not (key and path in self.keys):
            while path not in self.values and path:
                path = path[:-1]
        return self.origins.get(path, self.file)

    def where(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """The position of a value (or of its key), falling back to the nearest parent."""
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, (1, 1))

    def error(self, path: Path, code: str, message: str, hint: str = "", *,
              key: bool = False) -> Diagnostic:
        line, col = self.where(path, key=key)
        return Diagnostic(self.origin(path, key=key), line, col, code, message, hint)


def _position(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def fail(self, node: yaml.Node, code: str, message: str, hint: str = "") -> None:
        line, col = _position(node.start_mark)
        self.doc.diagnostics.append(Diagnostic(self.doc.file, line, col, code, message, hint))

    def build(self, node: yaml.Node, path: Path, depth: int) -> Any:
        self.doc.values.setdefault(path, _position(node.start_mark))
        if depth > MAX_DEPTH:
            self.fail(node, "WS104", f"data nested deeper than {MAX_DEPTH} levels")
            return None
        if node.tag not in _ALLOWED_TAGS:
            self.fail(node, "WS108", f"unsupported tag '{node.tag}'",
                      "remove the tag and keep the plain value")
            return None
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        return self.scalar(node)

    def mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.fail(key_node, "WS108", "merge keys (`<<`) are not supported",
                          "write the keys out")
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.fail(key_node, "WS101", "a key must be a plain value")
                continue
            key = self.scalar(key_node)  # reports `on:`, `yes:` and other YAML 1.1 keys
            if not isinstance(key, str):  # keys are names: keep `true:` or `3:` as written
                key = str(key_node.value)
            if key in out:
                first = self.doc.keys.get(path + (key,), (0, 0))
                self.fail(key_node, "WS102", f"duplicate key '{key}' (first at line {first[0]})",
                          "remove or rename one of them")
                continue
            self.doc.keys[path + (key,)] = _position(key_node.start_mark)
            out[key] = self.build(value_node, path + (key,), depth + 1)
        return out

    def scalar(self, node: yaml.ScalarNode) -> Any:
        text = node.value
        if node.style:  # quoted or block scalars are always strings (plain: None or "")
            return text
        if _YAML11_BOOL.fullmatch(text):
            self.fail(node, "WS103", f"'{text}' is a boolean in YAML 1.1 and a string in 1.2",
                      f"write \"{text}\" if you mean the word, or true/false")
            return text
        if _YAML11_DATE.fullmatch(text):
            self.fail(node, "WS103", f"'{text}' is read as a date by YAML 1.1 tools",
                      f"quote it: \"{text}\"")
            return text
        if _YAML11_SEXAGESIMAL.fullmatch(text) or _YAML11_NUMBER.fullmatch(text):
            self.fail(node, "WS103", f"'{text}' is read as a number by YAML 1.1 tools",
                      "quote it, or write a plain decimal number")
            return text
        if text in _NULL:
            return None
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        if _INT.fullmatch(text):
            digits = len(text.lstrip("+-").lstrip("0"))
            if digits > MAX_INT_DIGITS:
                self.fail(node, "WS109", f"a whole number of {digits} digits is too large to "
                          "read", "every number in rules data is small: check for a slip of "
                          "the keyboard")
                return None
            return int(text)
        if _FLOAT.fullmatch(text):
            return float(text)
        return text


def _expanded_size(root: yaml.Node) -> int:
    """Nodes after alias expansion, computed without expanding (memoised per node)."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if id(node) in sizes:
            continue
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                children += [k, v]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        if done or not children:
            sizes[id(node)] = 1 + sum(sizes[id(c)] for c in children)
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(root)]


def _too_deep(text: str, loader: type = _Loader) -> tuple[int, int] | None:
    """Where the nesting first goes deeper than MAX_DEPTH, or None."""
    try:
        return _first_too_deep(text, loader)
    except yaml.MarkedYAMLError as exc:
        # libyaml (0.2.5 and later) stops at its own nesting limit, far past ours, but only
        # after reading ahead; the pure-Python parser streams, so it finds where ours is
        # crossed. Either way the same limit gives the same diagnostic.
        if loader is yaml.SafeLoader or "nesting depth" not in str(exc.problem):
            raise
        return _first_too_deep(text, yaml.SafeLoader)


def _first_too_deep(text: str, loader: type) -> tuple[int, int] | None:
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                return _position(event.start_mark)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


def load(file: str, raw: bytes) -> Document:
    """Load one YAML file strictly. Problems are in `Document.diagnostics`; data may be None."""
    doc = Document(file)

    def fail(line: int, col: int, code: str, message: str, hint: str = "") -> Document:
        doc.diagnostics.append(Diagnostic(file, line, col, code, message, hint))
        return doc

    if len(raw) > MAX_BYTES:
        return fail(1, 1, "WS105", f"{len(raw)} bytes is over the limit of {MAX_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        encoding = " (this looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        return fail(line, col, "WS106",
                    f"byte {exc.start} (0x{raw[exc.start]:02x}) is not UTF-8{encoding}")
    text = doc.text = text.removeprefix("\ufeff")
    try:
        # libyaml composes nodes recursively in C: deep enough nesting overflows the C stack
        # and kills the process, so measure the depth on the (flat) event stream first.
        too_deep = _too_deep(text)
        if too_deep is not None:
            return fail(*too_deep, "WS104", f"data nested deeper than {MAX_DEPTH} levels",
                        "flatten the nesting")
        nodes = list(yaml.compose_all(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        problem = explain(exc, text)
        return fail(problem.line, problem.column, "WS101", problem.message, problem.hint)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line = text[: exc.position].count("\n") + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return fail(line, col, "WS101", f"character U+{char:04X} is not allowed in YAML",
                    "remove the control character")
    except yaml.YAMLError as exc:
        return fail(1, 1, "WS101", str(exc).splitlines()[0])
    except RecursionError:
        return fail(1, 1, "WS104", "data nested too deeply")
    if len(nodes) != 1:
        if not nodes:
            return fail(1, 1, "WS107", "the file holds no data",
                        "write the file's data, or delete the file")
        line, col = _position(nodes[1].start_mark)
        return fail(line, col, "WS107", f"{len(nodes)} YAML documents in one file",
                    "remove the `---` line and merge the documents, or split them into files")
    root = nodes[0]
    if isinstance(root, yaml.ScalarNode) and not root.style and root.value in _NULL:
        what = f"only `{root.value}` (null)" if root.value else "no data"
        return fail(*_position(root.start_mark), "WS107", f"the file holds {what}",
                    "write the file's data, or delete the file")
    size = _expanded_size(root)
    if size > MAX_NODES:
        line, col = _position(root.start_mark)
        return fail(line, col, "WS104",
                    f"aliases expand to {size} values, over the limit of {MAX_NODES}",
                    "write the values out: rules data needs no nested aliases")
    doc.data = _Builder(doc).build(root, (), 0)
    return doc
