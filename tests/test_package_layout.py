"""The toolkit's layout: no module imports, at load time, a module that imports it back.

`tests/engine/test_layout.py` checks the engine alone; this checks the whole `wondersmith`
package (the engine included), so a layer that reaches up (say a verb importing the code
generator that imports it) fails here with the cycle printed."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "compiler"


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(["wondersmith", *(parts[:-1] if parts[-1] == "__init__" else parts)])


def _parents(name: str) -> list[str]:
    """`a.b.c` and the packages importing it loads first: `a.b`, `a`."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(len(parts), 1, -1)]


def _imports_at_load(path: Path, modules: set[str]) -> set[str]:
    """The package's modules `path` imports when loaded (not in functions, not for typing)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            found.update(p for p in _parents(name) if p in modules)
    return found


def test_the_package_imports_no_cycle() -> None:
    paths = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph = {m: _imports_at_load(p, set(paths)) - {m} - set(_parents(m)) for m, p in
             paths.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join(path + (module,))}"
        if module in done:
            return
        for dep in sorted(graph[module]):
            visit(dep, path + (module,))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
    assert "wondersmith.dsl.verbs.coins" in graph  # the walk saw the verbs
