"""The semantic diff as a report: plain text, Markdown for pull requests, or JSON.

The Markdown report is written for a pull request's summary or comment: per game a table of
counts first, then one collapsible section per kind of change (open when short), so a change
of thirty cards stays readable. Text from the data (names, translations) is escaped there: it
is never markup. The JSON report follows `schema/diff.schema.json`.
"""
from __future__ import annotations

import html
import json
import re
from typing import Any

from wondersmith.tools.diff import (KIND_TITLES, KINDS, GameDiff, ItemChange, LocaleChange,
                                    count, game_count)
from wondersmith.tools.diff_words import compact, plural

JSON_VERSION = 1  # of the JSON report's layout (schema/diff.schema.json)
OPEN_LIMIT = 10  # a Markdown section with more entries than this starts collapsed


def show(value: Any) -> str:
    """A translation (or any value of a locale file) on one line."""
    if value is None or value == "":
        return "(empty)"
    if isinstance(value, list):
        return ", ".join(map(show, value)) or "(empty)"
    text = value if isinstance(value, str) else compact(value)
    return text.replace("\r", "").replace("\n", "\\n")


def _format_note(d: GameDiff) -> str:
    old, new = d.formats
    if old is None or new is None or old == new:
        return ""
    older = "old" if old < new else "new"
    return (f"data format {old} → {new} (the {older} side was read through the migrations; "
            "its rules are compared as today's)")


def detail_pairs(item: ItemChange) -> list[tuple[str, str]]:
    """Each detail as (in the sheet's words, the rest of it in the DSL's form, or "" when the
    line words no effect): "effects: 1 shield → 2 shields" with "shields: 1 → shields: 2".
    The label the two lines share ("effects: ") is given once."""
    words = item.words if len(item.words) == len(item.details) else item.details
    out = []
    for dsl, worded in zip(item.details, words):
        if worded == dsl:
            out.append((dsl, ""))
            continue
        label, sep, _ = dsl.partition(": ")
        shared = label + sep if sep and worded.startswith(label + sep) else ""
        out.append((worded, dsl[len(shared):]))
    return out


def show_detail(worded: str, dsl: str) -> str:
    """One detail on one line: the words, then the DSL form beside them."""
    return f"{worded} — DSL: {dsl}" if dsl else worded


# ---------------------------------------------------------------------------------------------
# Text.


def locale_lines(change: LocaleChange) -> list[str]:
    head = f"locale {change.lang}"
    if change.status != "changed":
        keys = change.added or change.removed
        lines = [f"{head} {change.status} ({plural(len(keys), 'key')})"]
    else:
        lines = [f"{head}: {key}: {show(old)} → {show(new)}"
                 for key, (old, new) in change.changed.items()]
        lines += [f"{head}: added {key}: {show(v)}" for key, v in change.added.items()]
        lines += [f"{head}: removed {key}: {show(v)}" for key, v in change.removed.items()]
    return lines + [f"{head}: {note}" for note in change.affected]


def format_text(diffs: list[GameDiff]) -> str:
    lines: list[str] = []
    for d in diffs:
        if d.status != "changed":
            lines.append(f"game {d.game} {d.status}")
            continue
        if d.empty:
            continue
        lines.append(f"{d.game}:")
        note = _format_note(d)
        lines += [f"  {note}"] if note else []
        lines += [f"  rules: {r}" for r in d.rules]
        for item in d.items:
            lines.append(f"  {item.headline()}")
            lines += [f"      {show_detail(*pair)}" for pair in detail_pairs(item)]
        for loc in d.locales:
            lines += [f"  {x}" for x in locale_lines(loc)]
    return "\n".join(lines) if lines else "no changes in the rules data"


# ---------------------------------------------------------------------------------------------
# Markdown.

# Inline markup, links, tables, and GitHub's @mentions and #references. Data text never
# starts a line here, so the line-start markers (`-`, `+`, `1.`) need no escape.
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~#@])")


def md(text: str) -> str:
    """Text from the data as literal Markdown text: HTML escaped, markup backslashed."""
    return _MD_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))


def md_code(text: str) -> str:
    """An id or key as code when it is a plain name, else as escaped text."""
    return f"`{text}`" if re.fullmatch(r"[A-Za-z0-9_.]+", text) else md(text)


def _md_item(item: ItemChange) -> list[str]:
    ident, name = md_code(item.id), md(item.name)
    if item.status == "id_renamed" and item.old_name not in ("", item.name):
        head = (f"**renamed** {md_code(item.old_id)} ({md(item.old_name)}) → {ident} ({name}): "
                "new id and name, identical rules")
    elif item.status == "id_renamed":
        head = f"**renamed id** {md_code(item.old_id)} → {ident} ({name})"
    elif item.status == "renamed":
        head = f"**renamed** {ident}: {md(item.old_name)} → {name}"
    else:
        head = f"**{item.status}** {ident} ({name})"
    return [f"- {head}"] + [f"  - {md(worded)}" + (f" — DSL: {md(dsl)}" if dsl else "")
                            for worded, dsl in detail_pairs(item)]


def _section(title: str, summary: str, entries: int, body: list[str]) -> list[str]:
    opened = " open" if entries <= OPEN_LIMIT else ""
    return [f"<details{opened}><summary><b>{title}</b>: {summary}</summary>", "", *body, "",
            "</details>", ""]


def _counts(items: list[ItemChange]) -> dict[str, int]:
    found = {s: 0 for s in ("added", "removed", "renamed", "changed")}
    for item in items:
        found["renamed" if item.status == "id_renamed" else item.status] += 1
    return found


def _words(counts: dict[str, int], unit: str = "") -> str:
    return ", ".join(f"{plural(n, unit) if unit else n} {status}"
                     for status, n in counts.items() if n)


def _table(d: GameDiff) -> list[str]:
    rows = [["Game rules", "", "", "", str(len(d.rules))]] if d.rules else []
    for kind in KINDS:
        items = [i for i in d.items if i.kind == kind]
        if items:
            c = _counts(items)
            rows.append([KIND_TITLES[kind], *(str(c[s] or "") for s in
                                              ("added", "removed", "renamed", "changed"))])
    for loc in d.locales:
        keys = [len(loc.added), len(loc.removed), 0, len(loc.changed)]
        notes = f", {plural(len(loc.affected), 'note')}" if loc.affected else ""
        rows.append([f"Translations ({md(loc.lang)}){notes}",
                     *(plural(n, "key") if n else "" for n in keys)])
    return (["| | added | removed | renamed | changed |", "|---|--:|--:|--:|--:|"]
            + ["| " + " | ".join(r) + " |" for r in rows] + [""])


def _languages(locales: list[LocaleChange]) -> list[str]:
    """Whole languages added or removed, in one paragraph."""
    out = []
    for status in ("added", "removed"):
        langs = [f"{md(loc.lang)} ({plural(len(loc.added or loc.removed), 'key')})"
                 for loc in locales if loc.status == status]
        if langs:
            out += [f"Languages {status}: {', '.join(langs)}.", ""]
    return out


def _locale_section(loc: LocaleChange) -> list[str]:
    title = f"Translations, {md(loc.lang)}"
    if loc.status != "changed":  # the language is listed by `_languages`
        notes = [f"- {md(n)}" for n in loc.affected]
        return _section(title, plural(len(notes), "note"), len(notes), notes) if notes else []
    rows = [f"| {md_code(k)} | {md(show(old))} | {md(show(new))} |"
            for k, (old, new) in loc.changed.items()]
    rows += [f"| {md_code(k)} | | {md(show(v))} |" for k, v in loc.added.items()]
    rows += [f"| {md_code(k)} | {md(show(v))} | |" for k, v in loc.removed.items()]
    body = (["| key | old | new |", "|---|---|---|", *rows, ""] if rows else [])
    body += [f"- {md(n)}" for n in loc.affected]
    summary = "; ".join(filter(None, [
        _words({"changed": len(loc.changed), "added": len(loc.added),
                "removed": len(loc.removed)}, "key"),
        plural(len(loc.affected), "note") if loc.affected else ""]))
    return _section(title, summary, len(rows) + len(loc.affected), body)


def format_markdown(diffs: list[GameDiff]) -> str:
    out: list[str] = ["## Rules changes", ""]
    if not any(not d.empty for d in diffs):
        return "\n".join(out + ["No changes in the rules data."]) + "\n"
    for d in diffs:
        if d.empty:
            continue
        if d.status != "changed":
            out += [f"### Game {md_code(d.game)} {d.status}", ""]
            continue
        out += [f"### {md(d.game)}", "", f"{plural(game_count(d), 'change')}.", ""]
        note = _format_note(d)
        out += [md(note[0].upper() + note[1:]) + ".", ""] if note else []
        out += _table(d)
        if d.rules:
            out += _section("Game rules", plural(len(d.rules), "change"), len(d.rules),
                            [f"- {md(r)}" for r in d.rules])
        for kind in KINDS:
            items = [i for i in d.items if i.kind == kind]
            if items:
                body = [line for i in items for line in _md_item(i)]
                out += _section(KIND_TITLES[kind], _words(_counts(items)), len(items), body)
        out += _languages(d.locales)
        for loc in d.locales:
            out += _locale_section(loc)
    return "\n".join(out).rstrip() + "\n"


# ---------------------------------------------------------------------------------------------
# JSON.


def _json_item(item: ItemChange) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": item.kind, "status": item.status, "id": item.id,
                           "name": item.name}
    if item.status == "id_renamed":
        out["old_id"] = item.old_id
    if item.old_name:
        out["old_name"] = item.old_name
    out["details"] = item.details
    out["words"] = [worded for worded, _ in detail_pairs(item)]
    return out


def _json_locale(loc: LocaleChange) -> dict[str, Any]:
    return {"lang": loc.lang, "status": loc.status, "added": loc.added,
            "removed": loc.removed,
            "changed": {k: {"old": old, "new": new} for k, (old, new) in loc.changed.items()},
            "notes": loc.affected}


def report(diffs: list[GameDiff]) -> dict[str, Any]:
    """The diff as plain data (schema/diff.schema.json)."""
    return {
        "version": JSON_VERSION,
        "changes": count(diffs),
        "games": [{
            "game": d.game, "status": d.status, "changes": game_count(d),
            "formats": {"old": d.formats[0], "new": d.formats[1]},
            "rules": d.rules,
            "items": [_json_item(i) for i in d.items],
            "locales": [_json_locale(loc) for loc in d.locales],
        } for d in diffs],
    }


def format_json(diffs: list[GameDiff]) -> str:
    return json.dumps(report(diffs), indent=2, ensure_ascii=False)


FORMATS = {"text": format_text, "markdown": format_markdown, "json": format_json}
