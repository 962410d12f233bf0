"""`wondersmith build --watch`: rebuild on every save and preview the sheets live.

The loop validates the data, compiles it and renders the HTML sheets and rules docs (PDFs are
slow, so they wait for a plain `wondersmith build`), then waits for the next save under
`cards/` or in the translation catalogs. Saves that come together (an editor writing several
files, a `git checkout`) make one rebuild. Invalid data never stops the loop: the diagnostics
go to the terminal and over every open page, and the next good save clears them.
"""
from __future__ import annotations

import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import typer

from wondersmith.diagnostics import FORMATTERS, format_text
from wondersmith.tools.preview import PreviewServer

# watchfiles yields once no new change came for STEP_MS, or after DEBOUNCE_MS at most.
STEP_MS = 100
DEBOUNCE_MS = 1000
READY_MS = 250  # how often the watcher wakes up with nothing to report
WATCHED_SUFFIXES = (".yaml", ".yml", ".po")
SHOWN_FILES = 6  # a rebuild that changed more files is summed up in a count


@dataclass
class Outcome:
    """One rebuild: whether the data was valid, what it said and which files changed."""
    ok: bool
    diagnostics: list = field(default_factory=list)
    changed: list[Path] = field(default_factory=list)
    problem: str = ""  # a failure that is not a diagnostic (a file that cannot be written)
    seconds: float = 0.0

    @property
    def sheets_changed(self) -> bool:
        return any(p.suffix == ".html" for p in self.changed)


def rebuild(cards: Path, generated: Path, sheets_dir: Path, docs_dir: Path) -> Outcome:
    """Validate, compile and render the HTML sheets and rules docs of every game."""
    from wondersmith.cli.validate import collect
    from wondersmith.codegen import outputs
    from wondersmith.ir.loader import find_games, load_game
    from wondersmith.render import render_game
    from wondersmith.render.i18n import LANGUAGES

    start = time.perf_counter()
    diagnostics = collect([cards])
    if any(d.severity == "error" for d in diagnostics):
        return Outcome(False, diagnostics, seconds=time.perf_counter() - start)
    compiled = outputs.expected(cards, generated)
    if not compiled.ok:
        return Outcome(False, compiled.diagnostics, problem="\n".join(compiled.errors),
                       seconds=time.perf_counter() - start)
    changed = outputs.write(compiled, generated)
    for folder in find_games([cards])[0]:
        rendered = render_game(load_game(folder).game, folder, LANGUAGES, ("html",),
                               out_dir=sheets_dir, docs_dir=docs_dir)
        changed += rendered.written
    return Outcome(True, diagnostics, changed, seconds=time.perf_counter() - start)


def _safe_rebuild(build: Callable[[], Outcome]) -> Outcome:
    """A rebuild that reports a failure instead of ending the loop."""
    start = time.perf_counter()
    try:
        return build()
    except OSError as exc:
        problem = f"cannot write the outputs: {exc.strerror or exc} ({exc.filename or ''})"
    except Exception as exc:  # a bug must not end a designer's session; it is reported
        problem = (f"internal error while rebuilding ({type(exc).__name__}: {exc}); "
                   "please report it with the data that caused it")
    return Outcome(False, problem=problem, seconds=time.perf_counter() - start)


def _report(outcome: Outcome, fmt: str, server: PreviewServer) -> None:
    """Tell the terminal and the open pages what the rebuild did."""
    if outcome.diagnostics:
        typer.echo(FORMATTERS[fmt](outcome.diagnostics))
    if outcome.problem:
        typer.echo(f"wondersmith: {outcome.problem}", err=True)
    stamp = time.strftime("%H:%M:%S")
    if not outcome.ok:
        typer.echo(f"[{stamp}] not rebuilt: fix the problems above and save "
                   "(the preview keeps the last good build)", err=True)
        text = "\n".join(filter(None, [format_text(outcome.diagnostics), outcome.problem]))
        server.show_errors(text)
        return
    typer.echo(f"[{stamp}] rebuilt in {outcome.seconds:.2f}s: {_summary(outcome.changed)}",
               err=True)
    server.show_errors(None)
    if outcome.sheets_changed:
        server.sheets_changed()


def _summary(changed: list[Path]) -> str:
    if not changed:
        return "nothing changed"
    if len(changed) > SHOWN_FILES:
        sheets = sum(p.suffix == ".html" for p in changed)
        return f"{len(changed)} files changed ({sheets} HTML sheet(s))"
    return ", ".join(p.as_posix() for p in changed)


def _wanted(change: object, path: str) -> bool:
    return path.endswith(WATCHED_SUFFIXES)


def _describe(paths: Iterable[str]) -> str:
    cwd = Path.cwd()
    shown = []
    for raw in sorted(set(paths)):
        path = Path(raw)
        shown.append(path.relative_to(cwd).as_posix() if path.is_relative_to(cwd) else raw)
    return ", ".join(shown)


def _stop_on_sigterm() -> None:
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)


def run_watch(cards: Path, port: int = 0, fmt: str = "text",
              generated: Path = Path("generated"), sheets_dir: Path = Path("generated/sheets"),
              docs_dir: Path = Path("docs/rules")) -> int:
    """Build, serve the preview and rebuild on every save until Ctrl-C; the exit code."""
    try:
        import watchfiles
    except ImportError:
        typer.echo("wondersmith: build --watch needs the watchfiles package: "
                   "pip install 'wondersmith[watch]'", err=True)
        return 2

    from wondersmith.render import i18n
    from wondersmith.render.sheets import FONTS_DIR

    try:
        server = PreviewServer(sheets_dir, FONTS_DIR, port)
    except OSError as exc:
        typer.echo(f"wondersmith: cannot serve the preview on 127.0.0.1:{port} "
                   f"({exc.strerror or exc}); choose another --port", err=True)
        return 2
    watched = [cards] + ([i18n.LOCALE_DIR] if i18n.LOCALE_DIR.is_dir() else [])

    def build() -> Outcome:
        return rebuild(cards, generated, sheets_dir, docs_dir)

    try:
        _stop_on_sigterm()
        server.start()
        typer.echo(f"preview: {server.url}  (Ctrl-C stops)")
        typer.echo(f"watching {_describe(str(p) for p in watched)}; PDFs are not rebuilt "
                   "while watching: run `wondersmith build` before you commit", err=True)
        built = False
        for changes in watchfiles.watch(*watched, watch_filter=_wanted, step=STEP_MS,
                                        debounce=DEBOUNCE_MS, yield_on_timeout=True,
                                        rust_timeout=READY_MS):
            if not built:
                # The first yield means the watcher is live: build now, and no save made
                # from here on can be missed.
                built = True
                _report(_safe_rebuild(build), fmt, server)
                continue
            if not changes:
                continue
            typer.echo(f"changed: {_describe(path for _, path in changes)}", err=True)
            i18n.translator.cache_clear()  # a catalog may have changed
            _report(_safe_rebuild(build), fmt, server)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    typer.echo("stopped watching", err=True)
    return 0
