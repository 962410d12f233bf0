"""Locales: names per language, gettext catalogs, plurals, fallbacks, and the WS4xx checks.

Each fixture in tests/fixtures/locales/ patches a copy of cards/duel (`locales/...`) or of the
catalogs (`catalogs/...`) and lists the exact diagnostics expected, positioned by a text to
find in the patched file.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.validate import locales
from wondersmith.dsl import schemas, vocabulary as v
from wondersmith.ir.loader import load, load_game
from wondersmith.render import catalogs, i18n, phrases
from wondersmith.render.i18n import Translator

from conftest import DUEL, FIXTURES, assert_hint_and_excerpt

LOCALE_FIXTURES = sorted((FIXTURES / "locales").glob("*.yaml"))


def _position(text: str, needle: str) -> tuple[int, int]:
    start = text.find(needle)
    assert start >= 0, f"{needle!r} not in the patched file"
    return text.count("\n", 0, start) + 1, start - (text.rfind("\n", 0, start) + 1) + 1


@pytest.mark.parametrize("path", LOCALE_FIXTURES, ids=lambda p: p.stem)
def test_locale_fixture(path: Path, duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(i18n.LOCALE_DIR, duel_copy / "catalogs")
    monkeypatch.chdir(duel_copy)
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    for patch in spec["patch"]:
        target = duel_copy / patch["file"]
        text = target.read_text(encoding="utf-8")
        assert text.count(patch["replace"]) == 1, f"{patch['replace']!r} must occur once"
        target.write_text(text.replace(patch["replace"], patch["with"]), encoding="utf-8")
    expected = set()
    for e in spec["expect"]:
        text = (duel_copy / e["file"]).read_text(encoding="utf-8")
        line, col = _position(text, e["at"])
        expected.add((e["code"], e["file"], line, col if e["file"].endswith(".yaml") else 1))
    game = load_game(duel_copy).game
    found = locales.check_names(duel_copy, game) + locales.check_catalogs(duel_copy / "catalogs")
    got = {(d.code, d.file, d.line, d.column) for d in found}
    assert got == expected, [f"{d.file}:{d.line}:{d.column} {d.code} {d.message}" for d in found]
    assert all(d.message and d.hint for d in found)
    assert all(d.severity == ("warning" if d.code == "WS401" else "error") for d in found)
    for e in spec["expect"]:  # each teaches: its hint, and its source line with a caret
        (d,) = [d for d in found if d.code == e["code"] and d.file == e["file"]
                and e["hint"] in d.hint]
        assert_hint_and_excerpt(d, e["hint"], e["under"])


def test_real_data_is_clean() -> None:
    assert locales.check(DUEL) == []


def test_untranslated_names_are_counted_per_language(duel_copy: Path) -> None:
    """What `build` reports: per language, the names with no translation (listed under
    english_fallback or not) and the names in all; a name added counts one fewer."""
    game = load_game(duel_copy).game
    total = len(game.components())
    before = locales.untranslated_names(duel_copy, game)
    assert set(before) == set(i18n.LANGUAGES) - {"en"}
    assert before["fr"] == (0, total)  # every Duel name has its French one
    it = duel_copy / "locales" / "it.yaml"
    text = it.read_text(encoding="utf-8")
    named = len(yaml.safe_load(text).get("names") or {})
    assert before["it"] == (total - named, total)
    data = yaml.safe_load(text)
    data["names"] = {**(data.get("names") or {}), "zzz_not_an_id": "X", "tavern": "Prova"}
    data["english_fallback"] = [i for i in data.get("english_fallback", []) if i != "tavern"]
    it.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    after = locales.untranslated_names(duel_copy, game, ("it",))
    assert after == {"it": (before["it"][0] - 1, total)}  # an orphan key counts for nothing


def test_an_orphan_name_is_worded_for_what_the_game_has(tmp_path: Path) -> None:
    """WS402 names the kinds of component the game has: classic has cards and boards, no
    Wonder or token; a board's id is a name it may give."""
    classic = tmp_path / "classic"
    shutil.copytree(DUEL.parent / "classic", classic)
    fr = classic / "locales" / "fr.yaml"
    text = fr.read_text(encoding="utf-8")
    fr.write_text(text.replace("english_fallback:\n  - alexandria\n",
                               "english_fallback:\n  - atlantis\n")
                  .replace("names:\n", "names:\n  alexandria: Alexandrie\n  gizeh: Gizeh\n"),
                  encoding="utf-8")
    found = [d for d in locales.check_names(classic, load_game(classic).game) if d.code == "WS402"]
    assert sorted(d.message for d in found) == [
        "'atlantis' in english_fallback is no card or board of this game",
        "name for 'gizeh', which is no card or board of this game"]
    assert any("did you mean 'gizah'?" in d.hint for d in found)


def test_an_orphan_name_in_duel_names_its_cards_wonders_and_tokens(duel_copy: Path) -> None:
    fr = duel_copy / "locales" / "fr.yaml"
    fr.write_text(fr.read_text(encoding="utf-8").replace("names:\n", "names:\n  gizeh: Gizeh\n"),
                  encoding="utf-8")
    (found,) = [d for d in locales.check_names(duel_copy, load_game(duel_copy).game)
                if d.code == "WS402"]
    assert found.message == "name for 'gizeh', which is no card, Wonder or token of this game"


def test_validate_reports_locale_problems(duel_copy: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner
    from wondersmith.cli import app

    names = duel_copy / "locales" / "vi.yaml"  # ends with its english_fallback list
    names.write_text(names.read_text(encoding="utf-8") + "  - no_such_card\n", encoding="utf-8")
    monkeypatch.chdir(duel_copy.parent.parent)
    result = CliRunner().invoke(app, ["validate", "cards"])
    assert result.exit_code == 1, result.output
    assert "cards/duel/locales/vi.yaml" in result.stdout and "WS402" in result.stdout


def test_pot_is_up_to_date() -> None:
    """messages.pot holds exactly the messages of the code (run --update-catalogs if not)."""
    def keys(catalog) -> set:
        return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id))
                for m in catalog if m.id}
    assert keys(catalogs.extract()) == keys(i18n.read_catalog(i18n.POT_FILE))


@pytest.mark.parametrize("lang,n,expected", [
    ("en", 1, "1 coin"), ("en", 0, "0 coins"), ("en", 2, "2 coins"),
    ("fr", 0, "0 pièce"), ("fr", 1, "1 pièce"), ("fr", 2, "2 pièces"),
    ("it", 1, "1 moneta"), ("it", 0, "0 monete"), ("it", 6, "6 monete"),
    ("pt", 1, "1 moeda"), ("pt", 12, "12 moedas"),
    ("vi", 1, "1 xu"), ("vi", 12, "12 xu"),
])
def test_cldr_plurals(lang: str, n: int, expected: str) -> None:
    text = phrases.coins(Translator(lang), n)
    assert text == expected and not text.fallback


def test_missing_message_falls_back_to_english_and_is_flagged() -> None:
    t = Translator("fr")
    text = t.gettext("A sentence nobody translated")
    assert text == "A sentence nobody translated" and text.fallback
    assert not t.gettext("Cost").fallback
    assert t.format(t.gettext("Age {age}"), age=text).fallback  # a part falls back: all does


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_verb_has_a_translated_phrase(lang: str) -> None:
    """A new verb needs a phrase; every Duel effect reads without fallback in every language."""
    t = Translator(lang)
    for name, cls in v.VERBS.items():
        effect = v.parse_effect(yaml.safe_load(cls.EXAMPLE))
        text = phrases.effect_text(t, effect, opponent=True)
        assert text and text != name and not text.fallback, (lang, name, text)
        assert "{" not in text, (lang, name, text)


def test_effect_texts_are_generated_not_written() -> None:
    game = load(DUEL)
    en, fr = Translator("en"), Translator("fr")
    guild = next(b for b in game.buildings if b.id == "merchants_guild")
    assert phrases.effect_text(en, guild.effects[0]) == (
        "Take 1 coin for each yellow card in the city that has the most of them, once")
    assert phrases.effect_text(fr, guild.effects[1]) == (
        "1 point de victoire par carte jaune de la cité qui en a le plus en fin de partie")
    moneylenders = next(b for b in game.buildings if b.id == "moneylenders_guild")
    assert phrases.effect_text(en, moneylenders.effects[0]) == (
        "1 victory point for each set of 3 coins in the city that has the most of them "
        "at the end of the game")


def test_names_come_from_the_locale_file_or_fall_back() -> None:
    assert locales.load_names(DUEL, "fr")["the_colossus"] == "Le Colosse"
    assert locales.load_names(DUEL, "en") == {}
    vi = locales.load_names(DUEL, "vi")
    assert vi["the_pyramids"] == "Kim tự tháp" and "garrison" not in vi


def test_every_locale_file_declares_its_schema() -> None:
    for path in sorted((DUEL / "locales").glob("*.yaml")):
        assert path.read_text(encoding="utf-8").splitlines()[0] == locales.LOCALE_SCHEMA_LINE


def test_locale_schema_describes_every_property() -> None:
    import json
    schema = json.loads(schemas.packaged(locales.SCHEMA_NAME))

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                assert "description" in sub, f"{where}.{key} has no description"
            for key, sub in node.items():
                walk(sub, f"{where}.{key}")
    walk(schema, "$")
    assert schema["$schema"].endswith("2020-12/schema")


def test_sources_cite_the_given_files_relative_to_the_repository() -> None:
    """The given rulebooks are cited as `../shared/...` (relative to the repository's root),
    never by a path of one machine, and every file so cited exists where it says."""
    root = DUEL.parents[1]
    files = [*sorted((root / "docs").glob("*.md")), *sorted(root.glob("cards/*/locales/*.yaml"))]
    cited = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?<![.\w])/(work|home)/", text), path
        cited |= set(re.findall(r"\.\./shared/[\w./-]+\w", text))
    assert "../shared/seeds/000_315796a0367ea1f0.txt" in cited
    if (root.parent / "shared").is_dir():  # beside the repository, as in CI
        assert [c for c in sorted(cited) if not (root / c).is_file()] == []


# Names spelled the same in Portuguese and English (Latin or shared words), as LBS gives them.
SAME_IN_PORTUGUESE = {"altar", "arena", "arsenal", "scriptorium"}


def test_portuguese_duel_names_are_portuguese_and_sourced() -> None:
    """The Portuguese Duel names (docs/sources.md, key LBS) are names, not English left in
    place: each differs from the English name but the few spelled alike; the three LBS names
    judged doubtful are listed as English fallbacks; each name is in the sources' table on its
    id's row; and the sheet prints them unmarked."""
    from wondersmith.render import sheets

    game = load(DUEL)
    english = {c.id: c.name for c in game.components()}
    names = locales.load_names(DUEL, "pt")
    assert len(names) == 92
    same = {i for i, name in names.items() if name.casefold() == english[i].casefold()}
    assert same == SAME_IN_PORTUGUESE
    data = yaml.safe_load((DUEL / "locales" / "pt.yaml").read_text(encoding="utf-8"))
    assert data["english_fallback"] == ["lumber_yard", "sawmill", "courthouse"]
    sources = (DUEL.parents[1] / "docs" / "sources.md").read_text(encoding="utf-8")
    section = sources.split("## 7. Names in other languages", 1)[1].split("\n## ", 1)[0]
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([a-z_]+)` \|.*$", section,
                                                        re.M)}
    assert [i for i, name in names.items() if name not in rows[i].split(" | ")[3]] == []
    html = sheets.render_html(game, "pt", names, "a4")
    for ident in ("moneylenders_guild", "the_temple_of_artemis", "strategy"):
        assert f"<h4 class=\"card-name\">{names[ident]}</h4>" in html
    assert '<h4 class="card-name"><span class="untranslated" lang="en">Sawmill</span>' in html
