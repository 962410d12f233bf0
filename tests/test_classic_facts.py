"""The published facts of classic 7 Wonders (1st edition), checked on `cards/classic/` itself.

The data is read with plain PyYAML, not the compiler, so these facts are checked independently
of the compiler's own checks (WS321-WS326, docs/errors.md). The last tests
read the classic tables of docs/sources.md with their own small grammar and compare them with the
YAML, so neither can drift from the recorded sources.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = ROOT / "cards" / "classic"

PLAYER_COUNTS = range(3, 8)
RAW = frozenset({"wood", "stone", "clay", "ore"})
MANUFACTURED = frozenset({"glass", "papyrus", "loom"})
SELLABLE_COLORS = ("brown", "grey")  # game.yaml trade.sellable, besides the board's own resource


def read(name: str) -> dict:
    return yaml.safe_load((CLASSIC / name).read_text(encoding="utf-8"))


GAME = read("game.yaml")
AGES = {age: read(f"age{age}.yaml")["buildings"] for age in (1, 2, 3)}
GUILDS = read("guilds.yaml")["buildings"]
BOARDS = read("wonders.yaml")["boards"]
ALL_BUILDINGS = [b for age in (1, 2, 3) for b in AGES[age]] + GUILDS
GUILDS_EXTRA = GAME["setup"]["guilds"]["count"]["players_plus"]


def dealt(age: int, players: int) -> int:
    """Cards in the Age's deck for this many players: copies printed for `players` or fewer,
    plus the guilds drawn into Age III."""
    copies = sum(1 for b in AGES[age] for printed in b["copies"] if printed <= players)
    return copies + (players + GUILDS_EXTRA if age == 3 else 0)


# ---------------------------------------------------------------------------------------------
# Deck sizes: 7 x N, and the 49 / 49 / 50 printed cards.

@pytest.mark.parametrize("age", (1, 2, 3))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_age_deals_seven_cards_to_each_player(age, players):
    hand = GAME["ages"][age - 1]["hand"]
    assert hand == 7
    assert dealt(age, players) == hand * players


def test_guilds_drawn_are_players_plus_two():
    assert GUILDS_EXTRA == 2
    assert [dealt(3, n) - sum(1 for b in AGES[3] for p in b["copies"] if p <= n) for n in PLAYER_COUNTS] \
        == [5, 6, 7, 8, 9]


def test_printed_cards_are_49_49_50_with_the_guilds_in_age_three():
    printed = [sum(len(b["copies"]) for b in AGES[age]) for age in (1, 2, 3)]
    printed[2] += len(GUILDS)
    assert printed == [49, 49, 50] == [a["printed"] for a in GAME["ages"]]
    assert sum(printed) == 148
    # at 7 players every printed Age card is used, and 9 of the 10 guilds
    assert [dealt(age, 7) for age in (1, 2, 3)] == [49, 49, 49]


def test_ten_guilds_enough_for_seven_players():
    assert len(GUILDS) == 10 == GAME["setup"]["guilds"]["printed"]
    assert all(g["color"] == "purple" and "copies" not in g for g in GUILDS)
    assert len(GUILDS) >= GAME["players"]["max"] + GUILDS_EXTRA
    assert not any(b["color"] == "purple" for age in (1, 2, 3) for b in AGES[age])


def test_no_two_copies_printed_for_the_same_player_count():
    for age in (1, 2, 3):
        names = Counter(b["name"] for b in AGES[age])
        assert max(names.values()) == 1, f"Age {age}: a name listed twice"
        for b in AGES[age]:
            assert b["copies"] == sorted(set(b["copies"])), b["id"]
            assert set(b["copies"]) <= set(PLAYER_COUNTS), b["id"]


def test_ids_are_unique_and_same_named_cards_are_the_same_card():
    ids = [b["id"] for b in ALL_BUILDINGS] + [b["id"] for b in BOARDS]
    assert len(ids) == len(set(ids)) == 68 + 10 + 7
    by_name: dict[str, list[dict]] = {}
    for b in ALL_BUILDINGS:
        by_name.setdefault(b["name"], []).append(b)
    reprinted = {name: bs for name, bs in by_name.items() if len(bs) > 1}
    assert sorted(reprinted) == ["Glassworks", "Loom", "Press"]  # Age I and Age II
    for bs in reprinted.values():
        assert len({repr((b["color"], b.get("cost"), b["effects"])) for b in bs}) == 1


# ---------------------------------------------------------------------------------------------
# Chains.

def age_of(building: dict) -> int:
    if building in GUILDS:
        return 3
    return next(age for age in (1, 2, 3) if building in AGES[age])


def test_every_chain_points_to_a_later_age():
    givers: dict[str, list[int]] = {}
    for b in ALL_BUILDINGS:
        if "chain_gives" in b:
            givers.setdefault(b["chain_gives"], []).append(age_of(b))
    used = set()
    for b in ALL_BUILDINGS:
        if "chain_from" in b:
            symbol = b["chain_from"]
            assert symbol in givers, b["id"]
            assert all(age < age_of(b) for age in givers[symbol]), b["id"]
            used.add(symbol)
    assert used == set(givers)  # no symbol is given without a card it makes free
    assert sum("chain_from" in b for b in ALL_BUILDINGS) == 25


# ---------------------------------------------------------------------------------------------
# Boards.

def test_seven_boards_with_both_sides():
    assert len(BOARDS) == 7
    stages = {b["id"]: {side: len(s["stages"]) for side, s in b["sides"].items()} for b in BOARDS}
    assert all(set(sides) == {"a", "b"} for sides in stages.values())
    assert all(sides["a"] == 3 for sides in stages.values())
    assert {name: sides["b"] for name, sides in stages.items() if sides["b"] != 3} == {"gizah": 4, "rhodos": 2}
    for board in BOARDS:
        for side in board["sides"].values():
            assert all(stage.get("cost") and stage.get("effects") for stage in side["stages"])


def test_each_board_starts_with_a_different_resource():
    starts = [next(iter(b["produces"].items())) for b in BOARDS]
    assert all(n == 1 for _, n in starts)
    assert {r for r, _ in starts} == RAW | MANUFACTURED


# ---------------------------------------------------------------------------------------------
# Rules numbers and the 2-player variant.

def test_rules_constants():
    assert GAME["players"] == {"min": 3, "max": 7}
    assert GAME["seating"] == "circle"
    assert GAME["mechanics"] == ["hand_draft", "neighbour_trade", "conflicts", "science_sets", "wonder_boards"]
    assert GAME["setup"]["starting_coins"] == 3
    assert GAME["discard"]["coins"] == 3
    assert GAME["trade"]["base_price"] == 2
    assert GAME["scoring"]["coins_per_point"] == 3
    assert [a["pass"] for a in GAME["ages"]] == ["left", "right", "left"]
    assert GAME["turn"]["per_age"] == 6


def test_conflict_tokens():
    conflicts = GAME["conflicts"]
    assert conflicts["victory"] == [1, 3, 5] and conflicts["defeat"] == -1
    assert conflicts["tokens_in_box"] == 46
    # the most a game can use: 7 neighbour pairs at 7 players, one victory and one defeat each, 3 Ages
    assert 3 * GAME["players"]["max"] * 2 <= conflicts["tokens_in_box"]


def test_two_player_variant_uses_the_three_player_deck():
    variant = GAME["two_player_variant"]
    assert variant["players"] == 2 and variant["cards"] == ["border", "free_city"]
    per_age = [dealt(age, variant["deck_players"]) for age in (1, 2, 3)]
    # two 7-card hands and the Free City's draw pile of 7
    assert per_age == [2 * 7 + variant["draw_pile"]] * 3


# ---------------------------------------------------------------------------------------------
# docs/sources.md against the YAML: two readings of the same facts.

SOURCES = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")


def table(heading: str) -> list[dict[str, str]]:
    lines = SOURCES[SOURCES.index("\n" + heading):].splitlines()[1:]
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[first:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return [dict(zip(rows[0], row)) for row in rows[2:]]


def doc_cost(cell: str) -> dict[str, int]:
    if cell == "—":
        return {}
    return {thing: int(n) for n, thing in (part.split() for part in cell.split(", "))}


def doc_effects(cell: str) -> frozenset:
    facts = set()
    for part in cell.split("; "):
        if m := re.fullmatch(r"(\d+) (VP|coins|shields)", part):
            facts.add(({"VP": "points"}.get(m[2], m[2]), int(m[1])))
        elif m := re.fullmatch(r"science (\w+)", part):
            facts.add(("science", m[1]))
        elif part == "any science symbol (chosen at the end)":
            facts.add(("science", "any"))
        elif m := re.fullmatch(r"(raw materials|manufactured goods) at (\d) from (.+)", part):
            facts.add(("trade", RAW if m[1] == "raw materials" else MANUFACTURED,
                       frozenset(m[3].split(" and ")), int(m[2])))
        elif m := re.fullmatch(r"(.+) per (.+?) \((.+)\)", part):
            gains = dict((unit, int(n)) for n, unit in (g.split() for g in m[1].split(" and ")))
            thing = m[2].removesuffix(" card")
            what = ("cards", frozenset(thing.split("/"))) if thing not in ("Wonder stage", "defeat token") else thing
            facts.add(("count", what, frozenset(m[3].split(", ")), gains.get("coins", 0), gains.get("VP", 0)))
        elif part in ACTIONS:
            facts.add(("action", ACTIONS[part]))
        elif m := re.fullmatch(r"((?:\d+ )?\w+(?: or \w+)*)( \(owner only\))?", part):
            sellable = not m[2]
            if " or " in m[1]:
                facts.add(("one_of", frozenset(m[1].split(" or ")), sellable))
            else:
                n, _, r = m[1].rpartition(" ")
                facts.add(("produce", frozenset({(r, int(n or 1))}), sellable))
        else:
            raise AssertionError(f"unread effect in docs/sources.md: {part!r}")
    return frozenset(facts)


ACTIONS = {"play the 7th card of each Age": "play_seventh_card",
           "build a discarded card free": "build_from_discard",
           "one free building per Age": "free_build", "copy a neighbour's guild": "copy_guild"}
THINGS = {"wonders": "Wonder stage", "defeat_tokens": "defeat token"}
CITIES = {"self": frozenset({"self"}), "neighbours": frozenset({"left", "right"})}


def yaml_effects(effects: list, sellable: bool) -> frozenset:
    facts, counted = set(), {}
    for effect in effects:
        verb, value = (effect, None) if isinstance(effect, str) else next(iter(effect.items()))
        if verb in ("points", "coins") and isinstance(value, dict):
            what = ("cards", frozenset(value["colors"])) if value["per"] == "cards" else THINGS[value["per"]]
            counted.setdefault(what, {}).setdefault(value.get("in", "self"), {})[verb] = value.get("amount", 1)
        elif verb in ("points", "coins", "shields"):
            facts.add((verb, value))
        elif verb == "science":
            facts.add(("science", value))
        elif verb == "science_choice":
            facts.add(("science", "any"))
        elif verb == "trade_price":
            frm = value.get("from", "neighbours")
            facts.add(("trade", frozenset(value["resources"]), CITIES.get(frm, frozenset({frm})), value["price"]))
        elif verb == "produce":
            facts.add(("produce", frozenset(value.items()), sellable))
        elif verb == "produce_one_of":
            facts.add(("one_of", frozenset(value), sellable))
        else:
            facts.add(("action", verb))
    for what, by_city in counted.items():
        if len(by_city) == 2 and by_city["self"] == by_city["neighbours"]:
            by_city = {"all": by_city["self"]}
        for city, gains in by_city.items():
            cities = CITIES["self"] | CITIES["neighbours"] if city == "all" else CITIES[city]
            facts.add(("count", what, cities, gains.get("coins", 0), gains.get("points", 0)))
    return frozenset(facts)


@pytest.mark.parametrize("heading, buildings", [
    ("### Classic: Age I", lambda: AGES[1]), ("### Classic: Age II", lambda: AGES[2]),
    ("### Classic: Age III", lambda: AGES[3]), ("### Classic: Guilds", lambda: GUILDS)])
def test_sources_tables_match_the_cards(heading, buildings):
    givers = {}
    for b in ALL_BUILDINGS:
        givers.setdefault(b.get("chain_gives"), set()).add(b["id"])
    rows = {row["id"].strip("`"): row for row in table(heading)}
    data = {b["id"]: b for b in buildings()}
    assert set(rows) == set(data)
    for ident, b in data.items():
        row = rows[ident]
        assert (row["name"], row["colour"]) == (b["name"], b["color"]), ident
        assert doc_cost(row["cost"]) == (b.get("cost") or {}), ident
        copies = [] if row["copies"] == "—" else [int(c.rstrip("+")) for c in row["copies"].split(", ")]
        assert copies == b.get("copies", []), ident
        free_with = set() if row["free with"] == "—" else {c.strip("` ") for c in row["free with"].split(",")}
        assert free_with == (givers[b["chain_from"]] if "chain_from" in b else set()), ident
        assert doc_effects(row["effect"]) == yaml_effects(b["effects"], b["color"] in SELLABLE_COLORS), ident


def test_sources_table_matches_the_boards():
    rows = table("### Classic: Boards")
    data = {(b["id"], side.upper()): (b, s["stages"]) for b in BOARDS for side, s in b["sides"].items()}
    assert len(rows) == sum(len(stages) for _, stages in data.values()) == 42
    for row in rows:
        board, stages = data[(row["id"].strip("`"), row["side"])]
        stage = stages[int(row["stage"]) - 1]
        assert {row["starts with"]: 1} == board["produces"]
        assert doc_cost(row["cost"]) == stage["cost"]
        # a Wonder stage's production is never sold to neighbours
        assert doc_effects(row["effect"]) == yaml_effects(stage["effects"], sellable=False), row


def test_locales_name_only_ids_of_the_game():
    ids = {b["id"] for b in ALL_BUILDINGS} | {b["id"] for b in BOARDS}
    for lang in ("fr", "it", "pt", "vi"):
        locale = read(f"locales/{lang}.yaml")
        names, fallback = set(locale.get("names") or {}), set(locale.get("english_fallback") or [])
        assert locale["language"] == lang
        assert not names & fallback and names | fallback == ids, lang
    assert set(read("locales/fr.yaml")["names"]) == {b["id"] for b in ALL_BUILDINGS}
