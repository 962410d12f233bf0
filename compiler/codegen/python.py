"""Code generation: a validated `Game` becomes the Python package `generated/<game>/`.

Each card, Wonder and progress token becomes a subclass of `wondersmith.engine.runtime.Card`.
Static effects become class attributes; effects that compute or act become straight-line
methods calling the engine's game verbs. Nothing here runs at play time.

Output is deterministic: data order, no timestamps, every string written with `repr()`.

No text from the data ever becomes code: every value reaches the templates as `Code`, made
only by `literal()` (strings through `repr()`, numbers checked to be whole and bounded) or by
`class_name()` (ids checked to be identifiers, keywords mapped); the templates refuse anything
else. The checks repeat what validation guarantees, so data that slipped past it is refused
with a located `CompileError` instead of being written.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import jinja2

from wondersmith import resources
from wondersmith.codegen.export import player_counts
from wondersmith.engine.core.rules import RulesError
from wondersmith.codegen.literals import (Code, LiteralError, boolean, class_name, comment,
                                          data, flat, literal, located, only_code,
                                          package_name, shown, whole)
from wondersmith.codegen.wrap import wrap
from wondersmith.dsl.rules_keys import KNOWN
from wondersmith.dsl.verbs import collected_attributes
from wondersmith.ir.model import Board, Building, Game, Token, Wonder, stage_id_of
from wondersmith.ir.rules import CORE

TEMPLATES = resources.folder("wondersmith.codegen", "templates")


class CompileError(Exception):
    """Data the runtime cannot express (yet): raised with the item and the reason."""


@dataclass
class ClassSpec:
    """What the template needs to write one class."""

    class_name: str
    attrs: list[tuple[str, str]] = field(default_factory=list)  # (name, Python literal)
    on_build: list[str] = field(default_factory=list)
    end_points: list[str] = field(default_factory=list)  # expressions, summed
    on_chain_build: list[str] = field(default_factory=list)
    on_draft: list[str] = field(default_factory=list)
    # Per `one_of` effect, per option: its statements (`choice_<j>_<k>`).
    choices: list[list[list[str]]] = field(default_factory=list)

    def methods(self) -> list[tuple[Code, list[Code]]]:
        """(name, body lines) of each method to write, in a fixed order."""
        out = []
        options = [(f"choice_{j}_{k}", body) for j, choice in enumerate(self.choices)
                   for k, body in enumerate(choice)]
        for name, body in (("on_build", self.on_build),
                           ("end_points", ["return " + " + ".join(self.end_points)]
                            if self.end_points else []),
                           ("on_chain_build", self.on_chain_build),
                           ("on_draft", self.on_draft), *options):
            if body:
                if any("in cities" in line for line in body):
                    body = [CITIES, *body]
                # The template indents each line by 8 (a method's body); long ones wrap.
                out.append((Code(name), [Code(part[8:]) for line in body
                                         for part in wrap(line, 8)]))
        return out


# Cities compared by "most" counts: yours and your neighbours'.
CITIES = "cities = (player, *game.neighbours(player))"


class _ClassWriter:
    """The class of one card as its effects write it (`wondersmith.dsl.effect.ClassWriter`).

    Attributes a verb sets come in the order of the card's effects; gathered ones (units,
    lists, totals) after them, in registry order, left out when empty or zero. Data reaches
    the source only through the literal writers.
    """

    whole = staticmethod(whole)
    flat = staticmethod(flat)
    shown = staticmethod(shown)

    def __init__(self, compiler: "_Compiler", item: Any, attrs: dict[str, Any]) -> None:
        self.compiler, self.item, self.attrs = compiler, item, attrs
        self.gathered: dict[str, Any] = {}
        self.on_build_lines: list[str] = []
        self.end_point_terms: list[str] = []
        self.chain_build_lines: list[str] = []
        self.draft_lines: list[str] = []
        self.choice_bodies: list[list[list[str]]] = []

    def fail(self, message: str) -> CompileError:
        return self.compiler.fail(self.item, message)

    @property
    def seating(self) -> str:
        return self.compiler.game.seating

    def resource_index(self, resource: str) -> int:
        return self.compiler.index[resource]

    def set(self, attr: str, value: Any) -> None:
        self.attrs[attr] = value

    def has(self, attr: str) -> bool:
        return attr in self.attrs

    def units(self, attr: str, resource: str, n: int) -> None:
        vector = self.gathered.setdefault(attr, [0] * len(self.compiler.index))
        vector[self.resource_index(resource)] += n

    def collect(self, attr: str, *items: Any) -> None:
        self.gathered.setdefault(attr, []).extend(items)

    def total(self, attr: str, n: int) -> None:
        self.gathered[attr] = self.gathered.get(attr, 0) + n

    def on_build(self, lines: list[str]) -> None:
        self.on_build_lines += lines

    def end_points(self, expression: str) -> None:
        self.end_point_terms.append(expression)

    def on_chain_build(self, lines: list[str]) -> None:
        self.chain_build_lines += lines

    def on_draft(self, lines: list[str]) -> None:
        self.draft_lines += lines

    def choice(self, options: list[tuple[str, list[str]]]) -> int:
        self.choice_bodies.append([lines for _, lines in options])
        words = tuple(text for text, _ in options)
        self.attrs["choices"] = (*self.attrs.get("choices", ()), words)
        return len(self.choice_bodies) - 1

    def collected(self) -> dict[str, Any]:
        """The gathered attributes, in registry order, without the empty ones."""
        order = collected_attributes()
        unknown = set(self.gathered) - set(order)
        if unknown:  # a verb gathering what it does not declare in COLLECTS: a bug
            raise self.fail(f"attributes gathered but not declared: {sorted(unknown)}")
        out: dict[str, Any] = {}
        for name in order:
            value = self.gathered.get(name)
            if isinstance(value, list) and any(value):
                out[name] = tuple(value)
            elif not isinstance(value, list) and value:  # a total; its literal checks it
                out[name] = value
        return out


class _Compiler:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.index = {r: i for i, r in enumerate(game.resources)}

    def vector(self, pairs: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
        out = [0] * len(self.index)
        for resource, units in pairs:
            out[self.index[resource]] += units
        return tuple(out)

    def fail(self, item: Any, message: str) -> CompileError:
        loc = item.loc
        return CompileError(f"{located(loc.file)}:{loc.line}:{loc.column}: "
                            f"{located(item.id)}: {message}")

    def spec(self, item: Building | Wonder | Token) -> ClassSpec:
        attrs: dict[str, Any] = {"id": item.id, "name": item.name,
                                 "kind": {"building": "BUILDING", "wonder": "WONDER",
                                          "token": "TOKEN"}[item.kind]}
        if isinstance(item, Building):
            attrs["age"] = item.age
            attrs["color"] = item.color
            if item.copies:
                attrs["copies"] = tuple(item.copies)
        if not isinstance(item, Token):
            if item.cost.coins:
                attrs["cost_coins"] = item.cost.coins
            attrs["cost"] = self.vector(item.cost.resources)
        if isinstance(item, Building):
            if item.chain_gives:
                attrs["chain_gives"] = item.chain_gives
            if item.chain_from:
                attrs["chain_from"] = item.chain_from
        return self._written(class_name(item.id), item, attrs, item.effects)

    def board_specs(self, board: Board) -> list[ClassSpec]:
        """The stage classes of a Wonder board, side by side in building order, then the
        board's class, whose `sides` names them."""
        specs, sides = [], []
        for side, stages in board.sides:
            names = []
            for number, stage in enumerate(stages, 1):
                stage_id = stage_id_of(board.id, side, number)
                attrs: dict[str, Any] = {"id": stage_id, "name": board.name, "kind": "STAGE",
                                         "board": board.id, "side": side, "stage": number}
                if stage.cost.coins:
                    attrs["cost_coins"] = stage.cost.coins
                attrs["cost"] = self.vector(stage.cost.resources)
                spec = self._written(class_name(stage_id), board, attrs, stage.effects)
                specs.append(spec)
                names.append(spec.class_name)
            sides.append((side, names))
        spec = self._written(class_name(board.id), board,
                             {"id": board.id, "name": board.name, "kind": "BOARD",
                              "produces": self.vector(board.produces)}, ())
        rows = "".join(f"        ({flat(side)}, ({', '.join(names)}{',' * (len(names) == 1)})),\n"
                       for side, names in sides)
        spec.attrs.append((Code("sides"), Code("(\n" + rows + "    )")))
        return [*specs, spec]

    def _written(self, name: Code, item: Any, attrs: dict[str, Any],
                 effects: tuple[Any, ...]) -> ClassSpec:
        """The class `name` with `attrs` and what `effects` write into it."""
        spec = ClassSpec(name)
        writer = _ClassWriter(self, item, attrs)
        for effect in effects:
            effect.compile(writer)
        attrs.update(writer.collected())
        spec.on_build, spec.end_points = writer.on_build_lines, writer.end_point_terms
        spec.on_chain_build = writer.chain_build_lines
        spec.on_draft = writer.draft_lines
        spec.choices = writer.choice_bodies
        for method, body in (("has_on_build", spec.on_build),
                             ("has_end_points", spec.end_points),
                             ("has_on_chain_build", spec.on_chain_build),
                             ("has_on_draft", spec.on_draft)):
            if body:
                attrs[method] = True
        spec.attrs = [(Code(k), Code("_rt." + val) if k == "kind"
                       else literal(val, 4, len(k) + 3)) for k, val in attrs.items()]
        return spec

    # Tables ----------------------------------------------------------------------------

    def tables(self) -> dict[str, Code]:
        g = self.game
        unknown = [m for m in g.mechanics if m not in KNOWN]
        if unknown:  # validation refuses them (WS319); the engine would have no rules
            raise LiteralError(f"unknown mechanic {shown(unknown[0])}")
        rules = g.rules
        try:  # what the engine will read: the core's and each listed mechanic's config
            for name in (CORE, *g.mechanics):
                g.config(name)
        except RulesError as exc:
            raise LiteralError(f"the rules record cannot be read by the engine: {exc}") \
                from None
        structures = [
            "_rt.Structure(age={}, rows=(\n{}\n        ))".format(
                whole(st.age), "\n".join(
                    f"            _rt.StructureRow(columns={flat(r.columns)}, "
                    f"face_down={boolean(r.face_down)}),"
                    for r in st.rows))
            for st in g.structures
        ]
        tables = {
            "doc": flat(f"{g.name}: the compiled ruleset. `RULESET` is what the engine plays."),
            "game": flat(g.id),
            "name": flat(g.name),
            "players": whole(g.players),
            "seating": flat(g.seating),
            "mechanics": literal(g.mechanics, 4, len("mechanics=")),
            "resources": literal(g.resources, 4, len("resources=")),
            "raw_resources": literal(g.raw_resources, 4, len("raw_resources=")),
            "colors": literal(g.colors, 4, len("colors=")),
            "science_symbols": literal(g.science_symbols, 4, len("science_symbols=")),
            "ages": whole(len(g.ages)),
            "structures": "(\n" + "".join(f"        {x},\n" for x in structures) + "    )"
            if structures else "()",
            # The rules record (`Game.rules`), as the export writes it.
            "rules": data(rules, 4),
        }
        if player_counts(g) != (g.players,):  # else the runtime's default
            tables["player_counts"] = flat(player_counts(g))
        return {key: Code(value) for key, value in tables.items()}


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,  # Python source, not HTML: every value is `Code` (_only_code)
        finalize=only_code,
    )


def generate(game: Game, source: str) -> dict[str, str]:
    """Every file of `generated/<game>/`, by name, with its exact text.

    `source` is the data folder as it should be named in headers (e.g. "cards/duel").
    """
    compiler = _Compiler(game)
    names: dict[str, str] = {}
    ids = [(item, item.id) for item in game.components()]
    ids += [(board, stage_id_of(board.id, side, n)) for board in game.boards
            for side, stages in board.sides for n in range(1, len(stages) + 1)]
    for item, item_id in ids:
        try:
            name = class_name(item_id)
        except LiteralError as exc:
            raise compiler.fail(item, str(exc)) from None
        if name in names:
            raise compiler.fail(item, f"class name {name} is also made from "
                                      f"{shown(names[name])}")
        names[name] = item_id
    try:
        package_name(game.id)
        # No data hash here: it lives in ruleset.json alone, so an edit to one card rewrites
        # only the files that hold that card (and the manifest).
        header = Code(f"# Generated by wondersmith from {comment(source)}.\n"
                      "# Do not edit: change the data and run `wondersmith compile`.")
        tables = compiler.tables()
    except LiteralError as exc:
        raise compiler.fail(game, str(exc)) from None
    env = _environment()
    groups: dict[str, tuple[Any, ...]] = {"buildings": game.buildings, "wonders": game.wonders,
                                          "tokens": game.tokens}
    if game.boards:  # 7 Wonders; the stage classes are reached through each board's sides
        groups["boards"] = game.boards
    files: dict[str, str] = {}
    module_template = env.get_template("module.py.j2")
    for group, items in groups.items():
        if not items:
            continue  # no empty module: the ruleset holds an empty tuple
        specs = []
        for item in items:
            try:
                specs += compiler.board_specs(item) if isinstance(item, Board) \
                    else [compiler.spec(item)]
            except LiteralError as exc:
                raise compiler.fail(item, str(exc)) from None
        files[f"{group}.py"] = module_template.render(header=header, group=Code(group),
                                                      specs=specs)
    files["__init__.py"] = env.get_template("package.py.j2").render(
        header=header, groups={Code(g): [class_name(i.id) for i in items]
                               for g, items in groups.items()},
        tables=tables)
    return files


def compile_check(files: dict[str, str]) -> None:
    """Prove generated Python parses before anything is written."""
    for name, text in files.items():
        if name.endswith(".py"):
            compile(text, name, "exec")


def json_text(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
