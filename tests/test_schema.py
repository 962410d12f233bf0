"""The schema files and the vocabulary cannot drift, and the schemas suit editor tooling."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from typer.testing import CliRunner

from wondersmith.dsl import schemas
from wondersmith.cli import app

from conftest import ROOT

SCHEMA_DIR = ROOT / "schema"
MODELINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")
# Keywords of 2019-09/2020-12 that draft-07 tools (yaml-language-server) ignore silently.
NOT_IN_DRAFT7 = {"unevaluatedProperties", "unevaluatedItems", "prefixItems", "dependentSchemas",
                 "dependentRequired", "$dynamicRef", "$dynamicAnchor", "$recursiveRef"}
runner = CliRunner()


def test_schema_files_match_the_vocabulary() -> None:
    # The generated ones and copies of the hand-written ones (locale, engine state), byte for
    # byte.
    expected = schemas.expected_files()
    assert sorted(p.name for p in SCHEMA_DIR.iterdir()) == sorted(expected)
    for name, text in expected.items():
        assert (SCHEMA_DIR / name).read_text(encoding="utf-8") == text, \
            f"schema/{name} is stale: run `wondersmith schema`"


def test_schema_check_command(tmp_path: Path) -> None:
    out = tmp_path / "schema"
    result = runner.invoke(app, ["schema", "--check", "--out", str(out)])
    assert result.exit_code == 1
    expected = schemas.expected_files()
    assert set(schemas.WRITTEN) < set(expected)
    for name in expected:  # all missing: each one is named
        assert name in result.stderr
    result = runner.invoke(app, ["schema", "--out", str(out)])
    assert result.exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(expected)
    assert runner.invoke(app, ["schema", "--check", "--out", str(out)]).exit_code == 0
    # Edit one file by hand: --check names it, and only it.
    victim = sorted(expected)[0]
    (out / victim).write_text("{}\n", encoding="utf-8")
    result = runner.invoke(app, ["schema", "--check", "--out", str(out)])
    assert result.exit_code == 1
    assert victim in result.stderr
    assert all(name not in result.stderr for name in expected if name != victim)
    # Writing again repairs exactly that file.
    result = runner.invoke(app, ["schema", "--out", str(out)])
    assert result.stdout.strip() == f"wrote {out / victim}"


def test_schema_check_on_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert runner.invoke(app, ["schema", "--check"]).exit_code == 0


YAML_FILES = sorted((ROOT / "cards").rglob("*.yaml"))


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_yaml_files_name_their_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    match = MODELINE.fullmatch(first)
    assert match, f"{path.relative_to(ROOT)} must start with '# yaml-language-server: $schema=...'"
    target = (path.parent / match.group(1)).resolve()
    assert target.is_file(), f"{match.group(1)} does not exist"
    assert target.parent == SCHEMA_DIR
    expected = {"game.yaml": "game.schema.json"}.get(path.name)
    if expected and "\nextends:" in path.read_text(encoding="utf-8"):
        expected = "extension.schema.json"  # a game that extends another lists only its own
    if path.parent.name == "locales":
        expected = "locale.schema.json"
    assert target.name == (expected or "cards.schema.json")


def _walk(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}/{i}")


def _keywords(node: Any) -> Iterator[str]:
    """Every keyword used in a schema; the keys of `properties` and `$defs` are names."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield k
            if k in ("properties", "$defs") and isinstance(v, dict):
                for sub in v.values():
                    yield from _keywords(sub)
            else:
                yield from _keywords(v)
    elif isinstance(node, list):
        for v in node:
            yield from _keywords(v)


# Every schema we publish: the generated ones, those the data files name for editors, and the
# hand-written ones (engine state, locales) in schema/.
DATA_SCHEMAS = {m.group(1).rsplit("/", 1)[-1] for p in YAML_FILES
                if (m := MODELINE.match(p.read_text(encoding="utf-8")))}
ALL_SCHEMAS = sorted({*schemas.SCHEMAS, *DATA_SCHEMAS,
                      *(p.name for p in SCHEMA_DIR.glob("*.schema.json"))})


def _load(name: str) -> dict:
    generated = schemas.expected_files()
    return json.loads(generated[name] if name in generated else
                      (SCHEMA_DIR / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_only_draft7_keywords(name: str) -> None:
    schema = _load(name)
    assert set(_keywords(schema)) & NOT_IN_DRAFT7 == set()


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_every_property_has_a_description(name: str) -> None:
    schema = _load(name)
    missing = []
    for path, node in _walk(schema):
        # Conditions (`if: {properties: {per: {const: cards}}}`) and what they impose refine
        # properties described elsewhere.
        if re.search(r"/(if|then|else)(/|$)", path):
            continue
        if isinstance(node, dict) and isinstance(node.get("properties"), dict):
            for prop, sub in node["properties"].items():
                if not (isinstance(sub, dict) and (sub.get("description") or "$ref" in sub)):
                    missing.append(f"{path}/properties/{prop}")
    assert missing == []


@pytest.mark.parametrize("name", ALL_SCHEMAS)
def test_refs_resolve(name: str) -> None:
    # A property described through $ref must point at a described definition.
    schema = _load(name)
    for _, node in _walk(schema):
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            assert ref.startswith("#/$defs/"), ref
            target = schema["$defs"][ref.removeprefix("#/$defs/")]
            assert target.get("description"), f"{ref} has no description"
