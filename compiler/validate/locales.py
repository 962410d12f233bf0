"""Per-locale names and the translation catalogs: loading, and the checks `validate` runs.

- `cards/<game>/locales/<lang>.yaml` gives card, Wonder and token names by id (official
  names only; a missing name falls back to the English name of the card data).
- `compiler/render/locale/<lang>/LC_MESSAGES/messages.po` translates the phrase templates
  extracted into `compiler/render/locale/messages.pot`.

Codes (docs/errors.md): WS401 missing translation (warning), WS402 orphan key (error),
WS403 placeholder mismatch (error), WS404 malformed locale file (error), WS405 two
components with names alike in a language (error).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from wondersmith.dsl import schemas
from wondersmith.validate.schema_check import name_problem
from wondersmith.diagnostics import WARNING, Diagnostic, sort_key
from wondersmith.ir import extends
from wondersmith.ir.loader import LOCALES_DIR, display_path, load_game, read_document
from wondersmith.ir.model import Game
from wondersmith.languages import LANGUAGES, LOCALE_DIR, placeholders, read_catalog

SCHEMA_NAME = "locale.schema.json"
LOCALE_SCHEMA_LINE = "# yaml-language-server: $schema=../../../schema/locale.schema.json"


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(schemas.packaged(SCHEMA_NAME)))


def locale_file(folder: Path, lang: str) -> Path:
    return folder / LOCALES_DIR / f"{lang}.yaml"


def names_files(folder: Path, lang: str) -> dict[str, Path]:
    """The files that give a game's names in `lang`, by the label render hashes: its own
    `locales/<lang>.yaml` and, for an extension, each base's before it (`base/<folder>/names`).
    A file may be absent."""
    *bases, own = extends.chain(folder)
    files = {f"base/{base.name}/names": locale_file(base, lang) for base in bases}
    files["game/names"] = locale_file(own, lang)
    return files


def load_names(folder: Path, lang: str) -> dict[str, str]:
    """Names by id for one language (empty when the game has no file for it); an
    extension's add to its bases' (the base components' names are the base's)."""
    names: dict[str, str] = {}
    for path in names_files(folder, lang).values():
        names.update(_own_names(path, lang))
    return names


def _own_names(path: Path, lang: str) -> dict[str, str]:
    if lang == "en" or not path.is_file():
        return {}
    doc = read_document(path)
    if doc.diagnostics or not isinstance(doc.data, dict):
        return {}
    names = doc.data.get("names") or {}
    return {str(k): str(v) for k, v in names.items() if isinstance(v, str)}


def untranslated_names(folder: Path, game: Game, langs: tuple[str, ...] = LANGUAGES
                       ) -> dict[str, tuple[int, int]]:
    """Per language (English apart): (names with no translation, names in all) of the game's
    cards, Wonders, tokens and boards. Those show in English on its sheets, listed under
    `english_fallback` or not."""
    ids = [c.id for c in game.components()]
    out = {}
    for lang in langs:
        if lang != "en":
            names = load_names(folder, lang)
            out[lang] = (sum(i not in names for i in ids), len(ids))
    return out


def _diag(file: str, line: int, col: int, code: str, message: str, hint: str = "",
          severity: str = "error") -> Diagnostic:
    return Diagnostic(file, line, col, code, message, hint, severity)


def _kinds(game: Game) -> str:
    """What a name may be for in this game: 'card, Wonder or token' (Duel), 'card or board'
    (classic)."""
    kinds = [word for word, items in (("card", game.buildings), ("Wonder", game.wonders),
                                      ("board", game.boards), ("token", game.tokens)) if items]
    return " or ".join(filter(None, (", ".join(kinds[:-1]), kinds[-1]))) if kinds else "component"


def check_names(folder: Path, game: Game | None) -> list[Diagnostic]:
    """The locale YAML files of one game."""
    found: list[Diagnostic] = []
    langs = LANGUAGES
    ids = [c.id for c in game.components()] if game else []
    # An extension's locale files name its own components; its bases' files name theirs.
    own = _own_ids(folder, game) if game else []
    for path in sorted((folder / LOCALES_DIR).glob("*.yaml")):
        file = display_path(path)
        doc = read_document(path)
        if doc.diagnostics:
            found += doc.diagnostics
            continue
        for error in sorted(_validator().iter_errors(doc.data), key=lambda e: list(e.path)):
            line, col = doc.where(tuple(error.path))
            found.append(_diag(file, line, col, "WS404",
                               f"locale file does not match its schema: {error.message}",
                               "see schema/locale.schema.json"))
        data = doc.data if isinstance(doc.data, dict) else {}
        lang = data.get("language")
        if isinstance(lang, str) and lang != path.stem:
            line, col = doc.where(("language",))
            found.append(_diag(file, line, col, "WS404",
                               f"language '{lang}' in a file named {path.name}",
                               f"name the file {lang}.yaml, or set language: {path.stem}"))
        if path.stem not in langs:
            found.append(_diag(file, 1, 1, "WS404",
                               f"no translation catalog for language '{path.stem}'",
                               "languages with catalogs: " + ", ".join(langs)))
        names = data.get("names")
        for key, name in (names.items() if isinstance(names, dict) else ()):
            problem = isinstance(name, str) and name_problem(name)
            if problem:
                line, col = doc.where(("names", key))
                found.append(_diag(file, line, col, "WS208", *problem))
        if not isinstance(names, dict) or game is None:
            continue
        fallback = data.get("english_fallback") or []
        fallback = fallback if isinstance(fallback, list) else []
        for i, key in enumerate(fallback):
            if not isinstance(key, str):  # the schema check above reported it (WS404)
                continue
            if key not in ids or key in names:
                line, col = doc.where(("english_fallback", i))
                found.append(_diag(file, line, col, "WS402",
                                   f"'{key}' in english_fallback "
                                   + ("also has a name" if key in names
                                      else f"is no {_kinds(game)} of this game"),
                                   "remove it from english_fallback"))
        for key in names:
            if path.stem == "en":
                line, col = doc.where(("names", key), key=True)
                found.append(_diag(file, line, col, "WS402",
                                   f"English name for '{key}' in en.yaml",
                                   "English names come from the card data: edit the card's "
                                   "`name` instead"))
            elif key not in ids:
                from wondersmith.diagnostics import did_you_mean
                line, col = doc.where(("names", key), key=True)
                found.append(_diag(file, line, col, "WS402",
                                   f"name for '{key}', which is no {_kinds(game)} of this "
                                   f"game", did_you_mean(key, ids)))
        if path.stem != "en":
            inherited = {**load_names(folder, path.stem), **names}
            found += _translated_clashes(game, inherited, names, file, doc)
            missing = [i for i in own if i not in inherited and i not in fallback]
            if missing:
                shown = ", ".join(missing[:8]) + (", ..." if len(missing) > 8 else "")
                found.append(_diag(file, 1, 1, "WS401",
                                   f"{len(missing)} of {len(own)} names have no "
                                   f"'{path.stem}' translation and fall back to English: "
                                   f"{shown}",
                                   "add the official name under `names:`, or list the id "
                                   "under `english_fallback:` when no source gives one",
                                   WARNING))
    return found


def _own_ids(folder: Path, game: Game) -> list[str]:
    """The ids of the components the game folder's own card files give (an extension's new
    and replaced ones; every one for a game of its own)."""
    here = folder.resolve()
    return [c.id for c in game.components() if Path(c.loc.file).resolve().parent == here]


def _translated_clashes(game: Game, shown_names: dict, names: dict, file: str, doc
                        ) -> list[Diagnostic]:
    """WS405: two components whose names in this language (the English one where it falls
    back) fold alike, or one's like another's id (names.py); where neither name is
    translated in this file (`names`), the clash is the English data's (WS328) or a base's
    locale file's."""
    from wondersmith.validate.names import clash_message, clashes
    shown = {c.id: shown_names[c.id] if isinstance(shown_names.get(c.id), str) else c.name
             for c in game.components()}
    found = []
    for item, what, other, other_what in clashes((c, shown[c.id]) for c in game.components()):
        if what == "name" and item.id in names:
            at = item.id
        elif other_what == "name" and other.id in names:
            at = other.id
        else:
            continue
        line, col = doc.where(("names", at))
        found.append(_diag(file, line, col, "WS405",
                           clash_message(item, what, other, other_what, shown[item.id],
                                         shown[other.id]),
                           "give each its own official name in this language"))
    return found


def _msgid(message: Any) -> str:
    return message.id[0] if isinstance(message.id, (list, tuple)) else message.id


def _source_fields(message: Any) -> set[str]:
    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    out: set[str] = set()
    for i in ids:
        out |= placeholders(i)
    return out


def check_catalogs(locale_dir: Path | None = None) -> list[Diagnostic]:
    """Every .po against the .pot: missing, orphan and placeholder-changing messages."""
    locale_dir = locale_dir or LOCALE_DIR
    pot_path = locale_dir / "messages.pot"
    if not pot_path.is_file():
        return [_diag(display_path(pot_path), 1, 1, "WS404", "no message template (.pot)",
                      "run `wondersmith sheets --update-catalogs`")]
    template = read_catalog(pot_path)
    wanted = {(m.context, _msgid(m)): m for m in template if m.id}
    found: list[Diagnostic] = []
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = locale_dir / lang / "LC_MESSAGES" / "messages.po"
        file = display_path(path)
        if not path.is_file():
            found.append(_diag(file, 1, 1, "WS401",
                               f"no catalog for '{lang}': every text falls back to English",
                               "run `wondersmith sheets --update-catalogs`", severity=WARNING))
            continue
        catalog = read_catalog(path, lang)
        have = {}
        for m in catalog:
            if not m.id:
                continue
            key = (m.context, _msgid(m))
            have[key] = m
            line = m.lineno or 1
            if key not in wanted:
                found.append(_diag(file, line, 1, "WS402",
                                   f"orphan message {key[1]!r}: not in messages.pot",
                                   "remove it, or run `wondersmith sheets --update-catalogs` "
                                   "to mark it obsolete"))
                continue
            forms = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
            if not all(forms) or m.fuzzy:
                found.append(_diag(file, line, 1, "WS401",
                                   f"message {key[1]!r} has no '{lang}' translation"
                                   + (" (fuzzy)" if m.fuzzy else ""),
                                   "translate it; until then it is shown in English, marked",
                                   WARNING))
                continue
            source = _source_fields(wanted[key])
            for form in forms:
                got = placeholders(form)
                if got != source:
                    found.append(_diag(
                        file, line, 1, "WS403",
                        f"placeholders of {key[1]!r} differ: the source has "
                        f"{sorted(source)}, the '{lang}' text has {sorted(got)}",
                        "keep every {name} of the source, spelled the same"))
                    break
        for key, m in wanted.items():
            if key not in have:
                found.append(_diag(file, 1, 1, "WS401",
                                   f"message {key[1]!r} is missing from the '{lang}' catalog",
                                   "run `wondersmith sheets --update-catalogs`, then "
                                   "translate it", WARNING))
    return found


def check(folder: Path, game: Game | None = None) -> list[Diagnostic]:
    """Locale diagnostics for one game folder: its names files and the shared catalogs."""
    if game is None and (folder / LOCALES_DIR).is_dir():
        game = load_game(folder).game
    return sorted(check_names(folder, game) + check_catalogs(), key=sort_key)
