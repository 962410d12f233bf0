"""The engine's module layout: no import cycles (imports inside functions included), no module
over about 400 lines, no mechanic naming the class composed from it, and game records saved by
earlier versions still replay to the same final state."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from wondersmith.engine import load_ruleset
from wondersmith.engine.records import replay_record

ENGINE = Path(__file__).resolve().parents[2] / "compiler" / "engine"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "engine"
MAX_LINES = 400


def _name(path: Path) -> str:
    """The dotted name of an engine module relative to the engine ("core.kinds")."""
    parts = path.relative_to(ENGINE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


def _imports(source: str, package: list[str], typing: bool = False) -> set[str]:
    """Engine modules a module of `package` (["mechanics"]) imports, at load time or inside a
    function (run later, it closes a cycle all the same); those for typing only with
    `typing`."""
    tree = ast.parse(source)
    typing_only = set() if typing else {
        id(node) for block in ast.walk(tree)
        if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
        for node in ast.walk(block)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            base = package[:len(package) - (node.level - 1)]
            if node.module:
                out.add(".".join([*base, *node.module.split(".")]))
            else:
                out.update(".".join([*base, alias.name]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == "wondersmith.engine":
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("wondersmith.engine."):
            out.add(node.module[len("wondersmith.engine."):])
    return out


MODULES = sorted(ENGINE.rglob("*.py"))


def test_engine_modules_import_no_cycle():
    graph = {_name(p): _imports(p.read_text(), list(p.relative_to(ENGINE).parts[:-1]))
             for p in MODULES}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join(path + (module,))}"
        if module in done:
            return
        for dep in graph.get(module, ()):
            visit(dep, path + (module,))
        done.add(module)

    assert {"core.kinds", "mechanics.card_structure", "state"} <= set(graph)
    for module in graph:
        visit(module, ())


def test_an_import_inside_a_function_counts_and_one_for_typing_does_not():
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..state import Game\n"
              "def later():\n    from ..records import game_record\n"
              "    from wondersmith.engine.core import kinds\n    from wondersmith.engine import state\n")
    assert _imports(source, ["mechanics"]) == {"records", "core", "state"}


def _names_the_composed_class(source: str, package: list[str]) -> bool:
    """Whether a module imports state.py (where `Game` is), even for typing only, or any
    name `Game`."""
    imported = {alias.name for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.ImportFrom) for alias in node.names}
    return "state" in _imports(source, package, typing=True) or "Game" in imported


# The mechanics, and the games' presentation they load: the game's class is composed from
# their mixins, so they annotate it with core/game.py's protocol `GameState`.
COMPOSED_FROM = [p for p in MODULES if p.relative_to(ENGINE).parts[0] in ("mechanics", "games")]


@pytest.mark.parametrize("path", COMPOSED_FROM, ids=lambda p: _name(p))
def test_no_mechanic_names_the_class_composed_from_it(path):
    assert not _names_the_composed_class(path.read_text(),
                                         list(path.relative_to(ENGINE).parts[:-1]))


def test_a_typing_import_of_the_game_class_counts_and_the_protocol_does_not():
    package = ["mechanics", "senate"]
    assert _names_the_composed_class(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ...state import Game\n", package)
    assert _names_the_composed_class("from wondersmith.engine import Game\n", package)
    assert not _names_the_composed_class(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from ...core.game import GameState\n    from ...state_checks import x\n", package)
    assert len(COMPOSED_FROM) > 30  # the mechanics' folders and the games' are found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _name(p))
def test_engine_modules_stay_small(path):
    assert len(path.read_text().splitlines()) <= MAX_LINES


def test_records_saved_before_still_replay_to_the_same_final_state():
    """Records written by the engine of issue 9 (records-v1.json covers every kind of action
    text). The data's hash may have moved since, so it is left out of the comparison, and so
    is `result.winners`, written since."""
    ruleset = load_ruleset("duel")
    saved = json.loads((FIXTURES / "records-v1.json").read_text())
    assert saved
    for entry in saved:
        game = replay_record(ruleset, entry["record"], check_source_hash=False)
        final = {k: v for k, v in game.to_json().items() if k != "source_hash"}
        # They were saved before `result.winners` was written: it names the winner alone.
        assert final["result"].pop("winners") == [final["result"]["winner"]]
        assert final == {k: v for k, v in entry["final"].items() if k != "source_hash"}
