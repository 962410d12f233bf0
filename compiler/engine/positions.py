"""A position builder: a game in the middle of an Age, set up in a few lines.

    from wondersmith.engine import load_ruleset
    from wondersmith.engine.positions import position

    game = position(load_ruleset("duel"), reachable=["baths", "lumber_yard"],
                    buildings=(["stone_pit"], []), coins=(3, 9), pawn=4)

The position is written as a state document and loaded with `Game.from_json`, so it is
checked like any other: a card named twice, or a Wonder in both cities, is refused with a
`StateFormatError`. Components are named by id.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from . import runtime as rt
from .state import Game

Pair = Sequence[Iterable[str]]  # one list per seat
WonderEntry = str | tuple[str, str]  # an unbuilt Wonder, or (Wonder, card tucked under it)


def position(
    ruleset: rt.Ruleset,
    reachable: Sequence[str] = ("lumber_yard",),
    *,
    age: int = 1,
    player: int = 0,
    coins: Sequence[int] = (30, 30),
    buildings: Pair = ((), ()),
    wonders: Sequence[Iterable[WonderEntry]] = ((), ()),
    tokens: Pair = ((), ()),
    board_tokens: Iterable[str] | None = None,
    box_tokens: Iterable[str] | None = None,
    discard: Iterable[str] = (),
    pawn: int = 0,
    loot_lost: Sequence[Sequence[bool]] | None = None,
    pairs_rewarded: Pair = ((), ()),
    filler: str | bool | None = True,
    face_down_above: bool = False,
    seed: int = 0,
    auto_chance: bool = True,
) -> Game:
    """`player` to play in Age `age`, with the `reachable` cards accessible in the row
    nearest the players and every other slot taken, unless:

    - `filler`: one more card at the far end of that row, so the Age does not end with the
      next card taken (True: a card of the Age no one else uses; a card id; None: none);
    - `face_down_above`: the slots the first reachable card covers stay, face down, their
      cards to be drawn from the rest of the Age's deck.

    `wonders` lists each seat's Wonders: an id (unbuilt) or (id, card tucked under it).
    `board_tokens` defaults to the first tokens not owned, as many as the board holds;
    `box_tokens` to the others. `loot_lost` defaults to the looting zones the pawn has
    passed. The game's seed (`seed`) draws every later chance outcome.
    """
    base = Game(ruleset, seed=seed)
    data = base.to_json()
    t = base.t
    ids = t.ids
    cover0, covers, _face_down, layout = t.structures[age]
    slots = [s for s, n in enumerate(cover0) if n == 0]
    tucked = {w[1] for ws in wonders for w in ws if not isinstance(w, str)}
    elsewhere = {c for city in buildings for c in city} | set(discard) | tucked
    if filler is True:
        filler = next(ids[c] for c in t.age_decks[age]
                      if ids[c] not in elsewhere and ids[c] not in reachable)
    chosen = [*reachable, *([filler] if filler else [])]
    if len(chosen) > len(slots):
        raise ValueError(f"Age {age} has {len(slots)} accessible slots; {len(chosen)} cards asked for")
    structure = [{"card": None, "face_up": False, "taken": True} for _ in layout]
    # The filler goes to the far end of the row so the first card alone covers what is above.
    places = slots[:len(reachable)] + ([slots[-1]] if filler else [])
    for s, c in zip(places, chosen):
        structure[s] = {"card": c, "face_up": True, "taken": False}
    pool: list[str] = []
    if face_down_above:
        for u in covers[slots[0]]:
            structure[u] = {"card": None, "face_up": False, "taken": False}
        used = set(chosen) | elsewhere
        pool = [ids[c] for c in t.age_decks[age] if ids[c] not in used]

    owned = {x for ts in tokens for x in ts}
    all_tokens = [ids[t.token0 + i] for i in range(t.NT)]
    if board_tokens is None:
        board_tokens = [x for x in all_tokens if x not in owned][:t.config["progress_tokens"].board_tokens]
    board_tokens = [x for x in board_tokens if x not in owned]
    if box_tokens is None:
        box_tokens = [x for x in all_tokens if x not in owned and x not in board_tokens]
    if loot_lost is None:
        # A seat has lost the loot of each zone the pawn stands in or beyond, on its side.
        loot_lost = [[(-pawn * t.pawn_side[p] if t.pawn_side else 0) >= first
                      for first, _ in t.loot_zones] for p in t.seats]
    owned_wonders = {w if isinstance(w, str) else w[0] for ws in wonders for w in ws}
    data.update({
        "first_player": 0,
        "players": [
            {"coins": coins[p], "buildings": list(buildings[p]),
             "wonders": [_wonder_entry(w) for w in wonders[p]], "tokens": list(tokens[p]),
             "loot_lost": list(loot_lost[p]), "pairs_rewarded": list(pairs_rewarded[p])}
            for p in range(t.ruleset.players)
        ],
        "pawn": pawn,
        "board_tokens": list(board_tokens),
        "box_tokens": list(box_tokens),
        "drawn_tokens": [],
        "wonder_pool": [ids[t.wonder0 + i] for i in range(t.NW) if ids[t.wonder0 + i] not in owned_wonders],
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
    return Game.from_json(ruleset, data)


def _wonder_entry(w: WonderEntry) -> dict:
    if isinstance(w, str):
        return {"id": w, "status": "unbuilt", "tucked": None}
    wonder, tucked = w
    return {"id": wonder, "status": "built", "tucked": tucked}
