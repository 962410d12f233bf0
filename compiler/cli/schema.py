"""`wondersmith schema`: write schema/ (or another folder) from the package, or check it."""
from __future__ import annotations

from pathlib import Path

import typer

from wondersmith.dsl import schemas

SCHEMA_DIR = Path("schema")


def stale_files(schema_dir: Path) -> list[str]:
    """Schema files that are missing or differ from what this wondersmith gives."""
    stale = []
    for name, text in schemas.expected_files().items():
        path = schema_dir / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale


def register(app: typer.Typer) -> None:
    @app.command()
    def schema(
        check: bool = typer.Option(False, "--check",
                                   help="Write nothing; exit 1 if a schema file is stale"),
        out: Path = typer.Option(SCHEMA_DIR, "--out", help="Folder of the schema files"),
    ) -> None:
        """Write the JSON Schemas of the data, the DSL, the export and the engine state.

        Editors find them through the `# yaml-language-server: $schema=` line of each data
        file. With --check: exit 0 when every file is current, 1 naming the stale ones.
        """
        if check:
            stale = stale_files(out)
            for name in stale:
                typer.echo(f"{out / name}: stale (run `wondersmith schema`)", err=True)
            if stale:
                raise typer.Exit(1)
            typer.echo(f"{out}: {len(schemas.expected_files())} schema file(s) up to date", err=True)
            return
        written = schemas.write(out)
        for path in written:
            typer.echo(f"wrote {path}")
        if not written:
            typer.echo(f"{out}: already up to date", err=True)
