"""One place per verb: every registered verb implements every part, in its own module.

A verb (`wondersmith.dsl.verbs.<verb>`) owns its schema, parsing, phrase (translated in every
locale's catalog), icons, diff wording, the names it uses, the code it compiles to and its
entry in docs/dsl.md. These tests hold each verb to all of them, so a verb added without one
fails here, named; and they show a verb added in one module reaches every consumer.
"""
from __future__ import annotations

import ast
import pkgutil
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from jsonschema import Draft202012Validator

from wondersmith.codegen import python as codegen
from wondersmith.dsl import verbs as verbs_package, vocabulary as v
from wondersmith.dsl.effect import USE_KINDS, ClassWriter, Effect, Icon, Translator, Use
from wondersmith.dsl.terms import COLORS, ONGOING, enum_schema
from wondersmith.dsl.verbs import MODULES, VERBS
from wondersmith.ir.loader import load
from wondersmith.render import i18n, phrases
from wondersmith.render.i18n import Translator as Catalog
from wondersmith.render.sheets import icon_names
from wondersmith.tools import diff_words

from conftest import DUEL

ROOT = Path(__file__).resolve().parent.parent
DSL_DOCS = ROOT / "docs" / "dsl.md"
DSL_DIR = ROOT / "compiler" / "dsl"
NAMES = list(VERBS)


def example(name: str) -> Effect:
    return v.parse_effect(yaml.safe_load(VERBS[name].EXAMPLE))


def implements(cls: type, method: str) -> bool:
    """The verb's own classes (not the shared base) define `method`."""
    return any(method in vars(c) for c in cls.__mro__ if c is not Effect and c is not object)


# The registry -------------------------------------------------------------------------------

def test_every_module_of_the_package_is_a_registered_verb_of_its_name() -> None:
    found = sorted(m.name for m in pkgutil.iter_modules(verbs_package.__path__))
    assert sorted(MODULES) == found, "list each module of compiler/dsl/verbs/ in MODULES"
    assert list(VERBS) == list(MODULES)  # one verb per module, in the listed order
    for name, cls in VERBS.items():
        assert cls.__module__ == f"wondersmith.dsl.verbs.{name}"


def test_a_verb_registered_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        v.verb(VERBS["coins"])


# Each part, for every verb ------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_schema_accepts_the_example_and_parsing_round_trips(name: str) -> None:
    cls = VERBS[name]
    assert cls.TIMING in v.TIMINGS and cls.SUMMARY and cls.EXAMPLE
    schema = {**v.effect_schema(), "$defs": {"effect": v.effect_schema()}}
    data = yaml.safe_load(cls.EXAMPLE)
    assert list(Draft202012Validator(schema).iter_errors(data)) == []
    effect = v.parse_effect(data)
    assert isinstance(effect, cls) and v.parse_effect(effect.data()) == effect
    assert (cls.VALUE_SCHEMA is None) == isinstance(data, str)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", NAMES)
def test_phrase_is_in_every_locale_catalog(name: str, lang: str) -> None:
    assert implements(VERBS[name], "phrase")
    t = Catalog(lang)
    for opponent in (True, False):  # Duel's seating, and seats around a table
        text = example(name).phrase(t, opponent)
        assert text and text != name and not text.fallback, (lang, opponent, text)
        assert "{" not in text


@pytest.mark.parametrize("name", NAMES)
def test_icons_are_drawn(name: str) -> None:
    icons = example(name).icons(Catalog("en"))
    assert all(isinstance(i, Icon) and i.name in icon_names() and i.label for i in icons)


@pytest.mark.parametrize("name", NAMES)
def test_diff_wording(name: str) -> None:
    assert implements(VERBS[name], "describe")
    words = diff_words.describe_effect(example(name))
    assert words and "{" not in words and "_" not in words.replace(name, "")


@pytest.mark.parametrize("name", NAMES)
def test_uses_name_what_the_example_writes(name: str) -> None:
    effect = example(name)
    for use in effect.uses():
        assert use.kind in USE_KINDS and use.name in VERBS[name].EXAMPLE + " self neighbours"
        assert use.where.lstrip("@").split(".")[0] == name  # relative to the effect


@pytest.fixture(scope="module")
def duel_compiler() -> codegen._Compiler:
    return codegen._Compiler(load(DUEL))


def compiled(compiler: codegen._Compiler, effect: Effect) -> codegen._ClassWriter:
    item = compiler.game.buildings[0]  # where a refusal is reported
    writer = codegen._ClassWriter(compiler, item, {})
    effect.compile(writer)
    return writer


@pytest.mark.parametrize("name", NAMES)
def test_compiles_to_code_or_says_the_engine_cannot_play_it(
        name: str, duel_compiler: codegen._Compiler) -> None:
    cls = VERBS[name]
    assert implements(cls, "compile") or implements(cls, "statements")
    try:
        writer = compiled(duel_compiler, example(name))
    except codegen.CompileError as exc:
        assert "not supported by the engine yet" in str(exc)
        return
    wrote = (writer.attrs, writer.gathered, writer.on_build_lines, writer.end_point_terms,
             writer.chain_build_lines, writer.draft_lines, writer.triggers)
    assert any(wrote), f"'{name}' compiled to nothing"
    bodies = [writer.on_build_lines, writer.chain_build_lines, writer.draft_lines,
              [f"return {term}" for term in writer.end_point_terms],
              *(lines for _, lines in writer.triggers)]
    for body in filter(None, bodies):  # each method body is Python
        compile("def method(game, player):\n" + "".join(f"    {line}\n" for line in body),
                name, "exec")


@pytest.mark.parametrize("name", NAMES)
def test_documented_in_dsl_md(name: str) -> None:
    text = DSL_DOCS.read_text(encoding="utf-8")
    assert f"| `{name}` |" in text, f"`{name}` is missing from the verb table"
    assert re.search(rf"^- `{name}`: \S", text, re.M), f"no explanation of `{name}`"


# Layering -----------------------------------------------------------------------------------

def _imports(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)


# The vocabulary itself; dsl/schemas.py sits above it (it writes the whole game's schema).
VOCABULARY = [*(DSL_DIR / f"{m}.py" for m in ("terms", "effect", "words", "amount",
                                               "picked", "vocabulary")),
              *sorted((DSL_DIR / "verbs").glob("*.py"))]


@pytest.mark.parametrize("path", VOCABULARY, ids=lambda p: p.name)
def test_the_vocabulary_imports_nothing_above_it(path: Path) -> None:
    """The verbs are handed a translator and a class writer; they never import the code
    generator, renderers, checks or tools, which import them (no import cycle)."""
    above = ("codegen", "render", "validate", "tools", "engine", "cli", "ir", "lab")
    for module in _imports(path):
        assert not any(module.startswith(f"wondersmith.{layer}") for layer in above), module


@pytest.mark.parametrize("path", sorted((DSL_DIR / "verbs").glob("*.py")), ids=lambda p: p.name)
def test_verb_modules_stay_small(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 120


def test_no_verb_dispatch_is_left_in_the_consumers() -> None:
    """Codegen, renderers, checks and diff ask the verb: none names a verb class."""
    classes = {cls.__name__ for cls in VERBS.values()}
    for rel in ("codegen/python.py", "render/phrases.py", "render/sheets.py",
                "validate/semantics.py", "tools/diff.py", "tools/diff_words.py"):
        source = (ROOT / "compiler" / rel).read_text(encoding="utf-8")
        named = {c for c in classes if re.search(rf"\b{c}\b", source)}
        assert not named, f"{rel} dispatches on {sorted(named)}"


# A verb added in one module reaches every consumer ------------------------------------------

@dataclass(frozen=True)
class Festival(Effect):
    """A toy verb, as a designer would add it: nothing else is edited."""

    colour: str
    VERB = "festival"
    TIMING = ONGOING
    SUMMARY = "A toy verb for the tests."
    EXAMPLE = "festival: blue"
    VALUE_SCHEMA = enum_schema(COLORS, "The colour celebrated")

    @classmethod
    def parse(cls, value: Any) -> Effect:
        return cls(value)

    def value(self) -> Any:
        return self.colour

    def phrase(self, t: Translator, opponent: bool) -> str:
        return t.format(t.gettext("{color} card"), color=phrases.color_adjective(t, self.colour))

    def describe(self) -> str:
        return f"festival of {self.colour}"

    def uses(self) -> Iterator[Use]:
        yield Use("colour", self.colour, "festival")

    def compile(self, out: ClassWriter) -> None:
        out.set("festival", self.colour)


@pytest.fixture
def festival() -> Iterator[type[Effect]]:
    v.verb(Festival)
    try:
        yield Festival
    finally:
        del VERBS["festival"]


def test_a_new_verb_needs_no_edit_elsewhere(festival: type[Effect],
                                            duel_compiler: codegen._Compiler) -> None:
    effect = v.parse_effect({"festival": "blue"})
    assert "festival" in v.effect_schema()["anyOf"][1]["properties"]
    assert phrases.effect_text(Catalog("fr"), effect) == "carte bleue"
    assert diff_words.describe_effects((effect,)) == "festival of blue"
    assert compiled(duel_compiler, effect).attrs == {"festival": "blue"}
