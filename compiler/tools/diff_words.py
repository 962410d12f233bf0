"""Rules data in words, for the semantic diff: effects, costs, amounts and rules values."""
from __future__ import annotations

from typing import Any

from wondersmith.dsl.vocabulary import Effect
from wondersmith.ir.model import Cost, Row, Zone

CITY_WORDS = {"self": "", "neighbours": " in neighbours' cities", "left": " in the left city",
              "right": " in the right city", "most": " in the city with most"}



def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_amount(data: Any) -> str:
    """`Amount.data()` in words: "4", "2 per wonder", "1 per yellow card in the city with most"."""
    if not isinstance(data, dict):
        return str(data)
    per = data["per"]
    every = data.get("every", 1)
    thing = {"cards": "card", "wonders": "wonder", "tokens": "token", "coins": "coin"}.get(per, per)
    if per == "cards" and data.get("colors"):
        thing = " or ".join(data["colors"]) + " card"
    what = f"{every} {thing}s" if every != 1 else thing
    return f"{data.get('amount', 1)} per {what}{CITY_WORDS.get(data.get('in', 'self'), '')}"


def _words(values: Any, sep: str = ", ") -> str:
    return sep.join(map(str, values))


def describe_effect(effect: Effect) -> str:
    """One effect in words, from its YAML form (`.data()`)."""
    data = effect.data()
    if isinstance(data, str):  # a bare verb
        return {"play_again": "play again",
                "wonders_play_again": "every Wonder gives another turn",
                "build_from_discard": "build a discarded card for free",
                "play_seventh_card": "play the seventh card"}.get(data, data.replace("_", " "))
    ((verb, value),) = data.items()
    if verb in ("coins", "points"):
        return f"{verb}: {describe_amount(value)}"
    if verb == "produce":
        return "produce " + " and ".join(f"{n} {r}" for r, n in value.items())
    if verb == "produce_one_of":
        return "produce one of " + _words(value, " / ")
    if verb == "trade_price":
        source = value.get("from", "neighbours")
        return (f"buy {_words(value['resources'], ' / ')} at {plural(value['price'], 'coin')}"
                + ("" if source == "neighbours" else f" from {source}"))
    if verb == "discount":
        target = "Wonders" if value["for"] == "wonders" else f"{value['for']} buildings"
        return f"{plural(value['resources'], 'resource')} off {target}"
    if verb == "shield_bonus":
        return f"+{plural(value['amount'], 'shield')} on {_words(value['colors'], ' / ')} buildings"
    if verb == "shields":
        return f"shields: {value}"
    if verb == "science":
        return f"science: {value}"
    if verb == "science_choice":
        return "science: one of " + _words(value, " / ")
    if verb == "lose_coins":
        return f"{value.get('who', 'neighbours')} lose {plural(value['amount'], 'coin')}"
    if verb == "destroy":
        return (f"destroy a {_words(value['colors'], ' or ')} building of "
                f"{value.get('who', 'neighbours')}")
    if verb == "take_token":
        draw = value.get("draw", 1)
        return f"take a progress token from the {value['from']}" + (
            f" (draw {draw}, keep 1)" if draw != 1 else "")
    if verb == "collect_trade_spend":
        return f"collect what {value.get('from', 'neighbours')} pay for trade"
    if verb == "whenever":
        inner = "; ".join(describe_effect(e) for e in effect.effects)  # type: ignore[attr-defined]
        return f"whenever {value['event'].replace('_', ' ')}: {inner}"
    return f"{verb}: {compact(value)}"  # a verb added to the vocabulary later


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
    """A rules value (from `Game`) in words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Row):
        return _words(value.columns, " ") + (" (face down)" if value.face_down else "")
    if isinstance(value, Zone):
        return (f"{value.first}-{value.last}: {value.points} VP"
                + (f", loot {value.loot}" if value.loot else ""))
    if isinstance(value, tuple):
        if value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[1], int)
                         for v in value):
            return ", ".join(f"{k} {n}" for k, n in value)  # (name, count) pairs
        if value and all(isinstance(v, tuple) for v in value):
            return " / ".join(render_value(v) for v in value)
        return ", ".join(render_value(v) for v in value) if value else "none"
    return str(value)
