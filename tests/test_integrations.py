"""The pre-commit hooks, the CI workflow and docs/ci.md run the same commands, and they pass."""
from __future__ import annotations

import re
import shlex
import subprocess

import pytest
import yaml

from wondersmith.tools.fmt import data_files

from conftest import ROOT

HOOKS = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
LOCAL = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
WORKFLOW = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))
DOCS = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def workflow_commands() -> list[str]:
    (job,) = WORKFLOW["jobs"].values()
    return [step["run"].strip() for step in job["steps"] if "run" in step]


def ci_commands() -> list[str]:
    """The commands of .ci/run, which every CI job runs."""
    return [line.strip() for line in CI_RUN.splitlines()
            if line.strip().startswith(("wondersmith ", "pytest", "python -m pip install"))]


def doc_commands() -> set[str]:
    """Commands the page shows: `inline code` and `run:` lines of its YAML examples."""
    inline = set(re.findall(r"`((?:wondersmith|pytest|pip)[^`]*)`", DOCS))
    runs = {m.strip() for m in re.findall(r"run: \|?\n?\s*(.+)", DOCS)}
    return inline | runs


def test_hooks_are_wondersmith_commands() -> None:
    assert {h["id"] for h in HOOKS} == {"wondersmith-validate", "wondersmith-fmt"}
    for hook in HOOKS:
        assert hook["language"] == "python"
        assert re.search(hook["files"], "cards/duel/age1.yaml")  # pre-commit searches
        assert re.search(hook["files"], "x.yml") and not re.search(hook["files"], "x.py")
    by_id = {h["id"]: h for h in HOOKS}
    assert by_id["wondersmith-validate"]["pass_filenames"] is False  # whole-game checks
    assert by_id["wondersmith-fmt"]["pass_filenames"] is True


def test_local_hooks_match_the_published_ones() -> None:
    (repo,) = LOCAL["repos"]
    assert repo["repo"] == "local"
    local = {h["id"]: h for h in repo["hooks"]}
    for hook in HOOKS:
        mine = local[hook["id"]]
        for key in ("entry", "files", "pass_filenames"):
            assert mine[key] == hook[key], (hook["id"], key)


def test_docs_show_exactly_the_commands_used() -> None:
    shown = doc_commands()
    for hook in HOOKS:
        assert hook["entry"] in shown, hook["entry"]
        assert f"id: {hook['id']}" in DOCS
    wanted = ['python -m pip install --quiet -e ".[test]"',
              'wondersmith validate --format "$format" cards/', "wondersmith compile --check",
              "pytest", "wondersmith build", "wondersmith fmt --check",
              "wondersmith schema --check"]
    assert sorted(ci_commands()) == sorted(wanted)
    for command in wanted:
        assert command.replace('"$format"', "github").replace("python -m pip install --quiet",
                                                               "pip install") in shown, command


def test_the_workflow_runs_ci_pinned_and_newest() -> None:
    (job,) = WORKFLOW["jobs"].values()
    assert job["strategy"]["matrix"]["dependencies"] == ["pinned", "newest"]
    (ci,) = [c for c in workflow_commands() if c.startswith(".ci/run")]
    for mode, argument in (("pinned", ""), ("newest", "--newest")):
        resolved = re.sub(r"\$\{\{ matrix.dependencies == 'newest' && '--newest' \|\| '' \}\}",
                          argument, ci).strip()
        assert resolved == f".ci/run {argument}".strip(), mode
        assert f".ci/run {argument}".strip() in DOCS
    setup = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "3.11"
    diff = next(c for c in workflow_commands() if " diff " in c)
    assert diff.replace('"$CI_VENV/bin/wondersmith"', "wondersmith") in DOCS


@pytest.mark.parametrize("hook", HOOKS, ids=lambda h: h["id"])
def test_each_hook_entry_passes_on_this_repository(hook) -> None:
    args = shlex.split(hook["entry"]) + list(hook.get("args", []))
    if hook["pass_filenames"]:
        # What pre-commit passes: every tracked file the `files` pattern matches.
        tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True,
                                 text=True, check=True).stdout.split()
        args += [f for f in tracked if re.search(hook["files"], f)]
    run = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Traceback" not in run.stderr


def test_fmt_hook_skips_yaml_that_is_not_data() -> None:
    assert data_files([ROOT / ".pre-commit-hooks.yaml", ROOT / ".github"]) == []


@pytest.mark.parametrize("command", ["wondersmith validate --format github cards/",
                                     "wondersmith fmt --check"])
def test_quick_workflow_steps_pass(command: str) -> None:
    run = subprocess.run(shlex.split(command), cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_ci_runs_the_readme_set_up_commands() -> None:
    """The README has two set-up commands; .ci/run runs both, in a fresh environment."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in setup.splitlines() if line.startswith("    ")]
    assert commands == ["pip install -e . && wondersmith build",
                        'pip install -e ".[test]" && pytest']
    ran = ci_commands()
    assert 'python -m pip install --quiet -e ".[test]"' in ran
    assert ran.index("pytest") < ran.index("wondersmith build")
    assert "python3 -m venv" in CI_RUN and "set -euo pipefail" in CI_RUN


def test_the_data_repository_workflows_can_cache_pip() -> None:
    """setup-python's pip cache needs a file to key on, and a data repository has no
    requirements file: every recipe names its workflow files."""
    recipes = [yaml.safe_load(text) for text in re.findall(r"```yaml\n(.*?)```", DOCS, re.S)]
    recipes = [r for r in recipes if isinstance(r, dict) and "jobs" in r]
    assert len(recipes) >= 2
    for recipe in recipes:
        for job in recipe["jobs"].values():
            for step in job["steps"]:
                if step.get("uses", "").startswith("actions/setup-python"):
                    assert step["with"]["cache"] == "pip"
                    assert step["with"]["cache-dependency-path"].startswith(".github/workflows/")
