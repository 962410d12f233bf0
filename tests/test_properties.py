"""Property test: break the real Duel data at random; validation always reports at least one
error and never crashes."""
from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any, Callable

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wondersmith.validate import strict_yaml
from wondersmith.ir.loader import card_files, load_game
from wondersmith.dsl.vocabulary import RESOURCES, VERBS

from conftest import DUEL

FILES = ["game.yaml", *(p.name for p in card_files(DUEL))]
DATA = {name: strict_yaml.load(name, (DUEL / name).read_bytes()).data for name in FILES}
REQUIRED = {"buildings": ("id", "name", "color"), "wonders": ("id", "name", "cost"),
            "tokens": ("id", "name")}
WORDS = st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)

Data = dict[str, Any]


class NotApplicable(Exception):
    """An earlier mutation removed what this one would break; the data is broken already."""


def _items(data: dict[str, Data]) -> list[tuple[str, str, int]]:
    """(file, list key, index) of every card, Wonder and token that is a mapping."""
    return [(f, key, i) for f in FILES if isinstance(data[f], dict) for key in REQUIRED
            if isinstance(data[f].get(key), list)
            for i, item in enumerate(data[f][key]) if isinstance(item, dict)]


def _pick(draw: st.DataObject, choices: list) -> Any:
    if not choices:
        raise NotApplicable
    return draw.draw(st.sampled_from(choices))


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a file's data (the root excluded)."""
    found = [path] if path else []
    if isinstance(node, dict):
        for k, v in node.items():
            found += _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _paths(v, path + (i,))
    return found




def _get(node: Any, path: tuple) -> Any:
    for p in path:
        node = node[p]
    return node


def _set(node: Any, path: tuple, value: Any) -> None:
    _get(node, path[:-1])[path[-1]] = value


# Each mutation draws what it needs and breaks the data in place.
Mutation = Callable[[st.DataObject, dict[str, Data]], None]


def drop_required_key(draw: st.DataObject, data: dict[str, Data]) -> None:
    f, key, i = _pick(draw, _items(data))
    item = data[f][key][i]
    del item[_pick(draw, [k for k in (*REQUIRED[key], "effects") if k in item])]


def drop_game_key(draw: st.DataObject, data: dict[str, Data]) -> None:
    game = data["game.yaml"]
    # Without `format:` the data reads as format 1 through the migrations: valid, not broken.
    sections = [k for k in game if k not in ("ages", "format")]
    if isinstance(game.get("setup"), dict) and "guilds" in game["setup"]:
        sections.append("setup.guilds")
    section = _pick(draw, sections)
    if section == "setup.guilds":
        del game["setup"]["guilds"]
    else:
        del game[section]


def wrong_type(draw: st.DataObject, data: dict[str, Data]) -> None:
    f, path = _pick(draw, [(f, p) for f in FILES for p in _paths(data[f])])
    old = _get(data[f], path)
    others: list[Any] = [["x"], {"x": 1}, None, "text", 7, True]
    if isinstance(old, bool):
        others = [x for x in others if x is not True and x != 7]
    elif isinstance(old, int):
        others = [x for x in others if not isinstance(x, int)]
    else:
        others = [x for x in others if type(x) is not type(old)]
    if isinstance(old, str) and path[-2:-1] in (("effects",),):  # a bare verb: any mapping
        others = [x for x in others if x != {"x": 1}] + [{"x": 1}]
    _set(data[f], path, draw.draw(st.sampled_from(others)))


def unknown_effect(draw: st.DataObject, data: dict[str, Data]) -> None:
    f, key, i = _pick(draw, _items(data))
    item = data[f][key][i]
    verb = draw.draw(WORDS.filter(lambda w: w not in VERBS))
    effects = item.setdefault("effects", [])
    if not isinstance(effects, list):
        raise NotApplicable
    position = draw.draw(st.integers(0, len(effects)))
    effects.insert(position, draw.draw(st.sampled_from([verb, {verb: 1}, {verb: {"x": 1}}])))


def dangling_chain(draw: st.DataObject, data: dict[str, Data]) -> None:
    buildings = [data[f][k][i] for f, k, i in _items(data) if k == "buildings"]
    given = {b["chain_gives"] for b in buildings if isinstance(b.get("chain_gives"), str)}
    victim = _pick(draw, [b for b in buildings if "chain_from" in b])
    victim["chain_from"] = draw.draw(WORDS.filter(lambda w: w not in given))


def dangling_first_game_wonder(draw: st.DataObject, data: dict[str, Data]) -> None:
    ids = {str(data[f][k][i].get("id")) for f, k, i in _items(data) if k == "wonders"}
    try:
        seats = data["game.yaml"]["setup"]["first_game_wonders"]
        seat = _pick(draw, [s for s in ("first", "second") if isinstance(seats[s], list)
                            and seats[s]])
    except (KeyError, TypeError):
        raise NotApplicable from None
    j = draw.draw(st.integers(0, len(seats[seat]) - 1))
    seats[seat][j] = draw.draw(WORDS.filter(lambda w: w not in ids))


def unknown_resource(draw: st.DataObject, data: dict[str, Data]) -> None:
    f, key, i = _pick(draw, [it for it in _items(data) if it[1] != "tokens"])
    declared = set(DATA["game.yaml"]["resources"]["raw"]
                   + DATA["game.yaml"]["resources"]["manufactured"])
    resource = draw.draw(st.one_of(st.sampled_from([r for r in RESOURCES if r not in declared]),
                                   WORDS.filter(lambda w: w not in RESOURCES + ("coins",))))
    where = draw.draw(st.sampled_from(["cost", "produce"]))
    item = data[f][key][i]
    target = item.setdefault("cost" if where == "cost" else "effects",
                             {} if where == "cost" else [])
    if where == "cost" and isinstance(target, dict):
        target[resource] = draw.draw(st.integers(1, 3))
    elif where == "produce" and isinstance(target, list):
        target.append({"produce": {resource: 1}})
    else:
        raise NotApplicable


MUTATIONS = [drop_required_key, drop_game_key, wrong_type, unknown_effect, dangling_chain,
             dangling_first_game_wonder, unknown_resource]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3))
def test_broken_data_always_reported(draw: st.DataObject, mutations: list[Mutation]) -> None:
    data = copy.deepcopy(DATA)
    for n, mutate in enumerate(mutations):
        try:
            mutate(draw, data)
        except NotApplicable:
            assert n > 0, "the first mutation always applies to the intact data"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "duel"
        folder.mkdir()
        for name, content in data.items():
            (folder / name).write_text(yaml.safe_dump(content, sort_keys=False,
                                                      allow_unicode=True), encoding="utf-8")
        loaded = load_game(folder)  # must not raise
    assert not loaded.ok
    assert loaded.diagnostics, [m.__name__ for m in mutations]
    for d in loaded.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.message


def test_unmutated_round_trip_is_clean(tmp_path: Path) -> None:
    # The harness itself must not be what breaks the data.
    for name, content in DATA.items():
        (tmp_path / name).write_text(yaml.safe_dump(content, sort_keys=False), encoding="utf-8")
    loaded = load_game(tmp_path)
    assert loaded.ok, [f"{d.file}:{d.line} {d.code} {d.message}" for d in loaded.diagnostics]
