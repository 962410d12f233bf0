"""Layer 1: YAML surprises become diagnostics, never silent data and never a crash."""
from __future__ import annotations

import time

import pytest

from wondersmith.validate.strict_yaml import MAX_BYTES, MAX_DEPTH, MAX_NODES, load


def codes(text: str | bytes) -> list[tuple[str, int, int]]:
    raw = text.encode() if isinstance(text, str) else text
    return [(d.code, d.line, d.column) for d in load("f.yaml", raw).diagnostics]


def test_plain_data_loads_with_positions() -> None:
    doc = load("f.yaml", b"a: 1\nb:\n  - x\n  - 'yes'\n  - true\nc: 1.5\n")
    assert doc.diagnostics == []
    assert doc.data == {"a": 1, "b": ["x", "yes", True], "c": 1.5}
    assert doc.where(("b", 1)) == (4, 5)
    assert doc.where(("b",), key=True) == (2, 1)


def test_duplicate_key_keeps_the_first_and_reports_the_second() -> None:
    doc = load("f.yaml", b"a: 1\nb: 2\na: 3\n")
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS102", 3, 1)]
    assert "first at line 1" in doc.diagnostics[0].message
    assert doc.data == {"a": 1, "b": 2}


def test_duplicate_key_in_flow_mapping() -> None:
    assert codes("x: {a: 1, a: 2}\n") == [("WS102", 1, 11)]


@pytest.mark.parametrize("value", ["yes", "no", "on", "off", "Yes", "NO", "y", "n", "On"])
def test_yaml11_booleans(value: str) -> None:
    doc = load("f.yaml", f"a: {value}\n".encode())
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS103", 1, 4)]
    assert doc.data == {"a": value}  # kept as written, not turned into a boolean


def test_yaml11_boolean_key() -> None:
    doc = load("f.yaml", b"on: 1\n")
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS103", 1, 1)]
    assert doc.data == {"on": 1}


@pytest.mark.parametrize("value, kind", [
    ("2015-10-01", "date"), ("2015-1-1", "date"), ("2001-12-14t21:59:43.10-05:00", "date"),
    ("1:30", "number"), ("190:20:30", "number"), ("-1:30", "number"),  # sexagesimal
    ("0777", "number"), ("017", "number"), ("0x1F", "number"), ("0b101", "number"),
    ("1_000", "number"),
])
def test_yaml11_dates_and_numbers(value: str, kind: str) -> None:
    doc = load("f.yaml", f"a: {value}\n".encode())
    (d,) = doc.diagnostics
    assert (d.code, d.line, d.column) == ("WS103", 1, 4)
    assert kind in d.message and value in d.message
    assert doc.data == {"a": value}


@pytest.mark.parametrize("text", ["a: 'yes'\n", 'a: "2015-10-01"\n', "a: '0777'\n",
                                  "a: true\n", "a: 10\n", "a: 0\n", "a: -3\n", "a: |\n  on\n"])
def test_quoted_and_unambiguous_values_pass(text: str) -> None:
    assert codes(text) == []


def test_billion_laughs_is_refused_quickly() -> None:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    start = time.process_time()
    doc = load("f.yaml", ("\n".join(lines) + "\n").encode())
    assert time.process_time() - start < 2  # expansion is counted, never performed
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS104", 1, 1)]
    assert str(MAX_NODES) in doc.diagnostics[0].message
    assert doc.data is None


def test_small_aliases_are_fine() -> None:
    doc = load("f.yaml", b"a: &x [1, 2]\nb: *x\n")
    assert doc.diagnostics == []
    assert doc.data == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 300_000])
def test_deep_flow_nesting(depth: int) -> None:
    # Where our limit is crossed: the 65th bracket, whatever limit libyaml has of its own.
    assert codes(b"[" * depth + b"]" * depth) == [("WS104", 1, MAX_DEPTH + 1)]


DEEP_INPUTS = {
    "flow": "a: " + "[" * 300_000 + "]" * 300_000 + "\n",
    "flow-1001": "[" * 1001 + "]" * 1001,
    "block": "".join(" " * i + "k:\n" for i in range(1100)) + " " * 1100 + "v\n",
    "block-seq": "- " * 1500 + "x\n",
    "mixed": "a:\n  b: " + "[" * 5000 + "{c: " * 10 + "1" + "}" * 10 + "]" * 5000 + "\n",
}


@pytest.mark.parametrize("name", DEEP_INPUTS)
def test_same_limit_same_diagnostic_with_either_parser(name: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # libyaml (PyYAML's C parser, 0.2.5 and later) stops nesting at 1000 levels by itself;
    # the pure-Python parser does not. The diagnostic must not depend on which one runs.
    import yaml
    from wondersmith.validate import strict_yaml
    raw = DEEP_INPUTS[name].encode()
    found = {}
    for loader in (yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        monkeypatch.setattr(strict_yaml, "_Loader", loader)
        monkeypatch.setattr(strict_yaml._too_deep, "__defaults__", (loader,))
        found[loader.__name__] = load("f.yaml", raw).diagnostics
    first, *others = found.values()
    assert all(o == first for o in others), found
    assert [d.code for d in first] == ["WS104"]
    assert first[0].message == f"data nested deeper than {MAX_DEPTH} levels"


def test_deep_block_nesting() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 5)) + "  " * 70 + "v\n"
    assert [c for c, _, _ in codes(text)] == ["WS104"]


def test_nesting_at_the_limit_is_fine() -> None:
    depth = MAX_DEPTH - 1  # below the root mapping
    assert codes(b"a: " + b"[" * depth + b"]" * depth) == []


def test_deep_nesting_through_aliases() -> None:
    # Each alias is small, but used inside its own nesting: caught while building.
    inner = "[" * 40 + "1" + "]" * 40
    text = f"a: &x {inner}\nb: " + "[" * 40 + "*x" + "]" * 40 + "\n"
    assert "WS104" in [c for c, _, _ in codes(text)]


def test_oversized_input() -> None:
    raw = b"a: " + b"x" * MAX_BYTES + b"\n"
    doc = load("f.yaml", raw)
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS105", 1, 1)]
    assert doc.data is None


def test_exactly_the_limit_is_read() -> None:
    raw = b"a: " + b"x" * (MAX_BYTES - 4) + b"\n"
    assert len(raw) == MAX_BYTES
    assert codes(raw) == []


@pytest.mark.parametrize("raw, where", [
    ("a: café\n".encode("latin-1"), (1, 7)),
    (b"a: 1\nb: \xff\xfe\n", (2, 4)),
    ("a: b\n".encode("utf-16"), (1, 1)),
])
def test_not_utf8(raw: bytes, where: tuple[int, int]) -> None:
    doc = load("f.yaml", raw)
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS106", *where)]
    assert doc.data is None


def test_utf8_bom_is_accepted() -> None:
    assert load("f.yaml", b"\xef\xbb\xbfa: 1\n").data == {"a": 1}


def test_control_character_is_a_syntax_error() -> None:
    assert codes(b"a: b\x00c\n") == [("WS101", 1, 5)]


@pytest.mark.parametrize("text, where", [("", (1, 1)), ("# nothing\n", (1, 1)),
                                         ("---\n...\n", (2, 1)), ("a: 1\n---\nb: 2\n", (3, 1))])
def test_not_a_single_document(text: str, where: tuple[int, int]) -> None:
    assert codes(text) == [("WS107", *where)]


@pytest.mark.parametrize("text", ["a: !!binary aGVsbG8=\n", "a: !!set {x, y}\n",
                                  "a: !custom x\n", "a: !!python/name:os.system x\n"])
def test_tags_refused(text: str) -> None:
    assert codes(text) == [("WS108", 1, 4)]


def test_merge_key_refused() -> None:
    doc = load("f.yaml", b"x: &x {a: 1}\nz:\n  <<: *x\n  b: 2\n")
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS108", 3, 3)]
    assert doc.data["z"] == {"b": 2}  # nothing merged silently


def test_complex_key_refused() -> None:
    assert codes("? [a, b]\n: 1\n") == [("WS101", 1, 3)]


def test_tab_indentation_hint() -> None:
    (d,) = load("f.yaml", b"a:\n\tb: 1\n").diagnostics
    assert (d.code, d.line, d.column) == ("WS101", 2, 1)
    assert "tab" in d.hint
