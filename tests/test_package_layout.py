"""The toolkit's layout: no module imports a module that imports it back, whether at load
time or inside a function (an import in a function closes the cycle when the function runs).

`tests/engine/test_layout.py` checks the engine alone; this checks the whole `wondersmith`
package (the engine included), so a layer that reaches up (say a verb importing the code
generator that imports it) fails here with the cycle printed."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "compiler"


def _module(path: Path, root: Path = PACKAGE, top: str = "wondersmith") -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join([top, *(parts[:-1] if parts[-1] == "__init__" else parts)])


def _parents(name: str) -> list[str]:
    """`a.b.c` and the packages importing it loads first: `a.b`, `a`."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(len(parts), 1, -1)]


def _typing_only(tree: ast.AST) -> set[int]:
    """The nodes under `if TYPE_CHECKING:`, never run."""
    return {id(node) for block in ast.walk(tree)
            if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
            for node in ast.walk(block)}


def _imports(path: Path, module: str, modules: set[str]) -> set[str]:
    """The package's modules `path` (module `module`) imports anywhere in its code: at load
    time and inside functions, absolute or relative; not those for typing only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _typing_only(tree)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
            source = ".".join(p for p in (base, node.module or "") if p)
            names = [source] + [f"{source}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            found.update(p for p in _parents(name) if p in modules)
    return found


def _graph(root: Path, top: str) -> dict[str, set[str]]:
    paths = {_module(p, root, top): p for p in root.rglob("*.py")}
    return {m: _imports(p, m, set(paths)) - {m} - set(_parents(m)) for m, p in paths.items()}


def _cycle(graph: dict[str, set[str]]) -> tuple[str, ...] | None:
    """An import cycle of `graph`, as the modules along it, or None."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> tuple[str, ...] | None:
        if module in path:
            return path[path.index(module):] + (module,)
        if module in done:
            return None
        for dep in sorted(graph[module]):
            found = visit(dep, path + (module,))
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, ())
        if found:
            return found
    return None


def test_the_package_imports_no_cycle() -> None:
    graph = _graph(PACKAGE, "wondersmith")
    cycle = _cycle(graph)
    assert cycle is None, f"import cycle: {' -> '.join(cycle)}"
    assert "wondersmith.dsl.verbs.coins" in graph  # the walk saw the verbs
    assert "wondersmith.engine.records" in graph["wondersmith.engine"]  # relative imports too


def test_an_import_inside_a_function_closes_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("from typing import TYPE_CHECKING\n"
                                    "if TYPE_CHECKING:\n    from toy import high\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "mid.py").write_text("from ..low import *\n")
    (package / "high.py").write_text("def run():\n    from toy.sub import mid\n")
    assert _cycle(_graph(package, "toy")) is None  # the typing-only import is not one
    (package / "low.py").write_text("def later():\n    from . import high\n")
    assert _cycle(_graph(package, "toy")) == ("toy.high", "toy.sub.mid", "toy.low", "toy.high")
