"""Extracting the message template (.pot) from the code and merging it into each .po.

Run through `wondersmith sheets --update-catalogs`. The output is deterministic: fixed header
dates, sorted messages, no line numbers, so a catalog changes only when a message does.
"""
from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from wondersmith.atomic import write_bytes
from wondersmith.render import i18n

SOURCES = ("phrases.py", "sheets.py", "texts.py")
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}
FIXED_DATE = dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc)
PROJECT = "wondersmith"


def _new(locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, domain=i18n.DOMAIN, project=PROJECT, version="1",
                   copyright_holder="wondersmith", msgid_bugs_address="",
                   creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                   last_translator="wondersmith", language_team="wondersmith",
                   charset="utf-8", fuzzy=False)


def extract() -> Catalog:
    """The template: every message of the phrase and text modules."""
    catalog = _new()
    for name in SOURCES:
        path = i18n.HERE / name
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, None, [(f"compiler/render/{name}", 0)],
                        auto_comments=comments, context=context)
    return catalog


def dump(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=96, sort_output=True, include_lineno=False,
             ignore_obsolete=False, include_previous=False)
    return buf.getvalue()


def update(locale_dir: Path | None = None) -> list[Path]:
    """Write messages.pot and merge it into every language's messages.po; returns changed."""
    locale_dir = locale_dir or i18n.LOCALE_DIR
    template = extract()
    changed = []
    pot = locale_dir / "messages.pot"
    data = dump(template)
    if not pot.is_file() or pot.read_bytes() != data:
        write_bytes(pot, data)
        changed.append(pot)
    for lang in i18n.LANGUAGES:
        if lang == "en":
            continue
        path = locale_dir / lang / "LC_MESSAGES" / "messages.po"
        if path.is_file():
            catalog = i18n.read_catalog(path, lang)
        else:
            catalog = _new(lang)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.creation_date = FIXED_DATE
        catalog.revision_date = FIXED_DATE
        catalog.obsolete.clear()
        out = dump(catalog)
        if not path.is_file() or path.read_bytes() != out:
            write_bytes(path, out)
            changed.append(path)
    return changed
