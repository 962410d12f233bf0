"""A game that extends Duel (tests/fixtures/games/duel_plus), compiled, plays the same games as
the tests' own reading of its YAML (engine_yaml_ruleset.load_duel), which resolves the
extension by itself, apart from compiler/ir/extends.py."""
from __future__ import annotations

import random
import shutil
from pathlib import Path

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
