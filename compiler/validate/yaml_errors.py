"""YAML syntax errors in plain words (WS101): what is wrong, where, and how to fix it.

PyYAML reports a syntax error in the parser's terms ("mapping values are not allowed in this
context"), worded differently by its C and pure-Python parsers. Here each kind of error is
recognised from either wording and the source line, and explained as a designer would put
it: a missing space after a colon, an indentation slip, an unclosed bracket or quote. The
position is where the fix belongs: the key without a colon, the bracket never closed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml


@dataclass(frozen=True)
class SyntaxProblem:
    line: int  # 1-based
    column: int  # 1-based
    message: str
    hint: str


def _pos(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _previous_content_line(lines: list[str], index: int, item: bool = False) -> str | None:
    """The nearest line above `index` with data (a list item's, when `item`)."""
    for line in reversed(lines[:index]):
        content = line.lstrip()
        if content and not content.startswith("#") and (not item or content[:2] == "- "):
            return line
    return None


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Digits of each hexadecimal escape of double-quoted YAML, and an example of it.
_HEX_ESCAPES = {"x": (2, "\\xe9"), "u": (4, "\\u00e9"), "U": (8, "\\U0001F3DB")}


def _hex_escape(line: int, col: int, source: str, bad_code: bool) -> SyntaxProblem:
    """A `\\x`, `\\u` or `\\U` escape with too few hexadecimal digits, or naming no
    character. Both parsers point past the backslash; the problem is given at it."""
    start = source.rfind("\\", 0, max(col - 1, 0))
    written = re.match(r"\\[xuU][0-9A-Fa-f]*", source[start:]) if start >= 0 else None
    if written is None:  # not found on the line: say it without quoting it
        return SyntaxProblem(line, col, "a backslash escape with a wrong number of "
                             "hexadecimal digits", "write the character itself: data "
                             "files are UTF-8")
    letter = written.group(0)[1]
    digits, example = _HEX_ESCAPES[letter]
    if bad_code:
        message = (f"`{written.group(0)}` names no character (a surrogate half, or past "
                   "U+10FFFF)")
    else:
        message = (f"`{written.group(0)}` is an incomplete escape: `\\{letter}` takes "
                   f"{digits} hexadecimal digits")
    return SyntaxProblem(line, start + 1, message,
                         f"write the character itself (data files are UTF-8), or the escape "
                         f"in full, as `{example}`")


def explain(exc: yaml.MarkedYAMLError, text: str) -> SyntaxProblem:
    """A plain-words message and hint for a PyYAML syntax error in `text`."""
    problem = (exc.problem or exc.context or "").strip()
    context = (exc.context or "").strip()
    mark = exc.problem_mark or exc.context_mark
    line, col = _pos(mark) if mark else (1, 1)
    ctx = _pos(exc.context_mark) if exc.context_mark else None
    lines = text.split("\n")
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    char = source[col - 1] if 0 < col <= len(source) else ""
    at_line_start = source[:col - 1].strip() == ""

    def problem_at(where: tuple[int, int], message: str, hint: str) -> SyntaxProblem:
        return SyntaxProblem(where[0], where[1], message, hint)

    here = (line, col)
    if char == "\t" or "tab" in problem:
        return problem_at(here, "a tab character where YAML needs spaces",
                          "indent with spaces: YAML does not allow tabs in indentation")
    if "could not find expected ':'" in problem and ctx:
        key_line = lines[ctx[0] - 1] if ctx[0] <= len(lines) else ""
        word = key_line[ctx[1] - 1:].strip()
        glued = re.match(r"([^\s:#]+):(\S.*)", word)
        if glued:
            return problem_at(ctx, f"no space after the colon in `{word}`, so it is read as "
                              "text, not as a key", f"write `{glued.group(1)}: "
                              f"{glued.group(2)}`")
        return problem_at(ctx, f"`{word}` is not a `key: value` line",
                          "add a colon and a space after the key, or make it a list item "
                          "with `- `")
    if "mapping values are not allowed" in problem:
        before = source[:col - 1]
        if ": " in before:
            key, _, value = source.strip().partition(": ")
            return problem_at(here, "a second `: ` in one line: the value holds a colon",
                              f"quote the value: `{key}: {_quote(value)}`")
        previous = _previous_content_line(lines, line - 1)
        return problem_at((line, _indent(source) + 1), "this line is indented more than the "
                          "key before it, as if it were inside that key's value",
                          f"indent it {_indent(previous)} spaces, like the line above"
                          if previous is not None else "remove the extra indentation")
    if "sequence entries are not allowed" in problem:
        return problem_at(here, "a list item `- ` on the same line as its key",
                          "start the list on the next line, indented, or write it as "
                          "`[a, b]`")
    if "found unexpected end of stream" in problem and "quoted scalar" in context and ctx:
        quote = (lines[ctx[0] - 1][ctx[1] - 1:ctx[1]] if ctx[0] <= len(lines) else "") or '"'
        return problem_at(ctx, f"this {quote} quote is never closed",
                          f"end the value with {quote} on the same line")
    unclosed = re.search(r"expected ',' or '([\]}])'", problem)
    if unclosed and ctx:
        closer = unclosed.group(1)
        opener = "[" if closer == "]" else "{"
        what = "list" if closer == "]" else "mapping"
        return problem_at(ctx, f"the {what} opened with `{opener}` here breaks off at line "
                          f"{line}, column {col}", f"close it with `{closer}` on the "
                          f"same line, and separate its items with commas; a `key: value` "
                          f"inside it needs its own `{{...}}`")
    if "expected key" in problem or "expected <block end>" in problem \
            or "expected '-' indicator" in problem:
        if char in "]}" and char:
            return problem_at(here, f"a `{char}` that closes nothing",
                              "remove it, or add the opening bracket it belongs to")
        if not at_line_start:
            rest = source[col - 1:].strip()
            return problem_at(here, f"unexpected `{rest}` after the value",
                              "quote the whole value, or start a comment with ` #`")
        previous = _previous_content_line(lines, line - 1, item=source.lstrip()[:2] == "- ")
        hint = "line it up with the keys or `- ` items it belongs with"
        if previous is not None:
            what = "list item" if source.lstrip()[:2] == "- " else "line"
            hint += f" (the {what} above is indented {_indent(previous)} spaces)"
        return problem_at((line, _indent(source) + 1),
                          "this line's indentation fits no mapping or list above it", hint)
    if "cannot start any token" in problem and char:
        return problem_at(here, f"a plain value cannot start with '{char}', which YAML "
                          "reserves", f"quote the value: {_quote(source[col - 1:].strip())}")
    if "undefined alias" in problem:
        name = re.match(r"\*([^\s,\]}]*)", source[col - 1:])
        alias = name.group(1) if name else "name"
        return problem_at(here, f"`*{alias}` refers to no anchor `&{alias}` above",
                          f"define `&{alias}` before it, or quote the value if `*` is meant "
                          "as text")
    if "hexdecimal number" in problem or "hexadecimal numbers" in problem \
            or "escape code" in problem:
        return _hex_escape(line, col, source, "escape code" in problem)
    if "mapping keys are not allowed" in problem:
        rest = source[col - 1:].strip()
        return problem_at(here, "a `?` where a value belongs: YAML reads it as the start of "
                          "a complex key", f"quote the value: {_quote(rest)}")
    if "tag" in context and ("URI" in problem or "'>'" in problem) and ctx:
        return problem_at(ctx, "a `!` tag without a proper name",
                          "remove the `!`: rules data uses plain values, no tags (or quote "
                          "the value if the `!` is text)")
    if "unknown escape" in problem:
        if source[col - 2:col - 1] == "\\":  # the C parser points at the backslash
            here = (line, col - 1)
        return problem_at(here, "a backslash escape that double-quoted YAML does not know",
                          "use single quotes, where a backslash is just a backslash, or "
                          "write `\\\\`")
    if "alphabetic or numeric character" in problem:
        return problem_at(here, "an anchor `&` or alias `*` without a name",
                          "give it a name (`&base`), or quote the value")
    if "block scalar" in context:
        return problem_at(here, "text after `|` or `>` on the same line",
                          "start the text on the next line, indented")
    if "node content" in problem:
        return problem_at(here, "an empty item in a list or mapping",
                          "remove the extra comma, or write the missing value")
    if "directive" in problem or "directive" in context:
        return problem_at(here, "an unknown `%` directive", "remove the line: rules data "
                          "uses no directives")
    if "document start" in problem:
        return problem_at(here, "text after the end of the document",
                          "remove the `...` line, or the text after it")
    message = problem + (f" ({context} at line {ctx[0]}, column {ctx[1]})"
                         if exc.problem and context and ctx else "")
    return problem_at(here, f"the YAML cannot be read here: {message}",
                      "look for a missing colon, quote or bracket, or a wrong indentation")
