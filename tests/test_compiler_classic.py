"""The compiled 7 Wonders (`generated/classic/`) agrees with its data, read independently.

The YAML is read here with plain PyYAML, not the compiler; each building, board and stage class
is checked attribute by attribute against it, and each method is run against a stand-in for
the engine that records its calls and answers counts that differ per city, so a wrong city,
colour or verb changes the answer.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import wondersmith.generated.classic as classic
from wondersmith.engine import runtime

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "cards" / "classic"
GAME = yaml.safe_load((DATA / "game.yaml").read_text(encoding="utf-8"))
RESOURCES = tuple(GAME["resources"]["raw"] + GAME["resources"]["manufactured"])


def raw_buildings() -> dict[str, dict]:
    items = {}
    for path in sorted(DATA.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in data.get("buildings", ()):
            items[item["id"]] = {**item, "_age": data["age"]}
    return items


def raw_boards() -> list[dict]:
    return yaml.safe_load((DATA / "wonders.yaml").read_text(encoding="utf-8"))["boards"]


def values(item: dict, verb: str) -> list:
    return [None if e == verb else e[verb] for e in item.get("effects", ())
            if e == verb or isinstance(e, dict) and verb in e]


def vector(units: dict) -> tuple[int, ...]:
    return tuple(units.get(r, 0) for r in RESOURCES)


class Table:
    """Three cities around a table; city 0's neighbours are 2 (left) and 1 (right)."""

    COUNTS = {(0, "brown"): 3, (0, "grey"): 1, (0, "yellow"): 2, (0, "wonders"): 2,
              (0, "defeats"): 1, (1, "brown"): 2, (1, "grey"): 4, (1, "yellow"): 1,
              (1, "wonders"): 1, (1, "defeats"): 3, (2, "brown"): 5, (2, "grey"): 0,
              (2, "yellow"): 6, (2, "wonders"): 3, (2, "defeats"): 0,
              (0, "red"): 1, (1, "red"): 2, (2, "red"): 4, (0, "blue"): 2, (1, "blue"): 3,
              (2, "blue"): 1, (0, "green"): 1, (1, "green"): 2, (2, "green"): 5,
              (0, "purple"): 1, (1, "purple"): 2, (2, "purple"): 3}

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def neighbours(self, player):
        return ((player - 1) % 3, (player + 1) % 3)

    def gain_coins(self, player, amount):
        self.calls.append(("gain_coins", player, amount))

    def count_cards(self, player, colors):
        return sum(self.COUNTS[(player, c)] for c in colors)

    def count_wonders(self, player):
        return self.COUNTS[(player, "wonders")]

    def count_defeats(self, player):
        return self.COUNTS[(player, "defeats")]

    def build_from_discard(self, player, when="at_once"):
        self.calls.append(("build_from_discard", player, when))


def counted(value) -> int:
    """An independent evaluation of a counted amount for city 0 at `Table`."""
    if isinstance(value, int):
        return value
    per = {"defeat_tokens": "defeats"}.get(value["per"], value["per"])

    def measure(player):
        if per == "cards":
            return sum(Table.COUNTS[(player, c)] for c in value["colors"])
        return Table.COUNTS[(player, per)]

    cities = {"self": (0,), "neighbours": (2, 1)}[value.get("in", "self")]
    return value.get("amount", 1) * sum(measure(p) for p in cities) // value.get("every", 1)


def check_effects(cls, item: dict) -> None:
    """The static attributes and the methods of `cls` against the effects of `item`."""
    name = item.get("id", cls.id)
    produced = [0] * len(RESOURCES)
    for value in values(item, "produce"):
        for resource, units in value.items():
            produced[RESOURCES.index(resource)] += units
    assert tuple(cls.produces or (0,) * len(RESOURCES)) == tuple(produced), name
    assert cls.produces_one_of == tuple(tuple(RESOURCES.index(r) for r in v)
                                        for v in values(item, "produce_one_of")), name
    prices = []
    for v in values(item, "trade_price"):
        sides = {"left": ("left",), "right": ("right",)}.get(v.get("from"), ("left", "right"))
        prices += [(RESOURCES.index(r), v["price"], side) for side in sides
                   for r in v["resources"]]
    assert sorted(cls.neighbour_prices) == sorted(prices), name
    assert cls.trade_prices == (), name  # no bank in a circle of cities
    assert cls.shields == sum(values(item, "shields")), name
    science = values(item, "science")
    assert cls.science == (science[0] if science else None), name
    choice = values(item, "science_choice")
    assert cls.science_choice == (tuple(choice[0]) if choice else ()), name
    assert cls.play_seventh_card == bool(values(item, "play_seventh_card")), name
    assert cls.free_build_per_age == bool(values(item, "free_build")), name
    assert cls.copy_guild == "".join(v["from"] for v in values(item, "copy_guild")), name
    points = values(item, "points")
    assert cls.points == sum(p for p in points if isinstance(p, int)), name
    table = Table()
    assert cls().end_points(table, 0) == sum(counted(p) for p in points
                                              if not isinstance(p, int)), name
    table = Table()
    cls().on_build(table, 0)
    wanted = [("gain_coins", 0, counted(v)) for v in values(item, "coins")]
    wanted += [("build_from_discard", 0, (v or {}).get("when", "at_once"))
               for v in values(item, "build_from_discard")]
    assert sorted(table.calls) == sorted(wanted), name
    assert cls.has_on_build == bool(wanted), name


def test_every_building_agrees_with_the_data() -> None:
    items = raw_buildings()
    classes = {c.id: c for c in classic.RULESET.buildings}
    assert list(classes) == list(items)  # data order
    for item_id, item in items.items():
        cls = classes[item_id]
        assert (cls.kind, cls.name, cls.age, cls.color) == \
            (runtime.BUILDING, item["name"], item["_age"], item["color"]), item_id
        assert cls.copies == tuple(item.get("copies", ())), item_id
        cost = item.get("cost", {})
        assert (cls.cost_coins, cls.cost) == (cost.get("coins", 0), vector(cost)), item_id
        assert (cls.chain_gives, cls.chain_from) == \
            (item.get("chain_gives"), item.get("chain_from")), item_id
        check_effects(cls, item)


def test_every_board_and_stage_agrees_with_the_data() -> None:
    boards = raw_boards()
    assert [b.id for b in classic.RULESET.boards] == [b["id"] for b in boards]
    assert classic.RULESET.wonders == () and classic.RULESET.tokens == ()
    for board, cls in zip(boards, classic.RULESET.boards):
        assert (cls.kind, cls.name, cls.produces) == \
            (runtime.BOARD, board["name"], vector(board["produces"]))
        assert [side for side, _ in cls.sides] == ["a", "b"]
        for side, stages in cls.sides:
            written = board["sides"][side]["stages"]
            assert len(stages) == len(written), (board["id"], side)
            for n, (stage, data) in enumerate(zip(stages, written), 1):
                assert (stage.id, stage.kind, stage.name, stage.board, stage.side,
                        stage.stage) == (f"{board['id']}_{side}_{n}", runtime.STAGE,
                                         board["name"], board["id"], side, n)
                assert classic.RULESET.by_id[stage.id] is stage
                cost = data.get("cost", {})
                assert (stage.cost_coins, stage.cost) == (cost.get("coins", 0), vector(cost))
                check_effects(stage, data)


def test_the_ruleset_names_its_player_counts_and_rules() -> None:
    ruleset = classic.RULESET
    assert (ruleset.game, ruleset.seating, ruleset.players) == ("classic", "circle", 3)
    assert ruleset.player_counts == (2, 3, 4, 5, 6, 7)
    assert ruleset.mechanics == tuple(GAME["mechanics"])

    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return [plain(v) for v in value] if isinstance(value, (list, tuple)) else value

    sections = ("ages", "setup", "turn", "trade", "discard", "conflicts", "science",
                "scoring", "two_player_variant")
    assert tuple(ruleset.rules) == sections
    assert plain(ruleset.rules) == {k: GAME[k] for k in sections}  # as game.yaml writes them


def test_the_generated_code_keeps_to_the_line_length() -> None:
    for path in sorted((ROOT / "generated" / "classic").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert text.endswith("\n") and not text.endswith("\n\n"), path.name
        for number, line in enumerate(text.splitlines(), 1):
            assert len(line) <= 99, f"{path.name}:{number} is {len(line)} characters"
            assert line == line.rstrip(), f"{path.name}:{number} has trailing space"


# Hostile text in every text field of classic reaches the generated code only as literals.

def _hostile_fields():
    from test_hostile_strings import leaves

    from wondersmith.ir.loader import load

    game = load(DATA)
    return game, sorted({key for key, _ in leaves(game)})


CLASSIC_GAME, CLASSIC_FIELDS = _hostile_fields()


@pytest.mark.parametrize("field", CLASSIC_FIELDS, ids=[".".join(f) for f in CLASSIC_FIELDS])
def test_hostile_text_in_every_field_of_classic_compiles_to_literals(field, tmp_path) -> None:
    import builtins
    import importlib.util
    import json
    import sys
    import uuid

    from test_hostile_strings import CANARY, hostile, leaves, rename

    from wondersmith.codegen.export import export
    from wondersmith.codegen.python import CompileError, compile_check, generate

    values = sorted({value for key, value in leaves(CLASSIC_GAME) if key == field})
    bad = rename(CLASSIC_GAME, {value: hostile(value) for value in values})
    try:
        files = generate(bad, "cards/classic")
    except CompileError as exc:  # refused cleanly, with one located line
        assert field[1] != "name" and "\n" not in str(exc) and str(exc).strip()
        return
    compile_check(files)
    folder = tmp_path / "pkg"
    folder.mkdir()
    for name, text in {**files, "ruleset.json": json.dumps(export(bad))}.items():
        (folder / name).write_text(text, encoding="utf-8")
    module_name = f"ws_hostile_classic_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(
        module_name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        for key in [k for k in sys.modules if k == module_name or k.startswith(module_name)]:
            del sys.modules[key]
    assert not hasattr(builtins, CANARY), "data text ran as code"
    ruleset = module.RULESET
    assert [(c.id, c.name) for c in ruleset.buildings] == \
        [(b.id, b.name) for b in bad.buildings]
    assert [(c.id, c.name) for c in ruleset.boards] == [(b.id, b.name) for b in bad.boards]
    assert all(stage.name == board.name for board in ruleset.boards
               for _, stages in board.sides for stage in stages)
    assert ruleset.rules == bad.rules  # the rules record, every value back exactly
    assert ruleset.rules["trade"]["sellable"] == bad.rules["trade"]["sellable"]
