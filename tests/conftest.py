"""Shared fixtures. Keep this small: helpers used by one test file live in that file."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "cards" / "duel"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ENGINE_DOC = ROOT / "docs" / "engine.md"
DOC_MECHANIC = "opening_vote"  # the worked example of docs/engine.md, "How to add a mechanic"


@pytest.fixture
def duel_copy(tmp_path: Path) -> Path:
    """A private copy of cards/duel to break; the real data is never touched."""
    target = tmp_path / "cards" / "duel"
    shutil.copytree(DUEL, target)
    return target


def assert_hint_and_excerpt(diagnostic, hint: str, under: str) -> None:
    """A fixture's diagnostic teaches: its hint says `hint`, and its excerpt shows its source
    line with carets under exactly `under`."""
    from wondersmith.diagnostics import hint_of
    from wondersmith.excerpts import display, render, source_line

    assert hint and hint in hint_of(diagnostic), (hint, hint_of(diagnostic))
    gutter, shown, carets = render(diagnostic.file, diagnostic.line, diagnostic.column)
    source = display(source_line(diagnostic.file, diagnostic.line).expandtabs(4)).rstrip()
    prefix = f" {diagnostic.line} | "
    assert shown.startswith(prefix) and gutter == " " * (len(prefix) - 2) + "|"
    if len(source) <= 100:  # a long line is cut around the column
        assert shown[len(prefix):] == source
    marks = carets[len(prefix):]
    start = len(marks) - len(marks.lstrip(" "))
    width = len(marks.strip())
    assert set(marks.strip()) == {"^"}
    assert shown[len(prefix) + start:len(prefix) + start + width] == under, \
        (shown, carets, under)


def register_doc_mechanic() -> None:
    """Run the code block of docs/engine.md's "How to add a mechanic" as written, once per
    session (node kinds and mechanics are global): a mechanic in which every seat votes at
    once for a progress token, used by the engine, CLI and adapter tests of simultaneous
    decisions."""
    from wondersmith.engine.core.kinds import OWNER

    if DOC_MECHANIC in OWNER:
        return
    text = ENGINE_DOC.read_text(encoding="utf-8")
    section = text[text.index("## How to add a mechanic"):]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(example, str(ENGINE_DOC), "exec"), {"__name__": "opening_vote_example"})  # noqa: S102 (our own doc)


def with_rules(game, section: str, **keys):
    """`game` with keys of one section of its rules record replaced (a section it lacks is
    added): `with_rules(classic, "conflicts", defeat=-2)`."""
    import dataclasses

    rules = {**game.rules, section: {**game.rules.get(section, {}), **keys}}
    return dataclasses.replace(game, rules=rules)


class RecordedPools:
    """Stands in for ProcessPoolExecutor: records each pool's size, plays in threads."""

    def __init__(self) -> None:
        self.sizes: list[int] = []

    def __call__(self, max_workers: int, **options):
        from concurrent.futures import ThreadPoolExecutor

        self.sizes.append(max_workers)
        return ThreadPoolExecutor(max_workers)


@pytest.fixture
def recorded_pools() -> RecordedPools:
    """Patch it in for a module's ProcessPoolExecutor to see how many processes it starts."""
    return RecordedPools()
