"""docs/dsl.md stays in step with the vocabulary, and its complete-file examples are valid.

Run `python tests/test_docs_dsl.py` to regenerate the verb table from the registry.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from wondersmith.dsl import schemas
from wondersmith.validate import strict_yaml
from wondersmith.dsl.vocabulary import AMOUNT_SCHEMA, VERBS

ROOT = Path(__file__).resolve().parent.parent
DSL = ROOT / "docs" / "dsl.md"
START, END = "<!-- verbs:start -->", "<!-- verbs:end -->"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)
MODELINE = re.compile(r"# yaml-language-server: \$schema=\S*?([\w.]+\.schema\.json)")


def _defaults(verb: str) -> str:
    schema = VERBS[verb].VALUE_SCHEMA or {}
    if schema is AMOUNT_SCHEMA:
        schema = AMOUNT_SCHEMA["anyOf"][1]
    found = [f"`{k}: {v['default']}`" for k, v in schema.get("properties", {}).items()
             if "default" in v]
    return ", ".join(found) or "—"


def verb_table() -> str:
    rows = ["| verb | timing | value | defaults | example |", "|---|---|---|---|---|"]
    for name, cls in VERBS.items():
        value = cls.VALUE_SCHEMA["description"] if cls.VALUE_SCHEMA else "none (a bare verb)"
        rows.append(f"| `{name}` | {cls.TIMING} | {value} | {_defaults(name)} | "
                    f"`{cls.EXAMPLE}` |")
    return "\n".join(rows)


def _current_table(text: str) -> str:
    return text.split(START, 1)[1].split(END, 1)[0].strip()


def test_verb_table_is_current() -> None:
    assert _current_table(DSL.read_text(encoding="utf-8")) == verb_table(), \
        "docs/dsl.md verb table is stale: run `python tests/test_docs_dsl.py`"


@pytest.mark.parametrize("verb", list(VERBS))
def test_every_verb_is_explained(verb: str) -> None:
    text = DSL.read_text(encoding="utf-8")
    prose = text.split(END, 1)[1]  # beyond the generated table
    assert re.search(rf"^- `{verb}`: \S", prose, re.M), f"no explanation of `{verb}`"


def _complete_files() -> list[tuple[int, str, str]]:
    """(line, schema file, text) of every ```yaml block that starts with a schema modeline."""
    text = DSL.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        body = match.group(1)
        modeline = MODELINE.match(body)
        if modeline and body.strip() != body.splitlines()[0].strip():  # more than the line
            found.append((text.count("\n", 0, match.start()) + 2, modeline.group(1), body))
    return found


COMPLETE = _complete_files()


def test_there_are_complete_examples() -> None:
    # The Duel token file and the three classic cards at least.
    assert len(COMPLETE) >= 4


@pytest.mark.parametrize("line, schema, body", COMPLETE, ids=[f"line{c[0]}" for c in COMPLETE])
def test_complete_examples_are_valid(line: int, schema: str, body: str) -> None:
    doc = strict_yaml.load(f"dsl.md:{line}", body.encode())
    assert doc.diagnostics == []
    validator = Draft202012Validator(
        {"cards.schema.json": schemas.cards_schema, "game.schema.json": schemas.game_schema}
        [schema]())
    errors = [e.message for e in validator.iter_errors(doc.data)]
    assert errors == []


def test_classic_examples_use_classic_verbs() -> None:
    # The three classic cards the brief asks for are all there, written with their verbs.
    bodies = "\n".join(b for _, _, b in COMPLETE)
    assert "trade_price: {resources: [clay, stone, wood, ore], price: 1, from: right}" in bodies
    assert "science_choice: [compass, gear, tablet]" in bodies
    assert "play_seventh_card" in bodies and "boards:" in bodies


if __name__ == "__main__":  # regenerate the table in place
    text = DSL.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    DSL.write_text(f"{head}{START}\n{verb_table()}\n{END}{rest.split(END, 1)[1]}",
                   encoding="utf-8")
    sys.exit(0)


def test_the_mechanics_table_gives_each_mechanic_its_seatings_and_needs() -> None:
    from wondersmith.engine.mechanics.catalogue import MECHANICS

    row = re.compile(r"^\| `(\w+)` \| ([^|]+) \|", re.M)
    table = {name: cell.strip() for name, cell in row.findall(DSL.read_text(encoding="utf-8"))
             if name in MECHANICS}
    assert set(table) == set(MECHANICS)
    for name, about in MECHANICS.items():
        seatings, _, needs = table[name].partition(" (needs ")
        assert seatings.split(", ") == list(about.seatings), name
        assert re.findall(r"`(\w+)`", needs) == list(about.requires), name
