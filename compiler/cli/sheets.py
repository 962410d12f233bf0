"""`wondersmith sheets`: printable reference sheets and rules docs in every language."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional

import typer

from wondersmith.cli.validate import check_paths, require_game_data
from wondersmith.build import BuildReport, render_games
from wondersmith.diagnostics import format_text
from wondersmith.ir.loader import display_path
from wondersmith.manifest import Manifest
from wondersmith.output_lock import locked
from wondersmith.render import OnStep, PAPERS

CARDS = Path("cards")


def _usage(message: str) -> typer.Exit:
    typer.echo(f"wondersmith: {message}", err=True)
    return typer.Exit(2)


def parse_options(langs: list[str] | None, fmt: str, paper: str) -> tuple[tuple[str, ...],
                                                                          tuple[str, ...]]:
    """Checked languages and formats; typer.Exit(2) with a clear message when wrong."""
    from wondersmith.render import FORMATS
    from wondersmith.render.i18n import LANGUAGES

    chosen: list[str] = []
    for item in langs or list(LANGUAGES):
        for lang in item.split(","):
            lang = lang.strip()
            if lang not in LANGUAGES:
                raise _usage(f"unknown language '{lang}' (choose from {', '.join(LANGUAGES)})")
            if lang not in chosen:
                chosen.append(lang)
    formats = tuple(f.strip() for f in fmt.split(",") if f.strip())
    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise _usage(f"unknown format '{bad[0] if bad else fmt}' (choose html, pdf or "
                     "html,pdf)")
    if paper not in PAPERS:
        raise _usage(f"unknown paper size '{paper}' (choose a4 or letter)")
    return tuple(chosen), formats


@contextmanager
def progress_bar(enabled: bool = True) -> Iterator[OnStep | None]:
    """Progress on stderr fed by render steps, one step per language and format: a rich bar
    on a terminal, one line per step elsewhere (CI logs)."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        def on_line(description: str, done: int, total: int) -> None:
            if done < total:
                typer.echo(f"rendering {description} ({done + 1}/{total})", err=True)
        yield on_line
        return
    with Progress(TextColumn("rendering {task.description}"), BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=console) as bar:
        task = None

        def on_step(description: str, done: int, total: int) -> None:
            nonlocal task
            if task is None:
                task = bar.add_task(description, total=total)
            bar.update(task, description=description, completed=done)

        yield on_step


def print_report(report: BuildReport, quiet: bool = False) -> None:
    """Problems first, then one line per written file and a count of current ones."""
    if report.diagnostics:
        typer.echo(format_text(report.diagnostics), err=True)
    for error in report.errors:
        typer.echo(error, err=True)
    for name in report.invalid:
        typer.echo(f"not rendered: {name} has invalid data", err=True)
    if quiet:
        return
    for path in report.written:
        typer.echo(f"written: {display_path(path)}", err=True)
    typer.echo(f"{len(report.written)} file(s) written, {len(report.unchanged)} up to date",
               err=True)
    for line in untranslated_lines(report):
        typer.echo(line, err=True)


def untranslated_lines(report: BuildReport) -> list[str]:
    """Per language, how many names its sheets show in English, in all and per game ("it:
    180 of 180 (classic 85 of 85, duel 95 of 95)"); nothing when the report counted none."""
    if not report.untranslated:
        return []
    lines = ["untranslated names (shown in English on the sheets):"]
    for lang in sorted(report.untranslated):
        games = report.untranslated[lang]
        missing = sum(m for m, _ in games.values())
        total = sum(n for _, n in games.values())
        each = ", ".join(f"{g} {m} of {n}" for g, (m, n) in sorted(games.items()))
        lines.append(f"  {lang}: {missing} of {total} ({each})")
    return lines


def render_all(paths: list[Path], langs: tuple[str, ...], formats: tuple[str, ...],
               paper: str, out_dir: Path, docs_dir: Path | None, quiet: bool = False,
               fallback_marks: bool = True) -> int:
    """Render what is out of date for every game under `paths`; the exit code (0 ok, 1
    invalid data). The manifest is the project's in the working directory."""
    report = BuildReport()
    with locked(Path("generated"), lambda message: typer.echo(message, err=True)):
        manifest = Manifest(Path("."))
        with progress_bar(not quiet) as on_step:
            render_games(paths, langs, formats, paper, out_dir, docs_dir, manifest, report,
                         on_step, fallback_marks)
        manifest.save()
    print_report(report, quiet)
    return 0 if report.ok else 1


def register(app: typer.Typer) -> None:
    @app.command()
    def sheets(
        paths: Optional[list[Path]] = typer.Argument(
            None, help="Game folders or folders of games [default: cards/]"),
        lang: Optional[list[str]] = typer.Option(
            None, "--lang", "-l", help="Language(s): en, fr, it, pt, vi [default: all]"),
        fmt: str = typer.Option("html,pdf", "--format", "-f", help="html, pdf or html,pdf"),
        paper: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter"),
        out: Path = typer.Option(Path("generated/sheets"), "--out", help="Sheets folder"),
        docs: Path = typer.Option(Path("docs/rules"), "--docs",
                                  help="Rules reference folder (Markdown)"),
        update_catalogs: bool = typer.Option(
            False, "--update-catalogs",
            help="Re-extract messages.pot from the code and merge it into every .po, then stop"),
        no_fallback_marks: bool = typer.Option(
            False, "--no-fallback-marks",
            help="Sheets for print: names and texts with no translation show in English "
                 "without the red EN mark and its legend (the rules docs keep their marks)"),
    ) -> None:
        """Render reference sheets (HTML, PDF) and rules docs (Markdown) for every language.

        Everything comes from the validated data: card names per locale from
        cards/<game>/locales/<lang>.yaml, effect texts from the DSL through gettext catalogs.
        Exit 0 when rendered, 1 on invalid data, 2 on usage errors.
        """
        if update_catalogs:
            from wondersmith.render import catalogs
            typer.echo("\n".join(catalogs.update().lines()))
            raise typer.Exit(0)
        langs, formats = parse_options(lang, fmt, paper)
        paths = paths or [CARDS]
        check_paths(paths)
        require_game_data(paths)
        raise typer.Exit(render_all(paths, langs, formats, paper, out, docs,
                                    fallback_marks=not no_fallback_marks))
