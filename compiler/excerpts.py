"""Source excerpts for diagnostics: the line a problem is on, with a caret under its column.

Lines and columns are counted as PyYAML counts them (every YAML line break ends a line,
columns are characters, a leading BOM is not one), so the caret lands where the loader said.
What is shown is the whole line as an editor shows it, though: U+2028, U+2029 and U+0085,
which PyYAML counts as line breaks and editors do not, are shown inside it, named. What is
shown is made safe for a terminal: control, zero-width and bidirectional characters from the
data appear as `<U+202E>`, tabs as spaces, and a very long line is cut around the column.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from wondersmith import datafiles

# YAML's line breaks (YAML 1.1, as PyYAML reads them), and those an editor shows.
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_EDITOR_BREAK = re.compile("\r\n|[\n\r]")
_TAB = 4
WIDTH = 100  # display columns of an excerpt at most
# Characters that end the value a caret points at (a YAML scalar in flow or block style).
_VALUE_END = re.compile(r"\s#|,|\]|\}|: |:$|\s*$")


@dataclass(frozen=True)
class Excerpt:
    """One source line as it is displayed, and where the caret goes in it (0-based display
    columns; `width` is at least 1)."""

    text: str
    start: int
    width: int


def _unsafe(char: str) -> bool:
    category = unicodedata.category(char)
    return category in ("Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn") and char != "\t"


def _width(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _display(char: str, at: int) -> str:
    """How one character is shown, starting at display column `at`."""
    if char == "\t":
        return " " * (_TAB - at % _TAB)
    if _unsafe(char):
        return f"<U+{ord(char):04X}>"
    return char


def display(text: str) -> str:
    """Text from the data made safe to print on a terminal (invisible characters named)."""
    out, at = [], 0
    for char in text:
        shown = _display(char, at)
        out.append(shown)
        at += len(shown) if shown != char else _width(char)
    return "".join(out)


@lru_cache(maxsize=64)
def _lines(path: str, stamp: tuple[int, int]) -> tuple[tuple[str, int], ...]:
    """For each line as PyYAML counts them: the editor's line it is part of, and where in
    that line it starts."""
    # Through the data-file reader: a link out of the data or a named pipe is never shown
    # (nor waited for); an oversized file shows its first MiB.
    raw = datafiles.read_bytes(Path(path), cut=True)
    text = raw.decode("utf-8", errors="replace").removeprefix("\ufeff")
    found = []
    for whole in _EDITOR_BREAK.split(text):
        found += [(whole, 0)] + [(whole, m.end()) for m in _LINE_BREAK.finditer(whole)]
    return tuple(found)


def _located(file: str, line: int) -> tuple[str, int] | None:
    try:
        stat = Path(file).stat()
        lines = _lines(file, (stat.st_mtime_ns, stat.st_size))
    except OSError:
        return None
    return lines[line - 1] if 1 <= line <= len(lines) else None


def source_line(file: str, line: int) -> str | None:
    """The line holding line `line` (1-based, as PyYAML counts) of a file, whole as an editor
    shows it, or None when it cannot be read."""
    found = _located(file, line)
    return found[0] if found else None


def _value_width(line: str, index: int) -> int:
    """Characters of the value that starts at `index`: a quoted string to its closing quote,
    a bracketed collection's first character, a plain value to its end."""
    if index >= len(line):
        return 1
    first = line[index]
    if first in "[{#" or first.isspace() or line[index:index + 2] in ("- ", "-"):
        return 1
    if first in "'\"":
        close = line.find(first, index + 1)
        return close - index + 1 if close > 0 else len(line) - index
    end = _VALUE_END.search(line, index + 1)
    return max(1, len(line[index:end.start() if end else len(line)].rstrip()))


def excerpt(file: str, line: int, column: int) -> Excerpt | None:
    """The displayed line and caret for a position, or None (no such file or line)."""
    found = _located(file, line)
    if found is None:
        return None
    source, start_of_line = found
    index = min(start_of_line + max(column - 1, 0), len(source))
    if file.endswith((".yaml", ".yml")):
        width = _value_width(source, index)
    else:  # a catalog or other text: the rest of the line
        width = max(1, len(source.rstrip()) - index)
    # Display columns of each character boundary, so the caret follows tabs, wide
    # characters and named invisible ones.
    shown, cols, at = [], [0], 0
    for char in source:
        piece = _display(char, at)
        shown.append(piece)
        at += len(piece) if piece != char else _width(char)
        cols.append(at)
    start, end = cols[index], cols[min(index + width, len(source))]
    text = "".join(shown)
    if at > WIDTH:  # cut a long line to a window around the caret, by display columns
        text, start, end = _window(shown, cols, start, end)
    return Excerpt(text.rstrip(), start, max(1, end - start))


def _window(pieces: list[str], cols: list[int], start: int, end: int) -> tuple[str, int, int]:
    end = min(end, start + WIDTH // 2)
    left = max(0, start - WIDTH // 3)
    kept = [p for p, c in zip(pieces, cols) if left <= c and c + _piece_width(p) <= left + WIDTH]
    prefix = "…" if left > 0 else ""
    suffix = "…" if cols[-1] > left + WIDTH else ""
    shift = len(prefix) - left
    return prefix + "".join(kept) + suffix, start + shift, end + shift


def _piece_width(piece: str) -> int:
    return sum(_width(c) for c in piece) if len(piece) == 1 else len(piece)


def render(file: str, line: int, column: int, label: str = "") -> list[str]:
    """rustc-style lines: a gutter with the line number, the line, and carets under the
    value (with an optional label after them). Empty when there is nothing to show."""
    found = excerpt(file, line, column)
    if found is None:
        return []
    gutter = " " * len(str(line))
    carets = " " * found.start + "^" * found.width + (f" {label}" if label else "")
    return [f" {gutter} |", f" {line} | {found.text}".rstrip(), f" {gutter} | {carets}"]
