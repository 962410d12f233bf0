"""`wondersmith sheets`: printable reference sheets and rules docs in every language."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith.diagnostics import format_text

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
    if paper not in ("a4", "letter"):
        raise _usage(f"unknown paper size '{paper}' (choose a4 or letter)")
    return tuple(chosen), formats


def render_all(paths: list[Path], langs: tuple[str, ...], formats: tuple[str, ...],
               paper: str, out_dir: Path, docs_dir: Path | None, quiet: bool = False) -> int:
    """Render every valid game under `paths`; the exit code (0 ok, 1 invalid data)."""
    from wondersmith.ir.loader import find_games, load_game
    from wondersmith.render import render_game

    games, _ = find_games(paths)
    status = 0
    for folder in games:
        loaded = load_game(folder)
        if not loaded.ok:
            typer.echo(format_text(loaded.diagnostics), err=True)
            typer.echo(f"not rendered: {folder.name} has invalid data", err=True)
            status = 1
            continue
        result = render_game(loaded.game, folder, langs, formats, paper, out_dir, docs_dir)
        if not quiet:
            for lang, seconds in result.seconds.items():
                typer.echo(f"rendered: {loaded.game.id} {lang} in {seconds:.1f}s", err=True)
            typer.echo(f"{len(result.written)} file(s) written, {len(result.unchanged)} "
                       "unchanged", err=True)
    return status


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
        missing = [p for p in paths if not p.exists()]
        if missing:
            raise _usage(f"no such file or folder: {missing[0]}")
        raise typer.Exit(render_all(paths, langs, formats, paper, out, docs))
