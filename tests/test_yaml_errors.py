"""WS101: YAML syntax errors in plain words, at the place to fix, with a hint; the same
with PyYAML's C parser and its pure-Python one."""
from __future__ import annotations

import pytest
import yaml

from wondersmith.validate import strict_yaml

CASES = [
    # name, text, (line, column), words in the message, words in the hint
    ("no space after a colon", "tokens:\n  - id: a\n    name:Foo\n    effects: [points: 1]\n",
     (3, 5), "no space after the colon in `name:Foo`", "write `name: Foo`"),
    ("no space after the last key", "tokens:\n  - id: a\n    name:Foo\n",
     (3, 5), "no space after the colon", "write `name: Foo`"),
    ("no space in a list item", "tokens:\n  - name:Foo\n",
     None, None, None),  # valid YAML, a string item: the schema's WS204 hints at the colon
    ("colon inside a value", "tokens:\n  - id: a\n    name: Foo: Bar\n",
     (3, 14), "the value holds a colon", 'quote the value: `name: "Foo: Bar"`'),
    ("line indented too far", "tokens:\n  - id: a\n    name: Foo\n      effects: [points: 1]\n",
     (4, 7), "indented more than the key before it", "indent it 4 spaces"),
    ("line indented too little", "tokens:\n  - id: a\n    name: Foo\n   effects: []\n",
     (4, 4), "indentation fits no mapping or list", "the line above is indented 4 spaces"),
    ("list item out of line", "tokens:\n  - id: a\n    name: Foo\n - id: b\n",
     (4, 2), "indentation fits no mapping or list", "list item above is indented 2 spaces"),
    ("unclosed list", "tokens:\n  - id: a\n    effects: [points: 1\n  - id: b\n",
     (3, 14), "list opened with `[` here breaks off at line 4", "close it with `]`"),
    ("unclosed mapping", "a:\n  cost: {wood: 1\n  b: 2\n",
     (2, 9), "mapping opened with `{` here", "close it with `}`"),
    ("unclosed quote", 'tokens:\n  - id: a\n    name: "Foo\n  - id: b\n',
     (3, 11), 'this " quote is never closed', 'end the value with "'),
    ("tab in indentation", "tokens:\n\t- id: a\n",
     (2, 1), "a tab character", "indent with spaces"),
    ("reserved first character", "a: @x\n", (1, 4), "cannot start with '@'", 'quote the value: "@x"'),
    ("undefined alias", "a: *base\n", (1, 4), "`*base` refers to no anchor `&base`", "define"),
    ("unknown escape", 'a: "C:\\qx"\n', (1, 7), "backslash escape", "single quotes"),
    ("list item after a key", "a: - x\n", (1, 4), "list item `- ` on the same line",
     "start the list on the next line"),
    ("line without a colon", "a: 1\nb\nc: 2\n", (2, 1), "`b` is not a `key: value` line",
     "add a colon"),
    ("stray closing bracket", "a: [1, 2]]\n", (1, 10), "a `]` that closes nothing", "remove it"),
    ("text after a quoted value", 'a: "x" y\n', (1, 8), "unexpected `y` after the value",
     "quote the whole value"),
    ("empty item", "a: [1,,2]\n", (1, 7), "an empty item", "extra comma"),
    ("text after a block indicator", "a: |x\n", (1, 5), "text after `|` or `>`",
     "start the text on the next line"),
]


@pytest.mark.parametrize("loader", ["CSafeLoader", "SafeLoader"])
@pytest.mark.parametrize("name, text, where, message, hint", CASES, ids=[c[0] for c in CASES])
def test_syntax_error_in_plain_words(monkeypatch: pytest.MonkeyPatch, loader: str, name: str,
                                     text: str, where, message, hint) -> None:
    cls = getattr(yaml, loader, None)
    if cls is None:  # pragma: no cover - PyYAML without libyaml
        pytest.skip("no libyaml")
    monkeypatch.setattr(strict_yaml, "_Loader", cls)
    monkeypatch.setattr(strict_yaml._too_deep, "__defaults__", (cls,))
    found = strict_yaml.load("f.yaml", text.encode()).diagnostics
    if where is None:
        assert found == []
        return
    (d,) = found
    assert (d.code, d.line, d.column) == ("WS101", *where), d
    assert message in d.message and hint in d.hint, d
    assert "not allowed in this context" not in d.message  # never the parser's own words


MORE_CASES = [
    # Found by the data fuzzer: the last of PyYAML's wordings that were shown as they were.
    ("a: 1\n!!\n", (2, 1), "a `!` tag without a proper name", "remove the `!`"),
    ("cost: {clay: 2,!! glass: 1}\n", (1, 16), "a `!` tag without a proper name", "no tags"),
    ("a: !<x\n", (1, 4), "a `!` tag without a proper name", "no tags"),
    ("name: ? x\n", (1, 7), "a `?` where a value belongs", 'quote the value: "? x"'),
    # Issue 26: PyYAML's own words ("did not find expected hexdecimal number") were shown.
    ('a: "\\u12"\n', (1, 5), "`\\u12` is an incomplete escape: `\\u` takes 4 hexadecimal",
     "as `\\u00e9`"),
    ('a: "Caf\\u00e9 \\uZZ"\n', (1, 15), "`\\u` is an incomplete escape", "itself"),
    ('a: "\\x4"\n', (1, 5), "`\\x4` is an incomplete escape: `\\x` takes 2", "as `\\xe9`"),
    ("a:\n  - \"ok\"\n  - \"\\U0001F3D\"\n", (3, 6), "`\\U0001F3D` is an incomplete escape",
     "as `\\U0001F3DB`"),
]


@pytest.mark.parametrize("loader", ["CSafeLoader", "SafeLoader"])
@pytest.mark.parametrize("text, where, message, hint", MORE_CASES,
                         ids=[c[2][:12] for c in MORE_CASES])
def test_escape_tag_or_key_in_plain_words(monkeypatch: pytest.MonkeyPatch, loader: str, text: str,
                                   where, message: str, hint: str) -> None:
    test_syntax_error_in_plain_words(monkeypatch, loader, "", text, where, message, hint)
    d = strict_yaml.load("f.yaml", text.encode()).diagnostics[0]
    assert "hexdecimal" not in d.message and "hexadecimal numbers" not in d.message


def test_an_escape_that_names_no_character() -> None:
    if not hasattr(yaml, "CSafeLoader"):  # pragma: no cover - the pure-Python parser
        pytest.skip("no libyaml")  # takes a surrogate half as a character
    (d,) = strict_yaml.load("f.yaml", b'a: "\\uD800"\n').diagnostics
    assert (d.code, d.line, d.column) == ("WS101", 1, 5)
    assert d.message == "`\\uD800` names no character (a surrogate half, or past U+10FFFF)"


def test_unknown_wording_still_gets_a_position_and_a_hint() -> None:
    err = yaml.MarkedYAMLError(problem="something new", problem_mark=yaml.Mark(
        "f", 7, 1, 3, "", 0))
    from wondersmith.validate.yaml_errors import explain
    p = explain(err, "a: 1\nb: 2\n")
    assert (p.line, p.column) == (2, 4)
    assert "something new" in p.message and p.hint


def test_missing_space_after_colon_in_a_list_item_is_hinted_by_the_schema(tmp_path) -> None:
    from wondersmith.ir.loader import check_file
    path = tmp_path / "t.yaml"
    path.write_text("tokens:\n  - name:Foo\n", encoding="utf-8")
    (d,) = check_file(path, "cards").diagnostics
    assert (d.code, d.line, d.column) == ("WS204", 2, 5)
    assert d.hint == "a space is missing after the colon: write `name: Foo`"
