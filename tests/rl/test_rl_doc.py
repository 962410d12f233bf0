"""Every Python example of docs/rl.md runs."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_doc_has_an_example_for_each_adapter():
    assert any("pyspiel.load_game" in block for block in BLOCKS)
    assert any("wondersmith.rl.pettingzoo" in block for block in BLOCKS)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_doc_example_runs(index, monkeypatch):
    monkeypatch.chdir(DOC.parents[1])  # an example loads generated/ of the repository
    exec(compile(BLOCKS[index], f"{DOC.name}[{index}]", "exec"), {"__name__": "__doc_example__"})
