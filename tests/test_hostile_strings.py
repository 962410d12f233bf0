"""No text from the data ever becomes code or markup, whatever validation lets through.

Every string field of the intermediate form (found by reflection over `wondersmith.ir.model`
and the effect vocabulary, so a new field is covered without editing this file) is set, in
turn, to hostile text: quotes, triple quotes, backslashes, newlines, `{{ }}`, `</style>`,
`<script>`, NUL, bidi overrides, Markdown syntax. Values are renamed consistently across the
whole game (a colour renamed in `colors` is renamed on every card), so the game stays whole
and only the text is hostile. Then every template is rendered:

- Python (`generated/<game>/`): either refused with a one-line `CompileError`, or imported
  with nothing run, its syntax tree the same as the real data's but for string constants,
  and every string back exactly;
- HTML: either refused with a one-line `RenderError`, or the same elements and attributes
  as the real sheet, the same CSS outside its strings, no script;
- Markdown: either refused, or the same document structure as the real rules doc, with the
  text shown as written (on one line);
- names (the free text of the data) are never refused: they must come through all three;
- the terminal (`play`, `balance`): names decorated with Rich markup and emoji codes, in a
  copy of the data that validates, compiled and played to the end: shown as written.
"""
from __future__ import annotations

import ast
import builtins
import dataclasses
import html.parser
import importlib.util
import json
import re
import shutil
import sys
import typing
import uuid
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.codegen import outputs
from wondersmith.codegen.export import export
from wondersmith.codegen.outputs import EXPORT_FILE
from wondersmith.codegen.python import CompileError, compile_check, generate, json_text
from wondersmith.dsl import vocabulary as v
from wondersmith.ir import model
from wondersmith.ir.loader import load, load_game
from wondersmith.render.sheets import RenderError, clean, render_html, render_markdown

DUEL = Path(__file__).resolve().parent.parent / "cards" / "duel"
CANARY = "WS_HOSTILE_RAN"
BODY = ("'\"'''\"\"\"\\ \n\r\t{{ 7*7 }}{% if x %}${x}"
        f'"""; __import__("builtins").{CANARY} = 1; """'
        f"'; __import__('builtins').{CANARY} = 1; '\n__import__('builtins').{CANARY} = 1\n"
        "</style><script>window.pwned = 1</script><img src=x onerror=alert(1)>\"><b>"
        '"; } body { display: none } x { content: "'
        "\x00\x1b[31m\u202e\u2066\u200b\u2028#|`*_~[link](javascript:alert(1))<!-- &amp;"
        "\n# heading\n- item\n| a | b |\n\\")


def hostile(value: str) -> str:
    """A hostile text that still tells values apart (so renaming stays consistent)."""
    return "-#1. " + value + BODY


# Reflection over the intermediate form ------------------------------------------------


def _is_str_type(hint: Any) -> bool:
    """Whether a type annotation holds text somewhere (str, str | None, tuples of them...)."""
    if hint is str:
        return True
    return any(_is_str_type(arg) for arg in typing.get_args(hint) if arg is not Ellipsis)


def _dataclasses_in(hint: Any) -> list[type]:
    found = [hint] if isinstance(hint, type) and dataclasses.is_dataclass(hint) else []
    for arg in typing.get_args(hint):
        found += _dataclasses_in(arg)
    if hint is v.Effect or (isinstance(hint, type) and issubclass(hint, v.Effect)):
        found += list(v.VERBS.values())
    return found


def text_fields() -> set[tuple[str, str]]:
    """(class, field) of every field that holds text, over all classes reachable from
    `Game`, every verb of the vocabulary included."""
    seen: set[type] = set()
    todo: list[type] = [model.Game, *v.VERBS.values()]
    fields: set[tuple[str, str]] = set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        hints = typing.get_type_hints(cls, localns=vars(model) | vars(v))
        for f in dataclasses.fields(cls):
            if _is_str_type(hints[f.name]):
                fields.add((cls.__name__, f.name))
            todo += _dataclasses_in(hints[f.name])
    return fields


RECORD = "rules"  # the rules record (`Game.rules`): each key path is a field of its own


def leaves(node: Any, owner: str = "", name: str = "") -> list[tuple[tuple[str, str], str]]:
    """Every string in an instance, with the (class, field) it sits in. In the rules record
    (`Game.rules`) the field is the key path, `(RECORD, "scoring.tie_break")`: its keys are the
    schema's names, not data; its values are the text."""
    if isinstance(node, str):
        return [((owner, name), node)]
    in_record = owner == RECORD
    if isinstance(node, dict) and (in_record or (owner, name) == ("Game", "rules")):
        return [leaf for k, val in node.items()
                for leaf in leaves(val, RECORD, f"{name}.{k}" if in_record else k)]
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return [leaf for f in dataclasses.fields(node)
                for leaf in leaves(getattr(node, f.name), type(node).__name__, f.name)]
    if isinstance(node, (tuple, list)):
        return [leaf for item in node for leaf in leaves(item, owner, name)]
    if isinstance(node, dict):
        return [leaf for k, val in node.items()
                for leaf in leaves(k, owner, name) + leaves(val, owner, name)]
    return []


def rename(node: Any, mapping: dict[str, str], keys: bool = True) -> Any:
    """The same structure with every string in `mapping` replaced, everywhere (but the keys
    of the rules record)."""
    if isinstance(node, str):
        return mapping.get(node, node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{
            f.name: rename(getattr(node, f.name), mapping, f.name != "rules")
            for f in dataclasses.fields(node) if f.init})
    if isinstance(node, tuple):
        return tuple(rename(item, mapping, keys) for item in node)
    if isinstance(node, list):
        return [rename(item, mapping, keys) for item in node]
    if isinstance(node, dict):
        return {rename(k, mapping) if keys else k: rename(val, mapping, keys)
                for k, val in node.items()}
    return node


@lru_cache(maxsize=None)
def duel() -> model.Game:
    return load(DUEL)


def _probe_token(effects: tuple[v.Effect, ...]) -> model.Token:
    return model.Token("probe", "Probe", effects)


def _board() -> model.Board:
    return model.parse_board({
        "id": "probe_board", "name": "Probe Board", "produces": {"wood": 1},
        "sides": {side: {"stages": [{"cost": {"stone": 1}, "effects": [{"points": 3}]}]}
                  for side in ("a", "b")},
    }, duel().resources, field_locs={"name": model.Loc("cards/duel/boards.yaml", 3, 11)})


def _circle_keys(game: model.Game) -> model.Game:
    """Duel with the game.yaml keys of a circle of cities (7 Wonders) set, as probes."""
    rules = game.rules
    return dataclasses.replace(game, rules={
        "ages": tuple({"age": a.age, "hand": 7, "pass": "left"} for a in game.ages),
        **rules, "setup": {**rules["setup"], "boards": {"count": 7, "deal": "random",
                                                        "side": "chosen"}},
        "turn": {"simultaneous": True, "per_age": 6},
        "trade": {**rules["trade"], "from": "neighbours", "sellable": ("brown", "board"),
                  "income_spendable": "next_turn"},
        "conflicts": {"at": "end_of_age", "victory": (1, 3, 5), "defeat": -1},
        "science": {**rules["science"], "identical": "squared", "set_size": 3,
                    "set_points": 7, "wildcards": "chosen_at_end"},
        "two_player_variant": {"players": 2, "deck_players": 3,
                               "free_city_last_card": "discarded"}})


def game_with(field: tuple[str, str]) -> model.Game:
    """The real game, plus a probe item when the real data has no text in `field`."""
    game = duel()
    if field in {key for key, _ in leaves(game)}:
        return game
    if field in {key for key, _ in leaves(_circle_keys(game))}:
        return _circle_keys(game)
    if field[0] in ("Board", "Stage"):
        return dataclasses.replace(game, boards=(_board(),))
    verb = next(cls for cls in v.VERBS.values() if cls.__name__ == field[0])
    effect = v.parse_effect(yaml.safe_load(verb.EXAMPLE))
    return dataclasses.replace(game, tokens=(*game.tokens, _probe_token((effect,))))


# The rules record's text: each key path of the real data, and of the circle keys' probes.
FIELDS = sorted((text_fields() - {("Game", "rules")})
                | {key for key, _ in leaves(_circle_keys(duel())) if key[0] == RECORD})


def test_every_text_field_is_reachable() -> None:
    """The probes really put text in every field (else a field would go untested)."""
    assert ("Building", "name") in FIELDS and ("Loc", "file") in FIELDS
    for field in FIELDS:
        assert field in {key for key, _ in leaves(game_with(field))}, field


# What each output must look like -------------------------------------------------------


def _import(files: dict[str, str], folder: Path) -> Any:
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    name = f"ws_hostile_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
    return module


def _code_shape(files: dict[str, str]) -> dict[str, str]:
    """Each module's syntax tree with string constants blanked: what the code does."""
    shapes = {}
    for name, text in files.items():
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                node.value = "<text>"
        shapes[name] = ast.dump(tree)
    return shapes


@lru_cache(maxsize=None)
def baseline_python() -> dict[str, str]:
    files = generate(duel(), "cards/duel")
    return _code_shape({k: t for k, t in files.items() if k.endswith(".py")})


def check_python(game: model.Game, tmp_path: Path, base: model.Game | None = None) -> bool:
    """True when compiled (and checked), False when refused cleanly. `base`: the game before
    hostile text went in, when it is not the real one (circle keys were added)."""
    try:
        files = generate(game, "cards/duel")
    except CompileError as exc:
        assert "\n" not in str(exc) and str(exc).strip(), str(exc)
        return False
    compile_check(files)
    python = {k: t for k, t in files.items() if k.endswith(".py")}
    if base is not None and base is not duel():
        assert _code_shape(python) == _code_shape(
            {k: t for k, t in generate(base, "cards/duel").items() if k.endswith(".py")})
    elif game.tokens == duel().tokens and not game.boards:
        assert _code_shape(python) == baseline_python()
    # The package reads its ruleset.json (the data hash lives there) as `compile` writes it.
    module = _import({**python, EXPORT_FILE: json_text(export(game))}, tmp_path / "pkg")
    assert not hasattr(builtins, CANARY), "data text ran as code"
    ruleset = module.RULESET
    assert ruleset.name == game.name and ruleset.game == game.id
    assert ruleset.source_hash == game.source_hash
    assert (ruleset.resources, ruleset.colors, ruleset.science_symbols) == \
        (game.resources, game.colors, game.science_symbols)
    rules = ruleset.rules  # the rules record, as the engine's mechanics read it
    assert rules == game.rules  # every value back exactly
    assert rules["setup"]["guilds"]["color"] == game.guild_color
    assert rules["setup"]["first_game_wonders"] == game.rules["setup"]["first_game_wonders"]
    assert rules["scoring"]["tie_break"] == game.rules["scoring"]["tie_break"]
    items = (*game.buildings, *game.wonders, *game.tokens)
    classes = (*ruleset.buildings, *ruleset.wonders, *ruleset.tokens)
    for item, cls in zip(items, classes, strict=True):
        assert (cls.id, cls.name) == (item.id, item.name)
        for attr in ("color", "chain_gives", "chain_from"):
            if getattr(item, attr, None):
                assert getattr(cls, attr) == getattr(item, attr)
        science = [e.symbol for e in item.effects if isinstance(e, v.Science)]
        if science:
            assert cls.science == science[0]
    return True


class _Shape(html.parser.HTMLParser):
    """Elements and attribute names in document order, the CSS, and the text. The marks of
    untranslated text are left out: unknown words are marked, and that is not markup that
    came from the data."""

    MARKS = ("untranslated", "untranslated-mark")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, ...]] = []
        self.style: list[str] = []
        self.text: list[str] = []
        self._in_style = False
        self._marks: list[bool] = []  # per open span/sup: is it a mark?

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        mark = dict(attrs).get("class") in self.MARKS
        if tag in ("span", "sup"):
            self._marks.append(mark)
        if not mark:
            self.tags.append((tag, *sorted(name for name, _ in attrs)))
        self._in_style = tag == "style"
        self.text.extend(value for name, value in attrs if name in ("aria-label", "title")
                         and value)

    def handle_endtag(self, tag: str) -> None:
        if not (tag in ("span", "sup") and self._marks and self._marks.pop()):
            self.tags.append(("/" + tag,))
        self._in_style = False

    def handle_data(self, data: str) -> None:
        (self.style if self._in_style else self.text).append(data)


CSS_STRING = re.compile(r'"(?:[^"\\\n]|\\[0-9a-fA-F]{1,6} ?|\\[^\n0-9a-fA-F])*"')


def _html_shape(text: str) -> tuple[list[tuple[str, ...]], str, str]:
    parser = _Shape()
    parser.feed(text)
    parser.close()
    css = CSS_STRING.sub('""', "".join(parser.style))
    return parser.tags, css, "\n".join(parser.text)


@lru_cache(maxsize=None)
def baseline_html(lang: str, named: tuple[str, ...]) -> tuple[list[tuple[str, ...]], str]:
    """The real sheet's shape, with real names for the ids in `named`."""
    names = {item.id: item.name for item in duel().components() if item.id in named}
    tags, css, _ = _html_shape(render_html(duel(), lang, names))
    return tags, css


def _md_shape(text: str) -> tuple[list[tuple], str]:
    shape, words = [], []
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        if token.type == "inline":
            kinds = [c.type for c in token.children or ()]
            shape.append(("inline", *[k for i, k in enumerate(kinds)
                                      if not (k == "text" and i and kinds[i - 1] == "text")]))
            words.append("".join(c.content for c in token.children or ()
                                 if c.type in ("text", "code_inline")))
        else:
            shape.append((token.type, token.tag, token.nesting))
    return shape, "\n".join(words)


@lru_cache(maxsize=None)
def baseline_markdown(lang: str, named: tuple[str, ...]) -> list[tuple]:
    names = {item.id: item.name for item in duel().components() if item.id in named}
    return _md_shape(render_markdown(duel(), lang, names))[0]


def check_render(game: model.Game, lang: str, names: dict[str, str],
                 shown: list[str], base: model.Game | None = None) -> bool:
    """True when rendered (and checked), False when refused cleanly. `base`: the game before
    hostile text went in, when it is not the real one (a probe item was added)."""
    try:
        sheet = render_html(game, lang, names)
        rules = render_markdown(game, lang, names)
    except RenderError as exc:
        assert "\n" not in str(exc) and str(exc).strip(), str(exc)
        return False
    tags, css, text = _html_shape(sheet)
    named = tuple(sorted(names))
    if base is None or base is duel():
        html_base, md_base = baseline_html(lang, named), baseline_markdown(lang, named)
    else:
        html_base = _html_shape(render_html(base, lang, names))[:2]
        md_base = _md_shape(render_markdown(base, lang, names))[0]
    assert (tags, css) == html_base, "hostile text changed the sheet's markup"
    assert "<script" not in sheet and "</style><" not in sheet
    md, words = _md_shape(rules)
    assert md == md_base, "hostile text changed the rules doc's structure"
    for value in shown:
        assert clean(value) in text, "text not shown as written in HTML"
        assert " ".join(clean(value).split()) in words, "text not shown as written in Markdown"
    return True


# The test ---------------------------------------------------------------------------------

NAMES = {("Building", "name"), ("Wonder", "name"), ("Token", "name"), ("Game", "name")}


@pytest.mark.parametrize("field", FIELDS, ids=[".".join(f) for f in FIELDS])
def test_hostile_text_in_every_field(field: tuple[str, str], tmp_path: Path) -> None:
    game = game_with(field)
    values = sorted({value for key, value in leaves(game) if key == field})
    mapping = {value: hostile(value) for value in values}
    bad = rename(game, mapping)
    compiled = check_python(bad, tmp_path, base=game)
    shown = list(mapping.values()) if field in NAMES else []
    rendered = check_render(bad, "en", {}, shown, base=game)
    if field in NAMES:  # names are free text: always accepted, shown exactly
        assert compiled and rendered
        assert check_render(bad, "fr", {}, shown)  # English fallbacks, marked
    assert not hasattr(builtins, CANARY)


def test_hostile_translated_names() -> None:
    """Names from a locale file are data too."""
    game = duel()
    names = {item.id: hostile(item.name) for item in game.components()}
    assert check_render(game, "fr", names, list(names.values()))


def test_baseline_is_not_refused(tmp_path: Path) -> None:
    """The real data goes through every check (so a refusal above means something)."""
    assert check_python(duel(), tmp_path)
    assert check_render(duel(), "en", {}, [item.name for item in duel().components()])


# Classic 7 Wonders: the sheet of a circle of cities (boards, copies, conflicts, the pad and
# the summary of the classic mechanics), rendered from the intermediate form.

CLASSIC = DUEL.parent / "classic"
CLASSIC_NAMES = NAMES | {("Board", "name")}


@lru_cache(maxsize=None)
def classic() -> model.Game:
    return load(CLASSIC)


CLASSIC_FIELDS = sorted({key for key, _ in leaves(classic())})


def test_classic_has_text_in_the_fields_only_it_uses() -> None:
    assert {("Board", "name"), (RECORD, "ages.pass"), (RECORD, "trade.sellable")} <= \
        set(CLASSIC_FIELDS)


@pytest.mark.parametrize("field", CLASSIC_FIELDS, ids=[".".join(f) for f in CLASSIC_FIELDS])
def test_hostile_text_in_every_field_of_classic(field: tuple[str, str]) -> None:
    game = classic()
    values = sorted({value for key, value in leaves(game) if key == field})
    mapping = {value: hostile(value) for value in values}
    bad = rename(game, mapping)
    shown = list(mapping.values()) if field in CLASSIC_NAMES else []
    rendered = check_render(bad, "en", {}, shown, base=game)
    if field in CLASSIC_NAMES:  # names are free text: always accepted, shown exactly
        assert rendered and check_render(bad, "fr", {}, shown, base=game)


def test_hostile_translated_names_of_classic() -> None:
    game = classic()
    names = {item.id: hostile(item.name) for item in game.components()}
    assert check_render(game, "fr", names, list(names.values()), base=game)


def test_classic_baseline_is_not_refused() -> None:
    game = classic()
    assert check_render(game, "en", {}, [item.name for item in game.components()], base=game)


# The terminal: `wondersmith play` (and `balance`) print data text with Rich, whose markup
# (`[b]`, `[/]`, `[link=...]`) and emoji codes (`:warning:`) would restyle or crash the game.
# Every name of a copy of the data gets markup around it, always with a closing tag nothing
# opened, so a name read as markup anywhere stops the game (MarkupError); the copy passes
# validation (the names are valid), is compiled, and played to the end through `play`. The
# output must be the plain data's game, name for name: each hostile name shown as written.

TERMINAL_DECORATIONS = (
    ("", " [/b]"),
    ("[red]", " [/]x[/]"),
    ("[bold]", "[/bold] :warning: [/i]"),
    ("[link=https://example.invalid]", "[/link][/link]"),
    ("\\[", "] [/u] \\"),
    ("[/]", " [#ff0000 on blue]"),
    ("[@click=quit]", " :thumbs_up:[/@click][/]"),
)
_NAME_LINE = re.compile(r"^(\s*(?:- )?name: )(.+)$", re.M)


def terminal_copy(game: str, dest: Path) -> dict[str, str]:
    """A copy of `cards/<game>` in `dest/<game>` with every name (cards, Wonders, tokens,
    boards, the game) decorated with markup; the names, plain to hostile."""
    folder = dest / game
    shutil.copytree(DUEL.parent / game, folder)
    names: dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        def decorate(match: re.Match) -> str:
            plain = yaml.safe_load(match[2])
            prefix, suffix = TERMINAL_DECORATIONS[len(names) % len(TERMINAL_DECORATIONS)]
            names.setdefault(plain, prefix + plain + suffix)
            return match[1] + json.dumps(names[plain])  # a YAML double-quoted string
        path.write_text(_NAME_LINE.sub(decorate, path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    return names


def compiled(folder: Path, out: Path) -> Path:
    """`folder` validated and compiled into `out`, as `wondersmith compile` does."""
    loaded = load_game(folder)
    assert loaded.ok, [str(d) for d in loaded.diagnostics]  # the names are valid ones
    result = outputs.expected(folder.parent, out, [folder])
    assert not result.errors, result.errors
    outputs.write(result, out)
    return out


def _play(game: str, path: Path, *args: str) -> str:
    result = CliRunner().invoke(app, ["play", game, "--path", str(path), *args],
                                input="1\n" * 400, env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output[-3000:]
    assert "Game over" in result.output
    return result.output


def _tokens(text: str, names: dict[str, str]) -> str:
    """`text` with each name replaced by a token naming it (longest first, so "Workshop" in
    "Siege Workshop" stays whole), the runs of spaces as one (columns widen with the names),
    and the Age's structure left out (it cuts names to fit a card's width), and the line naming
    the ruleset loaded (its folder and data hash)."""
    text = re.sub(r"╭[^\n]*structure \(highlighted.*?╰[^\n]*\n", "", text, flags=re.S)
    text = re.sub(r"^ruleset: [^\n]*\n", "", text, flags=re.M)  # the folder and data hash differ
    for k, name in sorted(enumerate(names), key=lambda kv: -len(kv[1])):
        text = text.replace(name, f"«{k}»")
    return re.sub(r"[ \t]+", " ", text)


@pytest.mark.parametrize("game, args", [
    ("duel", ["--seed", "3"]),
    ("classic", ["--players", "3", "--seed", "1"]),
    ("classic", ["--players", "2", "--seed", "5", "--bot", "random"]),  # the Free City
], ids=["duel", "classic", "classic-2-players"])
def test_play_shows_hostile_names_as_written(game: str, args: list[str], tmp_path: Path) -> None:
    names = terminal_copy(game, tmp_path / "hostile")
    plain_data = tmp_path / "plain"
    shutil.copytree(DUEL.parent / game, plain_data / game)
    hostile = _play(game, compiled(tmp_path / "hostile" / game, tmp_path / "hostile_out"), *args)
    plain = _play(game, compiled(plain_data / game, tmp_path / "plain_out"), *args)
    shown = _tokens(hostile, dict(zip(names.values(), names)))  # the hostile names' tokens
    assert shown == _tokens(plain, dict(zip(names, names)))  # the same game, name for name
    assert len(set(re.findall(r"«\d+»", shown))) >= 25
    loaded, rest = hostile.split("\n", 1)  # which ruleset was loaded, then the game's name
    assert loaded.startswith("ruleset: ")
    assert rest.startswith(names[yaml.safe_load((DUEL.parent / game / "game.yaml").read_text())["name"]])
    assert "⚠" not in hostile and "👍" not in hostile  # emoji codes stay text


def test_balance_prints_hostile_names_and_revisions_as_written(tmp_path: Path) -> None:
    """`balance compare` prints the revisions as the user wrote them and the components'
    names from the data: neither is markup."""
    cards = tmp_path / "[/b]cards [red]:warning:"
    names = terminal_copy("duel", cards)
    result = CliRunner().invoke(app, ["balance", "compare", str(DUEL.parent), str(cards),
                                      "--deals", "8", "--bots", "random", "-w", "1", "-q"],
                                env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output[-3000:]
    assert str(cards) in result.output
    top = re.search(r"^components the change moved most surely .*?: (.+)$", result.output, re.M)[1]
    listed = re.findall(r"(.+?) \(owners' win rate [^)]*\)(?: \*)?(?:; |$)", top)
    assert listed and set(listed) <= set(names.values()), listed
    # every card was renamed: the report's "what changed" lists the renames in the data's words
    changed = result.output[result.output.index("What changed"):result.output.index("Verdicts")]
    assert sum(name in changed for name in names.values()) >= 25


# Agora (an extension of Duel): the Senate's table, the Decrees and the military tokens under
# their own headings, with hostile names as card data and as translations.

AGORA = DUEL.parent / "agora"


@lru_cache(maxsize=None)
def agora() -> model.Game:
    return load(AGORA)


def test_hostile_names_of_agora() -> None:
    game = agora()
    mapping = {item.name: hostile(item.name) for item in game.components()}
    bad = rename(game, mapping)
    for lang in ("en", "vi"):
        assert check_render(bad, lang, {}, list(mapping.values()), base=game)


def test_hostile_translated_names_of_agora() -> None:
    game = agora()
    names = {item.id: hostile(item.name) for item in game.components()}
    assert check_render(game, "fr", names, list(names.values()), base=game)
