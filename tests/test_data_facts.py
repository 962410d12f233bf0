"""An independent reading of docs/sources.md (tables 1a-1d, 2 and 3) against the loaded Duel
data: every card, Wonder and token, with its colour, cost, chains and effects.

The Markdown tables are parsed here with their own small grammar (the effect column is prose),
turned into sets of facts, and compared with facts read from the typed data; neither side is
derived from the other, so the data cannot silently drift from its recorded sources.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from wondersmith.ir.loader import load
from wondersmith.ir.model import Building, Cost
from wondersmith.dsl.vocabulary import (COLORS, BuildFromDiscard, CollectTradeSpend, Coins, Destroy,
                                 Discount, Effect, LoseCoins, PlayAgain, Points, Produce,
                                 ProduceOneOf, Science, ShieldBonus, Shields, TakeToken,
                                 TradePrice, Whenever, WondersPlayAgain)

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
GAME = load(ROOT / "cards" / "duel")
RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")


def table(heading: str) -> list[dict[str, str]]:
    """The first Markdown table after the heading that starts with `heading`."""
    start = SOURCES.index("\n" + heading)
    lines = SOURCES[start:].splitlines()[1:]
    first = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[first:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    header, body = rows[0], rows[2:]
    return [dict(zip(header, row)) for row in body]


def _id(cell: str) -> str:
    match = re.fullmatch(r"`(\w+)`", cell)
    assert match, cell
    return match.group(1)


def _resources(cell: str) -> dict[str, int]:
    if cell in ("—", ""):
        return {}
    out = {}
    for part in cell.split(","):
        n, resource = part.split()
        assert resource in RESOURCES, cell
        out[resource] = int(n)
    return out


def _symbol(cell: str) -> str | None:
    return None if cell == "—" else cell.split()[0]


def _colors(text: str) -> frozenset[str]:
    return frozenset(c for c in COLORS if re.search(rf"\b{c}\b", text))


def _clause_facts(clause: str) -> set[tuple]:
    """Facts stated by one `;`-separated clause of an effect cell."""
    c = clause.replace("**", "").strip()
    if m := re.fullmatch(r"produces (\d+) (\w+)", c):
        return {("produce", m[2], int(m[1]))}
    if c.startswith("produces 1 ") and " or " in c:
        return {("produce_one_of", frozenset(re.findall(r"1 (\w+)", c.split(" each turn")[0])))}
    if m := re.fullmatch(r"(.+?) bought from the bank costs? (\d+) coins? per unit", c):
        return {("trade_price", frozenset(re.findall(r"\w+", m[1].replace(" and ", " "))),
                 int(m[2]))}
    if m := re.fullmatch(r"\+(\d+) coins? per (\w+) card in your own city, once when built", c):
        return {("coins_per", int(m[1]), frozenset([m[2]]), "self", 1)}
    if m := re.fullmatch(r"\+(\d+) coins? per Wonder built in your own city, once when built", c):
        return {("coins_per", int(m[1]), "wonders", "self", 1)}
    if m := re.fullmatch(r"(\d+) shields?", c):
        return {("shields", int(m[1]))}
    if m := re.fullmatch(r"science `(\w+)`", c):
        return {("science", m[1])}
    if m := re.fullmatch(r"(?:worth )?(\d+) VP", c):
        return {("points", int(m[1]))} if int(m[1]) else set()
    if m := re.fullmatch(r"(?:immediately take )?\+?(\d+) coins(?: from the bank)?", c):
        return {("coins", int(m[1]))}
    if m := re.fullmatch(r"opponent loses (\d+) coins \(.*\)", c):
        return {("lose_coins", int(m[1]))}
    if c == "play again":
        return {("play_again",)}
    if m := re.fullmatch(r"put one (\w+) card of (?:your )?(?:your )?choice, built by the "
                         r"opponent, in the discard pile", c):
        return {("destroy", m[1])}
    if m := re.fullmatch(r"draw (\d+) progress tokens at random from those returned to the box "
                         r"at set-up \(5\), choose 1 and play it, return the other 2 to the box",
                         c):
        return {("take_token", "box", int(m[1]))}
    if c.startswith("take all cards discarded since the start of the game and build one of "
                    "them for free"):
        return {("build_from_discard",)}
    # Progress tokens (table 3).
    if m := re.fullmatch(r"every future (Wonder|blue card) you build costs (\d+) fewer "
                         r"resources \(.*\)", c):
        return {("discount", int(m[2]), "wonders" if m[1] == "Wonder" else "blue")}
    if c.startswith("you gain the money your opponent spends when trading for resources"):
        return {("collect_trade_spend", "neighbours")}
    if m := re.fullmatch(r"worth one science symbol \(`(\w+)`\)", c):
        return {("science", m[1])}
    if m := re.fullmatch(r"at game end, (\d+) VP per progress token you own, this one included",
                         c):
        return {("points_per", int(m[1]), "tokens", "self", 1)}
    if m := re.fullmatch(r"your (\w+) cards built from now on give (\d+) extra shield \(.*\)", c):
        return {("shield_bonus", int(m[2]), frozenset([m[1]]))}
    if c == 'all your future Wonders have "play again"':
        return {("wonders_play_again",)}
    if c.startswith(("a Wonder that already has it", "with a Reserve/Customs House")):
        # glosses on the clause before
        return set()
    if m := re.fullmatch(r"each time you later build a Building for free through a chain, "
                         r"take (\d+) coins", c):
        return {("whenever", "chain_build", frozenset({("coins", int(m[1]))}))}
    raise AssertionError(f"sources.md clause not understood: {clause!r}")


def _text_facts(cell: str) -> set[tuple]:
    # Split on `;` outside parentheses.
    clauses, depth, current = [], 0, ""
    for ch in cell:
        depth += (ch == "(") - (ch == ")")
        if ch == ";" and depth == 0:
            clauses.append(current)
            current = ""
        else:
            current += ch
    clauses.append(current)
    return set().union(*(_clause_facts(c) for c in clauses))


def _guild_facts(coins_cell: str, vp_cell: str) -> set[tuple]:
    facts = set()
    for verb, cell in (("coins_per", coins_cell), ("points_per", vp_cell)):
        if cell == "none":
            continue
        if m := re.fullmatch(r"(\d+) per (.+?) cards? in the city with most .+", cell):
            facts.add((verb, int(m[1]), _colors(m[2]), "most", 1))
        elif m := re.fullmatch(r"(\d+) per Wonder built in the city with most Wonders", cell):
            facts.add((verb, int(m[1]), "wonders", "most", 1))
        elif m := re.fullmatch(r"(\d+) per full set of (\d+) coins in the richest city", cell):
            facts.add((verb, int(m[1]), "coins", "most", int(m[2])))
        else:
            raise AssertionError(f"guild cell not understood: {cell!r}")
    return facts


# --- the data side ------------------------------------------------------------------------


def effect_facts(effects: tuple[Effect, ...]) -> set[tuple]:
    facts: set[tuple] = set()
    for e in effects:
        if isinstance(e, Produce):
            facts |= {("produce", r, n) for r, n in e.resources}
        elif isinstance(e, ProduceOneOf):
            facts.add(("produce_one_of", frozenset(e.resources)))
        elif isinstance(e, TradePrice):
            facts.add(("trade_price", frozenset(e.resources), e.price))
        elif isinstance(e, (Coins, Points)):
            count = e.amount.count
            if count is None:
                facts.add((e.VERB, e.amount.value))
            else:
                what = frozenset(count.colors) if count.per == "cards" else count.per
                facts.add((f"{e.VERB}_per", e.amount.value, what, count.city, count.every))
        elif isinstance(e, Shields):
            facts.add(("shields", e.amount))
        elif isinstance(e, Science):
            facts.add(("science", e.symbol))
        elif isinstance(e, LoseCoins):
            assert e.who == "neighbours"
            facts.add(("lose_coins", e.amount.value))
        elif isinstance(e, Destroy):
            facts |= {("destroy", c) for c in e.colors}
        elif isinstance(e, TakeToken):
            facts.add(("take_token", e.source, e.draw))
        elif isinstance(e, Discount):
            facts.add(("discount", e.units, e.target))
        elif isinstance(e, ShieldBonus):
            facts.add(("shield_bonus", e.amount, frozenset(e.colors)))
        elif isinstance(e, CollectTradeSpend):
            facts.add(("collect_trade_spend", e.source))
        elif isinstance(e, Whenever):
            facts.add(("whenever", e.event, frozenset(effect_facts(e.effects))))
        elif isinstance(e, (PlayAgain, WondersPlayAgain, BuildFromDiscard)):
            facts.add((e.VERB,))
        else:
            raise AssertionError(f"no fact reading for {e!r}")
    return facts


def _cost(cost: Cost) -> tuple[int, dict[str, int]]:
    return cost.coins, dict(cost.resources)


BUILDINGS = {b.id: b for b in GAME.buildings}
WONDERS = {w.id: w for w in GAME.wonders}
TOKENS = {t.id: t for t in GAME.tokens}

AGE_TABLES = [("### 1a.", 1), ("### 1b.", 2), ("### 1c.", 3)]
CARD_ROWS = [(age, row) for heading, age in AGE_TABLES for row in table(heading)]
GUILD_ROWS = table("### 1d.")
WONDER_ROWS = table("## 2. Wonders")
TOKEN_ROWS = table("## 3. Progress tokens")


def test_same_components_as_the_sources() -> None:
    assert {_id(r["id"]) for _, r in CARD_ROWS} | {_id(r["id"]) for r in GUILD_ROWS} \
        == set(BUILDINGS)
    assert {_id(r["id"]) for r in WONDER_ROWS} == set(WONDERS)
    assert {_id(r["id"]) for r in TOKEN_ROWS} == set(TOKENS)
    assert len(CARD_ROWS) == 66 and len(GUILD_ROWS) == 7
    assert len(WONDER_ROWS) == 12 and len(TOKEN_ROWS) == 10


@pytest.mark.parametrize("age, row", CARD_ROWS, ids=[_id(r["id"]) for _, r in CARD_ROWS])
def test_age_card(age: int, row: dict[str, str]) -> None:
    card: Building = BUILDINGS[_id(row["id"])]
    assert card.name == row["name"]
    assert card.age == age
    assert card.color == row["colour"]
    assert _cost(card.cost) == (int(row["coins"]), _resources(row["resources"]))
    assert card.chain_gives == _symbol(row["gives"])
    assert card.chain_from == _symbol(row["free with"])
    assert effect_facts(card.effects) == _text_facts(row["effect"])


@pytest.mark.parametrize("row", GUILD_ROWS, ids=[_id(r["id"]) for r in GUILD_ROWS])
def test_guild(row: dict[str, str]) -> None:
    guild = BUILDINGS[_id(row["id"])]
    assert (guild.name, guild.color, guild.age) == (row["name"], "purple", 3)
    assert _cost(guild.cost) == (int(row["coins"]), _resources(row["resources"]))
    assert guild.chain_gives is None and guild.chain_from is None
    assert effect_facts(guild.effects) == _guild_facts(row["coins when built"],
                                                       row["VP at end"])


@pytest.mark.parametrize("row", WONDER_ROWS, ids=[_id(r["id"]) for r in WONDER_ROWS])
def test_wonder(row: dict[str, str]) -> None:
    wonder = WONDERS[_id(row["id"])]
    assert wonder.name == row["name"]
    assert _cost(wonder.cost) == (0, _resources(row["resources"]))
    assert effect_facts(wonder.effects) == _text_facts(row["effects"])


@pytest.mark.parametrize("row", TOKEN_ROWS, ids=[_id(r["id"]) for r in TOKEN_ROWS])
def test_token(row: dict[str, str]) -> None:
    token = TOKENS[_id(row["id"])]
    assert token.name == row["name"]
    assert effect_facts(token.effects) == _text_facts(row["exact effect"])


def test_reader_understands_a_wrong_value() -> None:
    # The reading is not vacuous: a changed number in the prose changes the facts.
    assert _text_facts("science `wheel`; 1 VP") != _text_facts("science `wheel`; 2 VP")
    assert _text_facts("+4 coins") == {("coins", 4)}
