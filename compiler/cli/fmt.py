"""`wondersmith fmt [--check | --diff] [PATH...]`: rewrite data files in the canonical style."""
from __future__ import annotations

import difflib

from pathlib import Path
from typing import Optional

import typer

from wondersmith import atomic
from wondersmith.tools import fmt as formatter
from wondersmith.cli.validate import check_paths
from wondersmith.ir.loader import display_path


def register(app: typer.Typer) -> None:
    @app.command()
    def fmt(
        paths: Optional[list[Path]] = typer.Argument(
            None, help="Data files, game folders or folders of games [default: cards/]"),
        check: bool = typer.Option(False, "--check",
                                   help="Only report the files that would change (exit 1)"),
        diff: bool = typer.Option(False, "--diff",
                                  help="Print the changes as a unified diff; write nothing "
                                       "(exit 1 when a file would change)"),
    ) -> None:
        """Rewrite rules data in the canonical style, keeping comments; the data never changes.

        YAML files that are not rules data (locales, CI files) are skipped. Exit 0 when every
        file is canonical (or was rewritten), 1 with --check or --diff when some would
        change, 2 on usage errors or files that cannot be parsed.
        """
        check = check or diff
        paths = paths or [Path("cards")]
        check_paths(paths)  # YAML that is not rules data (locales, CI files) is skipped below
        changed, failed = [], 0
        files = formatter.data_files(paths)
        for path in files:
            result = formatter.format_file(path)
            if result.error:
                failed += 1
                typer.echo(f"{display_path(path)}: {result.error}", err=True)
            elif result.changed:
                changed.append(path)
                if diff:
                    name = display_path(path)
                    typer.echo("".join(difflib.unified_diff(
                        result.before.splitlines(keepends=True),
                        result.text.splitlines(keepends=True), f"{name} (before)",
                        f"{name} (formatted)")), nl=False)
                elif check:
                    typer.echo(f"would reformat {display_path(path)}")
                else:
                    atomic.write_text(path, result.text)
                    typer.echo(f"reformatted {display_path(path)}")
        verb = "would be reformatted" if check else "reformatted"
        typer.echo(f"{len(files)} file(s) checked, {len(changed)} {verb}", err=True)
        if failed:
            raise typer.Exit(2)
        raise typer.Exit(1 if check and changed else 0)
