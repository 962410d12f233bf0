"""`wondersmith sheets --update-catalogs` says what it extracted and what is left to translate.

Every test works on a copy of the catalogs (i18n.LOCALE_DIR is pointed at it), never on the
committed ones.
"""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.render import catalogs, i18n
from wondersmith.validate.locales import check_catalogs

runner = CliRunner()
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    return copy


def po(locale_dir: Path, lang: str) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / "messages.po"


def untranslated_per_language(locale_dir: Path) -> Counter:
    """What `validate` counts as untranslated (WS401), per language: an independent count."""
    found = Counter()
    for d in check_catalogs(locale_dir):
        if d.code == "WS401":
            found[re.search(r"/locale/(\w+)/", "/" + d.file).group(1)] += 1
    return found


def singular_messages(path: Path, lang: str | None = None) -> list[str]:
    return [m.id for m in i18n.read_catalog(path, lang) if m.id and isinstance(m.id, str)]


def test_up_to_date_catalogs_are_reported_complete(locale_dir: Path) -> None:
    before = {p: p.read_bytes() for p in locale_dir.rglob("*.po*")}
    result = runner.invoke(app, ["sheets", "--update-catalogs"])
    assert result.exit_code == 0, result.output
    count = sum(1 for m in i18n.read_catalog(locale_dir / "messages.pot") if m.id)
    assert f"extracted {count} message(s) from compiler/render/ and compiler/dsl/: 0 new, 0 obsolete" \
        in result.output
    for lang in OTHERS:
        assert f"{lang}: every message translated" in result.output
    assert "the catalogs were already up to date" in result.output
    assert {p: p.read_bytes() for p in locale_dir.rglob("*.po*")} == before
    assert not untranslated_per_language(locale_dir)


def test_new_obsolete_and_missing_messages_are_named(locale_dir: Path) -> None:
    pot = locale_dir / "messages.pot"
    template = i18n.read_catalog(pot)
    dropped = singular_messages(pot)[0]
    template.delete(dropped)
    template.add("An old phrase about {n} coins")
    pot.write_bytes(catalogs.dump(template))
    french = i18n.read_catalog(po(locale_dir, "fr"), "fr")
    blanked, fuzzy = [m for m in french if m.id and isinstance(m.id, str) and m.string][1:3]
    blanked.string = ""
    fuzzy.flags.add("fuzzy")
    po(locale_dir, "fr").write_bytes(catalogs.dump(french))
    po(locale_dir, "vi").unlink()

    result = runner.invoke(app, ["sheets", "--update-catalogs"])
    assert result.exit_code == 0, result.output
    out = result.output
    total = len(catalogs.extract())
    assert f"extracted {total} message(s) from compiler/render/ and compiler/dsl/: 1 new, 1 obsolete" in out
    assert f"  new:\n    {dropped!r}\n" in out
    assert "  obsolete (removed from every catalog):\n    'An old phrase about {n} coins'" in out
    fr = out[out.index("fr: "):out.index("it: ")]
    assert fr.startswith("fr: 2 of ")
    assert repr(blanked.id) in fr and repr(fuzzy.id) in fr
    assert f"vi: {total} of {total} message(s) untranslated" in out
    assert f"... and {total - 10} more (`wondersmith validate` lists every one)" in out
    for lang in ("it", "pt"):
        assert f"{lang}: every message translated" in out
    for path in (pot, po(locale_dir, "vi")):
        assert f"updated: {path}" in out
    # The counts agree with what `validate` reports after the update.
    assert untranslated_per_language(locale_dir) == Counter({"fr": 2, "vi": total})
    assert "An old phrase about {n} coins" not in singular_messages(po(locale_dir, "fr"), "fr")


def test_report_lines_cut_long_lists() -> None:
    keys = [(None, f"message {i}") for i in range(4)]
    report = catalogs.Report(4, new=keys, obsolete=[], missing={"fr": keys[:1]})
    lines = report.lines(shown=2)
    assert lines[:5] == ["extracted 4 message(s) from compiler/render/ and compiler/dsl/: 4 new, 0 obsolete",
                         "  new:", "    'message 0'", "    'message 1'",
                         "    ... and 2 more (`wondersmith validate` lists every one)"]
    assert "fr: 1 of 4 message(s) untranslated (shown in English, marked, until translated):" \
        in lines
    assert lines[-1] == "the catalogs were already up to date"
