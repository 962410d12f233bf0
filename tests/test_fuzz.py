"""Fuzzing the real data (tests/fuzzing.py): no mutant of cards/duel, cards/classic or
cards/agora (Duel's extension, compiled on cards/duel) crashes or hangs the validator, the
compiler or the generated code. A CI-sized, seeded run; the 10,000-case run
is `python benchmarks/fuzz_data.py`."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import fuzzing

CASES = 150  # about ten seconds; every seed gives the same cases
AGORA_CASES = 60  # each compiles Duel too: about as long


@pytest.mark.parametrize(("game", "cases"), [("duel", CASES), ("classic", CASES),
                                             ("agora", AGORA_CASES)])
def test_no_mutant_crashes_or_hangs(tmp_path: Path, game: str, cases: int) -> None:
    counts, failures = fuzzing.fuzz(cases, seed=2026, work=tmp_path, game=game)
    assert sum(counts.values()) == cases
    assert counts["diagnosed"] > 0  # the mutations really break the data...
    assert failures == [], "\n\n".join(
        f"seed {seed} case {case} ({target}: {'; '.join(steps)})\n{detail}"
        for seed, case, target, steps, detail in failures)


def test_mutants_are_deterministic_and_varied() -> None:
    mutator = fuzzing.Mutator()
    first = [mutator.mutant(random.Random(f"7:{i}")) for i in range(60)]
    again = [mutator.mutant(random.Random(f"7:{i}")) for i in range(60)]
    assert [(m.files, m.special) for m in first] == [(m.files, m.special) for m in again]
    assert all(m.special or m.files[m.target] != mutator.originals[m.target] for m in first)
    steps = {step.split(" at ")[0] for m in first for step in m.steps}
    assert {"swap_type", "delete"} <= steps and any(s.startswith("bytes:") for s in steps)
    # Issue 26: locale files are mutated too, list items become mappings, and data files
    # become links, pipes and folders.
    more = [mutator.mutant(random.Random(f"8:{i}")) for i in range(300)]
    assert any(m.target.startswith("locales/") for m in more)
    assert any(s.startswith("foreign_item") for m in more for s in m.steps)
    assert {m.special.split()[0] for m in more if m.special} == set(fuzzing.SPECIALS)


@pytest.mark.parametrize("game", ["duel", "classic", "agora"])
def test_the_unmutated_game_compiles(tmp_path: Path, game: str) -> None:
    mutator = fuzzing.Mutator(fuzzing.ROOT / "cards" / game)
    mutant = fuzzing.Mutant(dict(mutator.originals), "game.yaml", game=game, base=mutator.base)
    assert fuzzing.run_case(mutant, tmp_path) == ("compiled", "")


def test_a_crash_and_a_hang_are_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mutant = fuzzing.Mutant(dict(fuzzing.Mutator().originals), "game.yaml")

    def broken(*args, **kwargs):
        raise KeyError("wood")

    monkeypatch.setattr(fuzzing.outputs, "generate", broken)
    outcome, detail = fuzzing.run_case(mutant, tmp_path)
    assert outcome == "crashed" and "KeyError: 'wood'" in detail

    def forever(*args, **kwargs):
        while True:
            pass

    monkeypatch.setattr(fuzzing.outputs, "generate", forever)
    assert fuzzing.run_case(mutant, tmp_path, limit=0.5)[0] == "hung"
