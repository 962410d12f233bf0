"""`wondersmith build`: the main job. Validate, then compile, then render every game, each
output only when its inputs changed (see `wondersmith.build`)."""
from __future__ import annotations

from pathlib import Path

import typer

from wondersmith.cli.validate import require_game_data
from wondersmith.diagnostics import FORMATTERS

CARDS = Path("cards")


def register(app: typer.Typer) -> None:
    @app.command()
    def build(
        fmt: str = typer.Option("text", "--format", "-f", help="Diagnostics: text, json or github"),
        watch: bool = typer.Option(False, "--watch", help="Rebuild on every save and serve a "
                                   "live preview of the HTML sheets on 127.0.0.1 until Ctrl-C"),
        port: int = typer.Option(0, "--port", min=0, max=65535,
                                 help="Preview port with --watch [default: a free one]"),
    ) -> None:
        """Validate every game under cards/, compile it to generated/, render sheets, docs
        and print-and-play cards.

        Only outputs whose inputs changed are rebuilt: generated/manifest.json records what
        each was made from. Exit 0 when built, 1 on invalid data, 2 on usage errors.
        """
        from wondersmith.build import run_build
        from wondersmith.cli.sheets import print_report, progress_bar

        if fmt not in FORMATTERS:
            typer.echo(f"wondersmith: unknown format '{fmt}' (choose text, json or github)",
                       err=True)
            raise typer.Exit(2)
        if not CARDS.is_dir():
            typer.echo("wondersmith: run build from the project root (no cards/ folder here)",
                       err=True)
            raise typer.Exit(2)
        require_game_data([CARDS])
        if port and not watch:
            typer.echo("wondersmith: --port works with --watch only", err=True)
            raise typer.Exit(2)
        if watch:
            from wondersmith.tools.watch import run_watch
            raise typer.Exit(run_watch(CARDS, port, fmt))
        with progress_bar() as on_step:
            report = run_build(CARDS, on_step=on_step,
                               on_wait=lambda message: typer.echo(message, err=True))
        ok = report.ok
        if report.diagnostics:
            typer.echo(FORMATTERS[fmt](report.diagnostics))
            report.diagnostics = []  # printed in the chosen format
        if not ok:
            print_report(report, quiet=True)
            typer.echo("build stopped: the data is invalid (nothing was written)"
                       if not report.written else "build stopped: see the problems above",
                       err=True)
            raise typer.Exit(1)
        print_report(report)
