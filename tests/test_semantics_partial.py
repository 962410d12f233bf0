"""Semantic checks still run on the files that pass the schema when another file does not,
and the checks that need every card (counts, chain ends, set-up) do not misfire then."""
from __future__ import annotations

from pathlib import Path

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
    assert names == {"chain_ends", "age_counts", "science_symbols", "structure_slots",
                     "setup_components",
                     # a circle of cities (wondersmith.validate.circle)
                     "hands_dealt", "guilds_enough", "printed_counts", "boards_dealt",
                     # the Senate's Decrees among the tokens (mechanic senate)
                     "senate_decrees"}
    assert semantics.WHOLE_GAME < set(semantics.CHECKS)
