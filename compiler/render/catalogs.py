"""Extracting the message template (.pot) from the code and merging it into each .po.

Run through `wondersmith sheets --update-catalogs`, which prints the `Report`: how many
messages were extracted, which are new or obsolete, and per language which are untranslated.
The output is deterministic: fixed header dates, sorted messages, no line numbers, so a
catalog changes only when a message does.
"""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from wondersmith.atomic import write_bytes
from wondersmith.manifest import package_files
from wondersmith.render import i18n

# Where the messages are, inside the package: the renderer's own and the DSL's (the nouns'
# words and each verb's phrase).
SOURCES = ("render/phrases.py", "render/sheets.py", "render/texts.py", "render/circle_texts.py",
           "render/scoring.py", "render/boards.py", "dsl/words.py",
           "dsl/verbs/*.py")
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
    for label, path in package_files(*SOURCES).items():
        where = "compiler/" + label.partition("/")[2]  # the path in the repository
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            catalog.add(message, None, [(where, 0)], auto_comments=comments, context=context)
    return catalog


def dump(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=96, sort_output=True, include_lineno=False,
             ignore_obsolete=False, include_previous=False)
    return buf.getvalue()


Key = tuple[str | None, str]  # (context, msgid); a plural message by its singular


def _key(message: Message) -> Key:
    msgid = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
    return message.context, msgid


def _keys(catalog: Catalog) -> set[Key]:
    return {_key(m) for m in catalog if m.id}


def _untranslated(catalog: Catalog) -> list[Key]:
    """Messages with a form left empty, or fuzzy: shown in English until translated."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, (list, tuple)) \
            else (message.string,)
        if message.fuzzy or not all(forms):
            missing.append(_key(message))
    return sorted(missing, key=_sort_key)


def _sort_key(key: Key) -> tuple[str, str]:
    return key[1], key[0] or ""


def _show(key: Key) -> str:
    context, msgid = key
    return repr(msgid) + (f" (context {context!r})" if context else "")


def _relative(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(path)


@dataclass
class Report:
    """What `update` extracted and merged, and what each language still lacks."""
    extracted: int
    new: list[Key]
    obsolete: list[Key]
    missing: dict[str, list[Key]] = field(default_factory=dict)  # per language
    changed: list[Path] = field(default_factory=list)

    def lines(self, shown: int = 10) -> list[str]:
        """The report for the terminal; lists longer than `shown` are cut, with a count."""
        def listed(keys: list[Key]) -> list[str]:
            out = [f"    {_show(k)}" for k in keys[:shown]]
            if len(keys) > shown:
                out.append(f"    ... and {len(keys) - shown} more "
                           "(`wondersmith validate` lists every one)")
            return out

        lines = [f"extracted {self.extracted} message(s) from compiler/render/ and "
                 f"compiler/dsl/: {len(self.new)} new, {len(self.obsolete)} obsolete"]
        if self.new:
            lines += ["  new:", *listed(self.new)]
        if self.obsolete:
            lines += ["  obsolete (removed from every catalog):", *listed(self.obsolete)]
        for lang, keys in self.missing.items():
            if keys:
                lines.append(f"{lang}: {len(keys)} of {self.extracted} message(s) untranslated "
                             "(shown in English, marked, until translated):")
                lines += listed(keys)
            else:
                lines.append(f"{lang}: every message translated")
        lines += [f"updated: {_relative(path)}" for path in self.changed]
        if not self.changed:
            lines.append("the catalogs were already up to date")
        return lines


def update(locale_dir: Path | None = None) -> Report:
    """Write messages.pot and merge it into every language's messages.po."""
    locale_dir = locale_dir or i18n.LOCALE_DIR
    template = extract()
    changed = []
    pot = locale_dir / "messages.pot"
    before = _keys(i18n.read_catalog(pot)) if pot.is_file() else set()
    after = _keys(template)
    report = Report(len(after), sorted(after - before, key=_sort_key),
                    sorted(before - after, key=_sort_key), changed=changed)
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
        report.missing[lang] = _untranslated(catalog)
        out = dump(catalog)
        if not path.is_file() or path.read_bytes() != out:
            write_bytes(path, out)
            changed.append(path)
    return report
