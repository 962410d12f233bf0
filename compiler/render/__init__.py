"""Rendering: reference sheets (HTML, PDF), rules docs (Markdown) and print-and-play cards
(PDF) in every language.

`render_game` writes, for one game, `generated/sheets/<game>-<lang>-<paper>.html` and `.pdf`
(one name per paper size, so a Letter run never overwrites the A4 sheets) and
`docs/rules/<game>-<lang>.md`; `render_game_cards` writes its cards,
`generated/cards/<game>-<lang>-<paper>.pdf` (`render.cards` lays them out). All of it is built
from the typed intermediate form.

With a manifest, an output is rendered only when its inputs changed (`pending` says which):
the game's data files, the language's names file and catalog, the renderer's code, templates,
icons and fonts, for the cards the game's own card template, the options and the tool's
version. WeasyPrint is imported only when a PDF is rendered.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from wondersmith import atomic
from wondersmith.ir.loader import source_files
from wondersmith.ir.model import Game
from wondersmith.manifest import Manifest, data_digest, inputs_digest, package_files

SHEETS_DIR = Path("generated/sheets")
CARDS_DIR = Path("generated/cards")
RULES_DIR = Path("docs/rules")
FORMATS = ("html", "pdf")
PAPERS = ("a4", "letter")

# Called before each step with (what it renders, steps done, steps in all).
OnStep = Callable[[str, int, int], None]


@dataclass
class Rendered:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One output to render: a sheet in one format and paper, or a rules doc."""

    lang: str
    kind: str  # "html", "pdf" or "md"
    path: Path
    inputs: str

    def describe(self, game_id: str) -> str:
        return f"{game_id} {self.lang} {self.kind}"


def sheet_path(out_dir: Path, game_id: str, lang: str, paper: str, fmt: str) -> Path:
    return out_dir / f"{game_id}-{lang}-{paper}.{fmt}"


def doc_path(docs_dir: Path, game_id: str, lang: str) -> Path:
    return docs_dir / f"{game_id}-{lang}.md"


def _game_files(folder: Path, lang: str) -> dict[str, Path]:
    """What every rendering of one game in one language reads: its data files, the
    language's names file and catalog, and the code that words it."""
    from wondersmith.render.i18n import po_path
    from wondersmith.validate.locales import names_files

    files = source_files(folder)
    files.update(names_files(folder, lang))
    files["wondersmith/render/catalog"] = po_path(lang)
    # The renderer's own code and phrases, and the DSL's: each verb's phrase and icons, the
    # nouns' words, the languages' names (catalogs.py only extracts messages: not an input).
    files.update({label: path for label, path in package_files(
        "render/*.py", "dsl/*.py", "dsl/verbs/*.py", "languages.py").items()
        if not label.endswith("/catalogs.py")})
    return files


def _inputs(folder: Path, lang: str, kind: str, paper: str, out_dir: Path,
            fallback_marks: bool = True) -> str:
    files = _game_files(folder, lang)
    if kind == "md":
        files.update(package_files("render/templates/rules.md.j2"))
        return inputs_digest(files, output="rules", lang=lang)
    files.update(package_files("render/templates/*", "render/icons/*", "render/fonts/*"))
    # The HTML links the fonts by a path relative to where it is written.
    from wondersmith.render.sheets import font_base_for
    # Only a sheet without marks names the option, so the marked sheets' records stay as
    # they were.
    unmarked = {} if fallback_marks else {"fallback_marks": "off"}
    return inputs_digest(files, output=kind, lang=lang, paper=paper,
                         fonts=font_base_for(out_dir), **unmarked)


def steps(game_id: str, folder: Path, langs: tuple[str, ...], formats: tuple[str, ...],
          paper: str, out_dir: Path, docs_dir: Path | None,
          fallback_marks: bool = True) -> list[Step]:
    """Every output of one game for these options, in rendering order. `fallback_marks`
    applies to the sheets (HTML, PDF): the rules docs always mark English fallbacks."""
    found = []
    for lang in langs:
        for fmt in FORMATS:
            if fmt in formats:
                found.append(Step(lang, fmt, sheet_path(out_dir, game_id, lang, paper, fmt),
                                  _inputs(folder, lang, fmt, paper, out_dir,
                                          fallback_marks)))
        if docs_dir is not None:
            found.append(Step(lang, "md", doc_path(docs_dir, game_id, lang),
                              _inputs(folder, lang, "md", paper, out_dir)))
    return found


def card_inputs(folder: Path, lang: str, paper: str, out_dir: Path, bleed: bool = True,
                cut_lines: bool = False, formats: tuple[str, ...] = ("pdf",)) -> str:
    """The inputs of one game's cards in one language: what its sheets read, the game's
    own card template folder (`templates/` in its data folder: absent, or any file added,
    changed or removed there, counts) and the formats written beside the PDF's step."""
    from wondersmith.render.sheets import font_base_for

    files = _game_files(folder, lang)
    files.update(package_files("render/templates/*", "render/icons/*", "render/fonts/*"))
    files.update(_own_templates(folder / "templates"))
    return inputs_digest(files, output="cards", lang=lang, paper=paper,
                         bleed="on" if bleed else "off",
                         cut_lines="on" if cut_lines else "off", fonts=font_base_for(out_dir),
                         formats=",".join(formats))


def _own_templates(own: Path) -> dict[str, Path]:
    """The regular files of a game's templates folder, as its sandbox can reach them: a link
    out of the folder, a pipe or a device is never read (the sandbox refuses them too)."""
    if not own.is_dir():
        return {}
    inside = own.resolve()
    return {f"game/templates/{p.relative_to(own).as_posix()}": p for p in sorted(own.rglob("*"))
            if p.is_file() and p.resolve().is_relative_to(inside)}


def card_steps(game_id: str, folder: Path, langs: tuple[str, ...], paper: str, out_dir: Path,
               bleed: bool = True, cut_lines: bool = False,
               formats: tuple[str, ...] = ("pdf",)) -> list[Step]:
    """One game's print-and-play cards in each language, for these options: a step per
    language, recorded under its PDF's path (the SVG and PNG pages, when asked for, are
    written with it; without the PDF among the formats the step is never current)."""
    from wondersmith.render.cards import pdf_path

    return [Step(lang, "cards", pdf_path(out_dir, game_id, lang, paper, bleed, cut_lines),
                 card_inputs(folder, lang, paper, out_dir, bleed, cut_lines, formats))
            for lang in langs]


def pending(all_steps: list[Step], manifest: Manifest | None) -> list[Step]:
    """The steps whose output is not current (all of them without a manifest)."""
    if manifest is None:
        return list(all_steps)
    return [s for s in all_steps if not manifest.current(s.path, s.inputs)]


def _write(path: Path, data: bytes, result: Rendered) -> None:
    if path.is_file() and path.read_bytes() == data:
        result.unchanged.append(path)
        return
    atomic.write_bytes(path, data)
    result.written.append(path)


def render_game(game: Game, folder: Path, langs: tuple[str, ...], formats: tuple[str, ...],
                paper: str = "a4", out_dir: Path = SHEETS_DIR,
                docs_dir: Path | None = RULES_DIR, manifest: Manifest | None = None,
                on_step: OnStep | None = None, fallback_marks: bool = True) -> Rendered:
    """Render one game's sheets (and rules docs, unless docs_dir is None).

    With a manifest, only outputs whose inputs changed are rendered, and each is recorded.
    `fallback_marks` false: the sheets show English fallbacks unmarked, for print.
    """
    from wondersmith.validate.locales import load_names
    from wondersmith.render import sheets

    result = Rendered()
    every = steps(game.id, folder, langs, formats, paper, out_dir, docs_dir, fallback_marks)
    todo = pending(every, manifest)
    result.unchanged += [s.path for s in every if s not in todo]
    font_base = sheets.font_base_for(out_dir)
    done = 0
    for lang in langs:
        mine = [s for s in todo if s.lang == lang]
        if not mine:
            continue
        start = time.perf_counter()
        names = load_names(folder, lang)
        html = None
        for step in mine:
            if on_step:
                on_step(step.describe(game.id), done, len(todo))
            if step.kind == "md":
                data = sheets.render_markdown(game, lang, names).encode("utf-8")
            else:
                if html is None:
                    html = sheets.render_html(game, lang, names, paper, font_base,
                                              fallback_marks)
                if step.kind == "html":
                    data = html.encode("utf-8")
                else:
                    base = sheet_path(out_dir.resolve(), game.id, lang, paper, "html")
                    data = sheets.render_pdf(html, base.as_uri())
            _write(step.path, data, result)
            if manifest is not None:
                manifest.record(step.path, step.inputs, data_digest(data))
            done += 1
        result.seconds[lang] = time.perf_counter() - start
    return result


def render_game_cards(game: Game, folder: Path, langs: tuple[str, ...], paper: str = "a4",
                      out_dir: Path = CARDS_DIR, manifest: Manifest | None = None,
                      on_step: OnStep | None = None, bleed: bool = True,
                      cut_lines: bool = False, formats: tuple[str, ...] = ("pdf",)) -> Rendered:
    """Render one game's print-and-play cards, one PDF per language (`cards.write_game`);
    with a manifest, only those whose inputs changed, each recorded. Raises the layout's
    errors (`cards.LayoutError`, `cards.TemplateError`, `sheets.RenderError`)."""
    from wondersmith.render import cards

    result = Rendered()
    every = card_steps(game.id, folder, langs, paper, out_dir, bleed, cut_lines, formats)
    todo = pending(every, manifest)
    result.unchanged += [s.path for s in every if s not in todo]
    for done, step in enumerate(todo):
        if on_step:
            on_step(step.describe(game.id), done, len(todo))
        start = time.perf_counter()
        written, unchanged = cards.write_game(game, folder, (step.lang,), paper, bleed,
                                              out_dir, cut_lines, formats)
        result.written += written
        result.unchanged += unchanged
        if manifest is not None:
            manifest.record(step.path, step.inputs)
        result.seconds[step.lang] = time.perf_counter() - start
    return result
