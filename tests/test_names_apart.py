"""Names that tell components apart (WS328, WS405; compiler/validate/names.py): alike once
case and Unicode forms are set aside, a name like another component's id, and the cards of
one name printed in several Ages, which are one card (issue 26, item 4)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from wondersmith.ir.loader import load_game
from wondersmith.validate.names import clashes, names_apart

CARDS = Path(__file__).resolve().parent.parent / "cards"
DUEL = load_game(CARDS / "duel").game
CLASSIC = load_game(CARDS / "classic").game


def _renamed(game, **names):
    buildings = tuple(dataclasses.replace(b, name=names.get(b.id, b.name)) for b in game.buildings)
    return dataclasses.replace(game, buildings=buildings)


def _found(game) -> list[tuple[str, str, str, str]]:
    return [(item.id, what, other.id, other_what) for item, what, other, other_what
            in clashes((c, c.name) for c in game.components())]


@pytest.mark.parametrize("name", ["LUMBER YARD", "lumber  yard", "Ｌｕｍｂｅｒ Ｙａｒｄ",
                                  "Lumber\u3000Yard", "ＬＵＭＢＥＲ ＹＡＲＤ"])
def test_names_alike_once_case_spaces_and_unicode_forms_are_set_aside_clash(name):
    assert _found(_renamed(DUEL, clay_pool=name)) == [("clay_pool", "name", "lumber_yard", "name")]


def test_a_name_like_another_components_id_clashes():
    assert _found(_renamed(DUEL, clay_pool="Lumber_Yard")) == \
        [("clay_pool", "name", "lumber_yard", "id")]


def test_composed_and_decomposed_accents_are_one_name():
    game = _renamed(DUEL, clay_pool="Caf\u00e9", clay_pit="Cafe\u0301")
    assert _found(game) == [("clay_pit", "name", "clay_pool", "name")]


def test_a_name_like_its_own_id_and_a_card_printed_in_two_ages_do_not_clash():
    assert _found(_renamed(DUEL, quarry="quarry")) == []
    reprinted = [(b.id, b.age) for b in CLASSIC.buildings if b.name == "Loom"]
    assert len(reprinted) == 2 and _found(CLASSIC) == []
    # The same name but for its case is two names alike, not one card.
    assert _found(_renamed(CLASSIC, loom_age2="LOOM")) == [("loom_age2", "name", "loom", "name")]


def test_the_diagnostic_names_both_components_where_the_later_is_written():
    game = _renamed(DUEL, clay_pool="LUMBER YARD")
    (d,) = list(names_apart(game, None))
    assert d.code == "WS328" and d.file.endswith("age1.yaml")
    assert "'clay_pool'" in d.message and "'lumber_yard'" in d.message
    assert d.line == next(b for b in game.buildings if b.id == "clay_pool").field_locs["name"].line
