"""Shared fixtures. Keep this small: helpers used by one test file live in that file."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "cards" / "duel"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def duel_copy(tmp_path: Path) -> Path:
    """A private copy of cards/duel to break; the real data is never touched."""
    target = tmp_path / "cards" / "duel"
    shutil.copytree(DUEL, target)
    return target
