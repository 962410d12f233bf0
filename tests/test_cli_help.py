"""`--help` of every command: each option described, each default shown (also those a help
text states in words, which Rich markup used to swallow), no Python type tags (`<bool>`,
`<list[Path]>`) and no doubled brackets (`[[DIR]]`)."""
from __future__ import annotations

import re

import pytest
import typer.main
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.tools import scaffold

runner = CliRunner()
TYPE_TAG = re.compile(r"<(bool|int|int range|float|str|path|Path|list\[[^\]]*\])>")


def _commands(command=None, path=()):
    """(words after `wondersmith`, click command) for every command and group."""
    command = command or typer.main.get_command(app)
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _commands(sub, path + (name,))


COMMANDS = dict(_commands())


def _help(path: tuple[str, ...]) -> str:
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    text = result.output.replace("│", " ").replace("╭", " ").replace("╰", " ")
    return " ".join(text.split())  # lines rewrapped: a default cut in two is whole again


def _params(path: tuple[str, ...]):
    command = COMMANDS[path]
    ctx = command.make_context(" ".join(("wondersmith",) + path), [], resilient_parsing=True)
    return [p for p in command.get_params(ctx) if not p.hidden]


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "wondersmith")
def test_help_describes_every_option_and_shows_every_default(path):
    text = _help(path)
    for param in _params(path):
        name = param.opts[0] if param.opts else param.name
        assert param.help, f"{' '.join(path)} {name} has no help text"
        own = re.search(r"\[default: [^\]]*\]", param.help)
        if own:  # said in words, shown as written, once
            said = " ".join(own.group().split())
            assert said in text, f"{name}: {said} is not shown"
            assert text.count(said) == 1
            continue
        default = param.default
        if default is None or default == [] or getattr(param, "is_flag", False) \
                or callable(default):
            continue
        assert f"[default: {default}]" in text or f"[default: {default}; " in text, \
            f"{' '.join(path)} {name}: the default {default!r} is not shown"
    assert not TYPE_TAG.search(text), TYPE_TAG.search(text).group()
    assert "[[" not in text and "]]" not in text


def test_the_help_tags_arguments_by_name_and_values_by_kind():
    text = _help(("init",))
    assert "Usage: wondersmith init [OPTIONS] [DIR]" in text
    assert " DIR The repository's folder [default: here]" in text
    assert "[default: .]" not in text  # the words stand for the value
    simulate = _help(("simulate",))
    assert "--games -n INTEGER Number of games [default: 100]" in simulate
    assert "--json Print the summary as JSON" in simulate  # a flag takes no value


def test_init_names_the_examples_that_exist():
    text = _help(("init",))
    examples = scaffold.examples()
    assert len(examples) >= 2
    assert f"Example data to start from: {', '.join(examples)}, or 'none'" in text
