"""The languages the toolkit writes and their gettext catalogs on disk.

Both the renderer (`render/i18n.py`, which translates with the catalogs) and the validator
(`validate/locales.py`, which checks them) need these, so they live below both: neither
imports the other for them.
"""
from __future__ import annotations

import string
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from wondersmith import resources

# The languages we render, English first (the source language).
LANGUAGES = ("en", "fr", "it", "pt", "vi")
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano", "pt": "Português",
                  "vi": "Tiếng Việt"}

# The catalogs ship inside the renderer's folder: found from the top package, so that
# reading them does not load the renderer.
LOCALE_DIR = resources.folder("wondersmith", "render", "locale")


def placeholders(template: str) -> set[str]:
    """The named fields of a str.format template ('{n} coins' -> {'n'})."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError:  # unbalanced braces
        return {"<malformed>"}


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, abort_invalid=False)
