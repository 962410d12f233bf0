"""The rules record (`wondersmith.ir.rules`): game.yaml's rule sections held once, as the
engine receives them, and read typed through the engine's own configs."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.codegen.export import export
from wondersmith.codegen.python import CompileError, generate
from wondersmith.dsl.rules_keys import AGE_RULES, SECTIONS
from wondersmith.engine.core.rules import CoreRules, RulesError
from wondersmith.engine.mechanics import configs
from wondersmith.ir import model
from wondersmith.ir.loader import load
from wondersmith.ir.rules import CORE, config, guilds_at, plain, record, variant_players
from wondersmith.render.sheets import RenderError, render_markdown

from conftest import FIXTURES, ROOT, with_rules

GAMES = ("duel", "classic")


def written(game: str) -> dict:
    return yaml.safe_load((ROOT / "cards" / game / "game.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_the_record_is_the_rule_sections_as_game_yaml_writes_them(game: str) -> None:
    data = written(game)
    rules = load(ROOT / "cards" / game).rules
    given = [s for s in SECTIONS if s in data and s != "ages"]
    assert [s for s in rules if s != "ages"] == given  # in SECTIONS order
    for section in given:
        assert rules[section] == plain(data[section])
        assert list(rules[section]) == list(data[section])  # keys in the order written


def test_ages_are_in_the_record_only_with_their_rule_keys() -> None:
    assert "ages" not in load(ROOT / "cards" / "duel").rules  # cards and colours: the deck
    classic = load(ROOT / "cards" / "classic")
    assert classic.rules["ages"] == tuple(
        {"age": a["age"], **{k: a[k] for k in AGE_RULES if k in a}}
        for a in written("classic")["ages"])
    assert [(a.age, a.cards, a.colors) for a in classic.ages] == [(1, 0, ()), (2, 0, ()),
                                                                 (3, 0, ())]


def test_the_record_holds_what_the_data_gives_and_nothing_else(tmp_path: Path) -> None:
    """No default is filled in, and a key of a mechanic the game does not list is kept: the
    compiled ruleset and the export carry it with no edit of the compiler."""
    folder = tmp_path / "circle"
    shutil.copytree(FIXTURES / "games" / "circle", folder)
    game_file = folder / "game.yaml"
    game_file.write_text(game_file.read_text(encoding="utf-8").replace(
        "  base_price: 2\n", "  base_price: 2\n  raised_by: [brown]\n"), encoding="utf-8")
    game = load(folder)
    assert game.rules["trade"] == {"base_price": 2, "raised_by": ("brown",),
                                   "from": "neighbours", "sellable": ("brown", "grey", "board"),
                                   "income_spendable": "next_turn"}
    assert "board_tokens" not in game.rules["setup"] and "military" not in game.rules
    assert export(game)["trade"]["raised_by"] == ["brown"]
    assert "'raised_by': ('brown',)" in generate(game, "cards/circle")["__init__.py"]


@pytest.mark.parametrize("game", GAMES)
def test_the_compiler_reads_each_mechanic_as_the_engine_does(game: str) -> None:
    import importlib

    ruleset = importlib.import_module(f"wondersmith.generated.{game}").RULESET
    loaded = load(ROOT / "cards" / game)
    assert loaded.rules == ruleset.rules  # the record the engine receives, value for value
    assert configs(ruleset.rules, ruleset.mechanics) == {
        name: loaded.config(name) for name in loaded.mechanics}
    assert loaded.config(CORE) == CoreRules.parse(ruleset.rules)


def test_a_record_a_mechanic_cannot_read_is_a_rules_error() -> None:
    duel = load(ROOT / "cards" / "duel")
    without = {k: v for k, v in duel.rules.items() if k != "military"}
    with pytest.raises(RulesError, match="mechanic 'military_track' cannot read the rules "
                                         "record: KeyError 'military'"):
        config(without, "military_track")
    bad = with_rules(duel, "trade", raise_per_unit="one")
    with pytest.raises(RulesError, match="raise_per_unit: expected a whole number"):
        bad.config("bank_trade")
    # compile and the sheets refuse it with that message, never a traceback
    with pytest.raises(CompileError, match="raise_per_unit: expected a whole number"):
        generate(bad, "cards/duel")
    with pytest.raises(RenderError, match="raise_per_unit: expected a whole number"):
        render_markdown(bad, "en", {})


def test_guilds_and_the_variant_are_read_from_the_record() -> None:
    duel, classic = load(ROOT / "cards" / "duel"), load(ROOT / "cards" / "classic")
    assert [guilds_at(duel.rules, n) for n in (2, 3)] == [3, 3]  # a fixed number
    assert [guilds_at(classic.rules, n) for n in (3, 7)] == [5, 9]  # players + 2
    assert (variant_players(duel.rules), variant_players(classic.rules)) == (None, 2)
    assert classic.guild_color == "purple" and len(classic.guilds()) == 10


def test_the_intermediate_form_has_no_second_copy_of_the_rules() -> None:
    """The game-level rules are one field of `Game`; the typed copies are gone."""
    import dataclasses

    for gone in ("Setup", "BoardDeal", "Conflicts", "ScienceSets", "TwoPlayerVariant", "Zone"):
        assert not hasattr(model, gone), gone
    names = {f.name for f in dataclasses.fields(model.Game)}
    assert "rules" in names
    assert not names & {"setup", "trade_base_price", "zones", "coins_per_point", "tie_break",
                        "conflicts", "science_sets", "two_player_variant", "turns_per_age"}
