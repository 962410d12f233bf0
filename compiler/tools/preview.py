"""The live preview server of `wondersmith build --watch`.

It serves the HTML sheets of one folder on 127.0.0.1 only, and beside them the print-and-play
cards as pages the watch loop renders in memory (`/cards/<game>-<lang>-a4.html`), with a
small script injected into each page as it is sent (the files on disk never change). The
script listens to a stream of Server-Sent Events: when a rebuild changes the sheets a sheet
reloads, when it changes the cards a card page does; when the data is invalid it shows the
diagnostics over the last good page until the data is fixed.

Only four kinds of path are served: the index (`/`), the `.html` files directly inside the
sheets folder, the card pages, and the font files the pages link to. Nothing else on disk is
reachable, and only requests addressed to 127.0.0.1 or localhost are answered.

A client cannot tie the server up: at most MAX_CONNECTIONS connections are served at once (one
thread each; more are refused), and a connection that sends nothing, or half a request, for
TIMEOUT_SECONDS is closed. A client that goes away mid-response, a refused one and a half-sent
request each make one line in the terminal, never a traceback.
"""
from __future__ import annotations

import html
import json
import mimetypes
import re
import secrets
import sys
import threading
from dataclasses import dataclass, replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit

EVENTS_PATH = "/__wondersmith/events"
CARDS_PREFIX = "/cards/"
SHEET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*\.html")
KEEPALIVE_SECONDS = 15.0
MAX_CONNECTIONS = 32  # each open page holds one (its event stream), plus its loads
TIMEOUT_SECONDS = 10.0  # for a request to arrive whole, and for a send to go through

# The injected client. It is static text: the state it starts from comes in a separate JSON
# block, and diagnostics are shown with textContent, so nothing from the data becomes markup.
CLIENT_SCRIPT = """
(function () {
  var served = JSON.parse(document.getElementById("wondersmith-state").textContent);
  function overlay(text) {
    var box = document.getElementById("wondersmith-overlay");
    if (!text) { if (box) { box.remove(); } return; }
    if (!box) {
      box = document.createElement("div");
      box.id = "wondersmith-overlay";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;" +
        "background:rgba(30,0,0,.93);color:#fff;padding:2em;font:14px/1.5 monospace";
      document.body.appendChild(box);
    }
    var title = document.createElement("strong");
    title.textContent = "wondersmith: the data is invalid. " +
      "Fix it and save; the page behind shows the last good build.";
    var text_ = document.createElement("pre");
    text_.style.whiteSpace = "pre-wrap";
    text_.textContent = text;
    box.replaceChildren(title, text_);
  }
  overlay(served.errors);
  var watched = served.watched || "version";  // a sheet's, or the cards'
  var events = new EventSource("EVENTS_PATH");
  events.addEventListener("state", function (event) {
    var state = JSON.parse(event.data);
    if (state[watched] !== served[watched]) { location.reload(); return; }
    overlay(state.errors);
  });
})();
""".replace("EVENTS_PATH", EVENTS_PATH)


@dataclass(frozen=True)
class State:
    """What the pages should show: `version` changes whenever the sheets do,
    `cards_version` whenever the card pages do."""
    version: str
    errors: str | None = None  # the diagnostics, as text, while the data is invalid
    cards_version: str = ""

    def to_json(self, watched: str | None = None) -> str:
        # Safe inside <script>: no '<', '>' or '&' survive, so no tag can be closed.
        data = {"version": self.version, "errors": self.errors,
                "cards_version": self.cards_version}
        if watched:
            data["watched"] = watched
        text = json.dumps(data)
        return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def inject(page: str, state: State, watched: str = "version") -> str:
    """The page with the live-reload client added before </body> (or at the end); it
    reloads when `watched` ("version": the sheets, "cards_version": the cards) changes."""
    snippet = (f'<script type="application/json" id="wondersmith-state">'
               f"{state.to_json(watched)}</script>\n<script>{CLIENT_SCRIPT}</script>\n")
    cut = page.rfind("</body>")
    return page + snippet if cut < 0 else page[:cut] + snippet + page[cut:]


class PreviewServer:
    """Serves `sheets_dir` on 127.0.0.1:`port` (0: a free port) in a background thread."""

    def __init__(self, sheets_dir: Path, fonts_dir: Path, port: int = 0,
                 log: Callable[[str], None] | None = None,
                 max_connections: int = MAX_CONNECTIONS,
                 timeout: float = TIMEOUT_SECONDS) -> None:
        self.sheets_dir = sheets_dir
        self.fonts = {p.name: p for p in fonts_dir.iterdir() if p.is_file()} \
            if fonts_dir.is_dir() else {}
        self._session = secrets.token_hex(4)  # a restarted server never repeats a version
        self._builds = 0
        self._state = State(f"{self._session}-0", cards_version=f"{self._session}-0")
        self._cards: dict[str, str] = {}  # card page name: its HTML
        self._changed = threading.Condition()
        self._closing = False
        self._httpd = _BoundedServer(("127.0.0.1", port), _handler_for(self, timeout),
                                     max_connections, log or _to_stderr)
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        name="wondersmith-preview", daemon=True)

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/"

    @property
    def state(self) -> State:
        with self._changed:
            return self._state

    def start(self) -> None:
        self._thread.start()

    def sheets_changed(self) -> None:
        """A rebuild of valid data wrote new sheets: every open page reloads, error-free."""
        with self._changed:
            self._builds += 1
            self._state = State(f"{self._session}-{self._builds}",
                                cards_version=self._state.cards_version)
            self._changed.notify_all()

    def cards_changed(self, pages: dict[str, str]) -> None:
        """A rebuild rendered these card pages (name: HTML) anew: each open card page
        reloads; the others stay as they were."""
        with self._changed:
            self._cards.update(pages)
            self._builds += 1
            self._state = replace(self._state, cards_version=f"{self._session}-{self._builds}")
            self._changed.notify_all()

    def card_page(self, name: str) -> str | None:
        with self._changed:
            return self._cards.get(name)

    def card_names(self) -> list[str]:
        with self._changed:
            return sorted(self._cards)

    def show_errors(self, errors: str | None) -> None:
        """Show (or, with None, clear) the diagnostics over every open page."""
        with self._changed:
            if errors != self._state.errors:
                self._state = replace(self._state, errors=errors)
                self._changed.notify_all()

    def wait_for_change(self, seen: State, timeout: float) -> State | None:
        """The state once it differs from `seen`; None on timeout or when closing."""
        with self._changed:
            self._changed.wait_for(lambda: self._closing or self._state != seen, timeout)
            return None if self._closing or self._state == seen else self._state

    @property
    def closing(self) -> bool:
        return self._closing

    def close(self) -> None:
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        if self._thread.is_alive():
            self._httpd.shutdown()
        self._httpd.server_close()

    def sheet_names(self) -> list[str]:
        if not self.sheets_dir.is_dir():
            return []
        return sorted(p.name for p in self.sheets_dir.iterdir()
                      if p.is_file() and SHEET_NAME.fullmatch(p.name))


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _client(address: object) -> str:
    return ":".join(map(str, address)) if isinstance(address, tuple) else str(address)


class _BoundedServer(ThreadingHTTPServer):
    """A thread per connection, at most `max_connections` of them; what goes wrong with a
    client is one line to `log`."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64  # a burst of connections waits to be accepted (or refused)

    def __init__(self, address: tuple[str, int], handler: type, max_connections: int,
                 log: Callable[[str], None]) -> None:
        super().__init__(address, handler)
        self.log = log
        self.max_connections = max_connections
        self._slots = threading.BoundedSemaphore(max_connections)

    def process_request(self, request, client_address) -> None:
        if not self._slots.acquire(blocking=False):
            self.log(f"preview: refused {_client(client_address)}: "
                     f"{self.max_connections} connections already open")
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)  # starts its thread
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request, client_address) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            why = "went away mid-response" if isinstance(error, ConnectionError) else \
                "too slow to take the response"
        else:  # a bug: said in one line, the watch loop goes on
            why = f"internal error ({type(error).__name__}: {error})"
        self.log(f"preview: dropped {_client(client_address)}: {why}")


def _handler_for(server: PreviewServer, timeout: float) -> type[BaseHTTPRequestHandler]:
    class Handler(_Handler):
        preview = server
    Handler.timeout = timeout
    return Handler


class _Handler(BaseHTTPRequestHandler):
    preview: PreviewServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        pass  # the terminal shows rebuilds, not every request

    def log_error(self, format: str, *args: object) -> None:
        """A request cut short or malformed (the base class's one error report)."""
        why = f"nothing for {self.timeout:g} s in the middle of a request" \
            if format.startswith("Request timed out") else "a malformed request"
        self.server.log(f"preview: dropped {_client(self.client_address)}: {why}")

    def handle(self) -> None:
        """Requests one after the other; a connection that asks nothing more within the
        timeout (a browser's spare or kept-alive connection) is closed without a word."""
        self.close_connection = False
        while not self.close_connection:
            try:
                if not self.rfile.peek(1):  # the client closed it
                    return
            except (TimeoutError, ConnectionError):
                return
            self.handle_one_request()

    def do_HEAD(self) -> None:
        self.do_GET(head=True)

    def do_GET(self, head: bool = False) -> None:
        path = unquote(urlsplit(self.path).path)
        port = self.server.server_address[1]
        if self.headers.get("Host") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
            # A page of another site reaching us through DNS rebinding: not for it to read.
            self._send(HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8",
                       b"forbidden: open the preview at 127.0.0.1\n", head)
        elif path == EVENTS_PATH:
            self._stream_events()
        elif path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", self._index(), head)
        elif path.startswith(CARDS_PREFIX) and \
                self.preview.card_page(path[len(CARDS_PREFIX):]) is not None:
            page = self.preview.card_page(path[len(CARDS_PREFIX):]) or ""
            body = inject(page, self.preview.state, "cards_version").encode("utf-8")
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", body, head)
        elif SHEET_NAME.fullmatch(path[1:]) and path[1:] in self.preview.sheet_names():
            page = (self.preview.sheets_dir / path[1:]).read_text(encoding="utf-8")
            body = inject(page, self.preview.state).encode("utf-8")
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", body, head)
        elif path.rsplit("/", 1)[-1] in self.preview.fonts:
            font = self.preview.fonts[path.rsplit("/", 1)[-1]]
            kind = mimetypes.guess_type(font.name)[0] or "application/octet-stream"
            self._send(HTTPStatus.OK, kind, font.read_bytes(), head)
        else:
            self._send(HTTPStatus.NOT_FOUND, "text/plain; charset=utf-8",
                       b"not found: the preview serves the pages listed at /\n", head)

    def _send(self, status: HTTPStatus, kind: str, body: bytes, head: bool) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _index(self) -> bytes:
        def links(prefix: str, names: list[str], none: str) -> str:
            return "\n".join(f'<li><a href="{html.escape(prefix + n)}">{html.escape(n)}</a></li>'
                             for n in names) or f"<li>{none}: see the terminal</li>"
        sheets = links("", self.preview.sheet_names(), "no sheet yet")
        cards = links(CARDS_PREFIX[1:], self.preview.card_names(), "no card page yet")
        page = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                "<title>wondersmith preview</title></head><body>"
                f"<h1>wondersmith preview</h1><h2>Sheets</h2><ul id=\"sheets\">\n{sheets}\n</ul>"
                f"<h2>Print-and-play cards</h2><ul id=\"cards\">\n{cards}\n</ul>"
                "</body></html>")
        return inject(page, self.preview.state).encode("utf-8")

    def _stream_events(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        state = self.preview.state
        try:
            self._event(state)
            while True:
                new = self.preview.wait_for_change(state, KEEPALIVE_SECONDS)
                if new is not None:
                    state = new
                    self._event(state)
                elif self.preview.closing:
                    return
                else:
                    self.wfile.write(b": keep-alive\n\n")  # finds pages that went away
                    self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return

    def _event(self, state: State) -> None:
        self.wfile.write(f"event: state\ndata: {state.to_json()}\n\n".encode("utf-8"))
        self.wfile.flush()
