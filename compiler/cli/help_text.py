"""How `--help` shows the options, once for the whole app (every command and sub-command).

Typer renders help with Rich markup, so a help text that says "[default: the packaged ones]"
lost it as an unknown markup tag; it tags every parameter with its Python type (`<bool>` on a
flag, `<list[Path]>`); and it puts an optional argument's metavar in brackets, so "[DIR]" became
"[[DIR]]". `HelpGroup`, the app's group class, corrects every parameter as the command tree is
built: help texts are plain text (escaped for Rich), a help text that states its own default
is not given a second one, flags show no type and values a conventional metavar (INTEGER,
TEXT, PATH...), arguments their name only.
"""
from __future__ import annotations

from rich.markup import escape
from typer.core import TyperArgument, TyperGroup, TyperOption

# Typer's type tag -> the metavar shown instead.
METAVARS = {"int": "INTEGER", "int range": "INTEGER", "float": "NUMBER", "str": "TEXT",
            "path": "PATH", "Path": "PATH", "file": "FILE", "dir": "DIR"}
OWN_DEFAULT = "[default:"  # a help text saying its default in words


class _Option(TyperOption):
    def display_type_rich(self, ctx) -> str | None:
        if self.metavar is not None:
            return self.metavar
        if self.is_flag or self.count:
            return None  # a flag takes no value
        tag = self.display_type(ctx)[1:-1]  # "<list[str]>" -> "list[str]"
        if tag.startswith("list[") and tag.endswith("]"):
            tag = tag[5:-1]  # a repeatable option takes one value each time
        return METAVARS.get(tag, tag)  # a choice's "a|b|c" as it is


class _Argument(TyperArgument):
    @property
    def display_name_raw(self) -> str:
        # Usage brackets an optional argument itself: a metavar of "[DIR]" would be doubled.
        return (self.metavar or self.name or "").strip("[]").upper()

    def display_type_rich(self, ctx) -> str | None:
        return None  # the name says what it is; its help says the rest


def _correct(param) -> None:
    """One parameter's help as the module docstring says (once: the class tells)."""
    if isinstance(param, (_Option, _Argument)):
        return
    if isinstance(param, TyperOption):
        param.__class__ = _Option
    elif isinstance(param, TyperArgument):
        param.__class__ = _Argument
    else:
        return
    if param.help:
        if OWN_DEFAULT in param.help:
            param.show_default = False
        param.help = escape(param.help)


def _plain_params(command, get_params):
    """`command.get_params` with every parameter corrected: the help option and the
    completion options, added after the command was built, too."""
    def plain(ctx):
        params = get_params(ctx)
        for param in params:
            _correct(param)
        return params
    return plain


def plain_help(command) -> None:
    """Correct the help of `command` and of every command under it."""
    if "get_params" in vars(command):
        return  # corrected already
    command.get_params = _plain_params(command, command.get_params)
    if command.help:
        command.help = escape(command.help)
    if getattr(command, "short_help", None):
        command.short_help = escape(command.short_help)
    for sub in getattr(command, "commands", {}).values():
        plain_help(sub)


class HelpGroup(TyperGroup):
    """The app's group: its command tree gets `plain_help` once it is built."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        plain_help(self)
