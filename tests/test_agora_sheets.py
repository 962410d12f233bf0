"""Agora's sheets and rules docs in every language: what the Senate adds (its set-up,
control, Decrees, the chambers' VP, political supremacy, the senators), read from the data,
and the components' names from the locale files; Duel's keep none of it."""
from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from wondersmith.ir.loader import load
from wondersmith.ir.model import Game
from wondersmith.render import sheets, texts
from wondersmith.render.i18n import LANGUAGES, Translator
from wondersmith.validate.locales import load_names, untranslated_names

from conftest import DUEL

AGORA = DUEL.parent / "agora"


@pytest.fixture(scope="module")
def agora() -> Game:
    return load(AGORA)


@pytest.fixture(scope="module")
def duel() -> Game:
    return load(DUEL)


def summary(game: Game, lang: str = "en") -> str:
    return "\n".join(str(x) for s in texts.rules_summary(Translator(lang), game)
                     for x in (s.title, *s.paragraphs, *s.bullets))


def markdown(game: Game, lang: str, folder: Path) -> str:
    return sheets.render_markdown(game, lang, load_names(folder, lang))


def html(game: Game, lang: str, folder: Path) -> str:
    return sheets.render_html(game, lang, load_names(folder, lang))


def test_the_senate_summary_reads_the_data(agora: Game) -> None:
    text = summary(agora)
    assert "There are four ways to win" in text and "political supremacy" in text
    assert "The Senate has 6 chambers in 3 sections (left: 2, middle: 2, and right: 2)." in text
    assert "in the board's order: 1, 2, 3, 3, 2, and 1." in text
    assert "If you control all 6 chambers at once, you win at once" in text
    assert "3 of them face up and the others face down; each player takes 12 influence" in text
    assert "Shuffle senators into the Age decks, Age by Age: 5, 5, and 3." in text
    assert "A senator costs 1 coin for each senator you already have." in text
    assert "by the blue cards in your city: 1, 2 from 2 cards, and 3 from 4 cards." in text
    assert "(25, 25, and 23, Age by Age)" in text  # the structures hold the senators
    # Agora's military tokens take the looting tokens' place: no "()" of coins taken.
    assert "resolves the token, once" in text and "()" not in text


def test_the_summary_follows_a_changed_senate(agora: Game) -> None:
    senate = dict(agora.rules["senate"], supremacy=5, cubes=10)
    text = summary(dataclasses.replace(agora, rules={**agora.rules, "senate": senate}))
    assert "If you control 5 chambers at once, you win at once" in text
    assert "each player takes 10 influence cubes" in text


def test_duel_has_no_senate(duel: Game) -> None:
    text = summary(duel)
    assert "three ways to win" in text and "Senate" not in text and "Decree" not in text
    assert "Zones reached give the coins they take from your opponent (2 and 5), once" in text
    assert "Lay out the 20 cards of the Age" in text
    for lang in LANGUAGES:
        rules = markdown(duel, lang, DUEL)
        assert "| 6 | right | 1 |" not in rules and "Politician" not in rules
        page = html(duel, lang, DUEL)
        assert 'id="senate"' not in page and "table.chambers" not in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_senate_text_is_translated(agora: Game, lang: str) -> None:
    t = Translator(lang)
    sections = texts.rules_summary(t, agora)
    assert not [str(x) for s in sections for x in (s.title, *s.paragraphs, *s.bullets)
                if getattr(x, "fallback", False)]
    labels = texts.labels(t)
    assert not [k for k in ("senate", "chamber", "section", "decree", "decrees",
                            "military_tokens") if labels[k].fallback]
    assert not [s for s in ("left", "middle", "right")
                if texts.section_name(t, s).fallback]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_agoras_doc_and_sheet_show_the_senate(agora: Game, lang: str) -> None:
    t = Translator(lang)
    labels = texts.labels(t)
    rules = markdown(agora, lang, AGORA)
    assert f"## {labels['senate']}\n" in rules and f"## {labels['decrees']}\n" in rules
    assert f"## {labels['military_tokens']}\n" in rules
    assert f"| 3 | {texts.section_name(t, 'middle')} | 3 | {labels['face_up']} |" in rules
    assert str(t.gettext("Senate (chambers controlled)")) in rules
    # The senators, in no Age deck, have a section of their own with their cost.
    senators = rules.split("Politician of the Left I")[1].split("\n")[0]
    assert str(t.gettext("1 coin per senator you already have")) in senators
    assert str(texts.section_name(t, "left")) in senators  # the effect's section, translated
    assert len(re.findall(r"\| \*\*Conspirator [IV]+\b", rules)) == 6
    assert rules.count("| **Politician of") == 7
    page = html(agora, lang, AGORA)
    assert 'id="senate"' in page and page.count("<tr><td>") >= 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_decrees_and_military_tokens_have_their_own_headings(agora: Game, lang: str) -> None:
    rules = markdown(agora, lang, AGORA)
    labels = texts.labels(Translator(lang))
    progress = rules.split(f"## {labels['tokens']}\n")[1].split("\n## ")[0]
    decrees = rules.split(f"## {labels['decrees']}\n")[1].split("\n## ")[0]
    military = rules.split(f"## {labels['military_tokens']}\n")[1].split("\n## ")[0]
    plots = rules.split(f"## {labels['conspiracies']}\n")[1].split("\n## ")[0]
    assert "| **Corruption" in progress and "Corruption" not in decrees + military + plots
    assert decrees.count("\n| **") == 16 and "Decree**" not in progress + military + plots
    assert plots.count("\n| **") == 16 and "| **Blackmail" in plots
    assert "Blackmail" not in progress + decrees + military
    assert "| **Small Military Token" in military and "| **Large Military Token" in military
    assert "Military Token" not in progress + decrees


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_agoras_names_come_out_in_each_language(agora: Game, lang: str, tmp_path: Path
                                                ) -> None:
    """The base game's names in the language and Agora's own, as the locale files give them:
    today every Agora component is listed under english_fallback (docs/sources.md), so a name
    added to `cards/agora/locales/<lang>.yaml` is the test's own."""
    base = load_names(DUEL, lang)
    rules = markdown(agora, lang, AGORA)
    for name in base.values():
        assert f"**{name}**" in rules
    cards = tmp_path / "cards"
    for game in ("duel", "agora"):
        shutil.copytree(DUEL.parent / game, cards / game)
    locale = cards / "agora" / "locales" / f"{lang}.yaml"
    text = locale.read_text(encoding="utf-8").replace("  - knossos\n", "")
    locale.write_text(text.replace("names: {}", "names:\n  knossos: Knossos-" + lang),
                      encoding="utf-8")
    names = load_names(cards / "agora", lang)
    assert names["knossos"] == f"Knossos-{lang}" and names.items() >= base.items()
    assert f"**Knossos-{lang}**" in sheets.render_markdown(agora, lang, names)
    assert f"Knossos-{lang}" in sheets.render_html(agora, lang, names)
    before = untranslated_names(AGORA, agora, (lang,))[lang]
    after = untranslated_names(cards / "agora", agora, (lang,))[lang]
    assert after == (before[0] - 1, before[1])
