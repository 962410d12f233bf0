"""`wondersmith diff`: rules changes, not YAML lines; folders and git revisions; exit codes."""
from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from wondersmith.tools import diff as semdiff
from wondersmith.tools import diff_report, diff_words
from wondersmith.cli import app
from wondersmith.ir.loader import load
from wondersmith.ir.model import Cost, Row, Structure
from wondersmith.dsl.vocabulary import Amount, Coins, Count, Points, Shields, parse_effect

from conftest import DUEL, ROOT, with_rules

runner = CliRunner()


@pytest.fixture(scope="module")
def duel():
    return load(DUEL)


def by_id(game, ident):
    return next(c for c in game.components() if c.id == ident)


def swap(game, attr, ident, **changes):
    items = tuple(dataclasses.replace(i, **changes) if i.id == ident else i
                  for i in getattr(game, attr))
    return dataclasses.replace(game, **{attr: items})


def lines(diff: semdiff.GameDiff) -> str:
    return diff_report.format_text([diff])


# --- The model-level diff: every kind of change --------------------------------------------


def test_identical_games_have_no_change(duel) -> None:
    d = semdiff.diff_games(duel, duel)
    assert d.empty and semdiff.count([d]) == 0
    assert diff_report.format_text([d]) == "no changes in the rules data"


def test_added_and_removed_items(duel) -> None:
    lumber = by_id(duel, "lumber_yard")
    new = dataclasses.replace(lumber, id="sawpit", name="Sawpit", cost=Cost(2))
    game = dataclasses.replace(duel, buildings=(*duel.buildings, new),
                               tokens=duel.tokens[1:])
    d = semdiff.diff_games(duel, game)
    statuses = {(c.kind, c.status, c.id) for c in d.items}
    assert statuses == {("building", "added", "sawpit"), ("token", "removed", "agriculture")}
    text = lines(d)
    assert "added building sawpit (Sawpit)" in text
    assert "cost: 2 coins" in text  # an added card is summarised in rules terms
    assert "removed token agriculture (Agriculture)" in text


def test_renamed_is_same_id_new_name(duel) -> None:
    game = swap(duel, "wonders", "the_colossus", name="The Great Colossus")
    (change,) = semdiff.diff_games(duel, game).items
    assert (change.status, change.id, change.old_name) == ("renamed", "the_colossus",
                                                           "The Colossus")
    assert "renamed wonder the_colossus: The Colossus → The Great Colossus" in lines(
        semdiff.diff_games(duel, game))


def test_id_change_with_all_else_equal_is_a_renamed_id(duel) -> None:
    game = swap(duel, "buildings", "quarry", id="stone_quarry")
    (change,) = semdiff.diff_games(duel, game).items
    assert (change.status, change.old_id, change.id) == ("id_renamed", "quarry", "stone_quarry")
    assert "renamed id of building quarry → stone_quarry (Quarry)" in lines(
        semdiff.diff_games(duel, game))


def test_id_change_with_another_change_is_removed_and_added(duel) -> None:
    game = swap(duel, "buildings", "quarry", id="stone_quarry", cost=Cost(1))
    statuses = sorted((c.status, c.id) for c in semdiff.diff_games(duel, game).items)
    assert statuses == [("added", "stone_quarry"), ("removed", "quarry")]


def test_cost_chain_colour_age_changes(duel) -> None:
    game = swap(duel, "buildings", "stable", cost=Cost(2, (("wood", 1),)), chain_gives=None,
                color="blue", age=2)
    (change,) = semdiff.diff_games(duel, game).items
    assert change.status == "changed"
    assert change.details == ["Age: 1 → 2", "colour: red → blue",
                              "cost: 1 wood → 2 coins, 1 wood",
                              "chain gives: horseshoe → none"]


def test_effects_are_described_in_words(duel) -> None:
    old = by_id(duel, "merchants_guild").effects
    twice = Coins(Amount(2, Count("cards", ("yellow",), "most")))
    game = swap(duel, "buildings", "merchants_guild", effects=(twice, old[1]))
    (change,) = semdiff.diff_games(duel, game).items
    assert change.details == ["effect: coins: 1 per yellow card in the city with most → "
                              "coins: 2 per yellow card in the city with most"]


def test_effects_are_in_the_sheets_words_beside_the_dsl_form(duel) -> None:
    """The README's promise: "2 shields", as the English sheet prints it, beside the DSL's
    `shields: 2`, in the text, Markdown and JSON reports; lines without effects once."""
    game = swap(duel, "buildings", "guard_tower", effects=(Shields(2),))
    game = swap(game, "buildings", "stable", cost=Cost(1, by_id(duel, "stable").cost.resources))
    d = semdiff.diff_games(duel, game)
    items = {c.id: c for c in d.items}
    assert items["guard_tower"].details == ["effects: shields: 1 → shields: 2"]
    assert items["guard_tower"].words == ["effects: 1 shield → 2 shields"]
    assert items["stable"].words == items["stable"].details == ["cost: 1 wood → 1 coin, 1 wood"]
    text = lines(d).splitlines()
    assert "      effects: 1 shield → 2 shields — DSL: shields: 1 → shields: 2" in text
    assert "      cost: 1 wood → 1 coin, 1 wood" in text
    md = diff_report.format_markdown([d])
    assert "  - effects: 1 shield → 2 shields — DSL: shields: 1 → shields: 2\n" in md
    (json_game,) = diff_report.report([d])["games"]
    tower = next(i for i in json_game["items"] if i["id"] == "guard_tower")
    assert tower["details"] == ["effects: shields: 1 → shields: 2"]
    assert tower["words"] == ["effects: 1 shield → 2 shields"]


def test_words_follow_the_games_seating(duel) -> None:
    """Duel seats two opponents: "Your opponent loses 3 coins"; a circle game's words say
    neighbours, as its sheet does. A new item's summary is worded the same way."""
    lose = parse_effect({"lose_coins": {"amount": 4}})
    effects = tuple(lose if e.VERB == "lose_coins" else e
                    for e in by_id(duel, "the_appian_way").effects)
    game = swap(duel, "wonders", "the_appian_way", effects=effects)
    (change,) = semdiff.diff_games(duel, game).items
    assert change.details == ["effect: neighbours lose 3 coins → neighbours lose 4 coins"]
    assert change.words == ["effect: Your opponent loses 3 coins → Your opponent loses 4 coins"]
    (circle,) = semdiff.diff_items("wonder", duel.wonders, game.wonders, opponent=False)
    assert circle.words == ["effect: Each neighbour loses 3 coins → Each neighbour loses 4 "
                            "coins"]
    (added,) = semdiff.diff_items("token", (), (by_id(duel, "strategy"),))
    assert added.details == ["effects: +1 shield on red buildings"]
    assert added.words == ["effects: Each red card you build from now on gives 1 more shield"]


def test_vp_change_and_added_effect(duel) -> None:
    game = swap(duel, "buildings", "tavern", effects=(Coins(Amount(4)), Points(Amount(2))))
    game = swap(game, "tokens", "philosophy", effects=(Points(Amount(6)),))
    d = semdiff.diff_games(duel, game)
    details = {c.id: c.details for c in d.items}
    assert details["tavern"] == ["effect added: points: 2", "VP: 0 → 2"]
    assert details["philosophy"] == ["effects: points: 7 → points: 6", "VP: 7 → 6"]


def test_every_verb_has_words() -> None:
    samples = ["play_again", "wonders_play_again", "build_from_discard", "play_seventh_card",
               {"produce": {"wood": 2}}, {"produce_one_of": ["glass", "papyrus"]},
               {"trade_price": {"resources": ["stone"], "price": 1}},
               {"discount": {"resources": 2, "for": "wonders"}},
               {"shield_bonus": {"amount": 1, "colors": ["red"]}}, {"science": "wheel"},
               {"science_choice": ["compass", "gear"]}, {"collect_trade_spend": {}},
               {"coins": {"per": "coins", "every": 3, "in": "neighbours"}},
               {"lose_coins": {"amount": 3}}, {"shields": 2}, {"destroy": {"colors": ["grey"]}},
               {"take_token": {"from": "box", "draw": 3}},
               {"points": {"amount": 2, "per": "wonders"}},
               {"whenever": {"event": "chain_build", "effects": [{"coins": 4}]}}]
    words = {diff_words.describe_effect(parse_effect(s)) for s in samples}
    assert len(words) == len(samples)  # each distinct, none falls back to a raw dump
    assert "produce 2 wood" in words
    assert "coins: 1 per 3 coins in neighbours' cities" in words
    assert "whenever chain build: coins: 4" in words
    assert "take a progress token from the box (draw 3, keep 1)" in words


def test_game_level_changes(duel) -> None:
    zones = list(duel.rules["military"]["zones"])
    zones[3] = {**zones[3], "loot": 4}
    s1 = duel.structures[0]
    rows = (*s1.rows[:-1], Row((0, 2, 4, 6, 8, 10), True))
    ages = (dataclasses.replace(duel.ages[0], cards=24), *duel.ages[1:])
    game = with_rules(duel, "setup", starting_coins=8)
    game = with_rules(game, "military", zones=tuple(zones), supremacy_at=10)
    game = dataclasses.replace(game, structures=(Structure(1, rows), *duel.structures[1:]),
                               ages=ages)
    rules = semdiff.diff_games(duel, game).rules
    assert "set-up, starting coins: 7 → 8" in rules
    assert "military, zone 4, loot: 5 → 4" in rules
    assert "military, supremacy at: 9 → 10" in rules
    assert "deck of Age 1, cards: 23 → 24" in rules
    assert "structure of Age 1, row 5, face down: no → yes" in rules


# --- Locales ----------------------------------------------------------------------------------


def test_locale_keys_added_removed_changed(duel) -> None:
    old = {"fr": {"tavern": {"name": "Taverne"}, "quarry": {"name": "Carrière"},
                  "baths": {"name": "Bains"}},
           "de": {"tavern": {"name": "Taverne"}}}
    new = {"fr": {"tavern": {"name": "Auberge"}, "quarry": {"name": "Carrière"},
                  "altar": {"name": "Autel"}},
           "it": {"tavern": {"name": "Taverna"}}}
    game = swap(duel, "buildings", "quarry", id="stone_quarry")
    d = semdiff.diff_games(duel, game, old, new)
    by_lang = {c.lang: c for c in d.locales}
    assert by_lang["fr"].added == {"altar.name": "Autel"}
    assert by_lang["fr"].removed == {"baths.name": "Bains"}
    assert by_lang["fr"].changed == {"tavern.name": ("Taverne", "Auberge")}
    assert by_lang["fr"].affected == ["still keyed by the old id quarry (now stone_quarry)"]
    assert by_lang["de"].status == "removed" and by_lang["it"].status == "added"
    text = lines(d).splitlines()
    assert text[-6:] == [
        "  locale de removed (1 key)",
        "  locale fr: tavern.name: Taverne → Auberge",
        "  locale fr: added altar.name: Autel",
        "  locale fr: removed baths.name: Bains",
        "  locale fr: still keyed by the old id quarry (now stone_quarry)",
        "  locale it added (1 key)",
    ]


def test_no_locales_is_no_change(duel, tmp_path: Path) -> None:
    assert semdiff.load_locales(tmp_path) == {}
    assert semdiff.diff_games(duel, duel, {}, None).empty


def test_locale_files_are_read_by_language(tmp_path: Path) -> None:
    (tmp_path / "locales").mkdir()
    (tmp_path / "locales" / "fr.yaml").write_text("tavern: {name: Taverne}\n")
    assert semdiff.load_locales(tmp_path) == {"fr": {"tavern": {"name": "Taverne"}}}


# --- The command on folders -----------------------------------------------------------------


def two_sides(tmp_path: Path) -> tuple[Path, Path]:
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(DUEL, old / "duel")
    shutil.copytree(DUEL, new / "duel")
    return old, new


def edit(path: Path, before: str, after: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert before in text
    path.write_text(text.replace(before, after, 1), encoding="utf-8")


def test_folders_without_change_exit_0(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    result = runner.invoke(app, ["diff", str(old), str(new)])
    assert result.exit_code == 0, result.output
    assert "no changes" in result.stdout


def test_reordering_and_reformatting_is_no_change(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    path = new / "duel" / "age1.yaml"
    edit(path, "  - id: lumber_yard\n    name: Lumber Yard\n    color: brown\n"
               "    effects: [produce: {wood: 1}]\n", "")
    text = path.read_text(encoding="utf-8") + (
        "  - color: brown\n    name: 'Lumber Yard'\n    id: lumber_yard\n"
        "    effects:\n      - produce:\n          wood: 1\n")
    path.write_text(text, encoding="utf-8")
    edit(new / "duel" / "age2.yaml", "cost: {clay: 1, wood: 1}", "cost: {wood: 1, clay: 1}")
    result = runner.invoke(app, ["diff", str(old), str(new)])
    assert result.exit_code == 0, result.output


def translating(ident: str) -> list[str]:
    """Languages of cards/duel/locales that translate this id (none before locales exist)."""
    return sorted(lang for lang, data in semdiff.load_locales(DUEL).items()
                  if any(ident in k.split(".") for k in semdiff._flatten(data)))


def test_changes_exit_1_text_and_markdown(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    edit(new / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coins: 5]")
    edit(new / "duel" / "wonders.yaml", "name: The Colossus", "name: The Great Colossus")
    edit(new / "duel" / "game.yaml", "starting_coins: 7", "starting_coins: 8")
    result = runner.invoke(app, ["diff", str(old), str(new)])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines() == [
        "duel:",
        "  rules: set-up, starting coins: 7 → 8",
        "  changed building tavern (Tavern)",
        "      effects: Take 4 coins from the bank → Take 5 coins from the bank — "
        "DSL: coins: 4 → coins: 5",
        "  renamed wonder the_colossus: The Colossus → The Great Colossus",
    ] + [f"  locale {lang}: translated name of wonder the_colossus may need updating "
         "(English name now The Great Colossus)" for lang in translating("the_colossus")]
    md = runner.invoke(app, ["diff", str(old), str(new), "--format", "markdown"])
    assert md.exit_code == 1
    assert md.stdout.startswith("## Rules changes\n\n### duel\n")
    assert "<details open><summary><b>Game rules</b>: 1 change</summary>\n\n" \
           "- set\\-up, starting coins: 7 → 8" not in md.stdout  # no needless escapes
    assert "<details open><summary><b>Game rules</b>: 1 change</summary>\n\n" \
           "- set-up, starting coins: 7 → 8\n\n</details>" in md.stdout
    assert "<summary><b>Wonders</b>: 1 renamed</summary>\n\n" \
           "- **renamed** `the_colossus`: The Colossus → The Great Colossus" in md.stdout
    assert "- **changed** `tavern` (Tavern)\n  - effects: Take 4 coins from the bank → Take 5 " \
           "coins from the bank — DSL: coins: 4 → coins: 5" in md.stdout


def test_markdown_without_change(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    result = runner.invoke(app, ["diff", str(old), str(new), "-f", "markdown"])
    assert result.exit_code == 0
    assert "No changes in the rules data." in result.stdout


def test_game_added(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    shutil.copytree(DUEL, tmp_path / "more" / "duel")
    edit(tmp_path / "more" / "duel" / "game.yaml", "id: duel", "id: duel_two")
    result = runner.invoke(app, ["diff", str(old), str(tmp_path / "more")])
    assert result.exit_code == 1
    assert "game duel_two added" in result.stdout and "game duel removed" in result.stdout


def test_invalid_data_prints_diagnostics_and_exits_2(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    edit(new / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coin: 4]")
    result = runner.invoke(app, ["diff", str(old), str(new)])
    assert result.exit_code == 2
    assert "WS202" in result.stdout and "age1.yaml" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args, message", [
    (["nowhere", "."], "'nowhere' is neither a folder nor a git revision"),
    (["--format", "html", "."], "unknown format 'html'"),
])
def test_usage_errors_exit_2(tmp_path: Path, monkeypatch, args, message) -> None:
    monkeypatch.chdir(tmp_path)  # not a git repository
    result = runner.invoke(app, ["diff", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_file_is_not_a_side(tmp_path: Path) -> None:
    result = runner.invoke(app, ["diff", str(DUEL / "age1.yaml"), str(DUEL)])
    assert result.exit_code == 2 and "is a file" in result.stderr


def test_folder_without_games(tmp_path: Path) -> None:
    result = runner.invoke(app, ["diff", str(tmp_path), str(DUEL)])
    assert result.exit_code == 2 and "no game data" in result.stderr


# --- Git revisions --------------------------------------------------------------------------


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with cards/duel committed, then a commit that changes the tavern."""
    repo = tmp_path / "repo"
    shutil.copytree(DUEL, repo / "cards" / "duel")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.email", "t@example.com")
    git(repo, "config", "user.name", "t")
    git(repo, "add", "cards")
    git(repo, "commit", "-qm", "data")
    edit(repo / "cards" / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coins: 5]")
    git(repo, "commit", "-qam", "tavern")
    return repo


def test_revisions(repo: Path, monkeypatch) -> None:
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["diff", "HEAD~1", "HEAD"])
    assert result.exit_code == 1, result.output
    assert "changed building tavern (Tavern)" in result.stdout
    assert runner.invoke(app, ["diff", "HEAD", "HEAD"]).exit_code == 0
    assert runner.invoke(app, ["diff", "main", "HEAD"]).exit_code == 0


def test_revision_against_working_tree(repo: Path, monkeypatch) -> None:
    edit(repo / "cards" / "duel" / "tokens.yaml", "effects: [points: 7]",
         "effects: [points: 6]")
    monkeypatch.chdir(repo / "cards")  # the repository root is found from a subfolder
    result = runner.invoke(app, ["diff", "HEAD"])
    assert result.exit_code == 1, result.output
    assert "changed token philosophy (Philosophy)" in result.stdout
    assert "tavern" not in result.stdout
    result = runner.invoke(app, ["diff", "HEAD~1", str(repo / "cards")])
    assert "tavern" in result.stdout and "philosophy" in result.stdout


def test_data_option_names_the_folder(repo: Path, monkeypatch) -> None:
    git(repo, "mv", "cards", "data")
    git(repo, "commit", "-qm", "move")
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["diff", "HEAD~1", "HEAD", "--data", "data"])
    assert result.exit_code == 2  # no data/ at HEAD~1
    assert "no 'data' folder at revision HEAD~1" in result.stderr
    result = runner.invoke(app, ["diff", "HEAD", str(repo / "data"), "--data", "data"])
    assert result.exit_code == 0, result.output


def test_bad_revision_exits_2(repo: Path, monkeypatch) -> None:
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["diff", "no_such_branch", "HEAD"])
    assert result.exit_code == 2
    assert "'no_such_branch' is neither a folder nor a git revision" in result.stderr


def test_invalid_data_at_a_revision_is_labelled(repo: Path, monkeypatch) -> None:
    edit(repo / "cards" / "duel" / "age1.yaml", "effects: [coins: 5]", "effects: [coin: 5]")
    git(repo, "commit", "-qam", "broken")
    monkeypatch.chdir(repo)
    result = runner.invoke(app, ["diff", "HEAD~1", "HEAD"])
    assert result.exit_code == 2
    assert "HEAD:cards/duel/age1.yaml:" in result.stdout and "WS202" in result.stdout


def test_real_process_never_tracebacks(tmp_path: Path) -> None:
    run = subprocess.run(["wondersmith", "diff", "HEAD~99999", "HEAD"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and "neither a folder nor a git revision" in run.stderr


def test_locale_files_in_folders(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    for side, name in ((old, "Taverne"), (new, "Auberge")):
        (side / "duel" / "locales").mkdir(exist_ok=True)
        (side / "duel" / "locales" / "fr.yaml").write_text(
            f"language: fr\nnames:\n  tavern: {name}\n  altar: Autel\n", encoding="utf-8")
    result = runner.invoke(app, ["diff", str(old), str(new)])
    assert result.exit_code == 1, result.output
    assert "locale fr: names.tavern: Taverne → Auberge" in result.stdout


# --- Renames by identical rules -----------------------------------------------------------------


def test_id_and_name_change_with_identical_rules_is_a_rename(duel) -> None:
    game = swap(duel, "buildings", "quarry", id="rock_quarry", name="Rock Quarry")
    (change,) = semdiff.diff_games(duel, game).items
    assert (change.status, change.old_id, change.id, change.old_name, change.name) == (
        "id_renamed", "quarry", "rock_quarry", "Quarry", "Rock Quarry")
    assert lines(semdiff.diff_games(duel, game)).splitlines()[1] == (
        "  renamed building quarry (Quarry) → rock_quarry (Rock Quarry): new id and name, "
        "identical rules")


def test_identical_twins_are_not_guessed(duel) -> None:
    # Two removed cards with the same rules, two added: which became which is unknowable.
    lumber = by_id(duel, "lumber_yard")
    twin = dataclasses.replace(lumber, id="lumber_yard_b", name="Lumber Yard B")
    old = dataclasses.replace(duel, buildings=(*duel.buildings, twin))
    new = dataclasses.replace(duel, buildings=tuple(
        b for b in duel.buildings if b.id != "lumber_yard") + (
        dataclasses.replace(lumber, id="sawpit", name="Sawpit"),
        dataclasses.replace(lumber, id="sawpit_b", name="Sawpit B")))
    statuses = sorted((c.status, c.id) for c in semdiff.diff_games(old, new).items)
    assert statuses == [("added", "sawpit"), ("added", "sawpit_b"),
                        ("removed", "lumber_yard"), ("removed", "lumber_yard_b")]


def test_id_and_name_change_with_a_rule_change_is_removed_and_added(duel) -> None:
    game = swap(duel, "buildings", "quarry", id="rock_quarry", name="Rock Quarry",
                cost=Cost(1))
    statuses = sorted((c.status, c.id) for c in semdiff.diff_games(duel, game).items)
    assert statuses == [("added", "rock_quarry"), ("removed", "quarry")]


# --- JSON ---------------------------------------------------------------------------------------


DIFF_SCHEMA = json.loads((ROOT / "schema" / "diff.schema.json").read_text(encoding="utf-8"))


def valid_report(text: str) -> dict:
    report = json.loads(text)
    jsonschema.Draft202012Validator(DIFF_SCHEMA).validate(report)
    return report


def test_diff_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(DIFF_SCHEMA)


def test_json_report(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    edit(new / "duel" / "age1.yaml", "effects: [coins: 4]", "effects: [coins: 5]")
    edit(new / "duel" / "age1.yaml", "id: quarry\n    name: Quarry",
         "id: rock_quarry\n    name: Rock Quarry")
    edit(new / "duel" / "locales" / "fr.yaml", "tavern: Taverne", "tavern: Auberge")
    result = runner.invoke(app, ["diff", str(old), str(new), "--format", "json"])
    assert result.exit_code == 1, result.output
    report = valid_report(result.stdout)
    (game,) = report["games"]
    assert report["changes"] == game["changes"] == len(game["items"]) + len(game["locales"])
    assert game["formats"] == {"old": 3, "new": 3}
    items = {i["id"]: i for i in game["items"]}
    assert items["rock_quarry"] == {"kind": "building", "status": "id_renamed",
                                    "id": "rock_quarry", "name": "Rock Quarry",
                                    "old_id": "quarry", "old_name": "Quarry", "details": [],
                                    "words": []}
    assert items["tavern"]["details"] == ["effects: coins: 4 → coins: 5"]
    assert items["tavern"]["words"] == [
        "effects: Take 4 coins from the bank → Take 5 coins from the bank"]
    fr = next(loc for loc in game["locales"] if loc["lang"] == "fr")
    assert fr["changed"] == {"names.tavern": {"old": "Taverne", "new": "Auberge"}}
    assert "still keyed by the old id quarry (now rock_quarry)" in fr["notes"]


def test_json_report_without_change(tmp_path: Path) -> None:
    old, new = two_sides(tmp_path)
    result = runner.invoke(app, ["diff", str(old), str(new), "-f", "json"])
    assert result.exit_code == 0
    report = valid_report(result.stdout)
    assert report["changes"] == 0 and report["games"][0]["items"] == []


def test_json_report_of_an_added_game(tmp_path: Path) -> None:
    old, _ = two_sides(tmp_path)
    shutil.copytree(DUEL, tmp_path / "more" / "duel")
    edit(tmp_path / "more" / "duel" / "game.yaml", "id: duel", "id: duel_two")
    result = runner.invoke(app, ["diff", str(old), str(tmp_path / "more"), "-f", "json"])
    games = {g["game"]: g for g in valid_report(result.stdout)["games"]}
    assert games["duel_two"]["status"] == "added"
    assert games["duel_two"]["formats"] == {"old": None, "new": 3}


# --- Markdown for a big change --------------------------------------------------------------


def test_markdown_of_thirty_cards_stays_readable(duel) -> None:
    changed = {b.id for b in duel.buildings[:30]}
    game = dataclasses.replace(duel, buildings=tuple(
        dataclasses.replace(b, cost=Cost(b.cost.coins + 1, b.cost.resources))
        if b.id in changed else b for b in duel.buildings))
    game = swap(game, "wonders", "piraeus", name="Piraeus <b>| @team #1</b>")
    old_locales = {"fr": {"names": {"tavern": "Taverne"}}}
    new_locales = {"fr": {"names": {"tavern": "Auberge *"}}}
    md = diff_report.format_markdown([semdiff.diff_games(duel, game, old_locales,
                                                         new_locales)])
    # The summary table comes before any section; the long section starts collapsed.
    table = md.index("| | added | removed | renamed | changed |")
    assert table < md.index("<details")
    assert "| Buildings |  |  |  | 30 |" in md
    assert "| Translations (fr) |  |  |  | 1 key |" in md
    assert "<details><summary><b>Buildings</b>: 30 changed</summary>" in md
    assert md.count("- **changed** `") == 30
    assert "<details open><summary><b>Wonders</b>: 1 renamed</summary>" in md
    # Text from the data is never markup: no tag, no table cell, no mention, no reference.
    assert "Piraeus &lt;b&gt;\\| \\@team \\#1&lt;/b&gt;" in md
    assert "| `names.tavern` | Taverne | Auberge \\* |" in md
    assert "<b>|" not in md and " @team" not in md


# --- This repository's own history ----------------------------------------------------------


FIRST_DATA_REVISION = "6bffe1a1ee16105b097d6df05ecdf2ebfb8aeae7"


def test_diff_first_data_revision_against_head(monkeypatch) -> None:
    if shutil.which("git") is None or subprocess.run(
            ["git", "rev-parse", "--verify", "--quiet", f"{FIRST_DATA_REVISION}^{{commit}}"],
            cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout with the full history (a source archive or a shallow "
                    "clone): the first data revision is read with `git archive`")
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["diff", FIRST_DATA_REVISION, "HEAD"])
    assert result.exit_code in (0, 1), result.output
    assert "invalid data" not in result.output
    lines = result.stdout.splitlines()
    # 7 Wonders (and Agora, an extension of Duel) came after the first revision.
    added = [line for line in lines if line.startswith("game ") and line.endswith(" added")]
    assert "game classic added" in added and lines[:len(added)] == added
    duel = lines.index("duel:")
    assert lines[duel + 1] == ("  data format 1 → 3 (the old side was read through the "
                               "migrations; its rules are compared as today's)")
    # The guild colour the old side lacked is read as purple: no rules change about it.
    assert "guild" not in result.stdout
    for fmt in ("markdown", "json"):
        assert runner.invoke(app, ["diff", FIRST_DATA_REVISION, "HEAD", "-f", fmt]
                             ).exit_code in (0, 1)
    report = valid_report(runner.invoke(app, ["diff", FIRST_DATA_REVISION, "HEAD", "-f",
                                              "json"]).stdout)
    duel = next(g for g in report["games"] if g["game"] == "duel")
    assert duel["formats"] == {"old": 1, "new": 3}


# --- 7 Wonders: copies, boards and their stages --------------------------------------------


@pytest.fixture(scope="module")
def classic():
    return load(ROOT / "cards" / "classic")


def _stages(board, side, stages):
    return tuple((s, stages if s == side else old) for s, old in board.sides)


def test_copies_are_counted_and_printed_by_player_count(classic) -> None:
    pool = by_id(classic, "clay_pool")
    d = semdiff.diff_games(classic, swap(classic, "buildings", "clay_pool", copies=(3, 4, 5)))
    (change,) = d.items
    before = diff_words.describe_copies(pool.copies)
    assert change.details == [f"copies: {before} → 3 (3+, 4+, 5+)"]
    assert diff_words.describe_copies((3, 5)) == "2 (3+, 5+)"
    assert diff_words.describe_copies(()) == "1"


def test_a_stage_changed_removed_or_added_is_named_by_side_and_place(classic) -> None:
    from wondersmith.ir.model import Stage

    gizah = by_id(classic, "gizah")
    side_b = dict(gizah.sides)["b"]
    cheaper = Stage(Cost(0, (("stone", 3),)), side_b[0].effects)
    fewer = swap(classic, "boards", "gizah", sides=_stages(gizah, "b", (cheaper, *side_b[1:3])))
    d = semdiff.diff_games(classic, fewer)
    (change,) = d.items
    assert (change.kind, change.status, change.id) == ("board", "changed", "gizah")
    assert change.details == [
        "side B: 4 stages → 3 stages",
        "side B stage 1 cost: 2 wood → 3 stone",
        "side B stage 4 removed (cost: 4 stone, 1 papyrus; effects: points: 7)"]
    back = semdiff.diff_games(fewer, classic).items[0].details
    assert back[-1] == "side B stage 4 added (cost: 4 stone, 1 papyrus; effects: points: 7)"


def test_a_new_board_is_summarised_stage_by_stage(classic) -> None:
    d = semdiff.diff_games(dataclasses.replace(classic, boards=classic.boards[:-1]), classic)
    (change,) = d.items
    assert change.headline() == "added board rhodos (Rhodos)"
    assert change.details[0] == "produces: 1 ore"
    assert change.details[1] == "side A stage 1: cost: 2 wood; effects: points: 3"
    assert len(change.details) == 1 + sum(len(s) for _, s in by_id(classic, "rhodos").sides)


def test_hands_and_turns_of_a_circle_are_rules(classic) -> None:
    ages = ({**classic.rules["ages"][0], "hand": 6, "pass": "right"}, *classic.rules["ages"][1:])
    changed = with_rules(classic, "turn", per_age=5)
    d = semdiff.diff_games(classic, dataclasses.replace(changed, rules={**changed.rules,
                                                                        "ages": ages}))
    assert d.rules == ["deck of Age 1, hand: 7 → 6", "deck of Age 1, pass: left → right",
                       "turn, per age: 6 → 5"]
