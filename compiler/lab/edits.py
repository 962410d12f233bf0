"""What changed between OLD and NEW, in words: the semantic diff (`wondersmith diff`) of the
two revisions' rules, with the lab's component ids of each changed item.

Translations are left out: they do not change how the game plays.
"""
from __future__ import annotations

from wondersmith.tools.diff import diff_games

from .revisions import Revision, model_of


def components_of(kind: str, item_id: str, info: dict[str, dict], old_game=None, new_game=None) -> list[str]:
    """The lab's components an item of the diff stands for: the item itself, or for a Wonder
    board the sides a seat is dealt (`gizah:a`): those whose stages changed, or every side when
    what the board itself produces changed."""
    if kind != "board":
        return [item_id] if item_id in info else []
    sides = [c for c in info if c.startswith(f"{item_id}:")]
    old = {b.id: b for b in old_game.boards}.get(item_id) if old_game else None
    new = {b.id: b for b in new_game.boards}.get(item_id) if new_game else None
    if old is None or new is None or old.produces != new.produces:
        return sides
    before = dict(old.sides)
    return [f"{item_id}:{side}" for side, stages in new.sides
            if before.get(side) != stages and f"{item_id}:{side}" in info]


def changed(old: Revision, new: Revision, info: dict[str, dict]) -> list[dict]:
    """One entry per change of the rules: a card, Wonder, token or board added, removed,
    renamed or changed (`words`: the diff's lines with effects as the sheets word them, e.g.
"effects: 3 victory points → 13 victory points"; `details`: the same in the DSL's form), or a rule of the game
    (kind `rules`). `components`: the lab's components whose play the entry changed (none for a
    rename alone or a removal). Empty when the two revisions have the same rules."""
    old_game, new_game = model_of(old), model_of(new)
    diff = diff_games(old_game, new_game)
    out = [{"kind": "rules", "id": "", "name": "", "status": "changed", "headline": line,
            "details": [], "words": [], "components": []} for line in diff.rules]
    for item in diff.items:
        out.append({"kind": item.kind, "id": item.id, "name": item.name, "status": item.status,
                    "headline": item.headline(), "details": list(item.details),
                    "words": list(item.words or item.details),
                    "components": components_of(item.kind, item.id, info, old_game, new_game)
                    if plays_differently(item) else []})
    return out


def plays_differently(item) -> bool:
    """Whether the item's rules changed (so its effect on play is a question to answer): not a
    rename alone, and not a removal (what is gone from NEW has no effect there to measure)."""
    return item.status in ("changed", "added") or item.status == "renamed" and bool(item.details)


def edit_words(entry: dict) -> str:
    """What was done to one item, in the diff's words: "effects: 3 victory points → 13 victory
    points; VP: 3 → 13", or its headline ("added building theater (Theater)") when it is not a
    change of an existing item."""
    if entry["status"] == "changed" and entry["details"]:
        return "; ".join(entry.get("words") or entry["details"])
    return entry["headline"]


def words(entry: dict) -> str:
    """One change in a line, named as a designer names it: "Theater: effect: 3 victory points →
    13 victory points; VP: 3 → 13"."""
    if entry["kind"] == "rules":
        return f"Rules: {entry['headline']}"
    if entry["status"] == "changed" and entry["details"]:
        return f"{entry['name']}: {edit_words(entry)}"
    return entry["headline"][0].upper() + entry["headline"][1:]
