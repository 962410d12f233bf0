"""The build pipeline: validate, compile, render, each output only when its inputs changed.

`run_build` is what `wondersmith build` (and its watch mode) runs; `compile_games` and
`render_games` are its two halves, also behind `wondersmith compile` and `wondersmith sheets`.
Which outputs are current is decided by the manifest (`wondersmith.manifest`), so a build
with nothing changed validates the data, hashes the inputs and outputs, and writes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from wondersmith.diagnostics import Diagnostic
from wondersmith.ir.loader import find_games, game_id
from wondersmith.manifest import Manifest
from wondersmith.output_lock import locked
from wondersmith.render import OnStep

CARDS = Path("cards")
HTML_PDF = ("html", "pdf")


@dataclass
class BuildReport:
    """What a build did: problems found, outputs written, outputs already current."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # compile errors, located
    invalid: list[str] = field(default_factory=list)  # games not rendered: invalid data
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    compiled: list[str] = field(default_factory=list)  # games whose package was recompiled
    # Per language, per game: (names shown in English for want of a translation, names).
    untranslated: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors and not self.invalid and \
            not any(d.severity == "error" for d in self.diagnostics)


def compile_games(cards: Path, out: Path, manifest: Manifest | None,
                  report: BuildReport) -> None:
    """Compile the games whose package is not current (every game without a manifest)."""
    from wondersmith.codegen import outputs

    folders, _ = find_games([cards])
    todo = []
    for folder in folders:
        gid = game_id(folder)
        if manifest is None or gid is None or \
                not manifest.current(out / gid, outputs.compile_inputs(folder)):
            todo.append(folder)
        else:
            report.unchanged.append(out / gid)
    if not todo:
        return
    result = outputs.expected(cards, out, todo)
    report.diagnostics += result.diagnostics
    report.errors += result.errors
    if not result.ok:
        return
    written = outputs.write(result, out, manifest)
    report.written += written
    report.compiled += result.games
    report.unchanged += [out / g for g in result.games
                         if not any(p.parent == out / g for p in written)]


def render_games(paths: list[Path], langs: tuple[str, ...], formats: tuple[str, ...],
                 paper: str, out_dir: Path, docs_dir: Path | None,
                 manifest: Manifest | None, report: BuildReport,
                 on_step: OnStep | None = None, fallback_marks: bool = True,
                 cards_dir: Path | None = None) -> None:
    """Render the sheets and docs of every game under `paths` that are not current, and
    with `cards_dir` (and "pdf" among the formats) its print-and-play cards.
    `fallback_marks` false: sheets for print, English fallbacks unmarked."""
    from wondersmith.ir.loader import load_game
    from wondersmith import render
    from wondersmith.render.cards import LayoutError, TemplateError
    from wondersmith.render.sheets import RenderError

    with_cards = cards_dir is not None and "pdf" in formats

    def outputs(gid: str, folder: Path) -> tuple[list[render.Step], list[render.Step]]:
        sheets = render.steps(gid, folder, langs, formats, paper, out_dir, docs_dir,
                              fallback_marks)
        cards = render.card_steps(gid, folder, langs, paper, cards_dir) if with_cards else []
        return sheets, cards

    plans = []
    for folder in find_games(paths)[0]:
        gid = game_id(folder)
        every = sum(outputs(gid, folder), []) if gid else []
        if gid and not render.pending(every, manifest):
            report.unchanged += [s.path for s in every]
        else:
            plans.append(folder)
    work = []  # (loaded game, number of sheets and docs, number of cards to render)
    for folder in plans:
        loaded = load_game(folder)
        if not loaded.ok:
            report.diagnostics += loaded.diagnostics
            report.invalid.append(folder.name)
            continue
        sheets, cards = outputs(loaded.game.id, folder)
        work.append((loaded, len(render.pending(sheets, manifest)),
                     len(render.pending(cards, manifest))))
    total = sum(sheets + cards for _, sheets, cards in work)
    done_before = 0
    for loaded, sheet_count, card_count in work:
        def step(description: str, done: int, _: int) -> None:
            if on_step:
                on_step(description, done_before + done, total)

        try:
            result = render.render_game(loaded.game, loaded.folder, langs, formats, paper,
                                        out_dir, docs_dir, manifest, step, fallback_marks)
        except RenderError as exc:  # data that validation should have refused
            report.errors.append(f"wondersmith: not rendered: {loaded.folder.name}: {exc}")
            continue
        report.written += result.written
        report.unchanged += result.unchanged
        done_before += sheet_count
        if not with_cards:
            continue
        try:
            made = render.render_game_cards(loaded.game, loaded.folder, langs, paper,
                                            cards_dir, manifest, step)
        except (RenderError, LayoutError, TemplateError) as exc:
            report.errors.append(f"wondersmith: cards not rendered: {loaded.folder.name}: "
                                 f"{exc}")
            continue
        report.written += made.written
        report.unchanged += made.unchanged
        done_before += card_count
    if on_step and total:
        on_step("sheets, docs and cards" if with_cards else "sheets and docs", total, total)


def count_untranslated(cards: Path, langs: tuple[str, ...], report: BuildReport) -> None:
    """Fill `report.untranslated` for every valid game under `cards`."""
    from wondersmith.ir.loader import load_game
    from wondersmith.validate.locales import untranslated_names

    for folder in find_games([cards])[0]:
        loaded = load_game(folder)
        if not loaded.ok:
            continue
        for lang, counts in untranslated_names(folder, loaded.game, langs).items():
            report.untranslated.setdefault(lang, {})[loaded.game.id] = counts


def run_build(cards: Path = CARDS, *, root: Path | None = None,
              langs: tuple[str, ...] | None = None, formats: tuple[str, ...] = HTML_PDF,
              paper: str = "a4", on_step: OnStep | None = None,
              on_wait: Callable[[str], None] | None = None) -> BuildReport:
    """Validate every game under `cards`, then compile and render what is out of date.

    Outputs go under `root` (default: the folder holding `cards`): `generated/<game>/`,
    `generated/sheets/`, `docs/rules/`, the print-and-play cards `generated/cards/` (when
    "pdf" is among the `formats`), and the manifest `generated/manifest.json`. Nothing is
    written when the data is invalid. `on_step(description, done, total)` is called before
    each sheet or doc is rendered. Another build (or `compile`, or a `--watch` rebuild) writing
    the same outputs is waited for: `on_wait(message)` is told once. Returns what was written
    and what was already current,
    and how many names each language shows in English for want of a translation.
    """
    from wondersmith.api import validate_paths as collect
    from wondersmith.render.i18n import LANGUAGES

    root = Path(root) if root is not None else Path(cards).parent
    report = BuildReport(diagnostics=collect([cards]))
    if not report.ok:
        return report
    generated = root / "generated"
    with locked(generated, on_wait):
        manifest = Manifest(root)
        compile_games(cards, generated, manifest, report)
        # Compile diagnostics repeat validation's: keep one copy of each.
        report.diagnostics = list(dict.fromkeys(report.diagnostics))
        if report.ok:
            render_games([cards], langs or LANGUAGES, formats, paper, generated / "sheets",
                         root / "docs" / "rules", manifest, report, on_step,
                         cards_dir=generated / "cards")
            count_untranslated(cards, langs or LANGUAGES, report)
        manifest.save()
    return report
