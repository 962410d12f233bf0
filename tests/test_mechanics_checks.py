"""The seating and the mechanics of game.yaml against what the engine has (WS319, WS320),
beyond the one broken example per code in tests/fixtures/game/."""
from __future__ import annotations

from pathlib import Path

from wondersmith.engine.mechanics import module
from wondersmith.engine.mechanics.catalogue import DUEL, MECHANICS
from wondersmith.ir.loader import load_game


def _patch(game: Path, old: str, new: str) -> None:
    path = game / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")


def _codes(game: Path) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in load_game(game).diagnostics]


def test_opponent_seating_needs_two_players(duel_copy: Path) -> None:
    _patch(duel_copy, "players: 2", "players: 3")
    assert ("WS320", "`seating: opponent` seats exactly two players; this game has 3") \
        in _codes(duel_copy)


def test_a_mechanic_needs_the_ones_it_reads(duel_copy: Path) -> None:
    _patch(duel_copy, "  - military_track\n", "")
    assert _codes(duel_copy) == [
        ("WS320", "mechanic 'weaker_player_starts' needs mechanic 'military_track', which "
                  "is not listed")]


def test_every_catalogued_mechanic_is_a_module_with_a_mixin_and_a_config() -> None:
    assert set(DUEL) <= set(MECHANICS)
    for name in MECHANICS:
        mod = module(name)
        assert mod.NAME == name and "__slots__" in vars(mod.MIXIN) and hasattr(mod, "Config")
