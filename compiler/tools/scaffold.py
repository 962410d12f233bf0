"""A designer's own data repository: what `wondersmith init` writes into it.

The repository gets the JSON Schemas in `schema/` (every data file's first line names its
schema relative to itself, so editors with yaml-language-server complete and check as they do
here), pre-commit hooks running the installed wondersmith, and optionally the example data
shipped in the package (`wondersmith.examples`, a copy of this project's `cards/`). It is
made a git repository when git is installed: `wondersmith diff` and the balance lab compare
the data's revisions.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path, PurePosixPath

from wondersmith import atomic, resources
from wondersmith.dsl import schemas
from wondersmith.ir import extends

EXAMPLES = "wondersmith.examples"
PRE_COMMIT_CONFIG = ".pre-commit-config.yaml"

# The hooks of .pre-commit-hooks.yaml, as local hooks on the wondersmith the designer
# installed (tests/test_init.py keeps them in step), plus a check that schema/ matches it.
PRE_COMMIT_TEXT = """\
# wondersmith's checks on every commit (docs/ci.md). They run the wondersmith installed in
# this environment: `pip install pre-commit && pre-commit install`.
repos:
  - repo: local
    hooks:
      - id: wondersmith-validate
        name: wondersmith validate
        entry: wondersmith validate
        language: system
        files: \\.ya?ml$
        pass_filenames: false
      - id: wondersmith-fmt
        name: wondersmith fmt --check
        entry: wondersmith fmt --check
        language: system
        files: \\.ya?ml$
        pass_filenames: true
      # After upgrading wondersmith: `wondersmith schema` rewrites schema/.
      - id: wondersmith-schema
        name: wondersmith schema --check
        entry: wondersmith schema --check
        language: system
        always_run: true
        pass_filenames: false
"""


def examples() -> tuple[str, ...]:
    """The games shipped as example data."""
    root = resources.folder(EXAMPLES)
    return tuple(sorted(p.parent.name for p in root.glob("*/game.yaml")))


def files(example: str | None) -> dict[PurePosixPath, bytes]:
    """Every file of a new data repository by its path in it, with `example`'s data or none."""
    out = {PurePosixPath("schema", name): text.encode("utf-8")
           for name, text in schemas.expected_files().items()}
    out[PurePosixPath(PRE_COMMIT_CONFIG)] = PRE_COMMIT_TEXT.encode("utf-8")
    if example is not None:
        if example not in examples():
            raise ValueError(f"no example named '{example}' (examples: "
                             + ", ".join(examples()) + ")")
        # An example that extends another comes with its bases, beside it as it needs them.
        for game in extends.chain(resources.folder(EXAMPLES, example)):
            out.update((PurePosixPath("cards", game.name, *p.relative_to(game).parts),
                        p.read_bytes()) for p in game.rglob("*.yaml"))
    return dict(sorted(out.items()))


def existing(target: Path, planned: dict[PurePosixPath, bytes]) -> list[Path]:
    """Planned files that already exist under `target` (init overwrites nothing)."""
    return [target / rel for rel in planned if (target / rel).exists()]


def write(target: Path, planned: dict[PurePosixPath, bytes]) -> list[Path]:
    """Write every planned file, each through a temporary file and an atomic rename."""
    written = []
    for rel, data in planned.items():
        path = target / rel
        atomic.write_bytes(path, data)
        written.append(path)
    return written


def git_init(target: Path) -> str:
    """Run `git init` in `target` when git is installed and `target` is in no git work tree
    yet (a repository nested in another is not what a designer wants); what happened, in
    words."""
    git = shutil.which("git")
    if git is None:
        return ("git is not installed: no git repository made (`wondersmith diff` and "
                "`wondersmith balance` compare git revisions)")
    inside = subprocess.run([git, "rev-parse", "--show-toplevel"], cwd=target,
                            capture_output=True, text=True)
    if inside.returncode == 0:
        return f"already inside the git repository {inside.stdout.strip()}: no git init"
    made = subprocess.run([git, "init", "-q"], cwd=target, capture_output=True, text=True)
    if made.returncode:
        why = (made.stderr.strip().splitlines() or ["unknown error"])[-1]
        return f"git init failed: {why}"
    return "made a git repository (commit the data: git add -A && git commit -m 'Start')"
