"""The compiler: generated classes agree with the data, output is deterministic and safe."""
from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from typer.testing import CliRunner

from wondersmith.dsl import schemas
from wondersmith.cli import app
from wondersmith.codegen.python import class_name, generate
from wondersmith.codegen.export import export
from wondersmith.ir.loader import load
from wondersmith.codegen.outputs import expected, stale, write

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
runner = CliRunner()


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the data and the generated code to break."""
    shutil.copytree(CARDS, tmp_path / "cards")
    shutil.copytree(ROOT / "generated", tmp_path / "generated",
                    ignore=shutil.ignore_patterns("__pycache__", "sheets"))
    return tmp_path


def import_package(folder: Path, name: str):
    """Import a generated game package from an arbitrary folder under a unique name."""
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
    return module


def raw_items() -> dict[str, dict]:
    """The data read independently of the compiler: plain yaml.safe_load of each file."""
    items = {}
    for path in sorted((CARDS / "duel").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if path.name == "game.yaml":
            continue
        for group in ("buildings", "wonders", "tokens"):
            for item in data.get(group, ()):
                items[item["id"]] = {**item, "_group": group, "_age": data.get("age", 0)}
    return items


def effect_values(item: dict, verb: str) -> list:
    found = []
    for effect in item.get("effects", ()):
        if effect == verb:
            found.append(None)
        elif isinstance(effect, dict) and verb in effect:
            found.append(effect[verb])
    return found


class RecordingGame:
    """Stands in for the engine: answers counts from a table and records every verb call."""

    def __init__(self, counts: dict) -> None:
        self.counts = counts
        self.calls: list[tuple] = []

    def neighbours(self, player):
        return (1 - player,)

    def gain_coins(self, player, amount):
        self.calls.append(("gain_coins", player, amount))

    def lose_coins(self, player, amount):
        self.calls.append(("lose_coins", player, amount))

    def count_cards(self, player, colors):
        return sum(self.counts.get((player, c), 0) for c in colors)

    def count_wonders(self, player):
        return self.counts.get((player, "wonders"), 0)

    def count_tokens(self, player):
        return self.counts.get((player, "tokens"), 0)

    def count_coins(self, player):
        return self.counts.get((player, "coins"), 0)

    def destroy(self, player, colors):
        self.calls.append(("destroy", player, tuple(colors)))

    def build_from_discard(self, player):
        self.calls.append(("build_from_discard", player))

    def take_token(self, player, source, draw):
        self.calls.append(("take_token", player, source, draw))


# Counts that differ per player and per thing, so a wrong city or colour changes the answer.
COUNTS = {
    (0, "brown"): 3, (0, "grey"): 1, (0, "blue"): 2, (0, "green"): 4, (0, "yellow"): 5,
    (0, "red"): 1, (0, "purple"): 1, (0, "wonders"): 1, (0, "tokens"): 2, (0, "coins"): 7,
    (1, "brown"): 2, (1, "grey"): 3, (1, "blue"): 6, (1, "green"): 1, (1, "yellow"): 0,
    (1, "red"): 4, (1, "purple"): 0, (1, "wonders"): 3, (1, "tokens"): 1, (1, "coins"): 17,
}


def expected_count(value) -> int:
    """An independent evaluation of a counted amount for player 0 against COUNTS."""
    if isinstance(value, int):
        return value
    per, city = value["per"], value.get("in", "self")

    def measure(player):
        if per == "cards":
            return sum(COUNTS.get((player, c), 0) for c in value["colors"])
        return COUNTS[(player, per)]

    counted = {"self": measure(0), "neighbours": measure(1),
               "most": max(measure(0), measure(1))}[city]
    return value.get("amount", 1) * (counted // value.get("every", 1))


def test_every_class_agrees_with_the_data() -> None:
    import wondersmith.generated.duel as duel

    items = raw_items()
    classes = {c.id: c for c in (*duel.RULESET.buildings, *duel.RULESET.wonders,
                                 *duel.RULESET.tokens)}
    assert set(classes) == set(items)
    assert (len(duel.RULESET.buildings), len(duel.RULESET.wonders),
            len(duel.RULESET.tokens)) == (73, 12, 10)
    for item_id, item in items.items():
        cls = classes[item_id]
        assert cls.name == item["name"]
        assert cls.__name__ == class_name(item_id)
        cost = item.get("cost", {})
        if item["_group"] != "tokens":
            assert cls.cost_coins == cost.get("coins", 0), item_id
            assert cls.cost == tuple(cost.get(r, 0) for r in RESOURCES), item_id
        if item["_group"] == "buildings":
            assert (cls.age, cls.color) == (item["_age"], item["color"]), item_id
            assert cls.chain_gives == item.get("chain_gives"), item_id
            assert cls.chain_from == item.get("chain_from"), item_id
        produced = [0] * 5
        for value in effect_values(item, "produce"):
            for resource, units in value.items():
                produced[RESOURCES.index(resource)] += units
        assert tuple(cls.produces or (0,) * 5) == tuple(produced), item_id
        assert cls.produces_one_of == tuple(
            tuple(RESOURCES.index(r) for r in v) for v in effect_values(item, "produce_one_of"))
        assert cls.trade_prices == tuple(
            (RESOURCES.index(r), v["price"]) for v in effect_values(item, "trade_price")
            for r in v["resources"])
        assert cls.shields == sum(effect_values(item, "shields")), item_id
        science = effect_values(item, "science")
        assert cls.science == (science[0] if science else None), item_id
        assert cls.play_again == bool(effect_values(item, "play_again")), item_id
        assert cls.discounts == tuple((v["for"], v["resources"])
                                      for v in effect_values(item, "discount"))
        assert cls.shield_bonus == tuple((c, v["amount"]) for v in
                                         effect_values(item, "shield_bonus") for c in v["colors"])
        assert cls.wonders_play_again == bool(effect_values(item, "wonders_play_again"))
        assert cls.collect_trade_spend == bool(effect_values(item, "collect_trade_spend"))

        points = effect_values(item, "points")
        assert cls.points == sum(p for p in points if isinstance(p, int)), item_id
        game = RecordingGame(COUNTS)
        counted = [p for p in points if not isinstance(p, int)]
        assert cls.has_end_points == bool(counted), item_id
        assert cls().end_points(game, 0) == sum(expected_count(p) for p in counted), item_id

        game = RecordingGame(COUNTS)
        cls().on_build(game, 0)
        wanted = [("gain_coins", 0, expected_count(v)) for v in effect_values(item, "coins")]
        wanted += [("lose_coins", 1, v["amount"]) for v in effect_values(item, "lose_coins")]
        wanted += [("destroy", 0, tuple(v["colors"])) for v in effect_values(item, "destroy")]
        wanted += [("build_from_discard", 0) for _ in effect_values(item, "build_from_discard")]
        wanted += [("take_token", 0, v["from"], v.get("draw", 1))
                   for v in effect_values(item, "take_token")]
        assert sorted(game.calls) == sorted(wanted), item_id
        assert cls.has_on_build == bool(wanted), item_id

        game = RecordingGame(COUNTS)
        cls().on_chain_build(game, 0)
        triggered = [("gain_coins", 0, expected_count(e["coins"]))
                     for v in effect_values(item, "whenever") for e in v["effects"]]
        assert game.calls == triggered, item_id


def test_compiling_twice_gives_identical_bytes(project: Path) -> None:
    game = load(project / "cards" / "duel")
    first = generate(game, "cards/duel")
    second = generate(load(project / "cards" / "duel"), "cards/duel")
    assert first == second
    assert first["__init__.py"].startswith("# Generated by wondersmith from cards/duel")
    assert "Do not edit" in first["__init__.py"]


def test_check_passes_on_main() -> None:
    result = expected(CARDS, ROOT / "generated")
    assert result.ok
    assert stale(result, ROOT / "generated") == []


def test_check_fails_naming_the_file_after_a_data_edit(project: Path, monkeypatch) -> None:
    monkeypatch.chdir(project)
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0
    age1 = project / "cards" / "duel" / "age1.yaml"
    age1.write_text(age1.read_text().replace("effects: [shields: 1]", "effects: [shields: 2]",
                                             1))
    result = runner.invoke(app, ["compile", "--check"])
    assert result.exit_code == 1
    assert "stale: generated/duel/buildings.py" in result.output
    assert "stale: generated/duel/ruleset.json" in result.output
    # The data's hash lives in ruleset.json alone: modules without the card are untouched.
    assert "stale: generated/duel/tokens.py" not in result.output
    assert "stale: generated/duel/__init__.py" not in result.output
    before = (project / "generated" / "duel" / "buildings.py").read_text()
    assert before == (ROOT / "generated" / "duel" / "buildings.py").read_text()  # wrote nothing
    assert runner.invoke(app, ["compile"]).exit_code == 0
    assert runner.invoke(app, ["compile", "--check"]).exit_code == 0


def test_check_names_missing_and_leftover_files(project: Path, monkeypatch) -> None:
    monkeypatch.chdir(project)
    (project / "generated" / "duel" / "wonders.py").unlink()
    (project / "generated" / "duel" / "old.py").write_text("x = 1\n")
    result = runner.invoke(app, ["compile", "--check"])
    assert result.exit_code == 1
    assert "missing: generated/duel/wonders.py" in result.output
    assert "not generated from the data: generated/duel/old.py" in result.output
    runner.invoke(app, ["compile"])
    assert not (project / "generated" / "duel" / "old.py").exists()
    assert (project / "generated" / "duel" / "wonders.py").exists()


def test_invalid_data_writes_nothing(project: Path, monkeypatch) -> None:
    monkeypatch.chdir(project)
    shutil.rmtree(project / "generated")
    tokens = project / "cards" / "duel" / "tokens.yaml"
    tokens.write_text(tokens.read_text().replace("points: 7", "points: seven"))
    result = runner.invoke(app, ["compile"])
    assert result.exit_code == 1
    assert "WS204" in result.output
    assert not (project / "generated").exists()


HOSTILE = [
    'Quote "double" and \'single\'',
    "Back\\slash \\n not a newline",
    'Triple """ and \'\'\' quotes',
    "New\nline and\ttab",
    "Unicode: Kỳ quan — Ærø 𝔘 \u200b zero-width",
    "'); import os; os.system('echo pwned'); ('",
    "{{ jinja }} {% raw %} and # comment",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_names_become_exact_string_literals(project: Path, hostile: str) -> None:
    tokens = project / "cards" / "duel" / "tokens.yaml"
    quoted = json.dumps(hostile, ensure_ascii=False)  # a valid double-quoted YAML scalar
    tokens.write_text(tokens.read_text().replace("name: Philosophy", f"name: {quoted}"))
    result = expected(project / "cards", project / "generated")
    if any(c in hostile for c in "\n\t\u200b"):  # invisible characters are refused in names
        assert [d.code for d in result.diagnostics] == ["WS208"]
        return
    assert result.ok, result.diagnostics
    write(result, project / "generated")
    package = import_package(project / "generated" / "duel", "hostile_duel")
    assert package.RULESET.by_id["philosophy"].name == hostile
    exported = json.loads((project / "generated" / "duel" / "ruleset.json").read_text())
    assert [t["name"] for t in exported["tokens"] if t["id"] == "philosophy"] == [hostile]


def test_export_is_valid_and_keeps_a_fixed_key_order() -> None:
    doc = export(load(CARDS / "duel"))
    jsonschema.Draft202012Validator(schemas.export_schema()).validate(doc)
    assert list(doc) == ["format", "version", "game", "seating", "mechanics", "source_hash",
                         "resources", "colors", "science_symbols", "ages", "setup", "trade",
                         "discard", "military", "science", "scoring", "next_age", "structures",
                         "buildings", "wonders", "tokens"]
    assert list(doc["buildings"][0]) == ["id", "name", "age", "color", "cost", "chain_gives",
                                         "chain_from", "effects"]
    slots = doc["structures"][0]["slots"]
    assert len(slots) == 20 and slots[0]["covered_by"] == [2, 3]


def test_the_classic_export_is_valid_with_copies_boards_and_its_own_sections() -> None:
    game = load(CARDS / "classic")
    doc = export(game)
    jsonschema.Draft202012Validator(schemas.export_schema()).validate(doc)
    assert doc["version"] == 4 and doc["game"]["player_counts"] == [2, 3, 4, 5, 6, 7]
    assert list(doc) == ["format", "version", "game", "seating", "mechanics", "source_hash",
                         "resources", "colors", "science_symbols", "ages", "setup", "turn",
                         "trade", "discard", "conflicts", "science", "scoring",
                         "two_player_variant", "structures", "buildings", "wonders",
                         "tokens", "boards"]
    loom = next(b for b in doc["buildings"] if b["id"] == "loom")
    assert list(loom)[:5] == ["id", "name", "age", "color", "copies"]
    assert loom["copies"] == list(next(b for b in game.buildings if b.id == "loom").copies)
    gizah = next(b for b in doc["boards"] if b["id"] == "gizah")
    assert [s["id"] for s in gizah["sides"]["b"]] == [f"gizah_b_{n}" for n in range(1, 5)]
    # Every printed card is in the export: copies of the Age cards, one of each guild.
    assert sum(len(b.get("copies", [1])) for b in doc["buildings"]) == \
        sum(a["printed"] for a in doc["ages"])


def test_the_duel_export_names_its_one_player_count() -> None:
    doc = export(load(CARDS / "duel"))
    assert doc["game"] == {"id": "duel", "name": "7 Wonders Duel", "players": 2,
                           "player_counts": [2]}
    assert "boards" not in doc and all("copies" not in b for b in doc["buildings"])


def test_export_command(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["export", "duel", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["game"]["id"] == "duel"
    assert result.output == (ROOT / "generated" / "duel" / "ruleset.json").read_text()
    out = tmp_path / "duel.json"
    assert runner.invoke(app, ["export", "duel", "-o", str(out)]).exit_code == 0
    assert out.read_text() == result.output


def test_export_classic_command_writes_a_valid_document(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    shown = runner.invoke(app, ["export", "classic"])
    assert shown.exit_code == 0, shown.output
    out = tmp_path / "new" / "classic.json"  # a folder that does not exist yet is made
    result = runner.invoke(app, ["export", "classic", "-o", str(out)])
    assert result.exit_code == 0 and result.output == ""
    assert out.read_text() == shown.output == (ROOT / "generated" / "classic" / "ruleset.json").read_text()
    doc = json.loads(out.read_text())
    jsonschema.Draft202012Validator(schemas.export_schema()).validate(doc)
    assert doc["game"]["id"] == "classic" and doc["boards"]
    assert sorted(p.name for p in out.parent.iterdir()) == ["classic.json"]  # no temporary file


def test_export_refuses_an_output_that_cannot_be_a_file(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    folder = tmp_path / "folder"
    folder.mkdir()
    (tmp_path / "plain").write_text("kept")
    for output, message in ((folder, f"{folder} is a folder: give the file to write"),
                            (tmp_path / "plain" / "classic.json",
                             f"{tmp_path / 'plain'} is a file, not a folder")):
        result = runner.invoke(app, ["export", "classic", "-o", str(output)])
        assert result.exit_code == 2 and message in result.output, result.output
        assert "Traceback" not in result.output
    assert list(folder.iterdir()) == [] and (tmp_path / "plain").read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "plain"]


@pytest.mark.parametrize("args, message", [
    (["export", "nope"], "no game 'nope'"),
    (["export", "duel", "--format", "xml"], "unknown format 'xml'"),
])
def test_export_usage_errors(monkeypatch, args, message) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_generated_code_imports_only_the_engine_runtime() -> None:
    for path in (ROOT / "generated" / "duel").glob("*.py"):
        imports = [line for line in path.read_text().splitlines()
                   if line.startswith(("import ", "from "))]
        for line in imports:
            assert line.startswith(("from wondersmith.engine import runtime", "from .",
                                    "import json as _json",
                                    "from importlib import resources as _resources")), line


def test_the_documented_example_is_what_the_compiler_writes() -> None:
    doc = (ROOT / "docs" / "compiler.md").read_text()
    example = doc.split("```python\n", 1)[1].split("```", 1)[0]
    assert example in (ROOT / "generated" / "duel" / "buildings.py").read_text()


def test_generated_code_is_formatted() -> None:
    for path in sorted((ROOT / "generated" / "duel").glob("*.py")):
        text = path.read_text()
        assert text.endswith("\n") and not text.endswith("\n\n"), path.name
        for number, line in enumerate(text.splitlines(), 1):
            assert len(line) <= 99, f"{path.name}:{number} is {len(line)} characters"
            assert line == line.rstrip(), f"{path.name}:{number} has trailing space"
            assert "\t" not in line, f"{path.name}:{number} has a tab"


def test_the_guild_colour_comes_from_the_data() -> None:
    import wondersmith.generated.duel as duel

    setup = yaml.safe_load((CARDS / "duel" / "game.yaml").read_text())["setup"]
    assert duel.RULESET.rules["setup"]["guilds"]["color"] == setup["guilds"]["color"]
    guilds = [b for b in duel.RULESET.buildings if b.color == setup["guilds"]["color"]]
    assert len(guilds) == 7 and {b.age for b in guilds} == {setup["guilds"]["age"]}


def test_the_compiled_rules_record_is_the_rule_sections_of_game_yaml() -> None:
    """RULESET.rules carries game.yaml's rule sections as written (lists become tuples),
    and the engine's core and every mechanic read their config from it."""
    import wondersmith.generated.duel as duel
    from wondersmith.engine.core.rules import CoreRules
    from wondersmith.engine.mechanics import configs
    from wondersmith.engine.mechanics.catalogue import RULE_SECTIONS

    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return [plain(v) for v in value] if isinstance(value, (list, tuple)) else value

    written = yaml.safe_load((CARDS / "duel" / "game.yaml").read_text())
    assert tuple(duel.RULESET.rules) == RULE_SECTIONS
    assert plain(duel.RULESET.rules) == {k: written[k] for k in RULE_SECTIONS}
    parsed = configs(duel.RULESET.rules)
    assert parsed["bank_trade"].raise_per_unit == written["trade"]["raise_per_unit"]
    assert parsed["science_pairs"].pair_size == written["science"]["pair_size"]
    assert parsed["weaker_player_starts"].chooser == written["next_age"]["chooser"]
    assert CoreRules.parse(duel.RULESET.rules).starting_coins == 7


def test_a_rules_record_the_engine_cannot_read_is_refused() -> None:
    from wondersmith.engine.core.rules import RulesError
    from wondersmith.engine.mechanics.bank_trade import Config

    with pytest.raises(RulesError, match="raise_per_unit: expected a whole number, found bool"):
        Config(2, ("brown",), True)
    with pytest.raises(RulesError, match=r"raised_by\[0\]: expected text"):
        Config(2, (3,), 1)
