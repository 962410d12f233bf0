"""What every generated schema shares: the dialect, the rules for ids and names, and the small
builders of their properties (`schemas`, `game_schema`, `export_schema` use them)."""
from __future__ import annotations

import keyword
from typing import Any

from wondersmith.dsl import vocabulary as v

DIALECT = "https://json-schema.org/draft/2020-12/schema"


# Ids become Python names in generated code (a card `none` would be `class None`), so the
# words Python reserves are refused; only the lowercase spellings can match ID_PATTERN.
RESERVED_IDS = tuple(sorted({w.lower() for w in keyword.kwlist}))

# Characters a name must not hold: C0 and C1 controls, and the invisible format characters
# that hide or reorder text (soft hyphen, zero-width and direction marks, line and paragraph
# separators, bidi embeddings, overrides and isolates, word joiners, BOM, annotation marks).
# A fixed list, not a Unicode category, so the schema is the same on every Python version;
# BMP only, because JSON Schema regexes write astral characters differently per dialect.
INVISIBLE_RANGES = (
    (0x0000, 0x001F), (0x007F, 0x009F), (0x00AD, 0x00AD), (0x061C, 0x061C),
    (0x180E, 0x180E), (0x200B, 0x200F), (0x2028, 0x202E), (0x2060, 0x2064),
    (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
)
_INVISIBLE_CLASS = "".join(f"\\u{a:04X}" + (f"-\\u{b:04X}" if b != a else "")
                           for a, b in INVISIBLE_RANGES)
# No invisible character anywhere (a newline is one, so `.` never stops early), then some
# visible one. No `$`: in Python's regexes it also matches before a final newline.
NAME_PATTERN = f"^(?!.*[{_INVISIBLE_CLASS}]).*\\S"


# Ids name classes, files and keys (64: far past any real id, whose longest in Duel is 21);
# names are printed on cards and sheets (80: two lines of a card's title band at most).
MAX_ID_LENGTH = 64
MAX_NAME_LENGTH = 80


def _id(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": v.ID_PATTERN, "maxLength": MAX_ID_LENGTH,
            "not": {"enum": list(RESERVED_IDS)}, "description": description}


def _symbol(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": v.SYMBOL_PATTERN, "maxLength": MAX_ID_LENGTH,
            "description": description}


def _name(what: str) -> dict[str, Any]:
    return {"type": "string", "pattern": NAME_PATTERN, "maxLength": MAX_NAME_LENGTH,
            "description": f"The {what}'s English name: visible text, without control, "
                           "zero-width or bidirectional characters"}


def closed_object(description: str, properties: dict[str, Any],
                  required: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with the `properties` given and no other, requiring `required` (none: no
    `required` key), its keys in the order every generated schema writes them."""
    schema: dict[str, Any] = {"type": "object", "description": description}
    if required:
        schema["required"] = list(required)
    return {**schema, "additionalProperties": False, "properties": properties}
