"""Positions for scenario tests (built with the public `positions.position`)."""
from __future__ import annotations

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.positions import position

RULESET = load_ruleset("duel")


def ruleset():
    return RULESET


def last_row(age: int) -> list[int]:
    """Slots of an Age structure that no card covers."""
    t = Game(RULESET, seed=0).t
    cover0 = t.structures[age][0]
    return [s for s, n in enumerate(cover0) if n == 0]


def scenario(
    cards=("lumber_yard",),
    *,
    board_tokens=("agriculture", "law", "mathematics", "philosophy", "urbanism"),
    filler: str | None = "guard_tower",
    buildings=((), ()),
    discard=(),
    wonders=((), ()),
    **options,
) -> Game:
    """`positions.position` on Duel with the defaults these tests were written with: five
    fixed board tokens and Guard Tower as the far-end card (another when it is used)."""
    tucked = {w[1] for ws in wonders for w in ws if not isinstance(w, str)}
    if filler in {c for city in buildings for c in city} | set(discard) | tucked | set(cards):
        filler = True  # a card is in one place only: let the builder pick another
    return position(RULESET, cards, board_tokens=board_tokens, filler=filler,
                    buildings=buildings, discard=discard, wonders=wonders, **options)


def do(game: Game, *texts: str) -> Game:
    for text in texts:
        game.apply_text(text)
    return game


def cid(game: Game, name: str) -> int:
    return game.t.index[name]


def symbol_count(game: Game, player: int, symbol: str) -> int:
    return game.sci[player][game.t.symbols.index(symbol)]


def prod(game: Game, player: int, resource: str) -> int:
    return game.prod[player][game.t.resources.index(resource)]
