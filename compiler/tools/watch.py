"""`wondersmith build --watch`: rebuild on every save and preview the sheets and cards live.

The loop validates the data, compiles it and renders the HTML sheets and rules docs, and the
print-and-play cards as HTML pages served from memory (PDFs are slow, so they wait for a
plain `wondersmith build`), then waits for the next save under `cards/` (data, locales, a
game's own card template) or in the translation catalogs. Saves that come together (an editor writing several
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

from wondersmith.diagnostics import FORMATTERS, Diagnostic, format_text
from wondersmith.ir.model import Game
from wondersmith.tools.preview import PreviewServer

# watchfiles yields once no new change came for STEP_MS, or after DEBOUNCE_MS at most.
STEP_MS = 100
DEBOUNCE_MS = 1000
READY_MS = 250  # how often the watcher wakes up with nothing to report
WATCHED_SUFFIXES = (".yaml", ".yml", ".po")
TEMPLATES = "templates"  # a game's own card template folder: every file in it is watched
SHOWN_FILES = 6  # a rebuild that changed more files is summed up in a count


@dataclass
class Outcome:
    """One rebuild: whether the data was valid, what it said and which files changed."""
    ok: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    changed: list[Path] = field(default_factory=list)
    problem: str = ""  # a failure that is not a diagnostic (a file that cannot be written)
    seconds: float = 0.0
    sheets_seconds: float | None = None  # when the pages were told of new sheets
    card_pages: int = 0  # card pages rendered anew


def _signature(folder: Path) -> tuple:
    """What changes when any catalog in `folder` is edited, added or removed."""
    if not folder.is_dir():
        return ()
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                 for p in sorted(folder.rglob("*.po*")) if p.is_file())


class Rebuilder:
    """Rebuilds what changed under `cards`, loading each game once per rebuild.

    It uses the build's manifest (`wondersmith.build`, `generated/manifest.json`), so only
    the sheets and docs whose inputs changed are rendered, and a later `wondersmith build`
    knows what is current. The shared translation catalogs are checked again only when one
    of them changed. The sheets come first, so the open pages, told through `on_sheets` as
    soon as a sheet changed, wait neither for the card pages, the rules docs nor the
    compiler. Card pages are rendered only for a game and language whose card inputs
    changed (the build's own hash of them) and handed to `on_cards` (name: HTML).
    """

    def __init__(self, cards: Path, on_sheets: Callable[[], None] = lambda: None,
                 on_wait: Callable[[str], None] | None = None,
                 on_cards: Callable[[dict[str, str]], None] = lambda pages: None) -> None:
        self.cards = cards
        self.root = cards.parent
        self.on_sheets = on_sheets
        self.on_wait = on_wait  # told when another build holds the outputs' lock
        self.on_cards = on_cards
        self._catalogs: tuple[tuple, list[Diagnostic]] | None = None
        self._card_inputs: dict[str, str] = {}  # card page name: the inputs it was made from

    @property
    def cards_dir(self) -> Path:
        return self.root / "generated" / "cards"  # where the build writes their PDFs

    def card_inputs(self) -> dict[tuple[Path, str], str]:
        """The inputs of every game's cards in every language, hashed before the games are
        loaded: a save made while rebuilding changes them again, so it is never missed."""
        from wondersmith.ir.loader import find_games
        from wondersmith.render import card_inputs
        from wondersmith.render.i18n import LANGUAGES

        root = self.cards.resolve()
        found = {}
        for folder in find_games([self.cards])[0]:
            if not all(p.resolve().is_relative_to(root) for p in folder.rglob("*.yaml")):
                continue  # a link out of the folder of games: refused, not even hashed (WS111)
            try:
                found.update({(folder, lang): card_inputs(folder, lang, "a4", self.cards_dir)
                              for lang in LANGUAGES})
            except OSError:
                continue  # an unreadable file: validation says so; its pages are redone
        return found

    def card_pages(self, games: list[tuple[Path, Game]], inputs: dict[tuple[Path, str], str]
                   ) -> tuple[dict[str, str], list[str]]:
        """The card pages whose `inputs` changed, rendered (name: HTML), and the games whose
        cards cannot be laid out (their own template fails), each in one line."""
        from wondersmith.render import cards
        from wondersmith.render.i18n import LANGUAGES
        from wondersmith.render.sheets import RenderError, font_base_for
        from wondersmith.validate.locales import load_names

        pages: dict[str, str] = {}
        problems: list[str] = []
        for folder, game in games:
            for lang in LANGUAGES:
                name = cards.pdf_path(self.cards_dir, game.id, lang, "a4").with_suffix(
                    ".html").name
                made_from = inputs.get((folder, lang))
                if made_from is not None and self._card_inputs.get(name) == made_from:
                    continue
                try:
                    pages[name] = cards.render_html(game, lang, load_names(folder, lang),
                                                    "a4", True, font_base_for(self.cards_dir),
                                                    folder=folder)
                except (RenderError, cards.LayoutError, cards.TemplateError) as exc:
                    problems.append(f"cards not rendered: {folder.name}: {exc}")
                    break  # the other languages fail alike
                if made_from is not None:
                    self._card_inputs[name] = made_from
        return pages, problems

    def catalog_diagnostics(self) -> list[Diagnostic]:
        from wondersmith.render import i18n
        from wondersmith.validate.locales import check_catalogs

        signature = _signature(i18n.LOCALE_DIR)
        if self._catalogs is None or self._catalogs[0] != signature:
            i18n.translator.cache_clear()  # render with the catalogs as they are now
            self._catalogs = (signature, check_catalogs(i18n.LOCALE_DIR))
        return self._catalogs[1]

    def validate(self) -> tuple[list[Diagnostic], list[tuple[Path, Game]]]:
        """Every diagnostic `wondersmith validate` gives, and the games loaded on the way."""
        from wondersmith.api import validate_paths as collect
        from wondersmith.diagnostics import sort_key
        from wondersmith.ir.loader import find_games, load_game
        from wondersmith.validate.locales import check_names

        folders, strays = find_games([self.cards])
        if strays:  # card files outside any game: the full check names them
            return collect([self.cards]), []
        found: list[Diagnostic] = list(self.catalog_diagnostics())
        games = []
        for folder in folders:
            loaded = load_game(folder)
            # An error in a base game's file is the extension's too: reported once.
            found += [d for d in loaded.diagnostics + check_names(folder, loaded.game)
                      if d not in found]
            if loaded.game is not None:
                games.append((folder, loaded.game))
        # An error in a base game's file is the base's and each extension's: shown once.
        return sorted(dict.fromkeys(found), key=sort_key), games

    def __call__(self) -> Outcome:
        from wondersmith.build import BuildReport, compile_games
        from wondersmith.manifest import Manifest
        from wondersmith.output_lock import locked
        from wondersmith.render import render_game
        from wondersmith.render.i18n import LANGUAGES

        start = time.perf_counter()
        card_inputs = self.card_inputs()
        diagnostics, games = self.validate()
        if any(d.severity == "error" for d in diagnostics):
            return Outcome(False, diagnostics, seconds=time.perf_counter() - start)
        generated = self.root / "generated"
        changed: list[Path] = []
        sheets_seconds = None
        with locked(generated, self.on_wait):  # a `build` or `compile` at the same time waits
            manifest = Manifest(self.root)
            try:
                for folder, game in games:
                    changed += render_game(game, folder, LANGUAGES, ("html",), "a4",
                                           generated / "sheets", None, manifest).written
                if changed:
                    self.on_sheets()
                    sheets_seconds = time.perf_counter() - start
                pages, card_problems = self.card_pages(games, card_inputs)
                if pages:
                    self.on_cards(pages)
                for folder, game in games:  # the rules docs, once the pages are told
                    changed += render_game(game, folder, LANGUAGES, (), "a4",
                                           generated / "sheets", self.root / "docs" / "rules",
                                           manifest).written
                report = BuildReport()
                compile_games(self.cards, generated, manifest, report)
                changed += report.written
            finally:
                manifest.save()  # what was written is recorded, even when a step failed
        if not report.ok or card_problems:
            return Outcome(False, list(dict.fromkeys(diagnostics + report.diagnostics)),
                           changed, "\n".join(report.errors + card_problems),
                           seconds=time.perf_counter() - start, sheets_seconds=sheets_seconds,
                           card_pages=len(pages))
        return Outcome(True, diagnostics, changed, seconds=time.perf_counter() - start,
                       sheets_seconds=sheets_seconds, card_pages=len(pages))


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
    sheets = "" if outcome.sheets_seconds is None else \
        f" (sheets served after {outcome.sheets_seconds:.2f}s)"
    cards = f"; {outcome.card_pages} card page(s) rendered" if outcome.card_pages else ""
    typer.echo(f"[{stamp}] rebuilt in {outcome.seconds:.2f}s{sheets}: "
               f"{_summary(outcome.changed)}{cards}", err=True)
    server.show_errors(None)


def _summary(changed: list[Path]) -> str:
    if not changed:
        return "nothing changed"
    if len(changed) > SHOWN_FILES:
        sheets = sum(p.suffix == ".html" for p in changed)
        return f"{len(changed)} files changed ({sheets} HTML sheet(s))"
    return ", ".join(p.as_posix() for p in changed)


def _wanted(change: object, path: str) -> bool:
    return path.endswith(WATCHED_SUFFIXES) or Path(path).parent.name == TEMPLATES


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


def _loop(batches: Iterable[set], build: Rebuilder, fmt: str, server: PreviewServer) -> None:
    """Rebuild once the watcher is live, then after every batch of saves."""
    built = False
    for changes in batches:
        if not built:
            # The first batch (empty when nothing was saved yet) means the watcher is
            # live: build now, and no save made from here on can be missed.
            built = True
            _report(_safe_rebuild(build), fmt, server)
            continue
        if changes:
            typer.echo(f"changed: {_describe(path for _, path in changes)}", err=True)
            _report(_safe_rebuild(build), fmt, server)


def run_watch(cards: Path, port: int = 0, fmt: str = "text") -> int:
    """Build, serve the preview and rebuild on every save until Ctrl-C; the exit code."""
    try:
        import watchfiles
    except ImportError:
        typer.echo("wondersmith: build --watch needs the watchfiles package: "
                   "pip install 'wondersmith[watch]'", err=True)
        return 2

    from wondersmith.render import i18n
    from wondersmith.render.sheets import FONTS_DIR

    server = None
    try:
        _stop_on_sigterm()
        try:
            server = PreviewServer(cards.parent / "generated" / "sheets", FONTS_DIR, port)
        except OSError as exc:
            typer.echo(f"wondersmith: cannot serve the preview on 127.0.0.1:{port} "
                       f"({exc.strerror or exc}); choose another --port", err=True)
            return 2
        server.start()
        watched = [cards] + ([i18n.LOCALE_DIR] if i18n.LOCALE_DIR.is_dir() else [])
        typer.echo(f"preview: {server.url}  (Ctrl-C stops)")
        typer.echo(f"watching {_describe(str(p) for p in watched)}; PDFs are not rebuilt "
                   "while watching: run `wondersmith build` before you commit", err=True)
        _loop(watchfiles.watch(*watched, watch_filter=_wanted, step=STEP_MS,
                               debounce=DEBOUNCE_MS, yield_on_timeout=True,
                               rust_timeout=READY_MS),
              Rebuilder(cards, server.sheets_changed, lambda line: typer.echo(line, err=True),
                        server.cards_changed),
              fmt, server)
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.close()
    typer.echo("stopped watching", err=True)
    return 0
