"""Nothing half-written: atomic files with normal permissions, and `compile` killed at every
write point leaves `generated/<game>/` importable as the old package or the new one."""
from __future__ import annotations

import json
import os
import shutil
import signal
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith import atomic
from wondersmith.cli import app
from wondersmith.cli import compile as compile_cli
from wondersmith.codegen import outputs

from test_compiler import import_package
from test_fmt import scramble

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


@pytest.fixture()
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path, umask_022) -> None:
    target = tmp_path / "deep" / "age1.yaml"
    atomic.write_text(target, "a: 1\n")
    atomic.write_bytes(target, b"a: 2\n")
    assert target.read_bytes() == b"a: 2\n"
    assert [p.name for p in target.parent.iterdir()] == ["age1.yaml"]


def test_new_files_and_folders_follow_the_umask(tmp_path: Path) -> None:
    for umask, file_mode, dir_mode in ((0o022, 0o644, 0o755), (0o077, 0o600, 0o700),
                                       (0o002, 0o664, 0o775)):
        old = os.umask(umask)
        try:
            target = tmp_path / f"u{umask:o}" / "sheet.html"
            atomic.write_text(target, "x")
            package = tmp_path / f"u{umask:o}" / "duel"
            atomic.replace_dir(package, {"__init__.py": b""})
        finally:
            os.umask(old)
        assert mode(target) == file_mode
        assert mode(package) == dir_mode
        assert mode(package / "__init__.py") == file_mode


def test_an_existing_file_keeps_its_permissions(tmp_path: Path, umask_022) -> None:
    target = tmp_path / "script.yaml"
    target.write_text("old")
    target.chmod(0o640)
    atomic.write_text(target, "new")
    assert mode(target) == 0o640 and target.read_text() == "new"


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "age1.yaml"
    target.write_text("old: 1\n")

    def full_disk(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError):
        atomic.write_text(target, "new: 2\n" * 1000)
    monkeypatch.undo()
    assert target.read_text() == "old: 1\n"
    assert [p.name for p in tmp_path.iterdir()] == ["age1.yaml"]


@pytest.mark.parametrize("write", ["file", "folder"])
def test_a_full_disk_names_the_file_asked_for(tmp_path: Path, monkeypatch, write: str) -> None:
    # ENOSPC from write() (or fsync) carries no file name: the error gets the target's, not
    # the temporary file's, so the one-line message says where the disk was full.
    from wondersmith.cli import environment_message

    def full_disk(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    with pytest.raises(OSError) as failed:
        if write == "file":
            atomic.write_text(tmp_path / "age1.yaml", "new: 2\n")
        else:
            atomic.replace_dir(tmp_path / "duel", {"cards.py": b"x = 1\n"})
    monkeypatch.undo()
    named = tmp_path / ("age1.yaml" if write == "file" else "duel/cards.py")
    assert failed.value.filename == str(named) and failed.value.errno == 28
    assert environment_message(failed.value).endswith(f"{named.name}: No space left on device")


def test_leftover_temporaries_are_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "age1.yaml"
    (tmp_path / ".age1.yaml.dead0001.tmp").write_text("half a ca")
    (tmp_path / ".duel.dead0002.tmp").mkdir()
    atomic.write_text(target, "ok\n")
    atomic.replace_dir(tmp_path / "duel", {"a.py": b"x = 1\n"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["age1.yaml", "duel"]


def test_replace_dir_swaps_the_whole_folder(tmp_path: Path) -> None:
    package = tmp_path / "duel"
    atomic.replace_dir(package, {"a.py": b"1", "b.py": b"2"})
    (package / "__pycache__").mkdir()
    atomic.replace_dir(package, {"a.py": b"3"})
    assert sorted(p.name for p in package.iterdir()) == ["a.py"]
    assert (package / "a.py").read_bytes() == b"3"


def test_fmt_sheets_and_compile_write_mode_0644(tmp_path: Path, monkeypatch,
                                                 umask_022) -> None:
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    age1 = tmp_path / "cards" / "duel" / "age1.yaml"
    age1.write_text(scramble(age1.read_text()))
    age1.chmod(0o644)
    result = runner.invoke(app, ["fmt", str(age1)])
    assert result.exit_code == 0 and "reformatted" in result.output
    assert runner.invoke(app, ["compile"]).exit_code == 0
    result = runner.invoke(app, ["sheets", "--lang", "en", "--format", "html"])
    assert result.exit_code == 0, result.output
    written = [age1, tmp_path / "generated" / "manifest.json",
               tmp_path / "generated" / "sheets" / "duel-en-a4.html",
               tmp_path / "docs" / "rules" / "duel-en.md",
               *(tmp_path / "generated" / "duel").iterdir()]
    assert {p.name: mode(p) for p in written} == {p.name: 0o644 for p in written}
    assert mode(tmp_path / "generated" / "duel") == 0o755


# Kill at every write point ---------------------------------------------------------------

class Killer:
    """Counts the file system changes a process makes; SIGKILLs it at change number `at`
    (a file write is cut in half first, as a full disk or a kill mid-write would)."""

    def __init__(self, at: int, exchange: bool = True) -> None:
        self.at, self.count = at, 0
        self.can_exchange = exchange

    def point(self) -> None:
        if self.count == self.at:
            os.kill(os.getpid(), signal.SIGKILL)
        self.count += 1

    def install(self) -> None:
        real = {name: getattr(os, name) for name in
                ("write", "replace", "rename", "unlink", "rmdir", "mkdir", "open", "chmod")}
        real_exchange = atomic.exchange

        def write(fd, data):
            if self.count == self.at and len(data) > 1:
                real["write"](fd, bytes(data[:len(data) // 2]))
            self.point()
            return real["write"](fd, data)

        def opener(path, flags, *args, **kwargs):
            if flags & os.O_CREAT:
                self.point()
            return real["open"](path, flags, *args, **kwargs)

        def wrap(name):
            def changed(*args, **kwargs):
                self.point()
                return real[name](*args, **kwargs)
            return changed

        def exchange(first, second):
            if not self.can_exchange:
                return False
            self.point()
            return real_exchange(first, second)

        for name in ("replace", "rename", "unlink", "rmdir", "mkdir", "chmod"):
            setattr(os, name, wrap(name))
        os.write, os.open = write, opener
        atomic.exchange = exchange


def _package(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _edit_a_card(project: Path) -> None:
    age1 = project / "cards" / "duel" / "age1.yaml"
    text = age1.read_text()
    assert "effects: [shields: 1]" in text
    age1.write_text(text.replace("effects: [shields: 1]", "effects: [shields: 2]", 1))


@pytest.mark.parametrize("can_exchange", [True, False], ids=["exchange", "two-renames"])
def test_a_kill_at_any_write_point_leaves_the_old_or_the_new_package(
        tmp_path: Path, monkeypatch, can_exchange: bool) -> None:
    pristine = tmp_path / "pristine"
    shutil.copytree(ROOT / "cards", pristine / "cards")
    shutil.copytree(ROOT / "generated", pristine / "generated",  # the compiled packages
                    ignore=shutil.ignore_patterns("__pycache__", "sheets", "cards"))
    old = _package(pristine / "generated" / "duel")
    _edit_a_card(pristine)
    project = tmp_path / "project"
    shutil.copytree(pristine, project)
    out = project / "generated"
    # Compiling in memory writes nothing: do it once, and let every run below reuse it.
    result = outputs.expected(project / "cards", out)
    new = result.package(out / "duel")
    assert new != old
    monkeypatch.setattr(compile_cli.outputs, "expected", lambda *args, **kwargs: result)

    versions = []
    at = 0
    while True:
        shutil.rmtree(project)
        shutil.copytree(pristine, project)
        pid = os.fork()
        if pid == 0:  # the child compiles and is killed at write point `at`
            code = 1
            try:
                Killer(at, can_exchange).install()
                compile_cli.run_compile(False, project / "cards", out)
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status)
        assert killed or os.WEXITSTATUS(status) == 0
        package = out / "duel"
        if not can_exchange and not package.exists():
            # Killed between the two renames: the next run puts the old package back.
            atomic.recover_dir(package)
        files = _package(package)
        assert files in (old, new), f"write point {at}: a mix of old and new files"
        module = import_package(package, f"killed_duel_{can_exchange}_{at}")
        assert module.RULESET.source_hash == json.loads(files["ruleset.json"])["source_hash"]
        json.loads((out / "manifest.json").read_text())  # never half-written either
        versions.append("new" if files == new else "old")
        # The next compile finishes the job and sweeps what the killed one left.
        compile_cli.run_compile(False, project / "cards", out)
        assert _package(package) == new
        games = [p.name for p in (project / "cards").iterdir() if p.is_dir()]
        assert sorted(p.name for p in out.iterdir()) == sorted(
            ["__init__.py", "manifest.json", *games])
        if not killed:
            break
        at += 1
    assert at >= 10, "too few write points: the hook no longer sees the writes"
    assert versions[0] == "old" and versions[-1] == "new"
    monkeypatch.undo()
    check = runner.invoke(app, ["compile", "--check", "--cards", str(project / "cards"),
                                "--out", str(out)])
    assert check.exit_code == 0, check.output
