"""`wondersmith cards`: print-and-play cards (PDF) of every game, in every language."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith.diagnostics import format_text
from wondersmith.ir.loader import display_path
from wondersmith.output_lock import locked

CARDS = Path("cards")


def render_cards(paths: list[Path], langs: tuple[str, ...], paper: str, bleed: bool,
                 out_dir: Path, quiet: bool = False, cut_lines: bool = False,
                 formats: tuple[str, ...] = ("pdf",)) -> int:
    """Render the cards of every game under `paths` whose inputs changed since they were
    written (the project's manifest, as `build` and `sheets` keep it); the exit code (0
    done, 1 invalid data or data the cards cannot show)."""
    from wondersmith.ir.loader import find_games, game_id, load_game
    from wondersmith.manifest import Manifest
    from wondersmith.render import card_steps, cards, pending, render_game_cards
    from wondersmith.render.sheets import RenderError

    ok = True
    written: list[Path] = []
    unchanged: list[Path] = []
    manifest = Manifest(Path("."))
    for folder in find_games(paths)[0]:
        gid = game_id(folder)
        every = (card_steps(gid, folder, langs, paper, out_dir, bleed, cut_lines, formats)
                 if gid else [])
        if gid and not pending(every, manifest):  # current: not even loaded
            unchanged += [s.path for s in every]
            continue
        loaded = load_game(folder)
        if not loaded.ok:
            typer.echo(format_text(loaded.diagnostics), err=True)
            typer.echo(f"not rendered: {folder.name} has invalid data", err=True)
            ok = False
            continue
        if not quiet:
            typer.echo(f"rendering the cards of {loaded.game.id} ({', '.join(langs)})",
                       err=True)
        try:
            made = render_game_cards(loaded.game, folder, langs, paper, out_dir, manifest,
                                     bleed=bleed, cut_lines=cut_lines, formats=formats)
        except (RenderError, cards.LayoutError, cards.TemplateError) as exc:
            typer.echo(f"wondersmith: not rendered: {folder.name}: {exc}", err=True)
            ok = False
            continue
        finally:
            manifest.save()  # what was written is recorded, even when a language failed
        written += made.written
        unchanged += made.unchanged
    if not quiet:
        for path in written:
            typer.echo(f"written: {display_path(path)}", err=True)
        typer.echo(f"{len(written)} file(s) written, {len(unchanged)} up to date", err=True)
    return 0 if ok else 1


def card_formats(fmt: str) -> tuple[str, ...]:
    """The `--format` list, in the order of `cards.FORMATS`; exit 2 naming a wrong one."""
    from wondersmith.cli.sheets import _usage
    from wondersmith.render.cards import FORMATS

    chosen = {f.strip() for f in fmt.split(",") if f.strip()}
    bad = sorted(chosen - set(FORMATS))
    if bad or not chosen:
        raise _usage(f"unknown format '{bad[0] if bad else fmt}' (choose pdf, svg, png or a "
                     "list of them: pdf,svg,png)")
    return tuple(f for f in FORMATS if f in chosen)


def register(app: typer.Typer) -> None:
    @app.command()
    def cards(
        paths: Optional[list[Path]] = typer.Argument(
            None, help="Game folders or folders of games [default: cards/]"),
        lang: Optional[list[str]] = typer.Option(
            None, "--lang", "-l", help="Language(s): en, fr, it, pt, vi [default: all]"),
        paper: str = typer.Option("a4", "--paper", help="Paper size: a4 or letter"),
        no_bleed: bool = typer.Option(
            False, "--no-bleed", help="Cards cut at their edge, side by side, for home "
            "printers (no 3 mm bleed); written as <game>-<lang>-<paper>-no-bleed.pdf"),
        cut_line_grid: bool = typer.Option(
            False, "--cut-lines", help="Thin lines along every trim line, across the whole "
            "page, to cut along with a ruler; written as ...-cut-lines.pdf"),
        out: Path = typer.Option(Path("generated/cards"), "--out", help="Cards folder"),
        fmt: str = typer.Option(
            "pdf", "--format", "-f", help="pdf, svg, png or several (pdf,svg,png): SVG and "
            "PNG write one file per page, <game>-<lang>-<paper>-01.svg ..."),
    ) -> None:
        """Render print-and-play cards (PDF, and SVG or PNG pages): fronts and backs of
        every card, Wonder, board and token, at their real size, in every language; the
        military track and Agora's Senate as boards over pages.

        Each page of fronts is followed by its backs, mirrored for long-edge duplex
        printing; crop marks show the trim lines. A game folder holding
        templates/cards.html.j2 is laid out by that template (sandboxed). Only PDFs whose
        inputs changed are rendered (generated/manifest.json, as `build` keeps it). Exit 0
        when rendered, 1 on invalid data or a template that fails, 2 on usage errors.
        """
        from wondersmith.cli.sheets import parse_options
        from wondersmith.cli.validate import check_paths, require_game_data

        langs, _ = parse_options(lang, "pdf", paper)
        formats = card_formats(fmt)
        paths = paths or [CARDS]
        check_paths(paths)  # refused as `validate` and `sheets` refuse them
        require_game_data(paths)
        with locked(Path("generated"), lambda message: typer.echo(message, err=True)):
            raise typer.Exit(render_cards(paths, langs, paper, not no_bleed, out,
                                          cut_lines=cut_line_grid, formats=formats))
