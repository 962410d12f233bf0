"""Code generation defends itself: ids become valid class names, numbers are checked, and
text reaches the generated Python only through repr(), whatever validation let through."""
from __future__ import annotations

import ast
import dataclasses
from functools import lru_cache
from pathlib import Path

import jinja2
import pytest

from wondersmith.codegen import literals
from wondersmith.codegen import python as codegen
from wondersmith.codegen.python import CompileError, class_name, generate
from wondersmith.dsl import vocabulary as v
from wondersmith.ir import model
from wondersmith.ir.loader import load

from conftest import with_rules

DUEL = Path(__file__).resolve().parent.parent / "cards" / "duel"


@lru_cache(maxsize=None)
def duel() -> model.Game:
    return load(DUEL)


def with_first_building(**changes) -> model.Game:
    game = duel()
    first = dataclasses.replace(game.buildings[0], **changes)
    return dataclasses.replace(game, buildings=(first, *game.buildings[1:]))


@pytest.mark.parametrize("ident, expected", [
    ("lumber_yard", "LumberYard"), ("none", "None_"), ("true", "True_"), ("false", "False_"),
    ("class", "Class"), ("a_1b", "A1b"), ("none_", "None_"),
])
def test_class_names_are_identifiers_and_never_keywords(ident: str, expected: str) -> None:
    name = class_name(ident)
    assert name == expected and name.isidentifier()
    compile(f"class {name}: pass", "<test>", "exec")


@pytest.mark.parametrize("ident", ["", "Lumber", "9a", "_x", "a-b", "a b", "a\nb", "é"])
def test_ids_that_cannot_name_a_class_are_refused(ident: str) -> None:
    with pytest.raises(literals.LiteralError, match="cannot name a class"):
        class_name(ident)
    with pytest.raises(CompileError, match="cannot name a class") as exc:
        generate(with_first_building(id=ident), "cards/duel")
    assert "\n" not in str(exc.value)


def test_keyword_ids_compile_and_collisions_are_refused() -> None:
    files = generate(with_first_building(id="none"), "cards/duel")
    assert "class None_(_rt.Card):" in files["buildings.py"]
    assert "id = 'none'" in files["buildings.py"]
    game = duel()
    twin = dataclasses.replace(game.buildings[1], id="lumber__yard")
    clash = dataclasses.replace(game, buildings=(game.buildings[0], twin, *game.buildings[2:]))
    with pytest.raises(CompileError, match="class name LumberYard is also made from"):
        generate(clash, "cards/duel")


@pytest.mark.parametrize("coins, message", [
    (6.0, "float 6.0 cannot be written here"),
    (1e300, "float 1e+300 cannot be written here"),
    (10**5000, "beyond the limit of 1000000000"),
    (10**9 + 1, "beyond the limit"),
    ("6", None),  # a string is text: written with repr(), never as code
], ids=["float", "huge-float", "5001-digits", "over-limit", "text"])
def test_numbers_are_checked(coins, message) -> None:
    game = with_first_building(cost=model.Cost(coins=coins))
    if message is None:
        assert "cost_coins = '6'" in generate(game, "cards/duel")["buildings.py"]
        return
    with pytest.raises(CompileError) as exc:
        generate(game, "cards/duel")
    text = str(exc.value)
    assert message in text and "\n" not in text and len(text) < 300
    assert text.startswith("cards/duel/age1.yaml:") and ": lumber_yard: " in text


def test_numbers_inside_effects_and_tables_are_checked() -> None:
    game = with_first_building(effects=(v.Shields(1.0),))
    with pytest.raises(CompileError, match="float 1.0"):
        generate(game, "cards/duel")
    with pytest.raises(CompileError, match="expected a whole number, found bool"):
        generate(with_rules(duel(), "setup", starting_coins=True), "cards/duel")
    with pytest.raises(CompileError, match="beyond the limit"):
        generate(with_rules(duel(), "military", supremacy_at=10**30), "cards/duel")


@pytest.mark.parametrize("game_id", ["class", "../x", "a.b", "Duel"])
def test_game_ids_that_cannot_name_a_package_are_refused(game_id: str) -> None:
    with pytest.raises(CompileError, match="cannot name a Python package"):
        generate(dataclasses.replace(duel(), id=game_id), "cards/duel")


@pytest.mark.parametrize("source", ["cards/du\nel", "cards/\u202eleud", "cards/\x00"])
def test_header_comments_refuse_unprintable_text(source: str) -> None:
    with pytest.raises(CompileError, match="cannot go into a comment"):
        generate(duel(), source)


def test_the_data_hash_never_reaches_the_code() -> None:
    """It lives in ruleset.json alone (JSON-encoded); the modules read it from there."""
    files = generate(dataclasses.replace(duel(), source_hash="abc\nimport os"), "cards/duel")
    assert not any("import os" in text for text in files.values())


def test_templates_refuse_text_that_did_not_come_through_repr() -> None:
    env = codegen._environment()
    template = env.from_string("x = {{ value }}\n")
    assert template.render(value=literals.literal("it's")) == "x = \"it's\"\n"
    with pytest.raises(literals.LiteralError, match="unchecked text"):
        template.render(value="__import__('os')")
    assert isinstance(env, jinja2.Environment) and env.finalize is literals.only_code


def test_docstring_is_a_literal_of_the_name() -> None:
    name = 'x"""; __import__("os").system("touch pwned"); """'
    init = generate(dataclasses.replace(duel(), name=name), "cards/duel")["__init__.py"]
    doc_line = init.splitlines()[2]
    assert doc_line == repr(f"{name}: the compiled ruleset. `RULESET` is what the engine plays.")


@pytest.mark.parametrize("statement", [
    "game.gain_coins(player, sum(game.count_cards(other, ('brown', 'grey')) for other in "
    "game.neighbours(player)))",
    "return game.count_wonders(player) + sum(game.count_wonders(other) for other in "
    "game.neighbours(player))",
    # Text that looks like places to cut, inside strings: never cut there.
    "game.gain_coins(player, sum(game.count_cards(other, ('a, b (for) c', 'x, y for z, w, "
    "v, u, t, s')) for other in game.neighbours(player)))",
])
def test_long_statements_wrap_inside_brackets_never_inside_text(statement: str) -> None:
    from wondersmith.codegen.wrap import wrap

    lines = wrap(statement, 8)
    assert len(lines) > 1 and all(len(line) <= literals.LINE for line in lines)
    assert all(line.startswith(" " * 8) for line in lines)
    body = "\n".join(line[8:] if i == 0 else line for i, line in enumerate(lines))
    wrapped = ast.dump(ast.parse(body.replace("return ", "_ = ", 1)))
    assert wrapped == ast.dump(ast.parse(statement.replace("return ", "_ = ", 1)))
    assert wrap("game.gain_coins(player, 3)", 8) == ["        game.gain_coins(player, 3)"]


def test_a_statement_that_cannot_be_cut_short_enough_stays_valid() -> None:
    from wondersmith.codegen.wrap import wrap

    deep = ("return game.count_wonders(player) + sum(game.count_wonders(other) for other in "
            "game.neighbours(player)) + max(game.count_cards(city, ('red',)) for city in "
            "cities)")
    body = "\n".join(line[8:] if i == 0 else line for i, line in enumerate(wrap(deep, 8)))
    assert ast.dump(ast.parse(body)) == ast.dump(ast.parse(deep))
