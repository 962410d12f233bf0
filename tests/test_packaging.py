"""The package ships every file it reads at run time, and finds them without a checkout."""
from __future__ import annotations

import glob
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

import wondersmith
from wondersmith.cli import app

from conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
PACKAGE_DIR = SETUPTOOLS["package-dir"]
SCRIPT = str(Path(sys.executable).parent / "wondersmith")  # the installed command
# Folders inside package folders that are output, not part of the package.
NOT_SHIPPED = {"generated/sheets", "generated/cards"}


def folder_of(package: str) -> Path:
    """The source folder of a package, by the package-dir mapping."""
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        root = ".".join(parts[:n])
        if root in PACKAGE_DIR:
            return ROOT / PACKAGE_DIR[root] / Path(*parts[n:])
    raise AssertionError(f"{package} is in no mapped folder")


def package_folders() -> dict[str, Path]:
    """Every folder with an __init__.py under a mapped root, by its package name."""
    found = {}
    for root_package, root in PACKAGE_DIR.items():
        for init in sorted((ROOT / root).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT / root)
            if "__pycache__" in rel.parts:
                continue
            found[".".join([root_package, *rel.parts])] = init.parent
    return found


def test_every_package_folder_is_listed() -> None:
    assert sorted(SETUPTOOLS["packages"]) == sorted(package_folders()), \
        "list every package in pyproject.toml [tool.setuptools] packages (a new game: " \
        "wondersmith.generated.<game>, and its *.json in package-data)"
    for package in SETUPTOOLS["packages"]:
        assert folder_of(package) == package_folders()[package]


def test_every_data_file_is_package_data() -> None:
    """Each non-Python file in a package folder is matched by a package-data glob."""
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]
    packages = package_folders()
    shipped = {Path(packages[p], match).resolve()
               for p, globs in patterns.items() for g in globs
               for match in glob.glob(g, root_dir=packages[p]) if Path(packages[p], match).is_file()}
    missing = []
    for folder in packages.values():
        for path in folder.rglob("*"):
            rel = path.relative_to(ROOT).as_posix()
            if (path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts
                    or any(rel.startswith(f"{skip}/") for skip in NOT_SHIPPED)):
                continue
            if path.resolve() not in shipped:
                missing.append(rel)
    assert missing == [], "add these to [tool.setuptools.package-data] or move them out"


def test_no_module_reads_files_next_to_its_source() -> None:
    """Files are found with importlib.resources (wondersmith.resources), never __file__."""
    offenders = [p.relative_to(ROOT).as_posix() for p in (ROOT / "compiler").rglob("*.py")
                 if "__file__" in p.read_text(encoding="utf-8")]
    assert offenders == [], "use wondersmith.resources.folder() or read_text()"


def test_version_option() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"wondersmith {wondersmith.__version__}\n"
    run = subprocess.run([sys.executable, "-m", "wondersmith", "--version"],
                         capture_output=True, text=True, timeout=120)
    assert run.stdout == result.stdout


def test_shell_completion() -> None:
    env = {**os.environ, "_WONDERSMITH_COMPLETE": "complete_bash",
           "COMP_WORDS": "wondersmith val", "COMP_CWORD": "1"}
    run = subprocess.run([SCRIPT], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.stdout.split() == ["validate"], run.stderr
    # The shell named, not detected from the parent process (a CI runner's may be no shell):
    # Typer's own switch makes `--show-completion` take the shell as its value.
    shown = subprocess.run([SCRIPT, "--show-completion", "bash"], capture_output=True, text=True,
                           env={**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"},
                           timeout=120)
    assert "_WONDERSMITH_COMPLETE=complete_bash" in shown.stdout, shown.stdout + shown.stderr


def test_constraints_pin_every_dependency() -> None:
    """constraints.txt (.ci/run --lock) pins each dependency to a version pyproject allows."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, pinned = line.partition("==")
            pins[canonicalize_name(name)] = pinned
    project = PYPROJECT["project"]
    extras = project["optional-dependencies"]
    wanted = [Requirement(text) for text in [*project["dependencies"], *extras["test"]]]
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        if name == project["name"]:  # test = ["wondersmith[lab]", ...]
            wanted += [Requirement(t) for extra in requirement.extras for t in extras[extra]]
            continue
        assert name in pins, f"{name} is not in constraints.txt: run .ci/run --lock"
        assert requirement.specifier.contains(pins[name]), (text, pins[name])
