"""Names that tell components apart: the check of the English names (WS328), and the rule
the locale files' names follow too (WS405, locales.py).

Action texts and game records name a component by its name or its id, matched once case
and Unicode forms are set aside (the engine's `fold`: NFKC, case-folded, single spaces).
Two components whose names fold alike ("LOGGING CAMP" beside "Logging Camp"), or whose
name folds like another's id (a card named "quarry" beside the card `quarry`), would make
a text name two components. Cards of one name printed in several Ages are one card (WS325
holds them alike), not a clash. This check registers with `wondersmith.validate.semantics`.
"""
from __future__ import annotations

from typing import Iterable, Iterator

from wondersmith.diagnostics import Diagnostic
from wondersmith.engine.core.texts import fold
from wondersmith.ir.model import Building, Game
from wondersmith.validate.semantics import Item, at, check_
from wondersmith.validate.strict_yaml import Document


def clashes(named: Iterable[tuple[Item, str]]) -> Iterator[tuple[Item, str, Item, str]]:
    """(item, what, other, other's what) for each item of `named` (item, its name) whose
    name folds like the name or the id of an item before it, or whose id folds like the
    name of an item before it; `what` is "name" or "id". Ids that repeat are WS301's."""
    claims: dict[str, tuple[Item, str, str]] = {}
    for item, name in named:
        for what, key in (("name", fold(name)), ("id", item.id)):
            claim = claims.get(key)
            if claim is None:
                claims[key] = (item, what, name)
                continue
            other, other_what, other_name = claim
            if other is item or (what == other_what == "id") or _one_card(item, name, other, other_name):
                continue
            yield item, what, other, other_what


def _one_card(a: Item, a_name: str, b: Item, b_name: str) -> bool:
    """Cards of the very same name: one card printed in several Ages (WS325)."""
    return isinstance(a, Building) and isinstance(b, Building) and a.name == b.name \
        and a_name == b_name


def clash_message(item: Item, what: str, other: Item, other_what: str, name: str,
                  other_name: str) -> str:
    mine = f"the name '{name}' of '{item.id}'" if what == "name" else f"the id '{item.id}'"
    theirs = f"the name '{other_name}' of '{other.id}'" if other_what == "name" \
        else f"the id '{other.id}'"
    return f"{mine} is {theirs} once case and Unicode forms are set aside"


HINT = ("give each component a name of its own: action texts and game records name "
        "components by name or id, whatever the case")


@check_
def names_apart(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """No two components go by names, or a name and an id, that fold alike."""
    names = {item.id: item.name for item in game.components()}
    for item, what, other, other_what in clashes((c, c.name) for c in game.components()):
        yield at(item, what, "WS328",
                 clash_message(item, what, other, other_what, names[item.id], names[other.id]),
                 HINT)
