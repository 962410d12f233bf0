"""The wheel works with no repository around it, and so do the published pre-commit hooks.

Slow (fresh virtual environments installed from the package index): marked `install`, run by
CI; skip them locally with `pytest -m "not install"`.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

pytestmark = pytest.mark.install
TIMEOUT = 1200  # seconds for one install step; installs fetch packages


def run(args: list, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT, env=env)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    return done


def source_copy(into: Path) -> Path:
    """The project's files (tracked and new, nothing ignored), so no build/ left over from
    an earlier build of the working tree can end up in the wheel."""
    listed = run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], ROOT)
    for rel in listed.stdout.splitlines():
        source = ROOT / rel
        if source.is_file():
            (into / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / rel)
    return into


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The wheel, built from the sources and installed into a fresh virtual environment."""
    tmp = tmp_path_factory.mktemp("install")
    source = source_copy(tmp / "source")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp / "dist",
         source], tmp)
    (wheel,) = (tmp / "dist").glob("wondersmith-*.whl")
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", venv], tmp)
    run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel], tmp)
    return {"wheel": wheel, "venv": venv, "bin": venv / "bin", "tmp": tmp}


def test_the_wheel_works_outside_the_repository(installed: dict) -> None:
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for needed in ("wondersmith/dsl/schema/locale.schema.json",
                   "wondersmith/dsl/schema/state.schema.json",
                   "wondersmith/examples/duel/game.yaml",
                   "wondersmith/codegen/templates/module.py.j2",
                   "wondersmith/render/fonts/NotoSans-Regular.ttf",
                   "wondersmith/generated/duel/ruleset.json",
                   "wondersmith/examples/classic/wonders.yaml",
                   "wondersmith/generated/classic/boards.py",
                   "wondersmith/generated/classic/ruleset.json"):
        assert needed in names, needed
    assert not any(n.startswith(("wondersmith/generated/sheets", "tests/", "cards/"))
                   for n in names)

    bin_ = installed["bin"]
    outside = installed["tmp"] / "designer"
    shutil.copytree(ROOT / "cards", outside / "cards", ignore=shutil.ignore_patterns("*.py"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    version = run([bin_ / "wondersmith", "--version"], outside, env)
    assert version.stdout.startswith("wondersmith ")
    checked = run([bin_ / "wondersmith", "validate"], outside, env)
    games = sorted(p.parent.name for p in (ROOT / "cards").glob("*/game.yaml"))
    assert {"classic", "duel"} <= set(games)  # and the extensions of Duel (agora)
    assert f"{len(games)} game(s) checked: no problems found" in checked.stderr
    run([bin_ / "wondersmith", "build"], outside, env)

    # The installed compiler writes what the repository's compiler wrote, for every game.
    for game in games:
        for path in sorted((ROOT / "generated" / game).glob("*.*")):
            assert (outside / "generated" / game / path.name).read_bytes() == \
                path.read_bytes(), path
    for lang in ("en", "fr", "vi"):
        html = (outside / "generated" / "sheets" / f"duel-{lang}-a4.html").read_text("utf-8")
        assert "Lumber Yard" in html or lang != "en"
        assert (outside / "generated" / "sheets" / f"duel-{lang}-a4.pdf").read_bytes()[:5] \
            == b"%PDF-"
        assert (outside / "docs" / "rules" / f"duel-{lang}.md").stat().st_size > 1000

    # The Python API and the engine, on the installed package and the designer's ruleset.
    script = (
        "import random, wondersmith\n"
        "from wondersmith.engine import Game, load_ruleset\n"
        "assert wondersmith.__file__.startswith(%r), wondersmith.__file__\n"
        "assert wondersmith.validate_paths(['cards']) == []\n"
        "print(len(wondersmith.load_game('cards/duel').buildings))\n"
        "game = Game(load_ruleset('duel', path='generated'), seed=1)\n"
        "rng = random.Random(1)\n"
        "while not game.is_terminal: game.apply(rng.choice(game.legal_actions()))\n"
        "print(game.result.victory)\n") % str(installed["venv"])
    api = run([bin_ / "python", "-c", script], outside, env)
    assert api.stdout.split()[0] == "73"

    # A designer's new repository from the installed package passes its own checks.
    fresh = installed["tmp"] / "fresh"
    run([bin_ / "wondersmith", "init", fresh], installed["tmp"], env)
    for command in (["validate"], ["fmt", "--check"], ["schema", "--check"]):
        run([bin_ / "wondersmith", *command], fresh, env)


def test_pre_commit_try_repo(tmp_path: Path) -> None:
    """pre-commit installs the hooks' package from this repository (not editable) and runs
    them on a designer's repository, as docs/ci.md tells designers to."""
    pre_commit = Path(sys.executable).parent / "pre-commit"  # a test dependency
    data = tmp_path / "data"
    shutil.copytree(ROOT / "cards", data / "cards", ignore=shutil.ignore_patterns("*.py"))
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
           "PRE_COMMIT_HOME": str(tmp_path / "cache"), "GIT_AUTHOR_NAME": "t",
           "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org"}
    run(["git", "init", "-q"], data, env)
    run(["git", "add", "-A"], data, env)
    run(["git", "commit", "-qm", "data"], data, env)
    source = source_copy(tmp_path / "wondersmith")  # the working tree, committed
    run(["git", "init", "-q"], source, env)
    run(["git", "add", "-A"], source, env)
    run(["git", "commit", "-qm", "wondersmith"], source, env)
    for hook in ("wondersmith-validate", "wondersmith-fmt"):
        done = run([pre_commit, "try-repo", source, hook, "--all-files"], data, env)
        assert "Passed" in done.stdout, done.stdout
    # A broken file fails the validate hook with the diagnostic.
    tokens = data / "cards" / "duel" / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + "surprise: 1\n", encoding="utf-8")
    failed = subprocess.run([pre_commit, "try-repo", source, "wondersmith-validate",
                             "--all-files"], cwd=data, env=env, capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert failed.returncode == 1 and "WS201" in failed.stdout, failed.stdout
