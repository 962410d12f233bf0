"""Long generated statements, wrapped to the line length the way a person would write them.

A counted amount over the neighbours makes a call too long for one line. The statement is
cut only where Python allows a line break without a backslash (inside brackets): after a
comma, or before the `for` of a generator; the continuation lines up with the bracket it is
in. The cuts come from Python's tokenizer, so text inside a string is never cut. A piece that
does not fit even at its bracket stays longer: the code is valid either way.
"""
from __future__ import annotations

import io
import tokenize
from dataclasses import dataclass, field

from wondersmith.codegen.literals import LINE


@dataclass
class _Chunk:
    text: str
    breakable: bool  # a line may end just before it
    brackets: list[tuple[int, bool]] = field(default_factory=list)  # (offset, opens)


def _chunks(statement: str) -> list[_Chunk]:
    """The statement cut at every place a line may break."""
    chunks: list[_Chunk] = []
    depth, end, previous = 0, 0, ""
    for tok in tokenize.generate_tokens(io.StringIO(statement).readline):
        if tok.type in (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER):
            continue
        start = tok.start[1]
        if not chunks or (depth > 0 and (previous == "," or tok.string == "for")):
            chunks.append(_Chunk("", bool(chunks)))
        chunk = chunks[-1]
        chunk.text += statement[end:start]
        if tok.type == tokenize.OP and tok.string in "([{)]}":
            opens = tok.string in "([{"
            chunk.brackets.append((len(chunk.text), opens))
            depth += 1 if opens else -1
        chunk.text += tok.string
        end, previous = tok.end[1], tok.string
    return chunks


def wrap(statement: str, indent: int) -> list[str]:
    """`statement` indented by `indent` spaces: one line, or several where it is too long."""
    first = " " * indent + statement
    if len(first) <= LINE:
        return [first]
    lines = [" " * indent]
    open_at: list[int] = []  # the columns of the brackets still open
    for chunk in _chunks(statement):
        text, shift = chunk.text, 0
        if chunk.breakable and len(lines[-1]) + len(text) > LINE:
            lines.append(" " * (open_at[-1] + 1))
            shift = len(text) - len(text.lstrip())
            text = text.lstrip()
        column = len(lines[-1]) - shift
        lines[-1] += text
        for offset, opens in chunk.brackets:
            if opens:
                open_at.append(column + offset)
            else:
                open_at.pop()
    return lines
