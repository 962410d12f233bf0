"""Skeletons of new cards, Wonders, tokens and Wonder boards, appended to the right data file.

A skeleton is valid data (schema and per-item semantics) with placeholder rules for the
designer to edit: a card is free and gives 1 VP, a Wonder costs one unit of the game's first
raw resource and gives 1 VP, a token gives 1 VP. In a game of hands (7 Wonders) a card is one
copy printed for the fewest players, and a board produces one unit of the first raw resource,
with one stage a side (2 units of it, 3 VP). A new item also raises the counts game.yaml keeps
of it (`count_update`): an Age's `cards` and colour (Duel), an Age's or the guilds' `printed`
(7 Wonders), the boards' `count`.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from wondersmith.tools import fmt
from wondersmith import datafiles
from wondersmith.validate import strict_yaml
from wondersmith.ir import extends
from wondersmith.ir.loader import GAME_FILE, card_files
from wondersmith.dsl.schemas import MAX_ID_LENGTH, RESERVED_IDS
from wondersmith.dsl.vocabulary import ID_PATTERN
from wondersmith.engine.mechanics.catalogue import COMPONENT_LISTS, DUEL, played_by

KINDS = {"card": "buildings", "wonder": "wonders", "token": "tokens", "board": "boards"}
HEADER = "# yaml-language-server: $schema=../../schema/cards.schema.json\n"


class SkeletonError(Exception):
    """A request that cannot be met: bad id, existing id, unknown colour, missing Age."""


@dataclass
class Added:
    path: Path
    text: str  # the whole new file
    item: str  # the skeleton alone, as YAML
    created: bool


def _title(ident: str) -> str:
    return " ".join(w.capitalize() for w in ident.split("_"))


def existing_ids(folder: Path) -> set[str]:
    """Ids of every item in the game's files, read leniently (the game may not validate);
    an extension's bases' too (`new` adds, `replaces:` replaces)."""
    ids: set[str] = set()
    for path in [p for game in extends.chain(folder) for p in card_files(game)]:
        doc = strict_yaml.load(str(path), datafiles.read_bytes(path))
        if isinstance(doc.data, dict):
            for key in ("buildings", "wonders", "tokens", "boards"):
                for item in doc.data.get(key) or ():
                    if isinstance(item, dict) and isinstance(item.get("id"), str):
                        ids.add(item["id"])
    return ids


def _game_data(folder: Path) -> dict:
    """game.yaml's data, read leniently; an extension's resolved over its bases'."""
    resolved = None
    for game in extends.chain(folder):
        doc = strict_yaml.load(str(game / GAME_FILE), datafiles.read_bytes(game / GAME_FILE))
        if not isinstance(doc.data, dict):
            return {}
        resolved = doc if resolved is None else extends.merge(resolved, doc)
    return extends.resolved_data(resolved)


def _inherit(data: dict, resolved: dict, path: tuple[str, ...]) -> None:
    """Make an extension's game.yaml `data` hold the resolved game's value at `path` (a list
    or a number the extension writes is its whole value), so raising it raises the game's."""
    node, value = data, resolved
    for key in path[:-1]:
        value = value.get(key) if isinstance(value, dict) else None
        if not isinstance(value, dict):
            return
        if not isinstance(node.get(key), dict):
            node[key] = CommentedMap()
        node = node[key]
    if path[-1] in value and path[-1] not in node:
        y = fmt._yaml()  # round-trip types, as the rest of the file, to be edited alike
        node[path[-1]] = y.load(_dumped(y, {path[-1]: value[path[-1]]}))[path[-1]]


def _hands(game: dict) -> bool:
    """A game whose Ages deal hands (7 Wonders): its cards are printed in copies."""
    return any(isinstance(a, dict) and "hand" in a for a in game.get("ages") or ())


def _fewest_players(game: dict) -> int:
    players = game.get("players")
    return players.get("min", 3) if isinstance(players, dict) else players \
        if isinstance(players, int) else 3


def _guild_color(game: dict) -> str | None:
    guilds = (game.get("setup") or {}).get("guilds") or {}
    return guilds.get("color") if isinstance(guilds, dict) else None


def _check_played(name: str, components: str, game: dict) -> None:
    """Refuse a Wonder, token or board that no mechanic of the game puts in play (WS327)."""
    mechanics = game.get("mechanics")
    if not isinstance(mechanics, list):  # data older than format 3: Duel's, by migration
        mechanics = DUEL
    players = played_by(components)
    if not any(m in mechanics for m in players):
        raise SkeletonError(f"{name} has no {COMPONENT_LISTS[components]}: no mechanic of its "
                            f"game.yaml plays them ({' or '.join(players)} would)")


def skeleton(kind: str, ident: str, game: dict, color: str | None) -> CommentedMap:
    item = CommentedMap()
    item["id"] = ident
    item["name"] = _title(ident)
    raw = (game.get("resources") or {}).get("raw") or ["wood"]
    if kind == "card":
        item["color"] = color
        if _hands(game) and color != _guild_color(game):
            item["copies"] = CommentedSeq([_fewest_players(game)])
    if kind == "wonder":
        item["cost"] = CommentedMap({raw[0]: 1})
    if kind == "board":
        item["produces"] = CommentedMap({raw[0]: 1})
        item["sides"] = CommentedMap(
            (side, CommentedMap(stages=CommentedSeq([CommentedMap(
                cost=CommentedMap({raw[0]: 2}),
                effects=CommentedSeq([CommentedMap(points=3)]))])))
            for side in ("a", "b"))
        return item
    item["effects"] = CommentedSeq([CommentedMap(points=1)])
    return item


def target_file(folder: Path, kind: str, age: int | None, color: str | None,
                guild_color: str | None = None) -> Path:
    """The file that holds items of this kind (and Age, and guild or not)."""
    key = KINDS[kind]
    guild = color is not None and color == guild_color
    for path in card_files(folder):
        data = strict_yaml.load(str(path), datafiles.read_bytes(path)).data
        if not isinstance(data, dict) or key not in data:
            continue
        if kind != "card":
            return path
        if data.get("age") != age:
            continue
        colors = {b.get("color") for b in data.get("buildings") or () if isinstance(b, dict)}
        if (guild and colors == {guild_color}) or (not guild and colors != {guild_color}):
            return path
    if kind == "card":
        return folder / ("guilds.yaml" if guild and age else f"age{age}.yaml")
    return folder / f"{key}.yaml"


def game_folder(data: Path, game: str) -> Path:
    """The folder of `game` under `data`, refused unless it stays inside `data`: a plain
    folder name (no `/`, `..` or absolute path) that is not a link to somewhere else."""
    if not game or game in (".", "..") or "/" in game or "\\" in game or "\0" in game \
            or Path(game).is_absolute() or Path(game).drive:
        raise SkeletonError(f"bad game {game!r}: give the name of a folder under {data}")
    folder = data / game
    if not _inside(folder, data):
        raise SkeletonError(f"{folder} leads outside {data} (a symbolic link?): refused")
    return folder


def _inside(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root.resolve())


def add(folder: Path, kind: str, ident: str, age: int | None = None,
        color: str | None = None) -> Added:
    """The game folder's file with the skeleton appended (nothing is written here)."""
    if kind not in KINDS:
        raise SkeletonError(f"unknown kind '{kind}' (choose card, wonder, token or board)")
    if not (folder / GAME_FILE).is_file():
        raise SkeletonError(f"no game at {folder} (no {GAME_FILE})")
    if not re.fullmatch(ID_PATTERN.strip("^$"), ident) or len(ident) > MAX_ID_LENGTH:
        raise SkeletonError(f"bad id '{ident[:MAX_ID_LENGTH]}': use snake_case, a lowercase "
                            "letter then lowercase letters, digits or _, at most "
                            f"{MAX_ID_LENGTH} characters")
    if ident in RESERVED_IDS:
        raise SkeletonError(f"bad id '{ident}': a reserved word in Python (ids become names "
                            f"in generated code); try '{ident}_{kind}'")
    if ident in existing_ids(folder):
        bases = [g for g in extends.chain(folder)[:-1] if ident in existing_ids(g)]
        if bases:  # an extension's: `new` adds, it never replaces
            raise SkeletonError(f"id '{ident}' already exists in {bases[-1].name}, the base "
                                f"of {folder.name}: to change that component, copy it into "
                                f"a card file of {folder.name} and list it under "
                                f"`{extends.REPLACES}:` in its game.yaml")
        raise SkeletonError(f"id '{ident}' already exists in {folder.name}")
    game = _game_data(folder)
    guild_color = _guild_color(game)
    if kind != "card":
        _check_played(folder.name, KINDS[kind], game)
    if kind == "card":
        if age is None:
            raise SkeletonError("a card needs its Age: --age N")
        ages = [a.get("age") for a in game.get("ages") or () if isinstance(a, dict)]
        if ages and age not in ages and not (color is not None and color == guild_color):
            raise SkeletonError(f"Age {age} is not an Age of {folder.name} "
                                f"(ages: {', '.join(map(str, ages))})")
        color = color or "blue"
        if color not in (game.get("colors") or [color]):
            raise SkeletonError(f"colour '{color}' is not a colour of {folder.name} "
                                f"({', '.join(game['colors'])})")
    elif age is not None or color is not None:
        raise SkeletonError(f"--age and --color are for cards, not a {kind}")
    path = target_file(folder, kind, age, color, guild_color)
    if not _inside(path, folder):
        raise SkeletonError(f"{path} leads outside {folder} (a symbolic link?): refused")
    y = fmt._yaml()
    created = not path.exists()
    if created:
        text = HEADER + (f"age: {age}\n" if kind == "card" else "") + f"{KINDS[kind]}: []\n"
    else:
        text = datafiles.read_text(path)
    data = y.load(text)
    items = data.get(KINDS[kind])
    if items is None:
        items = data[KINDS[kind]] = CommentedSeq()
    item = skeleton(kind, ident, game, color)
    items.append(item)
    if created or len(items) == 1:
        fmt._style(items, (KINDS[kind],), 2, data)
    else:
        fmt._style(item, (KINDS[kind], len(items) - 1), 4, items)
    out = io.StringIO()
    y.dump(data, out)
    alone = io.StringIO()
    y.dump(CommentedSeq([item]), alone)
    return Added(path, out.getvalue(), alone.getvalue(), created)


@dataclass
class CountUpdate:
    """game.yaml before and after raising one Age's counts for a new card."""

    path: Path
    before: str
    after: str


def _raised(mapping: object, key: str) -> bool:
    """`mapping[key]` one higher, when it is a whole number."""
    if isinstance(mapping, dict) and isinstance(mapping.get(key), int) \
            and not isinstance(mapping.get(key), bool):
        mapping[key] += 1
        return True
    return False


def count_update(folder: Path, age: int | None, color: str | None,
                 kind: str = "card") -> CountUpdate | None:
    """game.yaml with the counts a new item changes one higher, comments and layout kept: an
    Age card raises its Age's `cards` and `colors: {color}` (Duel) or its `printed`
    (7 Wonders, guilds included); a guild also raises `setup.guilds.printed`; a board
    `setup.boards.count`. None when game.yaml counts nothing of it. Nothing is written here."""
    path = folder / GAME_FILE
    before = datafiles.read_text(path)
    y = fmt._yaml()
    data = y.load(before)
    if not isinstance(data, dict):
        return None
    if extends.EXTENDS in data:  # the counts it inherits become its own, then are raised
        resolved = _game_data(folder)
        guilds = resolved.get("setup", {}).get("guilds", {})
        wanted = [("setup", "boards", "count")] if kind == "board" else [("ages",)]
        if kind == "card" and (color, age) == (guilds.get("color"), guilds.get("age")):
            wanted.append(("setup", "guilds", "printed"))
        for part in wanted:
            _inherit(data, resolved, part)
    setup = data.get("setup") or {}
    guilds = (setup.get("guilds") or {}) if isinstance(setup, dict) else {}
    if kind == "board":
        raised = isinstance(setup, dict) and _raised(setup.get("boards"), "count")
        return CountUpdate(path, before, _dumped(y, data)) if raised else None
    guild = color == guilds.get("color") and age == guilds.get("age")
    deck = next((d for d in data.get("ages") or () if isinstance(d, dict) and
                 d.get("age") == age), None)
    if guild or deck is None or not isinstance(deck.get("cards"), int):
        # 7 Wonders counts the cards printed for each Age, guilds included, and the guilds.
        raised = _raised(deck, "printed")
        raised = (_raised(guilds, "printed") if guild else False) or raised
        return CountUpdate(path, before, _dumped(y, data)) if raised else None
    deck["cards"] += 1
    colors = deck.get("colors")
    if not isinstance(colors, CommentedMap):
        return None
    if color in colors:
        colors[color] += 1
    else:  # a new colour key goes where the game's colour order puts it
        order = list(data.get("colors") or ())
        rank = order.index(color) if color in order else len(order)
        position = sum(1 for c in colors if (order.index(c) if c in order else len(order))
                       <= rank)
        colors.insert(position, color, 1)
    return CountUpdate(path, before, _dumped(y, data))


def _dumped(y: object, data: object) -> str:
    """The data as YAML; an extension's in the canonical style, the values it inherited (plain
    data) styled like the rest."""
    out = io.StringIO()
    y.dump(data, out)  # type: ignore[attr-defined]
    text = out.getvalue()
    return fmt.format_text(text) if isinstance(data, dict) and extends.EXTENDS in data else text


def free_slot(rows: list[list[int]]) -> tuple[int, int]:
    """Where one more card fits an Age's structure (rows of columns, top row first), as
    (row, column), row == len(rows) for a new row: at either end of the last row when it rests
    there on a card of the row above (columns 2 apart, a card resting on one at column ±1),
    else alone in a new row, resting on the last row's first card."""
    last = rows[-1]
    above = set(rows[-2]) if len(rows) > 1 else None
    for column in (max(last) + 2, min(last) - 2):
        if column >= 0 and (above is None or {column - 1, column + 1} & above):
            return len(rows) - 1, column
    return len(rows), last[0] + 1


@dataclass
class SlotUpdate:
    """game.yaml with slots added to an Age's structure, and where they went."""

    after: str
    slots: list[tuple[int, int]]  # (row, column), 1-based row


def add_slots(text: str, age: int, count: int, folder: Path | None = None
              ) -> SlotUpdate | None:
    """game.yaml `text` with `count` slots added to Age `age`'s structure (see `free_slot`),
    comments kept; None when it has no such structure. An extension (its `folder` given)
    that does not write `structures:` gets its base's first."""
    y = fmt._yaml()
    data = y.load(text)
    if folder is not None and isinstance(data, dict) and extends.EXTENDS in data:
        _inherit(data, _game_data(folder), ("structures",))
    structure = next((s for s in (data or {}).get("structures") or ()
                      if isinstance(s, dict) and s.get("age") == age), None)
    if structure is None or not structure.get("rows"):
        return None
    rows = structure["rows"]
    placed = []
    for _ in range(count):
        r, column = free_slot([list(row["columns"]) for row in rows])
        if r == len(rows):
            columns = CommentedSeq([column])
            columns.fa.set_flow_style()
            rows.append(CommentedMap(columns=columns))
        else:
            columns = rows[r]["columns"]
            columns.insert(sum(1 for c in columns if c < column), column)
        placed.append((r + 1, column))
    return SlotUpdate(_dumped(y, data), placed)
