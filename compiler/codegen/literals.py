"""Checked writers of Python source: the only way data reaches generated code.

Every value becomes `Code` here: strings through `repr()`, whole numbers checked to be ints
(not bools, not floats) within `MAX_INT`, ids checked to be snake_case before they name a class
or a package, and text for comments checked to be printable on one line. The code generator's
templates print `Code` only (`only_code`), so unchecked text cannot reach them.
"""
from __future__ import annotations

import keyword
import re
from typing import Any

from wondersmith.dsl.vocabulary import ID_PATTERN

LINE = 99  # the generated code's line length

# Whole numbers the generated code accepts: far beyond any rule, far below what str() refuses.
MAX_INT = 10**9


class LiteralError(ValueError):
    """A value that cannot be written into Python safely; located by the caller."""


class Code(str):
    """Python source made here from checked values: the only text the templates take."""


def shown(text: str) -> str:
    """Data text quoted for a one-line message: as written when printable, else repr()."""
    return f"'{text}'" if isinstance(text, str) and text.isprintable() else repr(text)


def class_name(item_id: str) -> Code:
    """The class of an id: `lumber_yard` -> `LumberYard`. Ids that are not snake_case are
    refused; a keyword (`none` -> `None`) gets a trailing `_`. A name made from ids never
    ends in `_` otherwise, so this adds no collision; ids that give one name anyway
    (`lumber_yard`, `lumber__yard`) are refused by `generate`."""
    if not isinstance(item_id, str) or not re.fullmatch(ID_PATTERN.strip("^$"), item_id):
        raise LiteralError(f"id {shown(item_id)} cannot name a class (use snake_case)")
    name = "".join(part.capitalize() for part in item_id.split("_") if part)
    return Code(name + "_" if keyword.iskeyword(name) else name)


def package_name(game_id: str) -> str:
    """The game's id as the name of its package `wondersmith.generated.<id>`, checked."""
    if not isinstance(game_id, str) or not re.fullmatch(ID_PATTERN.strip("^$"), game_id) \
            or keyword.iskeyword(game_id):
        raise LiteralError(f"game id {shown(game_id)} cannot name a Python package "
                           "(use snake_case, not a Python keyword)")
    return game_id


def located(text: Any) -> str:
    """A file name or id at the start of a message: as it is when printable, else repr()."""
    return text if isinstance(text, str) and text.isprintable() else repr(text)


def comment(text: str) -> str:
    """Text for a `#` comment: refused unless it is printable on one line."""
    if not isinstance(text, str) or not text.isprintable():
        raise LiteralError(f"{shown(text)} cannot go into a comment (not printable on one line)")
    return text


def literal(value: Any, indent: int = 0, prefix: int = 0) -> Code:
    """A Python literal for tuples, strings, numbers and booleans, wrapped when the line
    (`indent` spaces, `prefix` characters before it, a trailing comma) would be too long."""
    one_line = flat(value)
    if indent + prefix + len(one_line) + 1 <= LINE or not isinstance(value, tuple) or not value:
        return one_line
    pad = " " * (indent + 4)
    items = ",\n".join(pad + literal(item, indent + 4) for item in value)
    return Code("(\n" + items + ",\n" + " " * indent + ")")


def flat(value: Any) -> Code:
    if isinstance(value, tuple):
        inner = ", ".join(flat(x) for x in value)
        return Code(f"({inner},)" if len(value) == 1 else f"({inner})")
    if isinstance(value, int) and not isinstance(value, bool):
        return whole(value)
    if isinstance(value, (str, bool)) or value is None:
        return Code(repr(value))
    raise LiteralError(f"{type(value).__name__} {_short(value)} cannot be written here "
                       "(expected text, a whole number or true/false)")


def whole(value: Any) -> Code:
    """A whole number for the generated code: no bools, floats or numbers beyond MAX_INT."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise LiteralError(f"expected a whole number, found {type(value).__name__} "
                           f"{_short(value)}")
    if abs(value) > MAX_INT:
        raise LiteralError(f"the number {_short(value)} is beyond the limit of {MAX_INT}")
    return Code(repr(value))


def _short(value: Any) -> str:
    """A value for a message, cut short (a 5,000-digit number is not printed whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"of {len(hex(abs(value))) - 2} hex digits"
    text = value if isinstance(value, str) else repr(value)
    return shown(text[:40] + "..." if len(text) > 40 else text) if isinstance(value, str) \
        else text[:40]


def boolean(value: Any) -> Code:
    if not isinstance(value, bool):
        raise LiteralError(f"expected true or false, found {type(value).__name__} "
                           f"{_short(value)}")
    return Code(repr(value))


def data(value: Any, indent: int = 0, prefix: int = 0) -> Code:
    """Plain data as a Python literal: mappings with text keys (one key a line), lists (as
    tuples), text, whole numbers, booleans and None; anything else is refused. The compiled
    rules record (`RULESET.rules`) is written this way. A line holds `indent` spaces and
    `prefix` characters before the value, and ends with a comma."""
    pad = " " * (indent + 4)
    if isinstance(value, dict):
        if not value:
            return Code("{}")
        if all(isinstance(key, str) and not isinstance(item, (dict, list, tuple))
               for key, item in value.items()):
            one_line = "{" + ", ".join(f"{flat(k)}: {flat(v)}" for k, v in value.items()) + "}"
            if indent + prefix + len(one_line) + 1 <= LINE:
                return Code(one_line)
        lines = []
        for key, item in value.items():
            if not isinstance(key, str):
                raise LiteralError(f"a key of the rules data is {type(key).__name__} "
                                   f"{_short(key)}, not text")
            lines.append(f"{pad}{flat(key)}: {data(item, indent + 4, len(flat(key)) + 2)},")
        return Code("{\n" + "\n".join(lines) + "\n" + " " * indent + "}")
    if isinstance(value, (list, tuple)):
        if all(not isinstance(item, (dict, list, tuple)) for item in value):
            return literal(tuple(value), indent, prefix)
        items = "".join(f"{pad}{data(item, indent + 4)},\n" for item in value)
        return Code("(\n" + items + " " * indent + ")")
    return flat(value)


def only_code(value: Any) -> Any:
    """The templates' finalize hook: text that did not come from this module is refused."""
    if isinstance(value, str) and not isinstance(value, Code):
        raise LiteralError(f"unchecked text {shown(value[:40])} reached a Python template")
    return value
