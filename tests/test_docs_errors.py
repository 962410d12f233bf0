"""docs/errors.md lists exactly the codes of wondersmith.diagnostics.CODES."""
from __future__ import annotations

import re
from pathlib import Path

from wondersmith.diagnostics import CODES, FORMATTERS

ERRORS = Path(__file__).resolve().parent.parent / "docs" / "errors.md"
ROW = re.compile(r"^\| (WS\d{3}) \| (.+?) \| (.+?) \| (.+?) \|$", re.M)


def _rows() -> dict[str, tuple[str, str, str]]:
    text = ERRORS.read_text(encoding="utf-8")
    rows: dict[str, tuple[str, str, str]] = {}
    for code, meaning, example, fix in ROW.findall(text):
        assert code not in rows, f"{code} is listed twice"
        rows[code] = (meaning, example, fix.replace("\\|", "|"))
    return rows


def test_table_lists_exactly_the_codes() -> None:
    assert list(_rows()) == list(CODES)


def test_rows_agree_with_the_catalogue() -> None:
    for code, (meaning, example, fix) in _rows().items():
        assert meaning == CODES[code].title, code
        assert fix == CODES[code].fix, code
        assert example.strip() and example != "—", f"{code} has no example message"


def test_formats_and_exit_codes_documented() -> None:
    text = ERRORS.read_text(encoding="utf-8")
    for fmt in FORMATTERS:
        assert f"--format {fmt}" in text
    for code in ("| 0 |", "| 1 |", "| 2 |"):
        assert code in text
    assert "::error file=" in text
