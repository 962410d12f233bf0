"""The parts of a sheet for cities around a table (7 Wonders): Wonder boards with both sides,
the conflict tokens, and the player count printed on each copy of a card.

Everything comes from the intermediate form: a board's starting resource, each side's stages
with their cost and effects, the victory token of each Age and the defeat token.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from wondersmith.dsl.effect import Effect, Icon
from wondersmith.ir.model import Board, Building, Cost, Game
from wondersmith.render import phrases
from wondersmith.render.circle_texts import roman
from wondersmith.render.i18n import Text, Translator


@dataclass
class StageView:
    number: int
    coins: int
    resources: list[Icon]
    cost_text: Text
    effects: list[Any]  # sheets.EffectView


@dataclass
class SideView:
    side: str  # "a" or "b"
    title: Text
    stages: list[StageView] = field(default_factory=list)


@dataclass
class BoardView:
    id: str
    name: Text
    produces: list[Icon]
    produces_text: Text
    sides: list[SideView]


def copies_marks(building: Building) -> list[str]:
    """The player count printed on each copy, as the cards print it: "3+", "5+"."""
    return [f"{n}+" for n in building.copies]


def copies_text(t: Translator, building: Building) -> Text:
    """The marks in words, for screen readers and the rules doc's table."""
    if not building.copies:
        return Text("")
    return t.format(t.gettext("Copies: {marks}"), marks=t.join(
        [Text(m) for m in copies_marks(building)]))


def cost_text(t: Translator, cost: Cost) -> Text:
    parts = ([Text(phrases.coins(t, cost.coins))] if cost.coins else []) + \
        [Text(phrases.resource_units(t, r, n)) for r, n in cost.resources]
    return t.join(parts) if parts else t.gettext("Free")


def board_view(t: Translator, board: Board, name: Text,
               effects: Callable[[tuple[Effect, ...]], list[Any]]) -> BoardView:
    """A board as the sheet shows it; `effects` makes the effect views of a stage (the
    sheet's own, so a stage's effects read like a card's)."""
    produces = [Icon(r, phrases.resource_units(t, r, n), n) for r, n in board.produces]
    sides = []
    for side, stages in board.sides:
        title = t.format(t.gettext("Side {side}"), side=side.upper())
        sides.append(SideView(side, title, [
            StageView(i, stage.cost.coins,
                      [Icon(r, phrases.resource_units(t, r, n), n)
                       for r, n in stage.cost.resources],
                      cost_text(t, stage.cost), effects(stage.effects))
            for i, stage in enumerate(stages, 1)]))
    produces_text = t.format(t.gettext("Starting resource: {resources}"),
                             resources=t.join([Text(i.label) for i in produces]))
    return BoardView(board.id, name, produces, produces_text, sides)


def conflict_rows(t: Translator, game: Game) -> list[dict[str, Any]]:
    """The conflict tokens of each Age: the victory token's points and the defeat token's."""
    if "conflicts" not in game.mechanics:
        return []
    c = game.config("conflicts")
    return [{"age": t.format(t.gettext("Age {age}"), age=roman(age)),
             "victory": f"+{points}" if points > 0 else str(points),
             "defeat": str(c.defeat)}
            for age, points in enumerate(c.victory, 1)]
