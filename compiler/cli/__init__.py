"""The `wondersmith` command line.

Exit codes (docs/errors.md): 0 done, 1 invalid data, 2 usage error, 3 a problem of the
environment (a file that cannot be read or written, a full disk), 4 an internal error (a bug).
"""
from __future__ import annotations

import importlib
import os
import sys
import traceback

import typer

from wondersmith import __version__
from wondersmith.cli.help_text import HelpGroup

app = typer.Typer(
    name="wondersmith",
    help="Validate, compile and render the rules data of the 7 Wonders family of games.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    pretty_exceptions_enable=False,
    cls=HelpGroup,  # plain help texts, defaults shown, no Python type tags: see help_text
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
    "cards",
    "balance",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"wondersmith.cli.{_name}").register(app)


EXIT_ENVIRONMENT = 3
EXIT_INTERNAL = 4
# The project records no public address (pyproject.toml has no [project.urls]): name the
# place, not a made-up URL.
REPORT_TO = "the wondersmith project's issue tracker"
DEBUG_ENV = "WONDERSMITH_DEBUG"  # set to 1 for the traceback of an internal error


def environment_message(exc: OSError) -> str:
    """One line naming the path (when the error names one) and the cause."""
    from wondersmith.ir.loader import display_path

    cause = exc.strerror or str(exc) or type(exc).__name__
    paths = [display_path(os.fsdecode(p)) if isinstance(p, (str, bytes, os.PathLike))
             else str(p) for p in (exc.filename, exc.filename2) if p is not None]
    where = " -> ".join(repr(p) if not p.isprintable() else p for p in paths)
    return f"wondersmith: {where + ': ' if where else ''}{cause}"


def internal_message(exc: BaseException) -> str:
    from wondersmith import __version__

    summary = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
    return (f"wondersmith: internal error ({summary})\n"
            f"This is a bug in wondersmith {__version__}, not in your data: please report it "
            f"to {REPORT_TO} with the command you ran (set {DEBUG_ENV}=1 for the traceback).")


def main() -> None:
    """Run the command; never a traceback unless WONDERSMITH_DEBUG is set."""
    try:
        app()
    except OSError as exc:
        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        print(environment_message(exc), file=sys.stderr)
        sys.exit(EXIT_ENVIRONMENT)
    except Exception as exc:  # a bug: say so, briefly, and how to report it
        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        print(internal_message(exc), file=sys.stderr)
        sys.exit(EXIT_INTERNAL)
