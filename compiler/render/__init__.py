"""Rendering: reference sheets (HTML, PDF) and rules docs (Markdown) in every language.

`render_game` writes, for one game, `generated/sheets/<game>-<lang>.html` and `.pdf` and
`docs/rules/<game>-<lang>.md`. All of it is built from the typed intermediate form.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from wondersmith.ir.model import Game

SHEETS_DIR = Path("generated/sheets")
RULES_DIR = Path("docs/rules")
FORMATS = ("html", "pdf")


@dataclass
class Rendered:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)


def _write(path: Path, data: bytes, result: Rendered) -> None:
    if path.is_file() and path.read_bytes() == data:
        result.unchanged.append(path)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    result.written.append(path)


def render_game(game: Game, folder: Path, langs: tuple[str, ...], formats: tuple[str, ...],
                paper: str = "a4", out_dir: Path = SHEETS_DIR,
                docs_dir: Path | None = RULES_DIR) -> Rendered:
    """Render one game's sheets (and rules docs, unless docs_dir is None)."""
    from wondersmith.validate.locales import load_names
    from wondersmith.render import sheets

    result = Rendered()
    font_base = sheets.font_base_for(out_dir)
    for lang in langs:
        start = time.perf_counter()
        names = load_names(folder, lang)
        html = sheets.render_html(game, lang, names, paper, font_base)
        stem = f"{game.id}-{lang}"
        if "html" in formats:
            _write(out_dir / f"{stem}.html", html.encode("utf-8"), result)
        if "pdf" in formats:
            pdf = sheets.render_pdf(html, (out_dir.resolve() / f"{stem}.html").as_uri())
            _write(out_dir / f"{stem}.pdf", pdf, result)
        if docs_dir is not None:
            md = sheets.render_markdown(game, lang, names)
            _write(docs_dir / f"{stem}.md", md.encode("utf-8"), result)
        result.seconds[lang] = time.perf_counter() - start
    return result
