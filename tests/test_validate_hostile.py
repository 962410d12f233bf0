"""Issue 9: absurd or hostile values in real data are diagnostics with a code, never a
traceback from `validate` or `compile`, and never a ruleset that compiles."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.dsl.schemas import RESERVED_IDS
from wondersmith.ir.loader import load_game

runner = CliRunner()

AGE1_CARD = "  - id: lumber_yard\n    name: Lumber Yard\n    color: brown\n" \
            "    effects: [produce: {wood: 1}]\n"


def _card(field: str, value: str) -> str:
    return {
        "id": f"  - id: {value}\n    name: Lumber Yard\n    color: brown\n"
              "    effects: [produce: {wood: 1}]\n",
        "name": f"  - id: lumber_yard\n    name: {value}\n    color: brown\n"
                "    effects: [produce: {wood: 1}]\n",
        "effect": "  - id: lumber_yard\n    name: Lumber Yard\n    color: brown\n"
                  f"    effects: [{value}]\n",
        "cost": "  - id: lumber_yard\n    name: Lumber Yard\n    color: brown\n"
                f"    cost: {value}\n    effects: [produce: {{wood: 1}}]\n",
    }[field]


CASES = [
    ("effect", "coins: 6.0", "WS204", "write 6"),
    ("cost", "{coins: 6.0}", "WS204", "write 6"),
    ("effect", "coins: 1e300", "WS204", "whole numbers only"),
    ("effect", "shields: 1.0", "WS204", "write 1"),
    ("cost", "{coins: " + "9" * 5001 + "}", "WS109", "slip of the keyboard"),
    ("id", "none", "WS209", "none_card"),
    ("id", "'true'", "WS209", "true_card"),
    ("id", "'false'", "WS209", "false_card"),
    ("id", "true", "WS204", 'quote it if you mean the word: "true"'),
    ("id", "x" * 160_000, "WS206", ""),
    ("name", "' '", "WS208", "as printed"),
    ("name", '"Lumber\\u202EYard"', "WS208", "reorder"),
    ("name", '"Lumber\\u200BYard"', "WS208", "invisible"),
    ("name", '"Lumber\\tYard"', "WS208", "invisible"),
    ("name", '"Lumber Yard\\n"', "WS208", "invisible"),
    ("effect", "shields: 1000000000", "WS206", ""),
    ("cost", "{coins: 1000000000}", "WS206", ""),
]


@pytest.mark.parametrize("field, value, code, hint", CASES,
                         ids=[f"{c[2]}-{c[1][:20]}" for c in CASES])
def test_hostile_value_is_a_diagnostic(duel_copy: Path, monkeypatch: pytest.MonkeyPatch,
                                       field: str, value: str, code: str, hint: str) -> None:
    monkeypatch.chdir(duel_copy.parent.parent)
    age1 = duel_copy / "age1.yaml"
    text = age1.read_text(encoding="utf-8")
    assert AGE1_CARD in text
    age1.write_text(text.replace(AGE1_CARD, _card(field, value)), encoding="utf-8")
    loaded = load_game(duel_copy)
    assert [d.code for d in loaded.diagnostics] == [code], loaded.diagnostics
    (d,) = loaded.diagnostics
    assert (d.file, d.line) == ("cards/duel/age1.yaml", 5 if field == "id" else
                                6 if field == "name" else 8)
    assert hint in d.hint
    assert len(d.message) < 200  # a huge value is never echoed whole
    # Nor can the compiler be reached with it: compile refuses, without a traceback.
    result = runner.invoke(app, ["compile", "--cards", "cards", "--out", "out"])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (duel_copy.parent.parent / "out" / "duel").exists()


def test_file_of_only_null(duel_copy: Path) -> None:
    (duel_copy / "extra.yaml").write_text("~\n", encoding="utf-8")
    loaded = load_game(duel_copy)
    assert [(d.code, d.line, d.column) for d in loaded.diagnostics] == [("WS107", 1, 1)]


def test_reserved_ids_are_the_python_keywords_an_id_can_spell() -> None:
    import keyword
    assert {"none", "true", "false", "class", "import", "lambda"} <= set(RESERVED_IDS)
    assert all(w.lower() in RESERVED_IDS for w in keyword.kwlist)


@pytest.mark.parametrize("count", [99, 100])
def test_upper_bound_is_99(duel_copy: Path, count: int) -> None:
    age1 = duel_copy / "age1.yaml"
    text = age1.read_text(encoding="utf-8")
    age1.write_text(text.replace(AGE1_CARD, _card("effect", f"coins: {count}")),
                    encoding="utf-8")
    codes = [d.code for d in load_game(duel_copy).diagnostics]
    assert codes == ([] if count == 99 else ["WS206"])


def test_visible_unicode_names_pass(duel_copy: Path) -> None:
    # Accents, other scripts and a no-break space are text, not invisible characters.
    age1 = duel_copy / "age1.yaml"
    text = age1.read_text(encoding="utf-8")
    age1.write_text(text.replace(AGE1_CARD, _card("name", '"Xưởng gỗ\\u00A0Ōtsu 木"')),
                    encoding="utf-8")
    assert load_game(duel_copy).diagnostics == []


def test_locale_names_are_checked_too(duel_copy: Path) -> None:
    from wondersmith.validate import locales
    fr = duel_copy / "locales" / "fr.yaml"
    text = fr.read_text(encoding="utf-8")
    assert "  glass_blower: Soufflerie\n" in text
    fr.write_text(text.replace("  glass_blower: Soufflerie\n",
                               '  glass_blower: "Souffle\\u202Erie"\n'), encoding="utf-8")
    found = [d for d in locales.check(duel_copy) if d.code == "WS208"]
    assert len(found) == 1 and "U+202E" in found[0].message
