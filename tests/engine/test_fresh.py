"""New games copied from a template by a compiled function (core/fresh.py)."""
from __future__ import annotations

import math

import pytest

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.core.fresh import first_state, literal, maker, slot_names


@pytest.mark.parametrize("value", [None, True, False, 0, -7, 2 ** 70, "it's \"x\"\n", 1.5,
                                   [], [[], [1, 2]], (), (1,), ((1, 2), [3]), [None, (True,)]])
def test_a_literal_evaluates_to_an_equal_value(value):
    assert eval(literal(value)) == value  # noqa: S307 (the literal under test)


def test_a_literal_makes_new_lists_each_time():
    value = [[0, 0], [1]]
    first, second = eval(literal(value)), eval(literal(value))  # noqa: S307
    assert first == second == value
    assert first is not second and first[0] is not second[0]


@pytest.mark.parametrize("value", [{}, {1}, math.nan, math.inf, object(), [1, {}], (1, [2, set()])])
def test_a_value_without_a_literal_gives_none(value):
    assert literal(value) is None


def test_a_string_stays_data():
    text = "__import__('os').system('false')"
    assert eval(literal([text])) == [text]  # noqa: S307


def test_slot_names_lists_each_slot_once_bases_first():
    class Base:
        __slots__ = ("a", "b")

    class Child(Base):
        __slots__ = "c"

    assert slot_names(Child) == ["a", "b", "c"]


class _Holder:
    __slots__ = ("t", "x", "y")


def test_maker_copies_the_template_into_a_new_object():
    template = _Holder()
    template.t, template.x, template.y = object(), [[1], [2, 3]], (4, "five")
    made = _Holder()
    maker(template, None)(made)
    assert made.t is template.t  # the tables are shared
    assert made.x == template.x and made.x is not template.x and made.x[0] is not template.x[0]
    assert made.y == template.y


def test_maker_falls_back_to_copying_a_value_without_a_literal():
    template = _Holder()
    template.t, template.x, template.y = None, {"a": 1}, 2
    copied = []
    made = _Holder()
    maker(template, lambda tpl, game: copied.append((tpl, game)))(made)
    assert copied == [(template, made)]


@pytest.mark.parametrize("game, players", [("duel", None), ("classic", 2), ("classic", 7)])
def test_new_games_are_independent_and_equal_to_their_first_state(game, players):
    ruleset = load_ruleset(game)
    kwargs = {"players": players} if players else {}
    first, second = (Game(ruleset, seed=5, auto_chance=False, **kwargs) for _ in range(2))
    assert first.to_json() == second.to_json()
    for name in slot_names(type(first)):
        value = getattr(first, name, None)
        if isinstance(value, list) and value:
            assert value is not getattr(second, name)
    first.coins[0] += 3
    first.city[0].append(0)
    assert second.coins[0] == first.coins[0] - 3 and second.city[0] == []


@pytest.mark.parametrize("game, players", [("duel", None), ("classic", 3)])
def test_a_new_game_holds_every_value_of_a_state_made_and_derived_afresh(game, players):
    ruleset = load_ruleset(game)
    new = Game(ruleset, seed=9, auto_chance=False, **({"players": players} if players else {}))
    made = first_state(type(new), new.t)  # the cities derived by _recompute, the mechanics' fields
    for name in slot_names(type(new)):
        if name not in ("seed", "auto_chance"):
            assert getattr(new, name) == getattr(made, name), name
