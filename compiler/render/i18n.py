"""Translations for the sheets and rules docs: gettext catalogs read with Babel.

Phrase templates live in the code (each verb's module in `wondersmith/dsl/verbs/`, the nouns'
`dsl/words.py`, and `phrases.py`, `texts.py`, `sheets.py` here) as English gettext messages with
named `{placeholders}`; `compiler/render/locale/messages.pot` is extracted from them and each
language has `locale/<lang>/LC_MESSAGES/messages.po`. Catalogs are compiled in memory when
loaded (no .mo files on disk, so nothing depends on when or where they were compiled).
Plurals follow the CLDR rules Babel writes into each catalog's Plural-Forms header.

A message with no translation falls back to English and is flagged: every string returned
here is a `Text`, a str that knows whether any part of it is a fallback.
"""
from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo

# The languages, the catalogs' folder and how to read one live below the renderer and the
# validator (wondersmith/languages.py); they stay importable from here.
from wondersmith.languages import (LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR, placeholders,
                                   read_catalog)

POT_FILE = LOCALE_DIR / "messages.pot"
DOMAIN = "messages"


class Text(str):
    """A rendered string; `fallback` is true when some part of it is untranslated English."""

    fallback: bool = False

    def __new__(cls, value: str, fallback: bool = False) -> "Text":
        obj = super().__new__(cls, value)
        obj.fallback = fallback
        return obj


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class _Entry:
    forms: tuple[str, ...]


class Translator:
    """gettext for one language, with fallback tracking."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language '{lang}'")
        self.lang = lang
        self.locale = Locale.parse(lang)
        self._done: dict[tuple[str | None, str], bool] = {}
        self._gnu: gettext.NullTranslations = gettext.NullTranslations()
        path = po_path(lang)
        if lang != "en" and path.is_file():
            catalog = read_catalog(path, lang)
            for message in catalog:
                if not message.id:
                    continue
                msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
                forms = message.string if isinstance(message.string, (list, tuple)) \
                    else (message.string,)
                ok = bool(forms) and all(forms) and not message.fuzzy
                self._done[(message.context, msgid)] = ok
                if not ok:  # keep untranslated or fuzzy entries out of the compiled catalog
                    message.string = ("",) * len(forms) if len(forms) > 1 else ""
            buf = io.BytesIO()
            write_mo(buf, catalog)
            buf.seek(0)
            self._gnu = gettext.GNUTranslations(buf)

    def _translated(self, msgid: str, context: str | None = None) -> bool:
        return self.lang == "en" or self._done.get((context, msgid), False)

    def gettext(self, msgid: str) -> Text:
        return Text(self._gnu.gettext(msgid), not self._translated(msgid))

    def pgettext(self, context: str, msgid: str) -> Text:
        return Text(self._gnu.pgettext(context, msgid), not self._translated(msgid, context))

    def ngettext(self, singular: str, plural: str, n: int) -> Text:
        return Text(self._gnu.ngettext(singular, plural, n), not self._translated(singular))

    def untranslated(self, text: str) -> Text:
        """Text shown as written, flagged as a fallback (a name no catalog knows)."""
        return Text(text, True)

    def format(self, template: Text | str, **values: object) -> Text:
        """Fill a template's placeholders; the result is a fallback if any part is."""
        fallback = getattr(template, "fallback", False) or any(
            getattr(v, "fallback", False) for v in values.values())
        return Text(str(template).format(**values), fallback)

    def join(self, items: list[Text], style: str = "standard") -> Text:
        """A list in the language's own way: 'wood, clay and stone', 'bois, argile ou pierre'."""
        if not items:
            return Text("")
        text = format_list([str(i) for i in items], style=style, locale=self.locale)
        return Text(text, any(getattr(i, "fallback", False) for i in items))

    def number(self, n: int) -> str:
        return str(n)


@lru_cache(maxsize=None)
def translator(lang: str) -> Translator:
    return Translator(lang)


# Markers for extraction: these mark strings for `pybabel extract`-style tools without
# translating them at import time.
def N_(msgid: str) -> str:
    return msgid
