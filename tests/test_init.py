"""`wondersmith init`: a designer's own data repository gets the schemas, the hooks and the
same checks, and the engine plays what it compiles there."""
from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.dsl import schemas
from wondersmith.engine import Game, UnknownRulesetError, load_ruleset
from wondersmith.tools import scaffold

from conftest import DUEL, ROOT

runner = CliRunner()
MODELINE = re.compile(r"# yaml-language-server: \$schema=(\S+)")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "my-cards"
    result = runner.invoke(app, ["init", str(target)])
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(target)
    return target


def test_init_writes_schemas_hooks_and_the_example(repo: Path) -> None:
    written = sorted(p.relative_to(repo).as_posix() for p in repo.rglob("*")
                     if p.is_file() and ".git" not in p.relative_to(repo).parts)
    data = sorted(f"cards/duel/{p.relative_to(DUEL).as_posix()}" for p in DUEL.rglob("*.yaml"))
    assert written == sorted([".pre-commit-config.yaml", *data,
                              *(f"schema/{name}" for name in schemas.expected_files())])
    for name, text in schemas.expected_files().items():
        assert (repo / "schema" / name).read_text(encoding="utf-8") == text
    for path in DUEL.rglob("*.yaml"):
        assert (repo / "cards" / "duel" / path.relative_to(DUEL)).read_bytes() == path.read_bytes()


def test_every_modeline_resolves_to_a_written_schema(repo: Path) -> None:
    files = sorted((repo / "cards").rglob("*.yaml"))
    assert files
    for path in files:
        match = MODELINE.fullmatch(path.read_text(encoding="utf-8").split("\n", 1)[0])
        assert match, path
        target = (path.parent / match.group(1)).resolve()
        assert target.parent == (repo / "schema").resolve() and target.is_file(), path


def test_the_new_repository_passes_every_check(repo: Path) -> None:
    for args in (["validate"], ["fmt", "--check"], ["schema", "--check"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)


def test_the_engine_plays_the_ruleset_compiled_there(repo: Path) -> None:
    assert runner.invoke(app, ["compile"]).exit_code == 0
    ruleset = load_ruleset("duel", path=repo / "generated")
    assert ruleset is not load_ruleset("duel")  # the repository's, not the package's
    assert load_ruleset("duel", path="generated") is ruleset  # imported once
    game = Game(ruleset, seed=5)
    rng = random.Random(5)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    assert game.result.scores[0]["total"] >= 0


def test_load_ruleset_from_a_folder_without_one(tmp_path: Path) -> None:
    with pytest.raises(UnknownRulesetError, match="run `wondersmith compile`"):
        load_ruleset("duel", path=tmp_path)
    with pytest.raises(UnknownRulesetError):
        load_ruleset("not a name", path=tmp_path)


def test_init_without_example(tmp_path: Path) -> None:
    result = runner.invoke(app, ["init", str(tmp_path), "--example", "none"])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "cards").exists()
    assert sorted(p.name for p in (tmp_path / "schema").iterdir()) == \
        sorted(schemas.expected_files())


def test_init_overwrites_nothing(tmp_path: Path) -> None:
    (tmp_path / "schema").mkdir()
    mine = tmp_path / "schema" / "cards.schema.json"
    mine.write_text("{}\n", encoding="utf-8")
    result = runner.invoke(app, ["init", str(tmp_path)])
    assert result.exit_code == 2
    assert "cards.schema.json exists" in result.stderr
    assert "Traceback" not in result.output
    assert mine.read_text(encoding="utf-8") == "{}\n"
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == ["cards.schema.json"]


def test_init_usage_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["init", str(tmp_path), "--example", "catan"])
    assert result.exit_code == 2
    assert "no example named 'catan'" in result.stderr and "duel" in result.stderr
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["init", str(a_file)])
    assert result.exit_code == 2 and "is not a folder" in result.stderr
    assert list(tmp_path.iterdir()) == [a_file]


def test_the_written_hooks_are_the_published_ones() -> None:
    published = {h["id"]: h for h in yaml.safe_load(
        (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    (local,) = yaml.safe_load(scaffold.PRE_COMMIT_TEXT)["repos"]
    hooks = {h["id"]: h for h in local["hooks"]}
    assert set(published) < set(hooks)
    for ident, hook in published.items():
        for key in ("entry", "files", "pass_filenames"):
            assert hooks[ident][key] == hook[key], (ident, key)
    assert hooks["wondersmith-schema"]["entry"] == "wondersmith schema --check"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_init_makes_a_git_repository(repo: Path) -> None:
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=repo,
                         capture_output=True, text=True, check=True)
    assert Path(top.stdout.strip()).resolve() == repo.resolve()
    status = subprocess.run(["git", "status", "--porcelain"], cwd=repo, capture_output=True,
                            text=True, check=True)
    assert "?? cards/" in status.stdout  # made, not committed: the designer commits


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_init_inside_a_git_repository_makes_no_nested_one(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    result = runner.invoke(app, ["init", str(tmp_path / "data")])
    assert result.exit_code == 0, result.output
    assert "already inside the git repository" in result.output
    assert not (tmp_path / "data" / ".git").exists()


def test_init_without_git_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scaffold.shutil, "which", lambda name: None)
    result = runner.invoke(app, ["init", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "git is not installed: no git repository made" in result.output
    assert not (tmp_path / ".git").exists() and (tmp_path / "cards" / "duel").is_dir()
