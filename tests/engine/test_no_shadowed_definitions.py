"""No function or method of the engine is defined twice in one scope: the first would be
dead code that still reads as if it worked (as `Card.on_draft` once did, left from the
removed `whenever: {event: drafted}` beside the verb `on_draft` that replaced it)."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "compiler" / "engine"


def shadowed(source: str) -> list[str]:
    """Names defined twice in one module or class body, as 'name (line, line)'. A property's
    setter and an `@overload` reuse a name on purpose: decorated definitions are left out."""
    out = []
    for scope in ast.walk(ast.parse(source)):
        if not isinstance(scope, (ast.Module, ast.ClassDef)):
            continue
        seen: dict[str, int] = {}
        for node in scope.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.decorator_list:
                if node.name in seen:
                    out.append(f"{node.name} ({seen[node.name]}, {node.lineno})")
                seen[node.name] = node.lineno
    return out


def test_the_check_finds_a_method_defined_twice() -> None:
    source = "class Card:\n    def on_draft(self): pass\n    def on_build(self): pass\n    def on_draft(self): pass\n"
    assert shadowed(source) == ["on_draft (2, 4)"]


def test_no_engine_module_defines_a_name_twice() -> None:
    found = {path.relative_to(ENGINE).as_posix(): names for path in sorted(ENGINE.rglob("*.py"))
             if (names := shadowed(path.read_text(encoding="utf-8")))}
    assert found == {}
