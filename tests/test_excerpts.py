"""Source excerpts: the line of a diagnostic with a caret under its column, safe to print."""
from __future__ import annotations

from pathlib import Path

import pytest

from wondersmith.diagnostics import Diagnostic, format_text
from wondersmith.excerpts import WIDTH, display, excerpt, render
from wondersmith.validate.strict_yaml import load


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "f.yaml"
    path.write_bytes(text.encode("utf-8"))
    return str(path)


def test_caret_under_a_plain_value(tmp_path: Path) -> None:
    file = _write(tmp_path, "a: 1\nb: {wood: one}\n")
    assert render(file, 2, 11) == ["   |", " 2 | b: {wood: one}", "   |           ^^^"]


@pytest.mark.parametrize("line, column, start, width", [
    ("  name: 'Two words'", 9, 8, 11),       # a quoted value to its closing quote
    ("  effects: [coin: 4]", 13, 12, 4),      # a key inside a flow mapping
    ("  effects: [points: 1, x]", 24, 23, 1),  # a flow item before `]`
    ("  cost: {wood: 1}", 9, 8, 1),          # a flow collection: its bracket
    ("  name: Lumber Yard  # comment", 9, 8, 11),  # a plain value, without the comment
])
def test_caret_spans_the_value(tmp_path: Path, line: str, column: int, start: int,
                               width: int) -> None:
    found = excerpt(_write(tmp_path, line + "\n"), 1, column)
    assert (found.start, found.width) == (start, width)


def test_tabs_wide_and_invisible_characters_keep_the_caret_aligned(tmp_path: Path) -> None:
    file = _write(tmp_path, "\tn: \"宮殿\u202e\" x\n")
    found = excerpt(file, 1, 11)  # the `x` after the closing quote
    assert found.text == '    n: "宮殿<U+202E>" x'
    assert found.text[found.start:].startswith("x") is False  # wide characters count twice
    assert found.start == len('    n: "') + 4 + len("<U+202E>") + 2
    assert "\u202e" not in "\n".join(render(file, 1, 11))


def test_long_line_is_cut_around_the_column(tmp_path: Path) -> None:
    file = _write(tmp_path, "a: [" + "1, " * 10_000 + "zz]\n")
    found = excerpt(file, 1, 5 + 3 * 10_000)
    assert len(found.text) <= WIDTH + 2 and found.text.startswith("…")
    assert found.text[found.start:found.start + 2] == "zz"


def test_positions_count_lines_as_yaml_does(tmp_path: Path) -> None:
    # \r\n, a lone \r and U+2028 all end a line for PyYAML; a BOM is not a column.
    raw = "\ufeffa: 1\r\nb: 2\rc: 3\u2028a: 4\n"
    doc = load("f.yaml", raw.encode("utf-8"))
    (d,) = doc.diagnostics
    assert (d.code, d.line, d.column) == ("WS102", 4, 1)
    file = _write(tmp_path, raw)
    # The excerpt shows the line as an editor does, U+2028 named inside it (issue 26: it
    # was cut there), and the caret under the column PyYAML gave.
    found = excerpt(file, d.line, d.column)
    assert found.text == "c: 3<U+2028>a: 4"
    assert found.text[found.start:found.start + found.width] == "a"
    assert excerpt(file, 3, 4).text[excerpt(file, 3, 4).start] == "3"
    assert excerpt(file, 1, 1).text == "a: 1"


def test_a_name_holding_a_line_separator_is_shown_whole(tmp_path: Path) -> None:
    file = _write(tmp_path, 'tokens:\n  - name: "Lumber\u2028Yard"  # LS inside quotes\n')
    assert render(file, 2, 11) == [
        "   |", ' 2 |   - name: "Lumber<U+2028>Yard"  # LS inside quotes',
        "   |           " + "^" * len('"Lumber<U+2028>Yard"')]


def test_missing_file_or_line_has_no_excerpt(tmp_path: Path) -> None:
    assert excerpt(str(tmp_path / "nope.yaml"), 1, 1) is None
    assert render(_write(tmp_path, "a: 1\n"), 9, 1) == []


def test_text_format_names_invisible_characters_from_the_data() -> None:
    out = format_text([Diagnostic("nofile.yaml", 1, 1, "WS201", "unknown key 'a\x1b[31mb'")])
    assert "\x1b" not in out and "<U+001B>" in out
    assert display("ok é 宮") == "ok é 宮"


def test_every_diagnostic_has_a_hint_in_text() -> None:
    out = format_text([Diagnostic("nofile.yaml", 1, 1, "WS203", "missing required key 'x'")])
    assert out.splitlines()[-1] == "    hint: Add the key."
