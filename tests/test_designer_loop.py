"""The designer's loop of issue 25, as a new user runs it: `wondersmith init mygame`, make
Guard Tower cost 1 coin and give 2 shields, `wondersmith build`, then every way of playing
(`play`, `simulate`, `balance compare HEAD~1 HEAD`, the Python API and the RL adapters) plays
the edited card, and each says which ruleset it loaded."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wondersmith
from wondersmith.cli import app

pytestmark = pytest.mark.skipif(shutil.which("git") is None,
                                reason="the loop compares git revisions")

runner = CliRunner()
WIDE = {"COLUMNS": "200"}
GIT_ENV = {"GIT_AUTHOR_NAME": "designer", "GIT_AUTHOR_EMAIL": "designer@example.org",
           "GIT_COMMITTER_NAME": "designer", "GIT_COMMITTER_EMAIL": "designer@example.org"}
PACKAGED_GUARD_TOWER = "    name: Guard Tower\n    color: red\n    effects: [shields: 1]\n"
EDITED_GUARD_TOWER = "    name: Guard Tower\n    color: red\n    cost: {coins: 1}\n    effects: [shields: 2]\n"
SEED = 2  # a deal in which Guard Tower is within reach in Age I


@dataclass(frozen=True)
class Loop:
    base: Path  # holds the repository: outside any data repository
    repo: Path
    original_hash: str
    edited_hash: str


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture(scope="module")
def loop(tmp_path_factory: pytest.TempPathFactory):
    from wondersmith.render import cards

    with pytest.MonkeyPatch.context() as patch:
        for name, value in GIT_ENV.items():
            patch.setenv(name, value)
        # The print-and-play PDFs are not this loop's subject (tests/test_print_and_play.py):
        # faked, they spare `build` about 45 s of CPU.
        patch.setattr(cards, "render_files",
                      lambda game, lang, names, paper, bleed, font_base, pdf, *args, **kwargs:
                      {pdf: b"%PDF-fake"})
        base = tmp_path_factory.mktemp("loop")
        patch.chdir(base)
        made = runner.invoke(app, ["init", "mygame"])
        assert made.exit_code == 0, made.output
        assert "git: made a git repository" in made.output
        repo = base / "mygame"
        patch.chdir(repo)
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "Start from the Duel example")
        original = wondersmith.load_game("duel").source_hash
        age1 = repo / "cards" / "duel" / "age1.yaml"
        text = age1.read_text(encoding="utf-8")
        assert text.count(PACKAGED_GUARD_TOWER) == 1
        age1.write_text(text.replace(PACKAGED_GUARD_TOWER, EDITED_GUARD_TOWER), encoding="utf-8")
        built = runner.invoke(app, ["build"])
        assert built.exit_code == 0, built.output
        git(repo, "add", "-A")
        git(repo, "commit", "-qm", "Guard Tower: 1 coin, 2 shields")
        edited = wondersmith.load_game("duel").source_hash
        assert edited != original
        yield Loop(base, repo, original, edited)


def guard_tower_prices(output: str) -> set[str]:
    """The prices the menus showed for building Guard Tower."""
    return set(re.findall(r"build Guard Tower  \((\d+) coins?\)", output))


def test_play_offers_the_edited_guard_tower_and_names_the_ruleset(loop: Loop) -> None:
    answers = "1\n" * 40 + "q\n"
    played = runner.invoke(app, ["play", "duel", "--seed", str(SEED)], input=answers, env=WIDE)
    assert played.exit_code == 0, played.output
    assert f"ruleset: duel from cards/duel, data sha256 {loop.edited_hash}" in played.stderr
    assert "compiling" not in played.stderr  # `build` compiled it
    assert guard_tower_prices(played.stdout) == {"1"}
    # The same game outside the repository plays the packaged Duel, and says so.
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(loop.base)
        packaged = runner.invoke(app, ["play", "duel", "--seed", str(SEED)], input=answers, env=WIDE)
    assert packaged.exit_code == 0, packaged.output
    assert f"ruleset: duel from the packaged examples, data sha256 {loop.original_hash} " \
           "(no data repository here or above: `wondersmith init` makes one)" in packaged.stderr
    assert guard_tower_prices(packaged.stdout) == {"0"}


@pytest.mark.parametrize("game", ["duel", "./cards/duel"])
def test_simulate_plays_the_edit_and_its_json_names_the_ruleset(loop: Loop, game: str) -> None:
    result = runner.invoke(app, ["simulate", game, "-n", "4", "--bots", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["ruleset"] == {"game": "duel", "folder": str(loop.repo / "cards" / "duel"),
                                  "data_hash": loop.edited_hash, "packaged": False}
    assert f"ruleset: duel from cards/duel, data sha256 {loop.edited_hash}" in result.stderr


def test_balance_compare_head_1_head_compares_before_and_after_the_edit(loop: Loop,
                                                                        tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(loop.repo / "cards")  # anywhere inside the repository
        result = runner.invoke(app, ["balance", "compare", "HEAD~1", "HEAD", "--game", "duel",
                                     "--deals", "4", "--bots", "greedy", "-w", "1", "-q",
                                     "--json", str(out)])
    assert result.exit_code == 0, result.output
    results = json.loads(out.read_text(encoding="utf-8"))
    assert [(r["label"], r["folder"], r["data_hash"]) for r in results["revisions"]] == [
        ("HEAD~1", "HEAD~1:cards/duel", loop.original_hash),
        ("HEAD", "HEAD:cards/duel", loop.edited_hash)]
    assert f"ruleset: duel from HEAD~1:cards/duel, data sha256 {loop.original_hash}" in result.stderr
    assert f"ruleset: duel from HEAD:cards/duel, data sha256 {loop.edited_hash}" in result.stderr
    assert results["components"]["info"]["guard_tower"]["name"] == "Guard Tower"


def test_the_python_api_loads_the_edit(loop: Loop) -> None:
    building = next(b for b in wondersmith.load_game("duel").buildings if b.id == "guard_tower")
    assert building.cost.coins == 1 and [e.amount for e in building.effects] == [2]
    found = wondersmith.find_ruleset("duel")
    assert found.banner() == f"ruleset: duel from cards/duel, data sha256 {loop.edited_hash}"
    tower = wondersmith.load_ruleset("duel").by_id["guard_tower"]
    assert (tower.cost_coins, tower.shields) == (1, 2)
    from wondersmith.engine import load_ruleset as engine_ruleset
    packaged = engine_ruleset("duel").by_id["guard_tower"]  # the engine's own: the package's
    assert (packaged.cost_coins, packaged.shields) == (0, 1)


def test_the_rl_adapters_play_the_edit(loop: Loop) -> None:
    pytest.importorskip("pettingzoo")
    from wondersmith.rl.pettingzoo import raw_env

    assert raw_env(game="duel").ruleset.source_hash == loop.edited_hash
    pytest.importorskip("pyspiel")
    from wondersmith.rl import openspiel
    from wondersmith.rl.spiel_game import RULESETS

    name = openspiel.register("duel", name="python_wondersmith_designer_loop_duel")
    assert RULESETS[name].source_hash == loop.edited_hash
