"""The reference sheet and rules doc of classic 7 Wonders: cards by Age with the player count
of each copy, the guilds, every Wonder board with both sides, the conflict tokens, the scoring
pad for N players and the rules summary of the classic mechanics, in every language, every
number read from cards/classic/game.yaml.

Rendered from the validated intermediate form (no compiled classes needed).
"""
from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.ir.loader import load
from wondersmith.ir.model import Game
from wondersmith.ir.rules import guilds_at
from wondersmith.render import scoring, sheets, texts
from wondersmith.render.i18n import LANGUAGES, Translator
from wondersmith.validate.locales import load_names

from conftest import ROOT, with_rules

CLASSIC = ROOT / "cards" / "classic"
CLASSIC_MECHANICS = ("hand_draft", "neighbour_trade", "conflicts", "science_sets",
                     "wonder_boards")


@pytest.fixture(scope="module")
def classic() -> Game:
    return load(CLASSIC)


@pytest.fixture(scope="module")
def html(classic: Game) -> dict[str, str]:
    return {lang: sheets.render_html(classic, lang, load_names(CLASSIC, lang))
            for lang in LANGUAGES}


@pytest.fixture(scope="module")
def markdown(classic: Game) -> dict[str, str]:
    return {lang: sheets.render_markdown(classic, lang, load_names(CLASSIC, lang))
            for lang in LANGUAGES}


def summary_text(game: Game, lang: str) -> str:
    sections = texts.rules_summary(Translator(lang), game)
    return "\n".join(str(x) for s in sections for x in (s.title, *s.paragraphs, *s.bullets))


def article(page: str, element_id: str) -> str:
    """The HTML of one card or board article, by its id."""
    start = page.index(f'id="{element_id}"')
    return page[start:page.index("</article>", start)]


# Cards by Age, with the player count of each copy ----------------------------------------

def test_every_copy_has_its_player_count_mark(classic: Game, html: dict[str, str]) -> None:
    for building in classic.buildings:
        card = article(html["en"], f"building-{building.id}")
        marks = re.findall(r'<span class="copy">([^<]*)</span>', card)
        assert marks == [f"{n}+" for n in building.copies], building.id
    # a guild has no copies and no marks
    assert all(not b.copies for b in classic.guilds())


def test_the_marks_add_up_to_seven_cards_a_player(classic: Game) -> None:
    """What the sheet prints is what the deck holds: marks up to N give 7 x N cards an Age."""
    view = {b.id: sheets.card_view(Translator("en"), b, {}, False) for b in classic.buildings}
    for players in classic.player_counts:
        for deck in classic.ages:
            cards = sum(sum(1 for m in view[b.id].copies if int(m[:-1]) <= players)
                        for b in classic.age_cards(deck.age))
            if deck.age == classic.rules["setup"]["guilds"]["age"]:
                cards += guilds_at(classic.rules, players)
            hand = classic.config("hand_draft").hand[deck.age - 1]
            assert cards == hand * players, (players, deck.age)


def test_the_rules_doc_lists_the_copies_of_each_card(markdown: dict[str, str]) -> None:
    assert "| **Tavern** | 4+ 5+ 7+ | Free |" in markdown["en"]
    assert "| **Taverne** | 4+ 5+ 7+ | Gratuit |" in markdown["fr"]
    assert "| Name | Players | Cost |" in markdown["en"]


def test_a_change_of_copies_reaches_the_sheet(classic: Game) -> None:
    tavern = next(b for b in classic.buildings if b.id == "tavern")
    patched = dataclasses.replace(classic, buildings=tuple(
        dataclasses.replace(b, copies=(3, 6)) if b is tavern else b for b in classic.buildings))
    card = article(sheets.render_html(patched, "en", {}), "building-tavern")
    assert re.findall(r'<span class="copy">([^<]*)</span>', card) == ["3+", "6+"]


def test_chains_are_named_by_their_cards(classic: Game, html: dict[str, str]) -> None:
    temple = article(html["en"], "building-temple")
    assert "Free with" in temple and "Altar" in temple and "Pantheon" in temple
    forum = article(html["en"], "building-forum")
    assert "West Trading Post or East Trading Post" in forum
    assert "Autel" in article(html["fr"], "building-temple")  # the French card names
    assert 'class="icon i-chain-link"' in temple


def test_every_card_and_guild_is_on_the_sheet_by_age(classic: Game,
                                                     html: dict[str, str]) -> None:
    for deck in classic.ages:
        start = html["en"].index(f'<section class="age" id="age-{deck.age}">')
        section = html["en"][start:html["en"].index("</section>", start)]
        assert sorted(re.findall(r'id="building-([a-z0-9_]+)"', section)) == \
            sorted(b.id for b in classic.age_cards(deck.age))
    start = html["en"].index('<section class="guilds"')
    guilds = html["en"][start:html["en"].index("</section>", start)]
    assert len(re.findall(r'id="building-', guilds)) == len(classic.guilds()) == 10


# Wonder boards --------------------------------------------------------------------------

def test_every_board_has_both_sides_with_each_stage(classic: Game,
                                                    html: dict[str, str]) -> None:
    assert len(classic.boards) == 7
    for board in classic.boards:
        page = article(html["en"], f"board-{board.id}")
        sides = re.split(r'<div class="side side-', page)[1:]
        assert [s[0] for s in sides] == ["a", "b"], board.id
        for (side, stages), text in zip(board.sides, sides):
            assert text.count('<li class="stage">') == len(stages), (board.id, side)
        (resource, units), = board.produces
        assert f"Starting resource: {units} {resource}" in page


def test_a_board_stage_shows_its_cost_and_effects(html: dict[str, str],
                                                  markdown: dict[str, str]) -> None:
    gizah = article(html["en"], "board-gizah")
    assert "Cost: 4 stone and 1 papyrus" in gizah and "7 victory points" in gizah
    assert "| Side B | 4 | 4 stone and 1 papyrus | 7 victory points |" in markdown["en"]
    assert "| Side A | 2 | 3 ore | At the end of the turn, build a card of your choice " \
           "from the discard pile, for free |" in markdown["en"]
    assert "| Face B | 4 | 4 pierres et 1 papyrus |" in markdown["fr"]


def test_the_rules_doc_lists_every_stage(classic: Game, markdown: dict[str, str]) -> None:
    for lang in LANGUAGES:
        rows = re.findall(r"^\| [^|]+ \| (\d) \| ", markdown[lang], re.M)
        assert len(rows) == sum(len(stages) for b in classic.boards for _, stages in b.sides)


# Conflict tokens and the scoring pad ----------------------------------------------------

def test_conflict_tokens_come_from_the_data(classic: Game, markdown: dict[str, str]) -> None:
    assert "| Age I | +1 | -1 |\n| Age II | +3 | -1 |\n| Age III | +5 | -1 |" in markdown["en"]
    changed = with_rules(classic, "conflicts", victory=(2, 4, 6), defeat=-2)
    md = sheets.render_markdown(changed, "en", {})
    assert "| Age I | +2 | -2 |\n| Age II | +4 | -2 |\n| Age III | +6 | -2 |" in md


@pytest.mark.parametrize("players_max", [3, 5, 7])
def test_the_scoring_pad_has_a_column_per_seat(classic: Game, players_max: int) -> None:
    game = dataclasses.replace(classic, players_max=players_max)
    page = sheets.render_html(game, "en", {})
    start = page.index('<table class="pad">')
    pad = page[start:page.index("</table>", start)]
    header = pad[:pad.index("</tr>")]
    assert re.findall(r"<th>Player (\d)</th>", header) == [str(n)
                                                          for n in range(1, players_max + 1)]
    rows = re.findall(r'<tr class="row-([a-z]+)">(.*?)</tr>', pad, re.S)
    assert all(cells.count("<td>") == players_max for _, cells in rows)
    md = sheets.render_markdown(game, "en", {})
    assert f"## Scoring pad for {players_max} players" in md


def test_the_scoring_pad_rows_follow_the_game(classic: Game) -> None:
    t = Translator("en")
    assert [k for k, _ in scoring.pad_rows(t, classic)] == [
        "military", "coins", "wonders", "blue", "green", "yellow", "purple", "total"]
    duel = load(ROOT / "cards" / "duel")
    assert [k for k, _ in scoring.pad_rows(t, duel)] == [
        "military", "coins", "wonders", "blue", "green", "yellow", "purple", "tokens", "total"]
    assert scoring.pad_players(duel) == 2 and scoring.pad_players(classic) == 7
    for lang in LANGUAGES:
        labels = [label for _, label in scoring.pad_rows(Translator(lang), classic)]
        assert not any(label.fallback for label in labels), lang


# The rules summary ------------------------------------------------------------------------

def numbers(game: Game) -> dict[str, str]:
    """Numbers the summary must state, read from the game."""
    rules = game.rules
    variant = rules["two_player_variant"]
    return {
        "starting coins": str(rules["setup"]["starting_coins"]),
        "boards": str(rules["setup"]["boards"]["count"]),
        "hand": str(rules["ages"][0]["hand"]),
        "guilds plus": str(rules["setup"]["guilds"]["count"]["players_plus"]),
        "discard": str(rules["discard"]["coins"]),
        "turns": str(rules["turn"]["per_age"]),
        "trade price": str(rules["trade"]["base_price"]),
        "victory": str(rules["conflicts"]["victory"][-1]),
        "defeat": str(rules["conflicts"]["defeat"]),
        "set size": str(rules["science"]["set_size"]),
        "set points": str(rules["science"]["set_points"]),
        "coins per point": str(rules["scoring"]["coins_per_point"]),
        "variant deck": str(variant["deck_players"]),
        "draw pile": str(variant["draw_pile"]),
        "free city coins": str(variant["free_city_coins"]),
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_states_the_numbers_of_the_data(classic: Game, lang: str) -> None:
    text = summary_text(classic, lang)
    for what, number in numbers(classic).items():
        assert re.search(rf"(?<![\d+]){re.escape(number)}(?!\d)", text), (lang, what, number)
    sections = texts.rules_summary(Translator(lang), classic)
    untranslated = [str(x) for s in sections for x in (s.title, *s.paragraphs, *s.bullets)
                    if getattr(x, "fallback", False)]
    assert untranslated == []


def _copy_with(tmp_path: Path, edit) -> Game:
    target = tmp_path / "cards" / "classic"
    shutil.copytree(CLASSIC, target)
    path = target / "game.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                    encoding="utf-8")
    return load(target)


def test_a_number_changed_in_the_data_changes_the_summary(tmp_path: Path) -> None:
    def edit(data: dict) -> None:
        data["trade"]["base_price"] = 4
        data["discard"]["coins"] = 5
        data["conflicts"]["victory"] = [2, 4, 8]
        data["science"]["set_points"] = 9
        data["setup"]["starting_coins"] = 6
        data["scoring"]["coins_per_point"] = 4
        data["two_player_variant"]["draw_pile"] = 8
    changed = _copy_with(tmp_path, edit)
    expected = {
        "en": ["for 4 coins a unit", "Discard it: take 5 coins", "8 victory points in Age III",
               "scores 9 victory points more", "takes 6 coins", "Each set of 4 coins",
               "the 8 cards left"],
        "fr": ["pour 4 pièces l'unité", "prenez 5 pièces", "8 points de victoire à l'âge III",
               "rapporte 9 points de victoire de plus", "prend 6 pièces",
               "Chaque lot de 4 pièces", "les 8 cartes restantes"],
        "it": ["per 4 monete l'unità", "prendi 5 monete", "8 punti vittoria nell'Epoca III",
               "vale 9 punti vittoria in più", "prende 6 monete", "Ogni gruppo di 4 monete",
               "le 8 carte rimaste"],
        "pt": ["por 4 moedas a unidade", "receba 5 moedas", "8 pontos de vitória na Era III",
               "vale mais 9 pontos de vitória", "recebe 6 moedas", "Cada grupo de 4 moedas",
               "as 8 cartas que sobram"],
        "vi": ["với giá 4 xu mỗi đơn vị", "nhận 5 xu", "8 điểm chiến thắng ở Thời kỳ III",
               "được thêm 9 điểm chiến thắng", "nhận 6 xu", "Mỗi 4 xu", "8 thẻ còn lại"],
    }
    for lang, phrases in expected.items():
        text = summary_text(changed, lang)
        missing = [p for p in phrases if p not in text]
        assert missing == [], (lang, missing)
        assert "5 victory points in Age III" not in text


def test_the_pass_direction_of_each_age_comes_from_the_data(classic: Game) -> None:
    assert "to the left neighbour in Ages I and III and to the right neighbour in Age II" \
        in summary_text(classic, "en")
    flipped = dataclasses.replace(classic, rules={**classic.rules, "ages": tuple(
        {**a, "pass": "right"} for a in classic.rules["ages"])})
    assert "to the right neighbour in Ages I, II, and III" in summary_text(flipped, "en")


@pytest.mark.parametrize("mechanic, sentence", [
    ("hand_draft", "Every player chooses a card from their hand at the same time"),
    ("hand_draft", "Then pass the rest of your hand"),
    ("hand_draft", "An Age has 6 turns"),
    ("hand_draft", "With 2 players, a third city, the Free City"),
    ("neighbour_trade", "bought from your left or right neighbour for 2 coins a unit"),
    ("neighbour_trade", "Coins received during a turn can be spent only from the next turn."),
    ("conflicts", "compare your shields with each neighbour's"),
    ("science_sets", "each set of 3 different symbols scores 7 victory points more"),
    ("wonder_boards", "Deal one of the 7 Wonder boards to each player at random."),
    ("wonder_boards", "Build a stage of your Wonder with it"),
])
def test_a_classic_part_is_there_exactly_when_its_mechanic_is_listed(
        classic: Game, mechanic: str, sentence: str) -> None:
    assert sentence in summary_text(classic, "en")
    others = tuple(m for m in CLASSIC_MECHANICS if m != mechanic)
    assert sentence not in summary_text(dataclasses.replace(classic, mechanics=others), "en")


def test_the_two_player_variant_is_there_only_when_declared(classic: Game) -> None:
    assert "Two players" in summary_text(classic, "en")
    assert "21 cards in each Age" in summary_text(classic, "en")  # 3-player deck, from data
    without = dataclasses.replace(classic, rules={
        k: v for k, v in classic.rules.items() if k != "two_player_variant"})
    text = summary_text(without, "en")
    assert "Two players" not in text and "Free City" not in text


def test_an_unknown_mechanic_is_refused(classic: Game) -> None:
    unknown = dataclasses.replace(classic, mechanics=(*classic.mechanics, "hand_drafts"))
    with pytest.raises(sheets.RenderError, match="unknown mechanics: 'hand_drafts'"):
        sheets.render_html(unknown, "en", {})
    with pytest.raises(sheets.RenderError, match="unknown"):
        sheets.render_markdown(unknown, "fr", {})


def test_card_types_read_as_classic(classic: Game) -> None:
    kinds = {color: str(text) for color, _, text in texts.card_types(Translator("en"), classic)}
    assert "neighbours" in kinds["red"] and "pawn" not in kinds["red"]
    assert "discard" not in kinds["yellow"]


# Output -----------------------------------------------------------------------------------

def test_rendering_is_deterministic(classic: Game, html: dict[str, str],
                                    markdown: dict[str, str]) -> None:
    for lang in ("en", "vi"):
        names = load_names(CLASSIC, lang)
        assert sheets.render_html(classic, lang, names) == html[lang]
        assert sheets.render_markdown(classic, lang, names) == markdown[lang]


def test_no_classic_text_is_left_untranslated_but_names(classic: Game,
                                                        html: dict[str, str]) -> None:
    """In French every text is translated; only names without a source fall back."""
    marked = re.findall(r'<span class="untranslated" lang="en">([^<]*)</span>', html["fr"])
    names = {c.name for c in classic.components()}
    assert set(marked) <= names, set(marked) - names


def _with_setting(game: Game, key: str, value: object) -> Game:
    return with_rules(game, "two_player_variant", **{key: value})


@pytest.mark.parametrize("key, value, sentence", [
    ("free_city_card_starts", "right_of_free_city", "The player to the right of the Free City"),
    ("free_city_discards", "freely", "may discard a card like any city"),
    ("free_city_builds_chains", "when_chosen", "only when the player chooses to"),
    ("free_city_last_card", "played", "is played for the Free City"),
])
def test_each_variant_setting_has_its_words(classic: Game, key: str, value: str,
                                            sentence: str) -> None:
    assert sentence not in summary_text(classic, "en")
    for lang in LANGUAGES:
        sections = texts.rules_summary(Translator(lang), _with_setting(classic, key, value))
        assert not any(x.fallback for s in sections for x in s.paragraphs), lang
    assert sentence in summary_text(_with_setting(classic, key, value), "en")


def test_the_variant_words_cover_every_value_the_schema_allows() -> None:
    from wondersmith.dsl.rules_keys import two_player_variant_schema
    from wondersmith.render.circle_texts import VARIANT_SETTINGS

    properties = two_player_variant_schema()["properties"]
    for key, allowed in VARIANT_SETTINGS.items():
        assert key in properties, key
        if allowed is not None:
            assert set(allowed) == set(properties[key]["enum"]), key
    assert set(properties) - {"players", "deck_players"} == set(VARIANT_SETTINGS)


def test_an_unknown_variant_setting_is_refused(classic: Game) -> None:
    odd = _with_setting(classic, "free_city_last_card", "kept")
    with pytest.raises(sheets.RenderError, match="free_city_last_card: 'kept'"):
        sheets.render_html(odd, "en", {})


def test_the_names_follow_the_sources(classic: Game) -> None:
    """docs/sources.md, "Classic: names in other languages": French names for every card
    (the boards keep their names), Vietnamese for the Chamber of Commerce only, Italian and
    Portuguese none: every other id falls back to English, marked."""
    from wondersmith.validate import locales

    assert locales.check(CLASSIC) == []
    cards = {b.id for b in classic.buildings}
    boards = {b.id for b in classic.boards}
    assert set(load_names(CLASSIC, "fr")) == cards
    assert load_names(CLASSIC, "vi") == {"chamber_of_commerce": "Phòng Thương mại"}
    for lang in ("it", "pt"):
        assert load_names(CLASSIC, lang) == {}
        data = yaml.safe_load((CLASSIC / "locales" / f"{lang}.yaml").read_text("utf-8"))
        assert set(data["english_fallback"]) == cards | boards


# A classic board counts its stages ------------------------------------------------------

@pytest.mark.parametrize("lang, unit", [("en", "Wonder stage"), ("fr", "étape de Merveille"),
                                        ("it", "stadio della Meraviglia"),
                                        ("pt", "estágio da Maravilha"),
                                        ("vi", "giai đoạn Kỳ quan")])
def test_counts_of_wonders_read_as_stages_around_a_table(html, lang, unit):
    # Arena and the Builders Guild count Wonder stages in classic (rulings 13 and 15).
    assert unit in article(html[lang], "building-arena")
    assert unit in article(html[lang], "building-builders_guild")


def test_duel_counts_of_wonders_stay_wonders():
    duel = load(ROOT / "cards" / "duel")
    page = sheets.render_html(duel, "en", load_names(ROOT / "cards" / "duel", "en"))
    assert "for each Wonder" in page and "Wonder stage" not in page
