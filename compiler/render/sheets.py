"""Printable reference sheets (HTML and PDF) and rules docs (Markdown) from the typed game.

Everything is built from the intermediate form (`wondersmith.ir.model.Game`) and the per-locale
names, so a data change updates every sheet in every language. HTML goes through Jinja2 with
autoescaping (card text is text, never markup); PDF through WeasyPrint with the Noto Sans
fonts shipped in `fonts/`.

Text from the data is never markup: HTML is autoescaped; every value printed goes through
`clean()` (control, bidi and NUL characters become U+FFFD); text inside CSS strings is
hex-escaped (`css_string`); class names and ids made from data are checked (`css_token`);
Markdown text is escaped and kept on one line (`md_escape`).
"""
from __future__ import annotations

import base64
import dataclasses
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import jinja2
from markupsafe import Markup, escape

from wondersmith import resources
from wondersmith.dsl.effect import Effect, Icon
from wondersmith.dsl.rules_keys import KNOWN as MECHANICS
from wondersmith.engine.core.rules import RulesError
from wondersmith.engine.mechanics.catalogue import OPPONENT, SEATINGS
from wondersmith.ir.model import Board, Building, Cost, Game, Structure, Token, Wonder
from wondersmith.ir.rules import CORE
from wondersmith.render import boards, circle_texts, phrases, scoring, texts, track
from wondersmith.render.i18n import LANGUAGE_NAMES, Text, Translator, translator

HERE = resources.folder("wondersmith.render")
ICONS_DIR = HERE / "icons"
FONTS_DIR = HERE / "fonts"
TEMPLATES_DIR = HERE / "templates"
PAPERS = {"a4": "A4", "letter": "letter"}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


@lru_cache(maxsize=None)
def icon_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in ICONS_DIR.glob("*.svg")))


@lru_cache(maxsize=None)
def icon_css() -> str:
    """One CSS rule per icon, the SVG inlined once as a data URI."""
    rules = []
    for name in icon_names():
        data = base64.b64encode((ICONS_DIR / f"{name}.svg").read_bytes()).decode("ascii")
        rules.append(f".i-{name.replace('_', '-')}{{background-image:url("
                     f"data:image/svg+xml;base64,{data})}}")
    return "\n".join(rules)


@dataclass
class EffectView:
    text: Text
    icons: list[Icon] = field(default_factory=list)


@dataclass
class CardView:
    id: str
    name: Text
    kind: str
    color: str
    coins: int
    resources: list[Icon]
    chain_gives: Icon | None
    chain_from: Icon | None
    effects: list[EffectView]
    copies: list[str] = field(default_factory=list)  # "3+", "5+": one mark per copy
    copies_text: Text = Text("")
    cost_note: Text = Text("")  # a cost no number states (a senator's: by senators owned)

    @property
    def free(self) -> bool:
        return not self.coins and not self.resources and not self.cost_note


def _name(t: Translator, item: Building | Wonder | Token | Board,
          names: dict[str, str]) -> Text:
    if t.lang == "en":
        return Text(item.name)
    if item.id in names:
        return Text(names[item.id])
    return Text(item.name, True)


def _cost_icons(t: Translator, cost: Cost) -> list[Icon]:
    return [Icon(r, phrases.resource_units(t, r, n), n) for r, n in cost.resources]


def _effects(t: Translator, effects: tuple[Effect, ...], opponent: bool) -> list[EffectView]:
    return [EffectView(phrases.effect_text(t, e, opponent), e.icons(t)) for e in effects]


# A chain named after cards (7 Wonders): (the cards it makes free, the cards that give it).
NamedChains = dict[str, tuple[Text, Text]]


def named_chains(t: Translator, game: Game, names: dict[str, str]) -> NamedChains | None:
    """The game's chains by the names of their cards, when its chain symbols are not drawn
    symbols (7 Wonders names each after the card that gives it); None when every one is."""
    symbols = {s for b in game.buildings for s in (b.chain_gives, b.chain_from) if s}
    if all("chain_" + s in icon_names() for s in symbols):
        return None
    def cards(attr: str, symbol: str, style: str) -> Text:
        return t.join([_name(t, b, names) for b in game.buildings
                       if getattr(b, attr) == symbol], style=style)
    return {s: (cards("chain_from", s, "standard"), cards("chain_gives", s, "or"))
            for s in sorted(symbols)}


def _chain(t: Translator, symbol: str | None, chains: NamedChains | None,
           gives: bool) -> Icon | None:
    if symbol is None:
        return None
    if chains is not None:
        return Icon("chain_link", chains[symbol][0 if gives else 1])
    return Icon("chain_" + symbol, texts.chain_name(t, symbol))


def card_view(t: Translator, item: Building | Wonder | Token, names: dict[str, str],
              opponent: bool, chains: NamedChains | None = None) -> CardView:
    """A card as the sheet shows it; `opponent`: the game seats two opponents (its seating
    is `opponent`), so effects on "neighbours" read "your opponent"; `chains`: the game's
    chains by card names (`named_chains`), or None for chain symbols drawn as icons."""
    cost = getattr(item, "cost", Cost())
    return CardView(
        id=item.id, name=_name(t, item, names), kind=item.kind,
        color=getattr(item, "color", item.kind), coins=cost.coins,
        resources=_cost_icons(t, cost),
        chain_gives=_chain(t, getattr(item, "chain_gives", None), chains, True),
        chain_from=_chain(t, getattr(item, "chain_from", None), chains, False),
        effects=_effects(t, item.effects, opponent),
        copies=boards.copies_marks(item) if isinstance(item, Building) else [],
        copies_text=boards.copies_text(t, item) if isinstance(item, Building) else Text(""),
    )


def structure_svg(structure: Structure) -> Markup:
    """The card layout of an Age, drawn from the data: face-down cards shaded."""
    unit, card_w, card_h, step = 14, 26, 36, 22
    width = max((c for r in structure.rows for c in r.columns), default=0) * unit + card_w
    height = (len(structure.rows) - 1) * step + card_h
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="structure" '
             f'viewBox="-2 -2 {width + 4} {height + 4}" width="{(width + 4) * 0.75:.0f}pt" '
             f'height="{(height + 4) * 0.75:.0f}pt">']
    for i, row in enumerate(structure.rows):
        fill = "#8c8c8c" if row.face_down else "#ffffff"
        for col in row.columns:
            parts.append(f'<rect x="{col * unit}" y="{i * step}" width="{card_w}" '
                         f'height="{card_h}" rx="3" fill="{fill}" stroke="#333" '
                         f'stroke-width="1.5"/>')
    parts.append("</svg>")
    return Markup("".join(parts))


class RenderError(ValueError):
    """Data text that cannot be placed safely where the sheet needs it (a bug in validation)."""


# C0 and C1 controls but tab and newline, DEL, and the bidi embeddings, overrides and isolates
# that can make text read in another order than it is stored ("Trojan Source").
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069\ufeff]")
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def clean(text: str) -> str:
    """Text with every control and bidi character replaced by U+FFFD, visibly."""
    return _UNSAFE.sub("\ufffd", text)


def _finalize(value: Any) -> Any:
    """Every value a template prints: cleaned, keeping its type (Markup stays Markup)."""
    if isinstance(value, Markup):
        return Markup(clean(str(value)))
    if isinstance(value, str):
        return clean(value)
    return value


def css_string(text: Any) -> Markup:
    """Text for the inside of a double-quoted CSS string: quotes, backslashes, `<`, `>`, `&`
    and anything not printable become hex escapes, so no quote, newline or `</style>`
    survives."""
    out = []
    for ch in clean(str(text)):
        if ch.isprintable() and ch not in "\"'\\<>&":
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):06x}")
    return Markup("".join(out))


def css_token(text: Any) -> str:
    """Data text used in a class name or an id: letters, digits, `_` and `-` only."""
    text = str(text)
    if not _TOKEN.fullmatch(text):
        raise RenderError(f"{text!r} cannot be used in a class name or an id of the sheet "
                          "(letters, digits, _ and - only)")
    return text


def _env(loader: jinja2.BaseLoader | None = None,
         kind: type[jinja2.Environment] = jinja2.Environment) -> jinja2.Environment:
    env = kind(
        loader=loader or jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
        finalize=_finalize,
    )
    env.filters["tr"] = _tr_html
    env.filters["md"] = _tr_md
    env.filters["css"] = css_string
    env.filters["token"] = css_token
    env.filters["md_comment"] = md_comment
    env.filters["fmt"] = lambda text, **kw: _format(text, kw)
    return env


def _format(text: Any, values: dict[str, Any]) -> Text:
    fallback = getattr(text, "fallback", False)
    return Text(str(text).format(**values), fallback)


@jinja2.pass_context
def _tr_html(ctx: jinja2.runtime.Context, text: Any) -> Markup:
    """Translated text as HTML; an English fallback is wrapped and visibly marked, or, for a
    sheet to print (`fallback_marks` false), only tagged as English."""
    if getattr(text, "fallback", False):
        if not ctx.get("fallback_marks", True):
            return Markup('<span lang="en">{}</span>').format(str(text))
        return Markup('<span class="untranslated" lang="en">{}</span>'
                      '<sup class="untranslated-mark">EN</sup>').format(str(text))
    return escape(str(text))


def md_escape(text: str) -> str:
    """Text for one line of Markdown, shown as written: on one line, every character that
    could start markup backslash-escaped, and a leading list or heading marker disarmed."""
    text = " ".join(clean(text).split())  # newlines would end a table row or a paragraph
    text = re.sub(r"([\\`*_\[\]<>|#!~&$])", r"\\\1", text)
    # At the start of a line these open a list, a quote or a setext heading.
    if text[:1] in ("-", "+", "="):
        return "\\" + text
    return re.sub(r"^(\d+)([.)])", r"\1\\\2", text)


def md_comment(text: Any) -> str:
    """Text for an HTML comment in Markdown: no `--`, `<` or `>` that could end it."""
    return re.sub(r"-{2,}|[<>]", " ", clean(str(text)))


def _tr_md(text: Any) -> str:
    out = md_escape(str(text))
    return out + " ⁽ᴱᴺ⁾" if getattr(text, "fallback", False) else out


@lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    return _env()


class _ConfinedLoader(jinja2.FileSystemLoader):
    """The templates of one folder: `..` is refused by Jinja2 already, and a symbolic link
    leading out of the folder is refused here."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Any]:
        source, filename, uptodate = super().get_source(environment, template)
        root = Path(self.searchpath[0]).resolve()
        if not Path(filename).resolve().is_relative_to(root):
            raise jinja2.TemplateNotFound(template, "it leads out of its templates folder")
        return source, filename, uptodate


def sandboxed_environment(folder: Path) -> jinja2.Environment:
    """The environment for templates from a data repository (a designer's own layout): the
    same autoescaping, cleaning and filters, in Jinja2's sandbox, so a template reaches no
    Python internals (`__class__`, `__globals__`...) and no file outside `folder`."""
    from jinja2.sandbox import SandboxedEnvironment

    return _env(_ConfinedLoader(str(folder)), SandboxedEnvironment)


def _check_rules_names(game: Game) -> None:
    """The seating and mechanics choose the sheet's wording: names validation knows (WS319,
    WS320) or a refusal, never a sheet quietly missing its rules. The rules record is read
    through each listed mechanic's config, as `compile` reads it: one it cannot hold is
    refused here too."""
    unknown = [m for m in game.mechanics if m not in MECHANICS]
    if game.seating not in SEATINGS:
        raise RenderError(f"unknown seating {game.seating!r}")
    if unknown:
        raise RenderError("unknown mechanics: " + ", ".join(map(repr, unknown)))
    settings = circle_texts.unknown_variant_settings(game)
    if settings:
        raise RenderError("unknown 2-player variant settings: " + ", ".join(settings))
    for name in (CORE, *game.mechanics):  # the numbers the summary reads, as the engine does
        try:
            game.config(name)
        except RulesError as exc:
            raise RenderError(f"the rules record cannot be read: {exc}") from None


def context(game: Game, lang: str, names: dict[str, str], paper: str = "a4",
            font_base: str = "", fallback_marks: bool = True) -> dict[str, Any]:
    """What the templates print. `fallback_marks`: mark every English fallback (the red
    "EN" and its legend); false for a sheet to print, where English names stay unmarked."""
    t = translator(lang)
    _check_rules_names(game)
    opponent = game.seating == OPPONENT  # else seats around a table: neighbours
    labels = texts.labels(t)
    chains = named_chains(t, game, names)
    if chains is not None:
        labels["chain_gives"] = t.gettext("Makes free")
    ages = []
    colors = [c for c in game.colors if c != game.guild_color]
    for deck in game.ages:
        cards = game.age_cards(deck.age)
        groups = []
        for color in colors:
            members = [card_view(t, b, names, opponent, chains) for b in cards
                       if b.color == color]
            if members:
                groups.append({"color": color, "title": phrases.color_heading(t, color),
                               "cards": members})
        ages.append({"age": deck.age, "roman": ROMAN.get(deck.age, str(deck.age)),
                     "title": _format(labels["age"], {"age": ROMAN.get(deck.age, deck.age)}),
                     "groups": groups})
    guilds = [card_view(t, b, names, opponent, chains) for b in game.guilds()]
    # Agora's senators belong to no Age deck (shuffled into each): a group of their own.
    senator_cost = t.gettext("1 coin per senator you already have")
    senators = [dataclasses.replace(card_view(t, b, names, opponent, chains),
                                    cost_note=senator_cost)
                for b in game.buildings if game.senator_color and b.color == game.senator_color]
    page_label = str(labels["page"])
    before, _, rest = page_label.partition("{page}")
    middle, _, after = rest.partition("{pages}")
    css_page = (f'"{_css_string(before)}" counter(page) "{_css_string(middle)}" '
                f'counter(pages) "{_css_string(after)}"')
    structures = [{"age": s.age, "title": _format(labels["structure"],
                                                  {"age": ROMAN.get(s.age, s.age)}),
                   "svg": structure_svg(s)} for s in game.structures]
    return {
        "lang": lang, "language_name": LANGUAGE_NAMES[lang], "game": game,
        "title": Text(game.name), "labels": labels, "ages": ages,
        "guilds": guilds,
        "guilds_title": phrases.color_heading(t, game.guild_color),
        "senators": senators,
        "senators_title": phrases.color_heading(t, game.senator_color or "senator"),
        "wonders": [card_view(t, w, names, opponent) for w in game.wonders],
        **_token_groups(t, game, names, opponent),
        "senate": senate_rows(t, game, labels),
        "cells": track.cells(game), "zones": track.zones(game),
        "rules": texts.rules_summary(t, game), "structures": structures,
        "boards": [boards.board_view(t, b, _name(t, b, names),
                                     lambda effects: _effects(t, effects, opponent))
                   for b in game.boards],
        "conflicts": boards.conflict_rows(t, game),
        "pad": scoring.pad(t, game),
        "has_copies": any(b.copies for b in game.buildings),
        "has_track": "military_track" in game.mechanics, "track": track.config(game),
        "card_types": texts.card_types(t, game),
        "paper": PAPERS[paper], "icon_css": Markup(icon_css()),
        "font_base": font_base, "css_page": Markup(css_page),
        "any_fallback": fallback_marks and _any_fallback(t, game, names),
        "fallback_marks": fallback_marks,
        "coin_word": lambda n: phrases.coins(t, n),
        "cost_text": lambda card: _cost_text(t, card),
    }


def token_group(game: Game) -> Callable[[str], str]:
    """What a token is, by id, as the label naming its group: the Senate's Decrees
    ("decrees"), the conspiracies, the military track's tokens ("military_tokens") and the
    progress tokens (every other token: "tokens")."""
    decrees = set(game.config("senate").decrees) if "senate" in game.mechanics else set()
    plots = (set(game.config("conspiracies").deck) if "conspiracies" in game.mechanics
             else set())
    zones = track.config(game).zones if "military_track" in game.mechanics else ()
    military = {z.token for z in zones if z.token}
    return lambda token: ("decrees" if token in decrees else "conspiracies" if token in plots
                          else "military_tokens" if token in military else "tokens")


def _token_groups(t: Translator, game: Game, names: dict[str, str], opponent: bool
                  ) -> dict[str, list[CardView]]:
    """The tokens by what they are (`token_group`), each under its own heading."""
    group_of = token_group(game)
    groups: dict[str, list[CardView]] = {"tokens": [], "decrees": [], "conspiracies": [],
                                         "military_tokens": []}
    for token in game.tokens:
        groups[group_of(token.id)].append(card_view(t, token, names, opponent))
    return groups


def senate_rows(t: Translator, game: Game, labels: dict[str, Text]) -> list[dict[str, Any]]:
    """The Senate board, chamber by chamber in board order (none without the mechanic)."""
    if "senate" not in game.mechanics:
        return []
    return [{"number": i, "section": texts.section_name(t, c.section), "points": c.points,
             "decree": labels["face_up"] if c.face_up else labels["face_down"]}
            for i, c in enumerate(game.config("senate").chambers, 1)]


def _cost_text(t: Translator, card: CardView) -> Text:
    parts = ([phrases.coins(t, card.coins)] if card.coins else []) + \
        [i.label for i in card.resources] + ([card.cost_note] if card.cost_note else [])
    return t.join(parts) if parts else texts.labels(t)["free"]


def _css_string(text: str) -> str:
    return str(css_string(text))


def _any_fallback(t: Translator, game: Game, names: dict[str, str]) -> bool:
    if t.lang == "en":
        return False
    return True  # the legend is cheap; it explains the marker wherever it appears


def font_base_for(out_dir: Path) -> str:
    """The fonts folder as a URL relative to where the HTML is written."""
    rel = os.path.relpath(FONTS_DIR, out_dir.resolve())
    return Path(rel).as_posix() + "/"


def render_html(game: Game, lang: str, names: dict[str, str], paper: str = "a4",
                font_base: str = "../../compiler/render/fonts/",
                fallback_marks: bool = True) -> str:
    return environment().get_template("sheet.html.j2").render(
        **context(game, lang, names, paper, font_base, fallback_marks))


def render_markdown(game: Game, lang: str, names: dict[str, str]) -> str:
    return environment().get_template("rules.md.j2").render(**context(game, lang, names))


def render_pdf(html: str, base_url: str) -> bytes:
    """A PDF of the sheet: the same bytes for the same HTML on every run."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    import weasyprint  # imported late: loading Pango costs time the CLI often does not need

    return pdf_bytes(weasyprint.HTML(string=html, base_url=base_url).render())


def pdf_bytes(document: Any) -> bytes:
    """A laid-out WeasyPrint document (`render_document`) as the sheets' PDF."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    # The bundled fonts (small subsets already, fonts/README.md) are embedded whole:
    # WeasyPrint subsets with HarfBuzz where the system has libharfbuzz-subset and with
    # fontTools elsewhere, and the two give different bytes; whole, the PDF is the same on
    # every machine, for about 180 KB more.
    return document.write_pdf(uncompressed_pdf=False, full_fonts=True)


def render_document(html: str, base_url: str) -> Any:
    """WeasyPrint's laid-out document, for layout checks."""
    import weasyprint

    return weasyprint.HTML(string=html, base_url=base_url).render()
