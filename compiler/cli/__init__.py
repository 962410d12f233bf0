"""The `wondersmith` command line."""
from __future__ import annotations

import importlib

import typer

from wondersmith import __version__

app = typer.Typer(
    name="wondersmith",
    help="Validate, compile and render the rules data of the 7 Wonders family of games.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    pretty_exceptions_enable=False,
)

def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"wondersmith {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print the version and exit"),
) -> None:
    """Validate, compile and render the rules data of the 7 Wonders family of games."""


# Each module in compiler/cli/ adds its commands to `app`.
COMMAND_MODULES = (
    "validate",
    "schema",
    "init",
    "build",
    "compile",
    "diff",
    "fmt",
    "migrate",
    "new",
    "play",
    "simulate",
    "sheets",
    "balance",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"wondersmith.cli.{_name}").register(app)


def main() -> None:
    app()
