"""Build positions by hand (through the JSON state format) for scenario tests."""
from __future__ import annotations

from wondersmith.engine import Game, load_ruleset

RULESET = load_ruleset("duel")


def ruleset():
    return RULESET


def last_row(age: int) -> list[int]:
    """Slots of an Age structure that no card covers."""
    t = Game(RULESET, seed=0).t
    cover0 = t.structures[age][0]
    return [s for s, n in enumerate(cover0) if n == 0]


def wonder_entry(w):
    if isinstance(w, str):
        return {"id": w, "status": "unbuilt", "tucked": None}
    wid, tucked = w
    return {"id": wid, "status": "built", "tucked": tucked}


def scenario(
    cards=("lumber_yard",),
    *,
    age: int = 1,
    player: int = 0,
    coins=(30, 30),
    buildings=((), ()),
    wonders=((), ()),
    tokens=((), ()),
    board_tokens=("agriculture", "law", "mathematics", "philosophy", "urbanism"),
    box_tokens=None,
    discard=(),
    pawn: int = 0,
    loot_lost=None,
    pairs_rewarded=((), ()),
    filler: str | None = "guard_tower",
    face_down_above: bool = False,
    seed: int = 0,
    auto_chance: bool = True,
) -> Game:
    """A position during an Age where `cards` (and `filler`) are the accessible cards.

    Other slots are already taken, unless `face_down_above`: then the slots covered by the
    first card are present and face down (their cards come from the pool).
    """
    base = Game(RULESET, seed=seed)
    data = base.to_json()
    t = base.t
    slots = last_row(age)
    elsewhere = ({c for city in buildings for c in city} | set(discard)
                 | {w[1] for ws in wonders for w in ws if not isinstance(w, str)})
    if filler in elsewhere or filler in cards:  # a card is in one place only: take another
        filler = next(t.ids[c] for c in t.age_decks[age]
                      if t.ids[c] not in elsewhere and t.ids[c] not in cards)
    chosen = list(cards) + ([filler] if filler else [])
    assert len(chosen) <= len(slots) and (not filler or len(cards) < len(slots)), \
        "too many accessible cards for this Age"
    layout = t.structures[age][3]
    structure = [{"card": None, "face_up": False, "taken": True} for _ in layout]
    # The filler goes to the far end of the row so the first card alone covers what is
    # above it.
    places = slots[:len(cards)] + ([slots[-1]] if filler else [])
    for s, c in zip(places, chosen):
        structure[s] = {"card": c, "face_up": True, "taken": False}
    used = set(chosen) | {c for city in buildings for c in city} | set(discard)
    for ws in wonders:
        for w in ws:
            if not isinstance(w, str):
                used.add(w[1])
    pool = []
    if face_down_above:
        covers = t.structures[age][1][slots[0]]
        for u in covers:
            structure[u] = {"card": None, "face_up": False, "taken": False}
        pool = [t.ids[c] for c in t.age_decks[age] if t.ids[c] not in used]
    all_tokens = [t.ids[t.token0 + i] for i in range(t.NT)]
    owned = {x for ts in tokens for x in ts}
    if loot_lost is None:  # the looting zones the pawn has entered are used
        loot_lost = tuple(
            tuple((pawn if p == 1 else -pawn) >= first for first, _ in t.loot_zones) for p in (0, 1))
    owned_wonders = {w if isinstance(w, str) else w[0] for ws in wonders for w in ws}
    wonder_pool = [t.ids[t.wonder0 + i] for i in range(t.NW) if t.ids[t.wonder0 + i] not in owned_wonders]
    board_tokens = [x for x in board_tokens if x not in owned]  # a token is in one place
    if box_tokens is None:
        box_tokens = [x for x in all_tokens if x not in owned and x not in board_tokens]
    data.update({
        "first_player": 0,
        "players": [
            {"coins": coins[p], "buildings": list(buildings[p]),
             "wonders": [wonder_entry(w) for w in wonders[p]], "tokens": list(tokens[p]),
             "loot_lost": list(loot_lost[p]), "pairs_rewarded": list(pairs_rewarded[p])}
            for p in (0, 1)
        ],
        "pawn": pawn,
        "board_tokens": list(board_tokens),
        "box_tokens": list(box_tokens),
        "drawn_tokens": [],
        "wonder_pool": wonder_pool,
        "draft": [],
        "discard": list(discard),
        "age": age,
        "structure": structure,
        "to_reveal": [],
        "pool": pool,
        "guild_pool": [],
        "left_out": [[] for _ in range(age)],
        "stack": [{"kind": "play", "player": player, "arg": 0}],
        "result": None,
        "auto_chance": auto_chance,
    })
    return Game.from_json(RULESET, data)


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
