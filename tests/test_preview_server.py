"""The live preview's server under clients that misbehave: idle or half-sent connections do not
pile up threads, the server keeps answering, and a client that goes away mid-response is one
line in the terminal, never a traceback. Loopback only (127.0.0.1), every wait bounded."""
from __future__ import annotations

import shutil
import socket
import struct
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from browser import Watch
from wondersmith.tools.preview import PreviewServer

TIMEOUT = 0.5  # the server's request timeout in these tests
BOUND = 30.0  # a bound for a hung test, not a speed requirement
BIG_PAGE = "<html><body>" + "<p>sheet</p>" * 400_000 + "</body></html>"  # about 5 MB


@pytest.fixture
def served(tmp_path: Path):
    sheets = tmp_path / "sheets"
    sheets.mkdir()
    (sheets / "big-en.html").write_text(BIG_PAGE, encoding="utf-8")
    lines: list[str] = []
    server = PreviewServer(sheets, tmp_path / "no-fonts", log=lines.append, max_connections=8,
                           timeout=TIMEOUT)
    server.start()
    try:
        yield server, lines
    finally:
        server.close()


def _wait_until(condition, what: str):
    deadline = time.monotonic() + BOUND
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)
    return value


def _connect(server: PreviewServer) -> socket.socket:
    host, port = server.url.split("/")[2].split(":")
    return socket.create_connection((host, int(port)), timeout=BOUND)


def _get(server: PreviewServer, path: str = "") -> int:
    with urllib.request.urlopen(server.url + path, timeout=BOUND) as response:
        response.read()
        return response.status


def test_idle_connections_hold_a_bounded_number_of_threads_and_it_still_answers(served):
    server, lines = served
    before = threading.active_count()
    idle = []
    try:
        peak = 0
        for _ in range(100):
            idle.append(_connect(server))
            peak = max(peak, threading.active_count() - before)
        time.sleep(0.1)
        peak = max(peak, threading.active_count() - before)
        assert peak <= 8
        # The idle ones are closed after the timeout: the server answers with them still open.
        assert _wait_until(lambda: _try_get(server), "an answer") == 200
        assert threading.active_count() - before <= 8
    finally:
        for sock in idle:
            sock.close()
    refused = [line for line in lines if "refused" in line]
    assert refused and all(line.endswith("8 connections already open") for line in refused)
    assert len(lines) == len(refused)  # an idle connection closed by the timeout: no line


def _try_get(server: PreviewServer) -> int | None:
    try:
        return _get(server)
    except OSError:  # refused while the slots are full
        return None


def test_a_half_sent_request_is_closed_after_the_timeout_with_one_line(served):
    server, lines = served
    with _connect(server) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no blank line: never ends
        assert sock.recv(1024) == b""  # closed by the server
    line = _wait_until(lambda: lines, "the log line")
    assert len(line) == 1 and line[0].startswith("preview: dropped 127.0.0.1:")
    assert "in the middle of a request" in line[0]
    assert _get(server) == 200


def _reset_mid_response(url: str, path: str) -> None:
    """Ask for `path`, read the start of the answer, then reset the connection."""
    host, port = url.split("/")[2].split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the page cannot all fit
    sock.settimeout(BOUND)
    sock.connect((host, int(port)))
    sock.sendall(f"GET /{path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode("ascii"))
    assert sock.recv(4096).startswith(b"HTTP/1.1 200")
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()  # a reset, the rest of the page unsent


def test_a_client_resetting_mid_response_is_one_line_not_a_traceback(served, capfd):
    server, lines = served
    _reset_mid_response(server.url, "big-en.html")
    line = _wait_until(lambda: lines, "the log line")
    time.sleep(0.2)
    assert len(lines) == 1 and line[0].startswith("preview: dropped 127.0.0.1:")
    assert line[0].endswith("went away mid-response")
    assert "Traceback" not in capfd.readouterr().err
    assert _get(server) == 200


def test_the_watch_terminal_shows_one_line_for_a_reset(tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(Path(__file__).resolve().parents[1] / "cards", project / "cards")
    watch = Watch(project)
    try:
        url = watch.url()
        watch.wait_for_line(r"rebuilt in")
        # A page too big for the sockets' buffers: the reset comes while it is being sent.
        (project / "generated" / "sheets" / "big-en.html").write_text(BIG_PAGE, encoding="utf-8")
        for _ in range(3):
            _reset_mid_response(url, "big-en.html")
            watch.wait_for_line(r"^preview: dropped 127\.0\.0\.1:\d+: went away mid-response$")
        with urllib.request.urlopen(url, timeout=BOUND) as response:
            assert response.status == 200
    finally:
        code, output = watch.stop()
    assert code == 0, output
    assert "Traceback" not in output and "Error" not in output
    assert sum(line.startswith("preview: dropped") for line in output.splitlines()) == 3
