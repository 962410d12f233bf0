"""A game that extends Duel (tests/fixtures/games/duel_plus), compiled, plays the same games as
the tests' own reading of its YAML (engine_yaml_ruleset.load_duel), which resolves the
extension by itself, apart from compiler/ir/extends.py."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.codegen import outputs
from wondersmith.engine import Game, load_ruleset

from engine_yaml_ruleset import DATA, load_duel

PLUS = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "duel_plus"


def test_the_compiled_extension_plays_like_an_independent_reading_of_its_yaml(tmp_path: Path):
    cards = tmp_path / "cards"
    shutil.copytree(DATA, cards / "duel")
    shutil.copytree(PLUS, cards / "duel_plus")
    result = outputs.expected(cards, tmp_path / "generated")
    assert result.ok, (result.errors, result.diagnostics)
    outputs.write(result, tmp_path / "generated")
    compiled = load_ruleset("duel_plus", path=tmp_path / "generated")
    other = load_duel(cards / "duel_plus")
    assert [w.id for w in other.wonders] == [w.id for w in compiled.wonders]
    for seed in range(20):
        rng = random.Random(seed)
        a, b = Game(compiled, seed=seed), Game(other, seed=seed)
        while not a.is_terminal:
            assert a.legal_actions() == b.legal_actions()
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
        ja, jb = a.to_json(), b.to_json()
        ja.pop("source_hash"), jb.pop("source_hash")
        assert ja == jb


def _extension(tmp_path: Path, **game) -> Path:
    """cards/duel beside a copy of duel_plus, its game.yaml's keys set by `game` (None: left
    out)."""
    cards = tmp_path / "cards"
    shutil.copytree(DATA, cards / "duel")
    shutil.copytree(PLUS, cards / "plus")
    data = {**yaml.safe_load((cards / "plus" / "game.yaml").read_text()), **game}
    (cards / "plus" / "game.yaml").write_text(
        yaml.safe_dump({k: v for k, v in data.items() if v is not None}))
    return cards / "plus"


def test_the_reading_finds_the_base_by_its_id_not_its_folder(tmp_path: Path):
    cards = tmp_path / "cards"
    shutil.copytree(DATA, cards / "base_game")  # the folder named otherwise: the id finds it
    shutil.copytree(PLUS, cards / "plus")
    read = load_duel(cards / "plus")
    assert read.game == "duel_plus" and read.rules["setup"]["starting_coins"] == 8
    assert read.rules["setup"]["board_tokens"] == 5  # the rest of `setup` is Duel's


def test_the_reading_replaces_a_base_component_only_where_replaces_lists_it(tmp_path: Path):
    with pytest.raises(ValueError, match="'the_colossus' is a base component's id"):
        load_duel(_extension(tmp_path / "a", replaces=None))
    with pytest.raises(ValueError, match=r"replaces: lists \['piraeus'\]"):
        load_duel(_extension(tmp_path / "b", replaces=["the_colossus", "piraeus"]))
