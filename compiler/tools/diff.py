"""Semantic diff of rules data: what changed in the rules, not in the YAML.

Both sides are loaded into the typed intermediate form (`model.Game`) and compared there, so
reordering or reformatting a file shows no change, and a side in an older data format (read
through the migrations) compares as today's. Locale files (`locales/<lang>.yaml`, keyed by
id) are compared key by key, old text against new, when present on either side. The words
are in `diff_words`, the game-level changes in `diff_rules`, the text, Markdown and JSON
reports in `diff_report`.
"""
from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wondersmith.dsl.vocabulary import Effect
from wondersmith.engine.mechanics.catalogue import OPPONENT
from wondersmith.ir.model import Board, Building, Cost, Game
from wondersmith.tools.diff_rules import diff_rules
from wondersmith.tools.diff_words import (Wording, describe_copies, describe_cost,
                                          describe_effect, describe_effects, describe_stage,
                                          sheet_wording)

KINDS = ("building", "wonder", "token", "board")
KIND_TITLES = {"building": "Buildings", "wonder": "Wonders", "token": "Progress tokens",
               "board": "Wonder boards"}


# ---------------------------------------------------------------------------------------------
# The changes.


STATUSES = ("removed", "added", "id_renamed", "renamed", "changed")


@dataclass
class ItemChange:
    kind: str  # building, wonder, token, board
    # added, removed, renamed (same id, new name), id_renamed (new id, and maybe a new name,
    # with identical rules), changed
    status: str
    id: str
    name: str
    old_id: str = ""
    old_name: str = ""
    details: list[str] = field(default_factory=list)
    # `details` again with each effect as the English sheet words it ("2 shields" where
    # details say "shields: 2"), line for line; a line without effects is the same in both.
    words: list[str] = field(default_factory=list)

    def headline(self) -> str:
        if self.status == "added":
            return f"added {self.kind} {self.id} ({self.name})"
        if self.status == "removed":
            return f"removed {self.kind} {self.id} ({self.name})"
        if self.status == "id_renamed" and self.old_name not in ("", self.name):
            return (f"renamed {self.kind} {self.old_id} ({self.old_name}) → {self.id} "
                    f"({self.name}): new id and name, identical rules")
        if self.status == "id_renamed":
            return f"renamed id of {self.kind} {self.old_id} → {self.id} ({self.name})"
        if self.status == "renamed":
            return f"renamed {self.kind} {self.id}: {self.old_name} → {self.name}"
        return f"changed {self.kind} {self.id} ({self.name})"


@dataclass
class LocaleChange:
    """One language's changes, with the texts: keys are dotted (`names.tavern`)."""

    lang: str
    status: str  # added, removed, changed
    added: dict[str, Any] = field(default_factory=dict)  # key: new text
    removed: dict[str, Any] = field(default_factory=dict)  # key: old text
    changed: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # key: (old, new)
    affected: list[str] = field(default_factory=list)  # notes on translations of changed items


@dataclass
class GameDiff:
    game: str
    status: str = "changed"  # added, removed, changed
    items: list[ItemChange] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    locales: list[LocaleChange] = field(default_factory=list)
    # The data format of each side's files (an older one was read through the migrations).
    formats: tuple[int | None, int | None] = (None, None)

    @property
    def empty(self) -> bool:
        return self.status == "changed" and not (self.items or self.rules or self.locales)


def _effects_diff(old: tuple[Effect, ...], new: tuple[Effect, ...],
                  word: Wording = describe_effect) -> list[str]:
    if old == new:
        return []
    if len(old) == len(new) == 1 or not old or not new:
        return [f"effects: {describe_effects(old, word)} → {describe_effects(new, word)}"]
    out = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        gone, came = list(old[i1:i2]), list(new[j1:j2])
        # Pair a removed and an added effect of the same verb: one effect changed.
        for a in list(gone):
            b = next((e for e in came if e.VERB == a.VERB), None)
            if b is not None:
                gone.remove(a)
                came.remove(b)
                out.append(f"effect: {word(a)} → {word(b)}")
        out += [f"effect removed: {word(e)}" for e in gone]
        out += [f"effect added: {word(e)}" for e in came]
    return out


def _cost_line(old: Cost, new: Cost) -> list[str]:
    return [] if old == new else [f"cost: {describe_cost(old)} → {describe_cost(new)}"]


def item_details(old: Any, new: Any, word: Wording = describe_effect) -> list[str]:
    """What changed between two versions of one card, Wonder, token or board (name apart),
    each effect worded by `word` (the DSL form by default)."""
    out: list[str] = []
    if isinstance(old, Building):
        if old.age != new.age:
            out.append(f"Age: {old.age} → {new.age}")
        if old.color != new.color:
            out.append(f"colour: {old.color} → {new.color}")
        if old.copies != new.copies:
            out.append(f"copies: {describe_copies(old.copies)} → "
                       f"{describe_copies(new.copies)}")
    if hasattr(old, "cost"):
        out += _cost_line(old.cost, new.cost)
    if isinstance(old, Building):
        for attr, label in (("chain_from", "chain from"), ("chain_gives", "chain gives")):
            a, b = getattr(old, attr), getattr(new, attr)
            if a != b:
                out.append(f"{label}: {a or 'none'} → {b or 'none'}")
    if hasattr(old, "effects"):
        out += _effects_diff(old.effects, new.effects, word)
        vp_old, vp_new = victory_points(old.effects), victory_points(new.effects)
        if vp_old != vp_new and all(isinstance(v, int) for v in (vp_old, vp_new)):
            out.append(f"VP: {vp_old} → {vp_new}")
    if hasattr(old, "produces") and old.produces != new.produces:
        out.append(f"produces: {describe_cost(Cost(resources=old.produces))} → "
                   f"{describe_cost(Cost(resources=new.produces))}")
    if hasattr(old, "sides") and old.sides != new.sides:
        for (side, a), (_, b) in zip(old.sides, new.sides):
            if a == b:
                continue
            name = f"side {side.upper()}"
            if len(a) != len(b):
                out.append(f"{name}: {len(a)} stages → {len(b)} stages")
            # Stages are matched by their place: the n-th stage is built n-th.
            for i, (sa, sb) in enumerate(zip(a, b), 1):
                out += [f"{name} stage {i} {line}" for line in
                        _cost_line(sa.cost, sb.cost) +
                        _effects_diff(sa.effects, sb.effects, word)]
            out += [f"{name} stage {i} removed ({describe_stage(s, word)})"
                    for i, s in enumerate(a[len(b):], len(b) + 1)]
            out += [f"{name} stage {i} added ({describe_stage(s, word)})"
                    for i, s in enumerate(b[len(a):], len(a) + 1)]
    return out


def victory_points(effects: tuple[Effect, ...]) -> int | str:
    """Fixed VP of the effects ("" when some VP are counted, not fixed)."""
    total = 0
    for e in effects:
        data = e.data()
        if isinstance(data, dict) and "points" in data:
            if not isinstance(data["points"], int):
                return ""
            total += data["points"]
    return total


def _without_id(item: Any) -> Any:
    return dataclasses.replace(item, id="")


def _rules_only(item: Any) -> Any:
    return dataclasses.replace(item, id="", name="")


def _pair_renames(kind: str, removed: list, added: list, same: Any) -> list[ItemChange]:
    """Pair each removed item with the one added item that is `same` (and no other removed
    item is): a rename. Ambiguous twins stay removed and added."""
    out = []
    for r in list(removed):
        twins = [x for x in added if same(x) == same(r)]
        if len(twins) != 1 or sum(same(o) == same(r) for o in removed) != 1:
            continue
        (twin,) = twins
        removed.remove(r)
        added.remove(twin)
        out.append(ItemChange(kind, "id_renamed", twin.id, twin.name, old_id=r.id,
                              old_name=r.name))
    return out


def diff_items(kind: str, old: tuple, new: tuple, opponent: bool = True) -> list[ItemChange]:
    """The changes of one kind of item. `opponent`: the game seats two opponents (Duel), so
    effects on "neighbours" are worded "your opponent" in `ItemChange.words`."""
    words = sheet_wording(opponent)
    a = {i.id: i for i in old}
    b = {i.id: i for i in new}
    removed = [a[k] for k in a if k not in b]
    added = [b[k] for k in b if k not in a]
    # An id change with everything else equal is a rename of the id, not a new item; so is a
    # change of id and name when the rules are identical.
    out = _pair_renames(kind, removed, added, _without_id)
    out += _pair_renames(kind, removed, added, _rules_only)
    for k in a.keys() & b.keys():
        x, y = a[k], b[k]
        if x == y:
            continue
        details, worded = item_details(x, y), item_details(x, y, words)
        if x.name != y.name:
            out.append(ItemChange(kind, "renamed", k, y.name, old_name=x.name, details=details,
                                  words=worded))
        else:
            out.append(ItemChange(kind, "changed", k, y.name, details=details, words=worded))
    out += [ItemChange(kind, "removed", r.id, r.name) for r in removed]
    out += [ItemChange(kind, "added", x.id, x.name, details=_summary(x),
                       words=_summary(x, words)) for x in added]
    return sorted(out, key=lambda c: (STATUSES.index(c.status), c.id))


def _summary(item: Any, word: Wording = describe_effect) -> list[str]:
    """The rules of a new item, so a reviewer need not open the YAML."""
    out = []
    if isinstance(item, Building):
        out.append(f"Age {item.age}, {item.color}")
        out += [f"copies: {describe_copies(item.copies)}"] if item.copies else []
    if isinstance(item, Board):
        out.append(f"produces: {describe_cost(Cost(resources=item.produces))}")
        out += [f"side {side.upper()} stage {i}: {describe_stage(stage, word)}"
                for side, stages in item.sides for i, stage in enumerate(stages, 1)]
    if hasattr(item, "cost"):
        out.append(f"cost: {describe_cost(item.cost)}")
    if isinstance(item, Building):
        out += [f"chain from: {item.chain_from}"] if item.chain_from else []
        out += [f"chain gives: {item.chain_gives}"] if item.chain_gives else []
    if hasattr(item, "effects"):
        out.append(f"effects: {describe_effects(item.effects, word)}")
    return out


# ---------------------------------------------------------------------------------------------
# Locales.


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for k, v in data.items():
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: data}


def diff_locales(old: dict[str, Any], new: dict[str, Any], items: list[ItemChange]
                 ) -> list[LocaleChange]:
    """Per language: keys added, removed, changed; and translations of changed items."""
    out = []
    for lang in sorted(old.keys() | new.keys()):
        a, b = _flatten(old.get(lang) or {}), _flatten(new.get(lang) or {})
        status = "added" if lang not in old else "removed" if lang not in new else "changed"
        change = LocaleChange(
            lang, status,
            added={k: b[k] for k in sorted(b.keys() - a.keys())},
            removed={k: a[k] for k in sorted(a.keys() - b.keys())},
            changed={k: (a[k], b[k]) for k in sorted(a.keys() & b.keys()) if a[k] != b[k]})
        if lang in new:
            change.affected = _affected(b, items, change)
        if status != "changed" or change.added or change.removed or change.changed \
                or change.affected:
            out.append(change)
    return out


def _affected(keys: dict[str, Any], items: list[ItemChange], change: LocaleChange
              ) -> list[str]:
    """Notes on the translations of items that changed (keys are dotted, e.g. names.tavern)."""
    by_id: dict[str, list[str]] = {}
    for key in keys:
        for seg in key.split("."):
            by_id.setdefault(seg, []).append(key)
    edited = {seg for k in [*change.changed, *change.added] for seg in k.split(".")}
    translates = any(v not in (None, "", {}) for v in keys.values())
    out = []
    for item in items:
        mine = by_id.get(item.id, [])
        if item.status == "id_renamed" and item.old_id in by_id:
            out.append(f"still keyed by the old id {item.old_id} (now {item.id})")
        elif item.status == "removed" and mine:
            out.append(f"still translates removed {item.kind} {item.id}")
        elif item.status == "added" and not mine and translates:
            out.append(f"no translation for new {item.kind} {item.id}")
        elif item.id in edited:
            continue  # the translation was updated in the same change
        elif item.status == "renamed" and mine:
            out.append(f"translated name of {item.kind} {item.id} may need updating "
                       f"(English name now {item.name})")
        elif item.status == "changed" and any(
                not {"name", "names"} & set(k.split(".")) for k in mine):
            out.append(f"translated text of {item.kind} {item.id} may be stale")
    return out


# ---------------------------------------------------------------------------------------------
# Whole games.


def diff_games(old: Game | None, new: Game | None, old_locales: dict | None = None,
               new_locales: dict | None = None,
               formats: tuple[int | None, int | None] = (None, None)) -> GameDiff:
    if old is None or new is None:
        game = new or old
        assert game is not None
        return GameDiff(game.id, "added" if old is None else "removed", formats=formats)
    result = GameDiff(new.id, formats=formats)
    if old.name != new.name:
        result.rules.append(f"name: {old.name} → {new.name}")
    result.rules += diff_rules(old, new)
    opponent = new.seating == OPPONENT
    for kind, attr in zip(KINDS, ("buildings", "wonders", "tokens", "boards")):
        result.items += diff_items(kind, getattr(old, attr), getattr(new, attr), opponent)
    result.locales = diff_locales(old_locales or {}, new_locales or {}, result.items)
    return result


def load_locales(folder: Path) -> dict[str, Any]:
    """`locales/<lang>.yaml` of a game folder, by language; {} when there are none. An
    extension's are its bases' with its own laid over them: `names` merge by id (a change of
    a base's translation shows in the extension's diff too)."""
    from wondersmith.ir import extends
    from wondersmith.ir.loader import read_document

    out: dict[str, Any] = {}
    for game in extends.chain(folder):
        locales = game / "locales"
        for path in sorted(locales.glob("*.yaml")) if locales.is_dir() else ():
            doc = read_document(path)
            data = doc.data if isinstance(doc.data, dict) else {}
            before = out.get(path.stem, {})
            merged = {**before, **data}
            if isinstance(before.get("names"), dict) and isinstance(data.get("names"), dict):
                merged["names"] = {**before["names"], **data["names"]}
            out[path.stem] = merged
    return out


def count(diffs: list[GameDiff]) -> int:
    """The number of changes: items, rules lines and languages, or 1 per game added or
    removed. A side read through the migrations alone is no change of the rules."""
    return sum(game_count(d) for d in diffs)


def game_count(d: GameDiff) -> int:
    if d.empty:
        return 0
    return 1 if d.status != "changed" else len(d.items) + len(d.rules) + len(d.locales)
