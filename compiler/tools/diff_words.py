"""Rules data in words, for the semantic diff: effects, costs, amounts and rules values.

Each verb words its own effects (`Effect.describe`, in `wondersmith.dsl.verbs`).
"""
from __future__ import annotations

from typing import Any

from wondersmith.dsl.amount import CITY_WORDS, describe_amount
from wondersmith.dsl.effect import Effect
from wondersmith.dsl.words import plural
from wondersmith.ir.model import Cost, Row, Stage

__all__ = ["CITY_WORDS", "compact", "describe_amount", "describe_cost", "describe_effect",
           "describe_effects", "plural", "render_value"]


def _words(values: Any, sep: str = ", ") -> str:
    return sep.join(map(str, values))


def describe_effect(effect: Effect) -> str:
    """One effect in words: each verb words itself (`Effect.describe`)."""
    return effect.describe()


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


def describe_effects(effects: tuple[Effect, ...]) -> str:
    return "; ".join(describe_effect(e) for e in effects) or "none"


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


def describe_stage(stage: Stage) -> str:
    return f"cost: {describe_cost(stage.cost)}; effects: {describe_effects(stage.effects)}"
