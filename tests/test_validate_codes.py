"""Every diagnostic code has a broken fixture, and each fixture yields exactly the expected
diagnostics at the exact line and column.

- tests/fixtures/yaml/*.yaml: single files (layers 1 and 2); the first line says what is
  expected: `# expect: WS202 6:9, ...` (optionally `kind=game`).
- tests/fixtures/game/*.yaml: patches applied to a copy of cards/duel (layer 3), or with
  `game: circle` of tests/fixtures/games/circle (a small 7 Wonders game); `beside: [NAME]`
  copies fixture games beside it and `load: NAME` checks one of them (an extension of Duel,
  its patches' and expectations' files relative to it); each expected
  position is given by a text to find in the patched file, so it is exact yet survives edits
  elsewhere in the data.
- tests/fixtures/stray/: a card file outside any game (WS317).

Every diagnostic of a fixture also teaches: the file fixtures end with one line per expected
diagnostic, `# check LINE:COL: hint=<words of the hint> | under=<text under the carets>`, and
the game fixtures give `hint` and `under` with each expectation; the test renders the excerpt
and checks both.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from wondersmith.validate import strict_yaml
from wondersmith.api import validate_paths as collect
from wondersmith.diagnostics import CODES
from wondersmith.ir.loader import check_file, load_game

from conftest import FIXTURES, assert_hint_and_excerpt

YAML_FIXTURES = sorted((FIXTURES / "yaml").glob("*.yaml"))
GAME_FIXTURES = sorted((FIXTURES / "game").glob("*.yaml"))
STRAY = FIXTURES / "stray" / "ws317_stray_cards.yaml"
LOCALE_FIXTURES = sorted((FIXTURES / "locales").glob("*.yaml"))  # tests/test_locales.py


def _expectations(path: Path) -> tuple[str, set[tuple[str, int, int]]]:
    header = path.read_bytes().split(b"\n", 1)[0].decode("ascii")
    match = re.fullmatch(r"# expect: (.*?)(?: kind=(\w+))?", header)
    assert match, f"{path.name}: first line must be '# expect: CODE LINE:COL, ...'"
    found = set()
    for item in match.group(1).split(","):
        code, where = item.split()
        line, col = where.split(":")
        found.add((code, int(line), int(col)))
    return match.group(2) or "cards", found


CHECK = re.compile(r"# check (\d+):(\d+): hint=(.*?) \| under=(.*)")


def _checks(path: Path) -> dict[tuple[int, int], list[tuple[str, str]]]:
    found: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for line in path.read_bytes().decode("utf-8", "replace").split("\n"):
        match = CHECK.fullmatch(line)
        if match:
            at = (int(match.group(1)), int(match.group(2)))
            found.setdefault(at, []).append((match.group(3), match.group(4)))
    return found


@pytest.mark.parametrize("path", YAML_FIXTURES, ids=lambda p: p.stem)
def test_file_fixture(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)  # excerpts read the file by its displayed name
    kind, expected = _expectations(path)
    doc = check_file(Path(path.name), kind)
    got = {(d.code, d.line, d.column) for d in doc.diagnostics}
    assert got == expected, [f"{d.line}:{d.column} {d.code} {d.message}" for d in doc.diagnostics]
    assert all(d.message for d in doc.diagnostics)
    checks = _checks(path)
    assert set(checks) == {(line, col) for _, line, col in expected}, \
        "every expected diagnostic needs a `# check` line"
    for d in doc.diagnostics:
        for hint, under in checks[(d.line, d.column)]:
            if hint in (d.hint or CODES[d.code].fix):
                assert_hint_and_excerpt(d, hint, under)
                break
        else:
            pytest.fail(f"{d.line}:{d.column} {d.code}: hint {d.hint!r} matches no check")


def test_oversized_file(tmp_path: Path) -> None:
    # Generated rather than committed: a fixture over 1 MiB would bloat the repository.
    path = tmp_path / "ws105_big.yaml"
    path.write_bytes(b"tokens:\n" + b"# padding\n" * (strict_yaml.MAX_BYTES // 10 + 1))
    doc = check_file(path, "cards")
    assert [(d.code, d.line, d.column) for d in doc.diagnostics] == [("WS105", 1, 1)]
    assert_hint_and_excerpt(doc.diagnostics[0], "Split the data into smaller files", "tokens")


def _position(text: str, needle: str, nth: int = 1, offset: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth):
        start = text.find(needle, start + 1)
        assert start >= 0, f"{needle!r} (occurrence {nth}) not in the patched file"
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1 + offset
    return line, col


def _apply(game: Path, spec: dict) -> None:
    for patch in spec["patch"]:
        path = game / patch["file"]
        text = path.read_text(encoding="utf-8") if path.exists() else ""  # "": a new file
        assert text.count(patch["replace"]) == 1, f"{patch['replace']!r} must occur once"
        path.write_text(text.replace(patch["replace"], patch["with"]), encoding="utf-8")


@pytest.mark.parametrize("path", GAME_FIXTURES, ids=lambda p: p.stem)
def test_game_fixture(path: Path, duel_copy: Path, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    if "game" in spec:  # another base game than Duel
        duel_copy = tmp_path / "cards" / spec["game"]
        shutil.copytree(FIXTURES / "games" / spec["game"], duel_copy)
    for name in spec.get("beside", ()):  # fixture games beside it (an extension of Duel)
        shutil.copytree(FIXTURES / "games" / name, duel_copy.parent / name)
    if "load" in spec:  # the game checked, when not the base: file paths are relative to it
        duel_copy = duel_copy.parent / spec["load"]
    monkeypatch.chdir(duel_copy)  # diagnostics name files relative to the working directory
    _apply(duel_copy, spec)
    expected = set()
    for e in spec["expect"]:
        text = (duel_copy / e["file"]).read_text(encoding="utf-8")
        expected.add((e["code"], e["file"],
                      *_position(text, e["at"], e.get("nth", 1), e.get("offset", 0))))
    loaded = load_game(duel_copy)
    got = {(d.code, d.file, d.line, d.column) for d in loaded.diagnostics}
    assert got == expected, [f"{d.file}:{d.line}:{d.column} {d.code} {d.message}"
                             for d in loaded.diagnostics]
    # Only warnings (WS503: an older data format): the game still loads.
    assert loaded.ok == all(d.severity == "warning" for d in loaded.diagnostics)
    for e in spec["expect"]:
        text = (duel_copy / e["file"]).read_text(encoding="utf-8")
        where = _position(text, e["at"], e.get("nth", 1), e.get("offset", 0))
        (d,) = [d for d in loaded.diagnostics if (d.code, d.file, d.line, d.column)
                == (e["code"], e["file"], *where) and e["hint"] in d.hint]
        assert_hint_and_excerpt(d, e["hint"], e["under"])


def test_stray_card_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "loose"
    folder.mkdir()
    (folder / STRAY.name).write_bytes(STRAY.read_bytes())
    monkeypatch.chdir(tmp_path)
    found = collect([folder])
    got = [(d.code, d.file, d.line, d.column) for d in found]
    assert got == [("WS317", f"loose/{STRAY.name}", 1, 1)]
    assert_hint_and_excerpt(found[0], "move it into a game folder under cards/", "#")


def _codes_in(paths: list[Path]) -> set[str]:
    found = set()
    for path in paths:
        text = path.read_bytes().decode("utf-8", "replace")
        found |= set(re.findall(r"WS\d{3}", text))
    return found


def test_every_code_has_a_fixture() -> None:
    # Made on the fly: a file over 1 MiB, a named pipe and a link out (tests/test_data_files.py).
    covered = _codes_in(YAML_FIXTURES + GAME_FIXTURES + [STRAY] + LOCALE_FIXTURES) \
        | {"WS105", "WS110", "WS111"}
    assert set(CODES) - covered == set(), "codes without a broken fixture"
    assert covered - set(CODES) == set(), "fixtures expect codes that do not exist"


def test_unknown_verb_hint() -> None:
    # The brief's example: `coin: 3` names the verb meant, at the key.
    doc = check_file(FIXTURES / "yaml" / "ws202_unknown_verb.yaml", "cards")
    (d,) = doc.diagnostics
    assert (d.code, d.message, d.hint) == ("WS202", "unknown effect 'coin'",
                                           "did you mean 'coins'?")
