"""The `wondersmith` command line."""
from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="wondersmith",
    help="Validate, compile and render the rules data of the 7 Wonders family of games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Each module in compiler/cli/ adds its commands to `app`.
COMMAND_MODULES = (
    "validate",
    "schema",
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
