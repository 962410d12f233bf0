"""Diagnostics: every problem found in rules data, with a stable code, a location and a hint.

The table `CODES` is the catalogue documented in docs/errors.md (a test keeps them in step).
"""
from __future__ import annotations

import difflib
import json
from dataclasses import asdict, dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Iterable
from urllib.parse import quote

from wondersmith.excerpts import display, excerpt, render, source_line

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Code:
    code: str
    title: str
    fix: str


_CODES = [
    # Layer 1: strict YAML.
    Code("WS101", "YAML syntax error",
         "Fix the YAML at the position shown: the message says what is wrong in plain words."),
    Code("WS102", "duplicate key", "Remove or rename one of the two keys; YAML would silently "
                                   "keep only the last."),
    Code("WS103", "ambiguous YAML 1.1 scalar",
         "Quote the value (or use true/false): YAML 1.1 tools read yes/no/on/off as booleans "
         "and 2015-10-01 as a date."),
    Code("WS104", "input too complex",
         "Write the value out instead of nesting aliases, or flatten the nesting."),
    Code("WS105", "file too large", "Split the data into smaller files."),
    Code("WS106", "not UTF-8 text", "Save the file as UTF-8."),
    Code("WS107", "not a single YAML document", "Keep exactly one document per file, with "
                                                "no `---` separators and at least one key."),
    Code("WS108", "unsupported YAML tag", "Remove the `!tag`; rules data uses plain values."),
    Code("WS109", "number too large to read",
         "Write a small whole number: every number in rules data is a count or a price."),
    Code("WS110", "not a regular file",
         "Put the data file itself there: a folder, named pipe, device or socket is never "
         "read as data."),
    Code("WS111", "link out of the folder of games",
         "Copy the file into the folder of games (`cards/`) instead of linking to it: a "
         "symbolic link is followed only when it stays inside."),
    Code("WS112", "file not read: `.yml`",
         "Rename the file to end in `.yaml`: only `.yaml` files of a game folder are read."),
    # A game that extends another (compiler/ir/extends.py).
    Code("WS113", "unknown base game",
         "Put the base game's folder beside the extension in the same folder of games, or "
         "fix the id after `extends:`."),
    Code("WS114", "cycle of extensions",
         "Remove `extends:` from one game of the cycle: a game cannot extend itself."),
    Code("WS115", "extension in an older data format",
         "Write `format: 3` or newer in the extension's game.yaml: older formats had no "
         "extensions."),
    Code("WS116", "extension without its own id or name",
         "Give the extension's game.yaml an `id:` and a `name:` of its own."),
    # Layer 2: schema.
    Code("WS201", "unknown key", "Check the spelling against the schema (docs/dsl.md)."),
    Code("WS202", "unknown effect", "Use a verb of the DSL (docs/dsl.md)."),
    Code("WS203", "missing required key", "Add the key."),
    Code("WS204", "wrong type", "Give a value of the type the schema expects."),
    Code("WS205", "value not allowed", "Use one of the allowed values."),
    Code("WS206", "value out of range", "Give a value that meets the constraint shown."),
    Code("WS207", "malformed effect", "Write an effect as a one-key mapping `verb: value`, "
                                      "or the bare verb for verbs without a value."),
    Code("WS208", "blank name or invisible character in a name",
         "Give a name with visible text, without control, zero-width or bidirectional "
         "characters."),
    Code("WS209", "id is a Python keyword or constant",
         "Choose another id (for example with a suffix): ids become names in generated code."),
    # Layer 3: semantics.
    Code("WS301", "duplicate id",
         "Give every card, Wonder, token and board its own id. A Wonder stage's id is made "
         "from its board's (`gizah_b_4`: board `gizah`, side B, stage 4), and no card may "
         "take it."),
    Code("WS302", "name not declared by the game",
         "Use a resource, colour, science symbol or senate section listed in the game's "
         "game.yaml, or declare it there."),
    Code("WS303", "chain symbol given by several cards", "Give each chain symbol on one card."),
    Code("WS304", "chain symbol nobody gives",
         "Fix the symbol's spelling or add `chain_gives` to the earlier card."),
    Code("WS305", "chain to an earlier or the same Age",
         "A chain links a card to a card of a later Age."),
    Code("WS306", "chain symbol used by several cards", "Each chain links one card to one card."),
    Code("WS307", "chain symbol nobody uses",
         "Add `chain_from` to the later card, or remove the symbol."),
    Code("WS308", "wrong number of cards in an Age",
         "Make the Age's cards match `ages` in game.yaml (or fix the count there)."),
    Code("WS309", "wrong number of cards of a colour in an Age",
         "Check each card's colour against `ages[].colors` in game.yaml."),
    Code("WS310", "science symbol on the wrong number of cards",
         "Each card symbol appears on `science.cards_per_symbol` green cards."),
    Code("WS311", "structure slots do not match the cards in play",
         "An Age's structure holds its deck less the cards left out, plus its guilds."),
    Code("WS312", "structure geometry is inconsistent",
         "Keep slots of a row at least two half-cards apart and every card resting on the "
         "previous row; give each Age exactly one structure."),
    Code("WS313", "reference to something that does not exist",
         "Fix the id or the Age so that it names an existing one."),
    Code("WS314", "set-up does not fit the components", "Make the set-up numbers fit the "
                                                        "cards, Wonders and tokens there are; "
                                                        "a Decree is a token whose effects "
                                                        "hold while it is held (ongoing, VP "
                                                        "or shields)."),
    Code("WS315", "military track is inconsistent",
         "Zones run from 0 outwards without gaps or overlaps, and supremacy lies just past "
         "the last zone."),
    Code("WS316", "selector needs more players",
         "`left` and `right` exist only with three players or more; use `neighbours`."),
    Code("WS317", "card file outside a game", "Put card files in a game folder next to its "
                                              "game.yaml."),
    Code("WS318", "data that does nothing", "Remove it, or give it an effect."),
    Code("WS319", "mechanic the engine does not know",
         "Name mechanics of `compiler/engine/mechanics/` (docs/engine.md lists them)."),
    Code("WS320", "seating does not fit the game",
         "`seating: opponent` needs `players: 2`; a two-sided mechanic (the "
         "tug-of-war military track) needs `seating: opponent`; a mechanic that reads "
         "another one needs it listed too."),
    Code("WS321", "an Age does not deal a full hand to every player",
         "At each player count N, an Age's copies printed for N or fewer (and its guilds) "
         "make `hand` × N cards: fix the cards' `copies` or the Age's `hand`."),
    Code("WS322", "too few guilds for the most players",
         "Add guilds, or draw fewer (`setup.guilds.count`)."),
    Code("WS323", "printed count differs from the cards",
         "Make `ages[].printed` and `setup.guilds.printed` count the copies the files print."),
    Code("WS324", "player counts do not fit",
         "`players.min` is at most `players.max`, and each card's `copies` lists counts of "
         "that range in increasing order."),
    Code("WS325", "two cards of the same name",
         "Cards sharing a name are one card: never two in an Age for one player count, and "
         "alike in colour, cost and effects."),
    Code("WS326", "conflict tokens do not fit the Ages",
         "List one victory token per Age in `conflicts.victory`."),
    Code("WS327", "components no mechanic plays",
         "List the mechanic that plays them in `mechanics` (wonder_draft: Wonders; "
         "progress_tokens: tokens; wonder_boards: boards), or remove them."),
    Code("WS328", "two components go by the same name",
         "Give each component a name of its own, unlike every other name and id once case "
         "and Unicode forms are set aside: action texts and game records name components so. "
         "Cards of one name printed in several Ages are one card (WS325)."),
    Code("WS335", "base component replaced without saying so",
         "List the id in the extension's `replaces:` to replace the base's component, or "
         "give the new component an id of its own."),
    Code("WS336", "nothing to replace",
         "`replaces:` lists base components the extension's card files give anew: remove "
         "an id that is not the base's or that no card file of the extension gives."),
    Code("WS337", "extension key in a game of its own",
         "Add `extends: <base id>`, or remove `added_mechanics:` and `replaces:`."),
    Code("WS338", "mechanic added twice",
         "Remove the name from `added_mechanics:`: the base game already has it."),
    Code("WS340", "effect of a mechanic the game does not list",
         "Add the mechanic to `mechanics` (or `added_mechanics`), or use another effect: "
         "the engine plays this one only with its mechanic (influence and the Senate's "
         "verbs: `senate`)."),
    # Agora's conspiracies (compiler/validate/conspiracies.py).
    Code("WS345", "conspiracy that is not a token",
         "Name in `conspiracies.deck` the tokens of the game that are conspiracies."),
    Code("WS346", "conspiracy with a lasting effect",
         "A conspiracy's effects are played when it is triggered: give it effects on build "
         "only, no ongoing effect and no points."),
    Code("WS347", "verb of a mechanic the game does not list",
         "The conspiracies' verbs (conspire, take_wonder, ...) are played by the mechanic "
         "`conspiracies`: list it in `mechanics`, with its section."),
    # Locales (compiler/validate/locales.py): per-locale names and translation catalogs.
    Code("WS401", "missing translation",
         "Translate the message (or add the official name); until then it is shown in "
         "English and marked as untranslated."),
    Code("WS402", "orphan translation key",
         "Remove the entry: it names no card of the game, or no message of messages.pot."),
    Code("WS403", "placeholders differ from the source",
         "Keep every {placeholder} of the English message, spelled the same, in each form."),
    Code("WS404", "malformed locale file",
         "Fix the file against schema/locale.schema.json; its name must be its language."),
    Code("WS405", "two components go by the same translated name",
         "Give each component its own official name in the language (the English name, "
         "where it falls back, counts too); cards of one name in several Ages share one."),
    # Data format versions (compiler/ir/migrations.py).
    Code("WS501", "data format newer than this tool",
         "Upgrade wondersmith to a release that reads this format."),
    Code("WS502", "malformed data format version",
         "Write `format:` in game.yaml as a whole number, today's version or an older one."),
    Code("WS503", "older data format",
         "Nothing is wrong: the data is read through migrations. Run `wondersmith migrate` "
         "to rewrite the files in today's format."),
]
CODES: dict[str, Code] = {c.code: c for c in _CODES}


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int
    column: int
    code: str
    message: str
    hint: str = ""
    severity: str = ERROR

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undocumented diagnostic code {self.code}")


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice nearest to `word`, or None when none is near."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A hint naming the nearest choice, or ''."""
    close = closest(word, choices)
    return f"did you mean '{close}'?" if close is not None else ""


def sort_key(d: Diagnostic) -> tuple:
    return (d.file, d.line, d.column, d.code, d.message)


def hint_of(d: Diagnostic) -> str:
    """The diagnostic's own hint, or its code's usual fix: every diagnostic has one."""
    return d.hint or CODES[d.code].fix


def format_text(diagnostics: list[Diagnostic], *, excerpts: bool = True) -> str:
    """One line per problem (file:line:column: severity code: message), the source line with
    a caret under the column (rustc style) unless `excerpts` is false, then the hint."""
    lines = []
    for d in diagnostics:
        lines.append(f"{d.file}:{d.line}:{d.column}: {d.severity} {d.code}: "
                     f"{display(d.message)}")
        if excerpts:
            lines += render(d.file, d.line, d.column)
        lines.append(f"    hint: {display(hint_of(d))}")
    return "\n".join(lines)


def format_json(diagnostics: list[Diagnostic]) -> str:
    """A list of objects: the diagnostic's fields, its hint (the code's usual fix when it has
    none of its own), and `excerpt`: the source line as shown (cut around the column when
    long, invisible characters named) with `excerpt_column`, the caret's 1-based position in
    it; both null when the file cannot be read."""
    items = []
    for d in diagnostics:
        item = asdict(d)
        item["hint"] = hint_of(d)
        found = excerpt(d.file, d.line, d.column)
        item["excerpt"] = found.text if found else None
        item["excerpt_column"] = found.start + 1 if found else None
        items.append(item)
    return json.dumps(items, indent=2, ensure_ascii=False)


def _escape_github(value: str, *, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def format_github(diagnostics: list[Diagnostic]) -> str:
    """GitHub Actions workflow commands: one annotation per diagnostic."""
    lines = []
    for d in diagnostics:
        message = d.message + f" ({hint_of(d)})"
        lines.append(
            f"::{d.severity} file={_escape_github(d.file, prop=True)},line={d.line},"
            f"col={d.column},title={d.code}::{_escape_github(message)}"
        )
    return "\n".join(lines)


# SARIF 2.1.0 (`validate --format sarif`), for GitHub code scanning and other viewers: one run
# of one tool; every code is a rule (title, usual fix), every diagnostic a result at its file,
# line and column with the source line as the region's snippet. Relative paths are URIs against
# %SRCROOT%, the repository's root for GitHub; no absolute path of this machine is written.
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
# Codes whose diagnostics are warnings; every other code is an error.
WARNING_CODES = {"WS401"}


def _tool_version() -> str:
    try:
        return metadata.version("wondersmith")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        return "0"


def _uri(file: str) -> tuple[str, bool]:
    """A file's URI, and whether it is relative to %SRCROOT%."""
    path = Path(file)
    if path.is_absolute():
        return path.as_uri(), False
    return quote(str(PurePosixPath(*path.parts))), True


def _rule(code: str) -> dict:
    entry = CODES[code]
    return {
        "id": code,
        "name": "".join(w.capitalize() for w in entry.title.replace("-", " ").split()
                        if w.isalnum()),
        "shortDescription": {"text": entry.title},
        "fullDescription": {"text": f"{entry.title}. {entry.fix}"},
        "help": {"text": f"{entry.fix} See docs/errors.md ({code})."},
        "defaultConfiguration": {"level": "warning" if code in WARNING_CODES else "error"},
    }


def _result(d: Diagnostic, rule_index: dict[str, int]) -> dict:
    uri, relative = _uri(d.file)
    artifact = {"uri": uri, **({"uriBaseId": "%SRCROOT%"} if relative else {})}
    region: dict = {"startLine": max(d.line, 1), "startColumn": max(d.column, 1)}
    line = source_line(d.file, d.line)
    if line is not None and len(line) <= 1000:  # a snippet, not a megabyte of one-line data
        region["snippet"] = {"text": line}
    return {
        "ruleId": d.code,
        "ruleIndex": rule_index[d.code],
        "level": "warning" if d.severity == WARNING else "error",
        "message": {"text": f"{d.message} (hint: {hint_of(d)})"},
        "locations": [{"physicalLocation": {"artifactLocation": artifact, "region": region}}],
    }


def sarif_log(diagnostics: list[Diagnostic]) -> dict:
    """The SARIF log of a list of diagnostics, as a JSON-ready dictionary."""
    rule_index = {code: i for i, code in enumerate(CODES)}
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {
                "name": "wondersmith",
                "version": _tool_version(),
                "rules": [_rule(code) for code in CODES],
            }},
            "columnKind": "unicodeCodePoints",
            "results": [_result(d, rule_index) for d in diagnostics],
        }],
    }


def format_sarif(diagnostics: list[Diagnostic]) -> str:
    return json.dumps(sarif_log(diagnostics), indent=2, ensure_ascii=False)


FORMATTERS = {"text": format_text, "json": format_json, "github": format_github,
              "sarif": format_sarif}
