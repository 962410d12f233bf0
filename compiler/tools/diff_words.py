"""Rules data in words, for the semantic diff: effects, costs, amounts and rules values.

Each verb words its own effects twice: in the DSL's short form (`Effect.describe`: "shields:
2") and in the sentence the English sheet prints (`Effect.phrase`, through
`render.phrases.effect_text`: "2 shields"). The diff shows both; every function here that
words effects takes the wording to use (`word`), the DSL form by default.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from wondersmith.dsl.amount import CITY_WORDS, describe_amount
from wondersmith.dsl.effect import Effect
from wondersmith.dsl.words import plural
from wondersmith.ir.model import Cost, Row, Stage

__all__ = ["CITY_WORDS", "compact", "describe_amount", "describe_cost", "describe_effect",
           "describe_effects", "effect_in_words", "plural", "render_value", "sheet_wording"]

# How one effect is worded: `describe_effect` (the DSL form) or `sheet_wording(...)`.
Wording = Callable[[Effect], str]


def _words(values: Any, sep: str = ", ") -> str:
    return sep.join(map(str, values))


def describe_effect(effect: Effect) -> str:
    """One effect in the DSL's short form: each verb words itself (`Effect.describe`)."""
    return effect.describe()


def effect_in_words(effect: Effect, opponent: bool = True) -> str:
    """One effect as the English sheet prints it ("2 shields"). `opponent`: the game seats
    two opponents (Duel), so "neighbours" read "your opponent"."""
    from wondersmith.render.i18n import translator
    from wondersmith.render.phrases import effect_text

    return str(effect_text(translator("en"), effect, opponent))


def sheet_wording(opponent: bool) -> Wording:
    """The sheet's wording for a game of this seating (`effect_in_words`)."""
    return partial(effect_in_words, opponent=opponent)


def compact(value: Any) -> str:
    """Any plain value in one short line, flow-YAML-like."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(compact(v) for v in value) + "]"
    return str(value)


def describe_cost(cost: Cost) -> str:
    parts = ([plural(cost.coins, "coin")] if cost.coins else []) + [
        f"{n} {r}" for r, n in cost.resources]
    return ", ".join(parts) or "free"


def describe_effects(effects: tuple[Effect, ...], word: Wording = describe_effect) -> str:
    return "; ".join(word(e) for e in effects) or "none"


def render_value(value: Any) -> str:
    """A rules value (from `Game` or its rules record) in words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Row):
        return _words(value.columns, " ") + (" (face down)" if value.face_down else "")
    if value is None:
        return "none"
    if isinstance(value, dict):
        return compact(value)
    if isinstance(value, tuple):
        if value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], int)
                         for v in value):
            return ", ".join(f"{k} {n}" for k, n in value)  # (name, count) pairs
        if value and all(isinstance(v, tuple) for v in value):
            return " / ".join(render_value(v) for v in value)
        return ", ".join(render_value(v) for v in value) if value else "none"
    return str(value)


def describe_copies(copies: tuple[int, ...]) -> str:
    """`copies` in words: "2 (3+, 5+)"; a card without them is one copy."""
    if not copies:
        return "1"
    return f"{len(copies)} ({', '.join(f'{n}+' for n in copies)})"


def describe_stage(stage: Stage, word: Wording = describe_effect) -> str:
    return f"cost: {describe_cost(stage.cost)}; effects: {describe_effects(stage.effects, word)}"
