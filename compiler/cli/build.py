"""`wondersmith build`: the main job. Validate, then compile, then render every game."""
from __future__ import annotations

from pathlib import Path

import typer

from wondersmith.cli.compile import run_compile
from wondersmith.cli.validate import collect
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
        """Validate every game under cards/, compile it to generated/, render sheets and docs."""
        if fmt not in FORMATTERS:
            typer.echo(f"wondersmith: unknown format '{fmt}' (choose text, json or github)",
                       err=True)
            raise typer.Exit(2)
        if not CARDS.is_dir():
            typer.echo("wondersmith: run build from the project root (no cards/ folder here)",
                       err=True)
            raise typer.Exit(2)
        if port and not watch:
            typer.echo("wondersmith: --port works with --watch only", err=True)
            raise typer.Exit(2)
        if watch:
            from wondersmith.tools.watch import run_watch
            raise typer.Exit(run_watch(CARDS, port, fmt))
        diagnostics = collect([CARDS])
        if diagnostics:
            typer.echo(FORMATTERS[fmt](diagnostics))
        if any(d.severity == "error" for d in diagnostics):
            typer.echo("build stopped: the data is invalid", err=True)
            raise typer.Exit(1)
        typer.echo("validated: cards/", err=True)
        run_compile(check=False)
        # Imported here: WeasyPrint is slow to load and only this step needs it.
        from wondersmith.cli.sheets import render_all
        from wondersmith.render.i18n import LANGUAGES
        if render_all([CARDS], LANGUAGES, ("html", "pdf"), "a4", Path("generated/sheets"),
                      Path("docs/rules")):
            raise typer.Exit(1)
