"""Never a traceback: injection, crashers, environment problems and bugs each end in one
clear line and a documented exit code (docs/errors.md: 1 data, 2 usage, 3 environment,
4 internal error)."""
from __future__ import annotations

import ast
import builtins
import errno
import importlib.util
import io
import os
import re
import subprocess
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

from wondersmith import cli

ROOT = Path(__file__).resolve().parent.parent
PAYLOAD = 'x"""; __import__("os").system("touch pwned"); """'


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        *args: str) -> tuple[int, str, str]:
    """`wondersmith ARGS` through the real entry point `main()`: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["wondersmith", *args])
    monkeypatch.delenv(cli.DEBUG_ENV, raising=False)
    capsys.readouterr()
    try:
        cli.main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def project(tmp_path: Path, duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (cards/duel, no generated/ yet) as the working directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def import_generated(package: Path):
    """Import a generated game package from `package` under a fresh name."""
    name = f"ws_generated_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(
        name, package / "__init__.py", submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
    return module


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def assert_clean_failure(code: int, out: str, err: str, expected: int) -> None:
    assert code == expected, (out, err)
    assert "Traceback" not in out + err
    assert err.strip(), "a failure says why"


# The injection of issue 9 ---------------------------------------------------------------


def test_game_name_injection_is_text_not_code(project: Path, monkeypatch, capsys) -> None:
    edit(project / "cards/duel/game.yaml", "name: 7 Wonders Duel", f"name: '{PAYLOAD}'")
    code, out, err = run(monkeypatch, capsys, "compile")
    assert code == 0, err
    package = project / "generated" / "duel"
    module = import_generated(package)
    assert not (project / "pwned").exists()
    assert module.RULESET.name == PAYLOAD
    assert module.__doc__.startswith(PAYLOAD)  # the docstring is a repr()'d literal
    tree = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    assert "__import__" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


# Crashers of issue 9: each is a diagnostic or a one-line refusal, never a traceback -----


def test_card_file_holding_only_null(project: Path, monkeypatch, capsys) -> None:
    (project / "cards/duel/tokens.yaml").write_text("~\n", encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, "validate")
    assert_clean_failure(code, out, err, 1)
    assert re.search(r"tokens\.yaml:1:1: error WS107: the file holds ", out)
    code, out, err = run(monkeypatch, capsys, "compile")
    assert_clean_failure(code, out, err, 1)


@pytest.mark.parametrize("old, new", [
    ("cost: {coins: 1}", "cost: {coins: 6.0}"),
    ("cost: {coins: 1}", "cost: {coins: 1e300}"),
    ("effects: [shields: 1]", "effects: [shields: 1.0]"),
    ("cost: {coins: 1}", "cost: {coins: " + "9" * 5001 + "}"),
], ids=["float-coins", "huge-float", "float-shields", "5001-digits"])
def test_numbers_validation_may_miss_are_refused(project: Path, monkeypatch, capsys,
                                                  old: str, new: str) -> None:
    edit(project / "cards/duel/age1.yaml", old, new)
    code, out, err = run(monkeypatch, capsys, "compile")
    assert_clean_failure(code, out, err, 1)
    assert re.search(r"cards/duel/age1\.yaml:\d+:\d+: ", out + err)  # located
    assert not (project / "generated").exists()  # nothing written
    code, out, err = run(monkeypatch, capsys, "validate")
    assert code in (0, 1) and "Traceback" not in out + err


@pytest.mark.parametrize("ident", ["none", "true", "false", "class"])
def test_keyword_ids_compile_or_are_diagnosed(project: Path, monkeypatch, capsys,
                                              ident: str) -> None:
    for path in (project / "cards/duel").glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"\blumber_yard\b", ident, text), encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, "compile")
    assert code in (0, 1) and "Traceback" not in out + err, err
    if code == 1:  # refused by validation: a diagnostic naming the id
        assert ident in out
        return
    module = import_generated(project / "generated" / "duel")
    classes = {c.id: c for c in module.RULESET.buildings}
    assert classes[ident].__name__ == {"none": "None_", "true": "True_", "false": "False_",
                                       "class": "Class"}[ident]


# Environment problems: exit 3 with one line naming the path and the cause ---------------


@contextmanager
def failing_writes(root: Path, error: int) -> Iterator[None]:
    """Every attempt to create, write, rename or remove something under `root` fails with
    `error`, as on a read-only folder (EACCES, EROFS) or a full disk (ENOSPC)."""
    root = root.resolve()
    real_open, real_os_open = io.open, os.open
    real = {name: getattr(os, name) for name in ("mkdir", "replace", "rename", "unlink",
                                                 "rmdir")}

    def inside(path) -> bool:
        if isinstance(path, int):
            try:
                path = os.readlink(f"/proc/self/fd/{path}")
            except OSError:
                return False
        try:
            return Path(os.fsdecode(path)).resolve().is_relative_to(root)
        except (TypeError, ValueError):
            return False

    def fail(path):
        raise OSError(error, os.strerror(error), None if isinstance(path, int) else path)

    def fake_open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+") and inside(file):
            fail(file)
        return real_open(file, mode, *args, **kwargs)

    def fake_os_open(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and inside(path):
            fail(path)
        return real_os_open(path, flags, *args, **kwargs)

    def guard(name):
        def guarded(path, *args, **kwargs):
            if inside(path):
                fail(path)
            return real[name](path, *args, **kwargs)
        return guarded

    patches = {(io, "open"): fake_open, (builtins, "open"): fake_open,
               (os, "open"): fake_os_open}
    patches.update({(os, name): guard(name) for name in real})
    saved = {key: getattr(*key) for key in patches}
    try:
        for (owner, name), value in patches.items():
            setattr(owner, name, value)
        yield
    finally:
        for (owner, name), value in saved.items():
            setattr(owner, name, value)


def scramble_for_fmt(path: Path) -> None:
    """Make a data file non-canonical (so fmt must write it) without changing the data."""
    edit(path, "effects: [produce: {wood: 1}]", "effects: [ produce: { wood: 1 } ]")


COMMANDS = {
    "compile": (["compile"], "generated"),
    "sheets": (["sheets", "--lang", "en", "--format", "html", "--out", "generated/sheets",
                "--docs", "generated/rules"], "generated"),
    "fmt": (["fmt", "cards/duel/age1.yaml"], "cards/duel"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("error", [errno.EACCES, errno.EROFS, errno.ENOSPC],
                         ids=["permission", "read-only", "disk-full"])
def test_environment_problem_exits_3(project: Path, monkeypatch, capsys, command: str,
                                     error: int) -> None:
    args, target = COMMANDS[command]
    scramble_for_fmt(project / "cards/duel/age1.yaml")
    (project / target).mkdir(parents=True, exist_ok=True)
    before = (project / "cards/duel/age1.yaml").read_bytes()
    with failing_writes(project / target, error):
        code, out, err = run(monkeypatch, capsys, *args)
    assert_clean_failure(code, out, err, cli.EXIT_ENVIRONMENT)
    last = err.strip().splitlines()[-1]
    assert last.startswith("wondersmith: ") and last.endswith(os.strerror(error)), last
    assert target in last  # names the path
    assert (project / "cards/duel/age1.yaml").read_bytes() == before  # data untouched


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs a user that file permissions apply to")
def test_real_read_only_generated(project: Path, monkeypatch, capsys) -> None:
    assert run(monkeypatch, capsys, "compile")[0] == 0
    edit(project / "cards/duel/game.yaml", "name: 7 Wonders Duel", "name: Duel")
    for folder in (project / "generated", project / "generated" / "duel"):
        folder.chmod(0o555)
    try:
        code, out, err = run(monkeypatch, capsys, "compile")
    finally:
        for folder in (project / "generated", project / "generated" / "duel"):
            folder.chmod(0o755)
    assert_clean_failure(code, out, err, cli.EXIT_ENVIRONMENT)
    assert "Permission denied" in err and "generated" in err


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 64 KiB tmpfs, where this machine allows mounting one (root on Linux)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_real_full_disk(project: Path, tiny_disk: Path, monkeypatch, capsys) -> None:
    (tiny_disk / "filler").write_bytes(b"\0" * (60 * 1024))  # leave less than compile needs
    code, out, err = run(monkeypatch, capsys, "compile", "--out", str(tiny_disk / "gen"))
    assert_clean_failure(code, out, err, cli.EXIT_ENVIRONMENT)
    last = err.strip().splitlines()[-1]
    assert "No space left on device" in last and "gen" in last  # names where


@contextmanager
def read_only_mount(folder: Path) -> Iterator[None]:
    """`folder` bind-mounted read-only onto itself, where this machine allows it (root)."""
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("a read-only bind mount needs root")
    if subprocess.run(["mount", "--bind", str(folder), str(folder)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot bind-mount here")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)],
                          capture_output=True).returncode != 0:
            pytest.skip("cannot remount read-only here")
        yield
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_real_read_only_folder(project: Path, monkeypatch, capsys, command: str) -> None:
    args, target = COMMANDS[command]
    scramble_for_fmt(project / "cards/duel/age1.yaml")
    (project / target).mkdir(parents=True, exist_ok=True)
    with read_only_mount(project / target):
        code, out, err = run(monkeypatch, capsys, *args)
    assert_clean_failure(code, out, err, cli.EXIT_ENVIRONMENT)
    assert err.strip().splitlines()[-1].endswith("Read-only file system")


def test_missing_cards_folder_is_usage(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(monkeypatch, capsys, "compile")
    assert_clean_failure(code, out, err, 2)


# Internal errors: exit 4, one line and how to report it; the traceback only on request ---


def test_internal_error_asks_for_a_report(project: Path, monkeypatch, capsys) -> None:
    from wondersmith.codegen import outputs

    def broken(*args, **kwargs):
        raise KeyError("wood")

    monkeypatch.setattr(outputs, "generate", broken)
    code, out, err = run(monkeypatch, capsys, "compile")
    assert_clean_failure(code, out, err, cli.EXIT_INTERNAL)
    from wondersmith import __version__
    assert "internal error (KeyError: 'wood')" in err
    assert f"bug in wondersmith {__version__}" in err
    assert "please report it to the wondersmith project's issue tracker with the command" in err
    assert "OWNER" not in err and "http" not in err  # no address the project does not have
    monkeypatch.setenv(cli.DEBUG_ENV, "1")
    monkeypatch.setattr(sys, "argv", ["wondersmith", "compile"])
    with pytest.raises(SystemExit) as exc:
        cli.main()
    assert exc.value.code == cli.EXIT_INTERNAL
    assert "Traceback" in capsys.readouterr().err


def test_exit_codes_are_documented() -> None:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    for code in (cli.EXIT_ENVIRONMENT, cli.EXIT_INTERNAL):
        assert f"| {code} |" in text
    assert cli.DEBUG_ENV in text


# new --game stays inside the data folder -------------------------------------------------


@pytest.mark.parametrize("game", ["../duel", "..", "/tmp", "duel/../../x", ""])
def test_new_game_cannot_leave_the_data_folder(project: Path, monkeypatch, capsys,
                                               game: str) -> None:
    code, out, err = run(monkeypatch, capsys, "new", "token", "escapee", "--game", game,
                         "--data", "cards")
    assert_clean_failure(code, out, err, 2)
    assert not list(project.parent.rglob("*escapee*"))


def test_new_refuses_a_symlinked_game_or_file(project: Path, tmp_path_factory,
                                              monkeypatch, capsys) -> None:
    outside = tmp_path_factory.mktemp("outside")
    (outside / "game.yaml").write_bytes((project / "cards/duel/game.yaml").read_bytes())
    (project / "cards" / "linked").symlink_to(outside, target_is_directory=True)
    code, out, err = run(monkeypatch, capsys, "new", "token", "escapee", "--game", "linked",
                         "--data", "cards")
    assert_clean_failure(code, out, err, 2)
    tokens = project / "cards/duel/tokens.yaml"
    (outside / "tokens.yaml").write_bytes(tokens.read_bytes())
    tokens.unlink()
    tokens.symlink_to(outside / "tokens.yaml")
    before = (outside / "tokens.yaml").read_bytes()
    code, out, err = run(monkeypatch, capsys, "new", "token", "escapee", "--game", "duel",
                         "--data", "cards")
    assert_clean_failure(code, out, err, 2)
    assert (outside / "tokens.yaml").read_bytes() == before


def test_environment_message_is_one_line() -> None:
    assert cli.environment_message(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))) == \
        f"wondersmith: {os.strerror(errno.ENOSPC)}"
    moved = OSError(errno.EXDEV, "Invalid cross-device link", "a", None, "b\nc")
    assert cli.environment_message(moved) == \
        "wondersmith: a -> 'b\\nc': Invalid cross-device link"
    assert cli.environment_message(OSError(errno.EBADF, "Bad file descriptor", 3)) == \
        "wondersmith: 3: Bad file descriptor"
