"""Semantic checks still run on the files that pass the schema when another file does not,
and the checks that need every card (counts, set-up) do not misfire then; the chain ends are
checked against what the broken files' text names, and say when a file could not be read."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.ir.loader import load_game
from wondersmith.validate import semantics


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _break_schema(duel_copy: Path) -> None:
    """A schema error in wonders.yaml: an unknown key."""
    _replace(duel_copy / "wonders.yaml", "  - id: the_pyramids\n",
             "  - id: the_pyramids\n    colour: red\n")


def test_semantic_error_of_a_valid_file_is_reported(duel_copy: Path) -> None:
    _break_schema(duel_copy)
    # A duplicate id and an undeclared resource in age1.yaml, which passes the schema.
    _replace(duel_copy / "age1.yaml", "  - id: logging_camp\n", "  - id: lumber_yard\n")
    _replace(duel_copy / "age1.yaml", "effects: [produce: {clay: 1}]\n  - id: clay_pit",
             "effects: [produce: {loom: 1}]\n  - id: clay_pit")
    loaded = load_game(duel_copy)
    codes = sorted((d.code, Path(d.file).name) for d in loaded.diagnostics)
    assert codes == [("WS201", "wonders.yaml"), ("WS301", "age1.yaml"), ("WS302", "age1.yaml")]
    assert loaded.game is None and not loaded.ok  # a partial game is never compiled


def test_whole_game_checks_wait_for_every_file(duel_copy: Path) -> None:
    # With age2.yaml broken, its cards are missing: Age II counts, the chains from Age I,
    # science symbols and structures would all misfire. Only the schema error is reported.
    _replace(duel_copy / "age2.yaml", "  - id: sawmill\n", "  - id: sawmill\n    colour: red\n")
    loaded = load_game(duel_copy)
    assert [d.code for d in loaded.diagnostics] == ["WS201"]


def test_broken_game_yaml_stops_semantics(duel_copy: Path) -> None:
    _replace(duel_copy / "game.yaml", "players: 2", "players: two")
    _replace(duel_copy / "age1.yaml", "  - id: logging_camp\n", "  - id: lumber_yard\n")
    assert [d.code for d in load_game(duel_copy).diagnostics] == ["WS204"]


def test_whole_game_checks_are_the_counting_ones() -> None:
    names = {fn.__name__ for fn in semantics.WHOLE_GAME}
    assert names == {"science_symbols", "setup_components",
                     # a circle of cities (wondersmith.validate.circle)
                     "guilds_enough", "boards_dealt",
                     # the Senate's Decrees among the tokens (mechanic senate)
                     "senate_decrees",
                     # the conspiracies among the tokens (mechanic conspiracies)
                     "conspiracy_deck"}
    assert semantics.WHOLE_GAME < set(semantics.CHECKS)
    # Told of the files that could not be loaded: the chains, and the counts Age by Age.
    assert {fn.__name__ for fn in semantics.SEES_UNREAD} == {
        "chain_ends", "age_counts", "structure_slots", "hands_dealt", "printed_counts"}
    assert not semantics.SEES_UNREAD & semantics.WHOLE_GAME


# --- Every problem in one run: a broken file does not hide the others' ---------------------


def _three_mistakes(duel: Path) -> None:
    """A bad indentation in age1.yaml, a misspelt verb in age2.yaml, and a chain in
    age3.yaml to a symbol nobody gives (a misspelling of the tower age1.yaml gives)."""
    _replace(duel / "age1.yaml", "  - id: stable\n    name: Stable\n",
             "  - id: stable\n     name: Stable\n")
    _replace(duel / "age2.yaml", "    chain_from: sword\n    effects: [shields: 1]",
             "    chain_from: sword\n    effects: [shield: 1]")
    _replace(duel / "age3.yaml", "    chain_from: tower\n", "    chain_from: towr\n")


def test_three_mistakes_in_three_files_in_one_run(duel_copy: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _three_mistakes(duel_copy)
    monkeypatch.chdir(duel_copy)
    result = CliRunner().invoke(app, ["validate", "--format", "json", "."])
    assert result.exit_code == 1
    found = {d["file"]: d for d in json.loads(result.stdout)}
    assert sorted((d["code"], f) for f, d in found.items()) == [
        ("WS101", "age1.yaml"), ("WS202", "age2.yaml"), ("WS304", "age3.yaml")]
    # The syntax error says what in its file waits for the fix.
    assert found["age1.yaml"]["message"].endswith(
        "(the rest of this file and the counts of Age 1 are checked once this is fixed)")
    # The missing symbol is checked against the broken files' text too: age1.yaml names
    # `tower` (so the chains from Age I's symbols are not reported), not `towr`.
    assert found["age3.yaml"]["message"] == (
        "no card gives chain symbol 'towr' (nor do age1.yaml and age2.yaml, which could not "
        "be loaded)")
    assert found["age3.yaml"]["hint"] == (
        "did you mean 'tower'? (age1.yaml, which could not be loaded, names it)")


def test_a_file_that_cannot_be_read_may_give_the_missing_symbol(duel_copy: Path) -> None:
    _three_mistakes(duel_copy)
    age1 = duel_copy / "age1.yaml"
    age1.write_bytes(b"\xff\xfe" + age1.read_bytes())  # not UTF-8: its text is unknown
    messages = {d.message for d in load_game(duel_copy).diagnostics if d.code == "WS304"}
    # Every symbol nobody loaded gives, age1.yaml's amphora among them, is reported so.
    assert messages == {
        "no card gives chain symbol 'towr' (the file age1.yaml could not be read and may "
        "give it)",
        "no card gives chain symbol 'amphora' (the file age1.yaml could not be read and may "
        "give it)"}


def test_a_symbol_nobody_uses_while_a_file_is_broken(duel_copy: Path) -> None:
    # age2.yaml is broken; age1's horseshoe is used by its text, age1's new flag by nothing.
    _replace(duel_copy / "age2.yaml", "  - id: sawmill\n", "  - id: sawmill\n    colour: red\n")
    _replace(duel_copy / "age1.yaml", "    name: Guard Tower\n",
             "    name: Guard Tower\n    chain_gives: flag\n")
    diagnostics = load_game(duel_copy).diagnostics
    assert [(d.code, d.message) for d in diagnostics if d.code != "WS201"] == [
        ("WS307", "no card chains from 'flag' (nor does age2.yaml, which could not be "
                  "loaded)")]


def test_the_counts_of_the_other_ages_are_checked(duel_copy: Path) -> None:
    # age1.yaml does not read; game.yaml miscounts Age I (not reported: its cards are in the
    # broken file) and Age II (reported: none of its cards can be there).
    _replace(duel_copy / "age1.yaml", "  - id: stable\n    name: Stable\n",
             "  - id: stable\n     name: Stable\n")
    game = duel_copy / "game.yaml"
    game.write_text(game.read_text().replace("cards: 23", "cards: 22"))  # Ages I and II
    found = [(d.code, d.message) for d in load_game(duel_copy).diagnostics]
    assert found[0][0] == "WS101"
    assert found[1:] == [("WS308", "Age 2 has 23 cards; game.yaml says 22"),
                         ("WS311", "Age 2's structure has 20 slots for 19 cards in play")]


def test_a_file_without_one_age_holds_back_every_age(duel_copy: Path) -> None:
    age1 = duel_copy / "age1.yaml"
    age1.write_text(age1.read_text().replace("age: 1\n", "age: [1\n"))
    game = duel_copy / "game.yaml"
    game.write_text(game.read_text().replace("cards: 23", "cards: 22"))
    (d,) = load_game(duel_copy).diagnostics  # age1.yaml might hold any Age's cards
    assert d.message.endswith("(the rest of this file and the counts of every Age are checked "
                              "once this is fixed)")


def test_a_broken_file_of_wonders_holds_back_the_set_up(duel_copy: Path) -> None:
    wonders = duel_copy / "wonders.yaml"
    wonders.write_text(wonders.read_text().replace("  - id: the_pyramids\n",
                                                   "  - id: the_pyramids\n   name: x\n"))
    (d,) = load_game(duel_copy).diagnostics
    assert d.message.endswith("(the rest of this file and the game's set-up are checked once "
                              "this is fixed)")


def test_a_circle_checks_the_hands_of_the_other_ages(tmp_path: Path) -> None:
    import shutil

    from conftest import ROOT

    classic = tmp_path / "classic"
    shutil.copytree(ROOT / "cards" / "classic", classic)
    (classic / "age1.yaml").write_bytes(b"\xff" + (classic / "age1.yaml").read_bytes())
    # game.yaml miscounts Age I (its cards are in age1.yaml) and Age II.
    for age, hand in ((1, 7), (2, 6)):
        _replace(classic / "game.yaml", f"{{age: {age}, printed: 49, hand: 7,",
                 f"{{age: {age}, printed: 48, hand: {hand},")
    found = sorted((d.code, d.message) for d in load_game(classic).diagnostics)
    # Not UTF-8: age1.yaml's Age is unknown, so every Age waits for it (and it may give any
    # of the chain symbols Age II's cards use).
    assert [code for code, _ in found if code != "WS304"] == ["WS106"]
    assert all(message.endswith("(the file age1.yaml could not be read and may give it)")
               for code, message in found if code == "WS304")
    (classic / "age1.yaml").write_bytes((classic / "age1.yaml").read_bytes()[1:].replace(
        b"  - id: lumber_yard\n", b"  - id: lumber_yard\n   name: x\n", 1))
    found = sorted((d.code, d.message) for d in load_game(classic).diagnostics)
    assert [code for code, _ in found] == ["WS101", "WS321", "WS323"]
    assert found[1][1].startswith("at 3 players Age 2 deals 21 cards; 3 hands of 6 need 18")
    assert found[2][1] == "Age 2's files print 49 cards; game.yaml says 48"


def test_a_broken_game_yaml_says_what_waits(duel_copy: Path) -> None:
    _replace(duel_copy / "game.yaml", "players: 2", "players: [2")
    (d,) = load_game(duel_copy).diagnostics
    assert d.code == "WS101" and d.message.endswith(
        "(the rest of game.yaml and every card against it are checked once this is fixed)")


# --- Chain hints ----------------------------------------------------------------------------


def _chain_hints(duel: Path) -> dict[str, str]:
    return {d.code: d.hint for d in load_game(duel).diagnostics}


def test_chain_from_a_card_id_names_the_symbol_it_gives(duel_copy: Path) -> None:
    _replace(duel_copy / "age2.yaml", "chain_from: horseshoe", "chain_from: stable")
    hints = _chain_hints(duel_copy)
    assert hints["WS304"] == ("'stable' is a card, not a chain symbol: Stable gives "
                              "`horseshoe`; write `chain_from: horseshoe`")
    assert hints["WS307"] == ("Horse Breeders names this card by its id, `chain_from: "
                              "stable`: write `chain_from: horseshoe` there")


def test_chain_from_a_card_that_gives_none(duel_copy: Path) -> None:
    _replace(duel_copy / "age2.yaml", "chain_from: horseshoe", "chain_from: lumber_yard")
    assert _chain_hints(duel_copy)["WS304"] == (
        "'lumber_yard' is a card, not a chain symbol, and Lumber Yard gives none: add "
        "`chain_gives: <symbol>` to it and write that symbol here")


def test_did_you_mean_offers_only_symbols_an_earlier_card_gives(duel_copy: Path) -> None:
    # Barracks (Age II) chains from a misspelt sword and gives a symbol of its own, closer to
    # the misspelling than sword: "did you mean" never offers the card its own symbol.
    _replace(duel_copy / "age2.yaml", "    chain_from: sword\n",
             "    chain_from: swordsx\n    chain_gives: swords\n")
    _replace(duel_copy / "age3.yaml", "    chain_from: tower\n", "    chain_from: swords\n")
    assert _chain_hints(duel_copy)["WS304"] == "did you mean 'sword'? (Garrison gives `sword`)"


def test_did_you_mean_skips_symbols_of_the_same_age(duel_copy: Path) -> None:
    # Archery Range gives target in Age II: Barracks, also Age II, cannot chain from it.
    _replace(duel_copy / "age2.yaml", "    chain_from: sword\n", "    chain_from: targe\n")
    hints = _chain_hints(duel_copy)
    assert hints["WS304"] == "add `chain_gives` to the earlier card, or remove `chain_from`"


def test_a_symbol_nobody_uses_never_offers_the_misspelling(duel_copy: Path) -> None:
    _replace(duel_copy / "age2.yaml", "chain_from: horseshoe", "chain_from: horseshoes")
    hints = _chain_hints(duel_copy)
    assert "'horseshoes'?" not in hints["WS307"]  # the misspelling is Horse Breeders'
    assert hints["WS307"] == ("Horse Breeders chains from `horseshoes`, which no card gives: "
                              "if it means this card's symbol, spell the two alike")
    assert hints["WS304"] == "did you mean 'horseshoe'? (Stable gives `horseshoe`)"
