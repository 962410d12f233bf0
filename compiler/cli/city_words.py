"""How `play` words what a city of a circle of cities (7 Wonders) holds: its hand, its Wonder
board and stages, its free build, its shields and conflict tokens; and the conflicts fought
when an Age ends.

Everything is read through the engine's public state (`Game.observation`, `shields`,
`conflict_tokens`) and the compiled components (`Ruleset.by_id`). Costs and effects read
as the sheets and rules docs word them (the DSL's nouns and each verb's own phrase, English):
a stage's effects come from the export `wondersmith compile` writes beside the ruleset's
classes (`ruleset.json`), as the classes hold no text. Every string is returned as a
`rich.text.Text`, so a name from the data is never read as markup.
"""
from __future__ import annotations

import importlib.resources
import json
import sys
from functools import lru_cache
from typing import Any

from rich.table import Table
from rich.text import Text

from wondersmith.engine import Game

Row = tuple[str, Any]  # (label, what the panel shows: Text or a nested grid)


def _english():
    from wondersmith.render.i18n import translator
    return translator("en")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# Wonder boards and their stages ----------------------------------------------------------

def cost_words(game: Game, card) -> str:
    """A component's cost as the sheets word it ("2 stone", "1 clay and 1 loom"), or free."""
    from wondersmith.dsl.words import coins, resource_units
    t = _english()
    parts = ([coins(t, card.cost_coins)] if card.cost_coins else []) + [
        resource_units(t, r, n) for r, n in zip(game.ruleset.resources, card.cost) if n]
    return t.join(parts) if parts else "free"


def _package(ruleset) -> str | None:
    """The package the ruleset's classes were compiled into (the export lies beside them)."""
    classes = (*ruleset.boards, *ruleset.wonders, *ruleset.buildings)
    if not classes:
        return None
    return getattr(sys.modules.get(classes[0].__module__), "__package__", None) or None


@lru_cache(maxsize=None)
def _effects(package: str, game: str, source_hash: str, opponent: bool) -> dict[str, str]:
    """The effects in words of each Wonder, board stage, card and token, by id, from the
    export beside the compiled package; {} when there is none (a ruleset built by hand) or
    it holds other data."""
    try:
        text = importlib.resources.files(package).joinpath("ruleset.json").read_text("utf-8")
        export = json.loads(text)
    except (OSError, ValueError, TypeError, ModuleNotFoundError):
        return {}
    if not isinstance(export, dict) or export.get("source_hash") != source_hash or \
            (export.get("game") or {}).get("id") != game:
        return {}
    from wondersmith.dsl.vocabulary import parse_effect
    from wondersmith.render.phrases import effect_text
    t = _english()
    components = [*export.get("wonders", ()), *export.get("buildings", ()), *export.get("tokens", ())]
    components += [stage for board in export.get("boards", ())
                   for stages in board["sides"].values() for stage in stages]
    words = {}
    for component in components:
        try:
            effects = [parse_effect(e["verb"] if e["value"] is None else {e["verb"]: e["value"]})
                       for e in component["effects"]]
            words[component["id"]] = "; ".join(effect_text(t, e, opponent) for e in effects)
        except (KeyError, TypeError, ValueError, NotImplementedError):
            continue  # an export of another toolkit version: the cost is still shown
    return words


def effects_in_words(game: Game) -> dict[str, str]:
    """Each component's effects as the sheets word them, by id (stages, Wonders, cards...)."""
    ruleset = game.ruleset
    package = _package(ruleset)
    if package is None:
        return {}
    return _effects(package, ruleset.game, ruleset.source_hash, ruleset.seating == "opponent")


def board_rows(game: Game, p: int, you: int, seen: dict) -> list[Row]:
    """The city's board and side with how many stages are built; for your own city every
    stage (built, next, later) with its cost and effects; and Olympia A's free build once a
    built stage gives it: whether it is used this Age."""
    mechanics = seen.get("mechanics", {})
    section = mechanics.get("wonder_boards")
    if not section or section["boards"][p] is None:
        return []
    dealt = section["boards"][p]
    board = game.ruleset.by_id[dealt["board"]]
    stages = dict(board.sides)[dealt["side"]]
    built = section["stages"][p]  # your own tucked cards, another city's count
    built = built if isinstance(built, int) else len(built)
    rows: list[Row] = [("board", Text(f"{board.name}, side {dealt['side'].upper()}: "
                                      f"{built} of {plural(len(stages), 'stage')} built"))]
    if p == you:
        effects = effects_in_words(game)
        grid = Table.grid(padding=(0, 2))
        grid.add_row(*(Text(h, style="dim") for h in ("stage", "", "cost", "effect")))
        for n, stage in enumerate(stages, 1):
            state = "built" if n <= built else "next" if n == built + 1 else ""
            grid.add_row(Text(str(n)), Text(state, style="bold" if state == "next" else ""),
                         Text(cost_words(game, stage)), Text(effects.get(stage.id, "")))
        rows.append(("", grid))
    if any(stage.free_build_per_age for stage in stages[:built]) and "hand_draft" in mechanics:
        used = mechanics["hand_draft"]["free_used"][p]
        rows.append(("free build", Text("used this Age" if used else
                                        "not used yet this Age: a card of the hand, for free")))
    return rows


# Hands, shields and conflicts ---------------------------------------------------------------

def hand_row(game: Game, p: int, seen: dict) -> list[Row]:
    """Your hand by name; another city's as a count (hidden)."""
    section = seen.get("mechanics", {}).get("hand_draft")
    if not section:
        return []
    hand = section["hands"][p]
    if not hand:
        return []
    if isinstance(hand, int):
        return [("hand", Text(plural(hand, "card")))]
    return [("hand", Text(", ".join(game.ruleset.by_id[c].name for c in hand)))]


def tokens_words(tokens: list[int]) -> str:
    """Conflict tokens as `+1, +3, -1 (3 VP)`, or none yet."""
    if not tokens:
        return "none yet"
    return f"{', '.join(f'{x:+d}' for x in tokens)} ({sum(tokens)} VP)"


def conflict_rows(game: Game, p: int, seen: dict) -> list[Row]:
    section = seen.get("mechanics", {}).get("conflicts")
    if not section:
        return []
    return [("shields", Text(str(game.shields(p)))),
            ("conflicts", Text(tokens_words(section["conflict_tokens"][p])))]


# What these rows word: the generic rows of a city leave them out.
WORDED = {"hands", "free_used", "boards", "stages", "conflict_tokens"}


def city_rows(game: Game, p: int, you: int, seen: dict) -> list[Row]:
    return [*hand_row(game, p, seen), *board_rows(game, p, you, seen),
            *conflict_rows(game, p, seen)]


# The conflicts at the end of an Age -------------------------------------------------------

def tokens_held(game: Game) -> list[int] | None:
    """How many conflict tokens each city holds (None in a game without conflicts): what
    `conflicts_fought` compares with once the Age is over."""
    return [len(x) for x in game.conflict_tokens] if "conflicts" in type(game).MECHANICS else None


def conflicts_fought(game: Game, age: int, before: list[int] | None,
                     names: list[str]) -> list[Text]:
    """The conflicts of Age `age`, once it has ended (the game is in a later Age, or over):
    each pair of neighbours with their shields, and the tokens the winner and the loser took
    (the tokens the engine gave since `before`, read from the state), a tie included;
    nothing while the Age goes on."""
    if before is None or (game.age == age and not game.is_terminal):
        return []
    new = [held[n:] for held, n in zip(game.conflict_tokens, before)]
    pairs = sorted({tuple(sorted((p, q))) for p in game.t.seats for q in game.t.neighbours[p]})
    lines = [Text(f"Conflicts at the end of Age {age}:", style="bold")]
    for a, b in pairs:
        shields = {a: game.shields(a), b: game.shields(b)}
        fight = (f"  {names[a]} ({plural(shields[a], 'shield')}) against "
                 f"{names[b]} ({plural(shields[b], 'shield')}): ")
        if shields[a] == shields[b]:
            lines.append(Text(fight + "a tie, no token"))
            continue
        won, lost = (a, b) if shields[a] > shields[b] else (b, a)
        verb = "win" if names[won] == "you" else "wins"
        gained, paid = max(new[won], default=0), min(new[lost], default=0)
        lines.append(Text(f"{fight}{names[won]} {verb}, {gained:+d} for {names[won]} "
                          f"and {paid:+d} for {names[lost]}"))
    return lines
