"""Issue 26, item 1: data files are read only when they are regular files inside the folder of
games, at most the size limit, never blocking (`wondersmith.datafiles`). A link out of the
data (to /etc/passwd, a .env, /proc/self/environ, /dev/zero), a named pipe, a device or a
folder is a diagnostic (WS111, WS110) and a non-zero exit from every command, and its
content is never read: not into a message, a hint or a source excerpt."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith import datafiles
from wondersmith.cli import app
from wondersmith.excerpts import render
from wondersmith.ir.loader import load_game

runner = CliRunner()
SECRET = "TOKEN=s3cret-4f9a"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def _codes(folder: Path) -> list[tuple[str, str]]:
    """The diagnostics' codes and files, less the chain symbols the refused file may give
    (WS304 saying so: tests/test_semantics_partial.py holds those)."""
    return [(d.code, Path(d.file).name) for d in load_game(folder).diagnostics
            if not (d.code == "WS304" and "could not be read and may give it" in d.message)]


def _link(path: Path, target: str | Path) -> None:
    path.unlink()
    path.symlink_to(target)


@pytest.mark.parametrize("fmt", ["text", "json", "github", "sarif"])
def test_link_to_a_secret_outside_is_refused_and_never_shown(
        duel_copy: Path, monkeypatch: pytest.MonkeyPatch, fmt: str) -> None:
    project = duel_copy.parent.parent
    (project / ".env").write_text(f"{SECRET}\n")  # beside cards/, as a repository keeps it
    _link(duel_copy / "age1.yaml", "../../.env")
    monkeypatch.chdir(project)
    result = runner.invoke(app, ["validate", "cards", "--format", fmt])
    assert result.exit_code == 1, result.output
    assert "WS111" in result.output
    assert "s3cret" not in result.output  # not in a message, a hint or an excerpt


@pytest.mark.parametrize("target", ["/etc/passwd", "/proc/self/environ", "/dev/zero",
                                    "/dev/urandom"])
def test_links_to_system_files_are_refused_unread(duel_copy: Path, target: str) -> None:
    if not Path(target).exists():
        pytest.skip(f"no {target} here")
    _link(duel_copy / "age1.yaml", target)
    assert _codes(duel_copy) == [("WS111", "age1.yaml")]
    assert render(str(duel_copy / "age1.yaml"), 1, 1) == []  # no excerpt of it either


def test_json_excerpt_of_a_refused_file_is_empty(duel_copy: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _link(duel_copy / "age1.yaml", "/etc/passwd")
    monkeypatch.chdir(duel_copy.parent.parent)
    result = runner.invoke(app, ["validate", "cards", "--format", "json"])
    (found,) = [d for d in json.loads(result.stdout) if d["code"] == "WS111"]
    assert found["excerpt"] is None and "root" not in result.stdout


def test_a_link_that_stays_inside_is_read(duel_copy: Path) -> None:
    shared = duel_copy.parent / "shared-age1.txt"  # inside cards/, outside the game
    (duel_copy / "age1.yaml").rename(shared)
    (duel_copy / "age1.yaml").symlink_to("../shared-age1.txt")
    loaded = load_game(duel_copy)
    assert loaded.ok and loaded.diagnostics == []


def test_a_linked_folder_of_games_is_its_own_root(duel_copy: Path, tmp_path: Path) -> None:
    # cards/ itself a link (a checkout kept elsewhere): its files are inside it.
    elsewhere = tmp_path / "elsewhere"
    (duel_copy.parent).rename(elsewhere)
    (tmp_path / "cards").symlink_to(elsewhere)
    assert load_game(tmp_path / "cards" / "duel").ok


def test_a_locale_link_out_is_refused(duel_copy: Path) -> None:
    _link(duel_copy / "locales" / "fr.yaml", "/etc/passwd")
    from wondersmith.validate import locales

    found = locales.check(duel_copy)
    assert [(d.code, Path(d.file).name) for d in found] == [("WS111", "fr.yaml")]


def test_a_folder_named_like_a_card_file(duel_copy: Path) -> None:
    (duel_copy / "extra.yaml").mkdir()
    assert _codes(duel_copy) == [("WS110", "extra.yaml")]


@needs_fifo
def test_a_named_pipe_is_refused_without_waiting(duel_copy: Path) -> None:
    fifo = duel_copy / "age1.yaml"
    fifo.unlink()
    os.mkfifo(fifo)
    assert _codes(duel_copy) == [("WS110", "age1.yaml")]  # returns: nothing writes to it
    assert render(str(fifo), 1, 1) == []


@needs_fifo
def test_a_link_inside_to_a_named_pipe_is_refused(duel_copy: Path) -> None:
    os.mkfifo(duel_copy.parent / "pipe")
    _link(duel_copy / "age1.yaml", "../pipe")
    assert _codes(duel_copy) == [("WS110", "age1.yaml")]


@needs_fifo
@pytest.mark.parametrize("command, code", [
    (["validate"], 1), (["compile"], 1), (["build"], 1), (["fmt", "--check"], 2),
    (["migrate", "--check"], 2), (["sheets", "--format", "html", "--lang", "en"], 1)])
def test_no_command_blocks_on_a_named_pipe(duel_copy: Path, command: list[str],
                                           code: int) -> None:
    fifo = duel_copy / "age1.yaml"
    fifo.unlink()
    os.mkfifo(fifo)
    # A subprocess with a time limit: a blocked read would hang the test run otherwise.
    result = subprocess.run([sys.executable, "-m", "wondersmith", *command],
                            cwd=duel_copy.parent.parent, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == code, result.stdout + result.stderr
    assert "WS110" in result.stdout + result.stderr


@needs_fifo
@pytest.mark.parametrize("name", ["age1.yaml", "locales/fr.yaml"])
def test_the_watch_mode_reports_a_named_pipe(duel_copy: Path, monkeypatch: pytest.MonkeyPatch,
                                             name: str) -> None:
    from wondersmith.tools.watch import Rebuilder

    fifo = duel_copy / name
    fifo.unlink()
    os.mkfifo(fifo)
    monkeypatch.chdir(duel_copy.parent.parent)
    diagnostics, _ = Rebuilder(Path("cards")).validate()  # what each save runs first
    assert [(d.code, d.file) for d in diagnostics if d.severity == "error"
            and "could not be read and may give it" not in d.message] == \
        [("WS110", f"cards/duel/{name}")]


def test_the_reader_reads_no_more_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "data.yaml"
    path.write_bytes(b"x" * 11)
    assert datafiles.read_bytes(path, limit=11) == b"x" * 11
    with pytest.raises(datafiles.RefusedFile) as refused:
        datafiles.read_bytes(path, limit=10)
    assert refused.value.code == "WS105" and "over the limit of 10" in refused.value.message
    assert datafiles.read_bytes(path, limit=10, cut=True) == b"x" * 10  # for an excerpt


def test_a_refusal_is_an_environment_error_with_its_code(tmp_path: Path) -> None:
    # Where no diagnostic list is at hand, the refusal is an OSError naming the path and
    # the code, which the command line reports on one line (exit 3).
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(OSError) as refused:
        datafiles.read_text(tmp_path / "dir.yaml")
    assert refused.value.filename == str(tmp_path / "dir.yaml")
    assert "(WS110)" in refused.value.strerror
