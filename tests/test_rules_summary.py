"""The sheets' wording follows the data: effects read "your opponent" or "each neighbour" from
the game's seating, and the rules summary holds the parts of the mechanics the game lists."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wondersmith.dsl.rules_keys import KNOWN
from wondersmith.engine.mechanics.catalogue import DUEL as DUEL_MECHANICS
from wondersmith.ir.loader import load
from wondersmith.ir.model import Game
from wondersmith.render import sheets, texts
from wondersmith.render.i18n import LANGUAGES, Translator

from conftest import DUEL


@pytest.fixture(scope="module")
def duel() -> Game:
    return load(DUEL)


def declaring(game: Game, **fields: Any) -> Game:
    """The game as if its game.yaml declared `fields` (seating, mechanics)."""
    return dataclasses.replace(game, **fields)


def effect_texts(game: Game, card_id: str, lang: str = "en") -> list[str]:
    card = next(c for c in game.components() if c.id == card_id)
    view = sheets.card_view(Translator(lang), card, {}, game.seating == "opponent")
    return [str(e.text) for e in view.effects]


def all_text(sections: list[texts.Section]) -> str:
    return "\n".join(str(x) for s in sections for x in (s.title, *s.paragraphs, *s.bullets))


def test_duel_reads_as_duel(duel: Game) -> None:
    assert duel.seating == "opponent" and duel.mechanics == DUEL_MECHANICS
    assert effect_texts(duel, "the_appian_way")[1] == "Your opponent loses 3 coins"


def test_seating_decides_opponent_or_neighbours(duel: Game) -> None:
    circle = declaring(duel, seating="circle")
    assert effect_texts(circle, "the_appian_way")[1] == "Each neighbour loses 3 coins"
    assert effect_texts(circle, "the_appian_way", "fr")[1] != \
        effect_texts(duel, "the_appian_way", "fr")[1]
    # The seating, not the number of players, decides.
    assert effect_texts(declaring(circle, players=2), "the_appian_way")[1] == \
        "Each neighbour loses 3 coins"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_part_of_duels_mechanics_is_in_duels_summary(duel: Game, lang: str) -> None:
    sections = texts.rules_summary(Translator(lang), duel)
    parts = [p for layout in texts.SUMMARY for p in (*layout.paragraphs, *layout.bullets)
             if set(p.needs) <= set(DUEL_MECHANICS)]
    assert sum(len(s.paragraphs) + len(s.bullets) for s in sections) == len(parts)
    assert not any(getattr(x, "fallback", False) for s in sections
                   for x in (s.title, *s.paragraphs, *s.bullets))


def test_parts_need_only_mechanics_validation_knows() -> None:
    known = set(KNOWN)
    for layout in texts.SUMMARY:
        for part in (*layout.paragraphs, *layout.bullets):
            assert set(part.needs) <= known, part.needs


@pytest.mark.parametrize("mechanic, sentence", [
    ("wonder_draft", "Choose the Wonders: reveal 4"),
    ("wonder_draft", "Build a Wonder: pay the Wonder's cost"),
    ("card_structure", "Lay out the"),
    ("card_structure", "Then turn face up any card"),
    ("card_structure", "Discard it: take 2 coins from the bank"),
    ("progress_tokens", "After Age 3, add up victory points"),
    ("progress_tokens", "progress tokens face up on the board"),
    ("bank_trade", "A missing resource can be bought from the bank"),
    ("military_track", "Each shield moves the conflict pawn"),
    ("science_pairs", "different science symbols you win at once"),
    ("wonder_limit", "Wonders can be built: when the last one is built"),
    ("weaker_player_starts", "The player with the weaker military"),
])
def test_a_part_is_there_exactly_when_its_mechanic_is_listed(duel: Game, mechanic: str,
                                                             sentence: str) -> None:
    t = Translator("en")
    assert sentence in all_text(texts.rules_summary(t, duel))
    others = tuple(m for m in DUEL_MECHANICS if m != mechanic)
    assert sentence not in all_text(texts.rules_summary(t, declaring(duel, mechanics=others)))


def test_a_game_without_duel_mechanics_gets_only_the_shared_rules(duel: Game) -> None:
    sections = texts.rules_summary(Translator("en"), declaring(duel, mechanics=()))
    titles = [str(s.title) for s in sections]
    assert titles == ["Set-up", "Turn", "Costs and trade", "End of the game"]
    text = all_text(sections)
    assert "Each player takes 7 coins from the bank." in text
    assert "opponent" not in text and "three ways to win" not in text


@pytest.mark.parametrize("fields", [{"seating": "table"}, {"mechanics": ("progress_token",)}])
def test_unknown_seating_or_mechanics_are_refused_not_left_out(duel: Game,
                                                               fields: dict) -> None:
    with pytest.raises(sheets.RenderError, match="unknown"):
        sheets.context(declaring(duel, **fields), "en", {})
