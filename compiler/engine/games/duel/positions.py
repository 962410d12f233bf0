"""Duel's mechanics' parts of a position (positions.py, core/positions.py): their options.

| mechanic | options (default) |
|---|---|
| `card_structure` | `cards` / `reachable`: the cards within reach in the row nearest the players, every other slot taken (default: the first card of the Age's deck); `filler` (True): one more card at the far end of that row, so the Age does not end with the next card taken (True: a card of the Age no one else uses; a card id; None: none); `face_down_above` (False): the slots the first reachable card covers stay, face down, their cards drawn from the rest of the Age's deck. `player` plays next |
| `progress_tokens` | `board_tokens`: the tokens on the board (default: the first ones no one owns, as many as the board holds); `box_tokens` (the others; never those another mechanic keeps, `progress_tokens.keeps_out`) |
| `wonder_draft` | none: the Wonders no one owns are out of the draft |
| `military_track` | `pawn` (0); `loot_lost`, per seat (default: the looting zones the pawn has passed, on each seat's side) |
| `science_pairs` | `pairs_rewarded`, per seat: the symbols whose pair took a token (default none) |
"""
from __future__ import annotations

from ...core.kinds import number
from ...core.positions import Draft, Part


def _structure(draft: Draft, reachable=None, filler=True, face_down_above=False) -> None:
    t, data, age = draft.t, draft.data, draft.age
    ids = t.ids
    if draft.cards is not None and reachable is not None:
        raise ValueError("reachable: the cards within reach are given twice (cards and reachable)")
    reachable = list(reachable if reachable is not None else draft.cards if draft.cards is not None
                     else [ids[c] for c in t.age_decks[age] if ids[c] not in draft.placed][:1])
    cover0, covers, _face_down, layout = t.structures[age]
    slots = [s for s, n in enumerate(cover0) if n == 0]
    if filler is True:
        filler = next(ids[c] for c in t.age_decks[age]
                      if ids[c] not in draft.placed and ids[c] not in reachable)
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
        used = set(chosen) | set(draft.placed)
        pool = [ids[c] for c in t.age_decks[age] if ids[c] not in used]
    draft.placed += chosen
    data.update({"pool": pool, "guild_pool": []})
    draft.set_field("card_structure", "structure", structure)
    draft.set_field("card_structure", "to_reveal", [])
    draft.set_field("card_structure", "left_out", [[] for _ in range(age)])
    draft.turn((number("play"), draft.player, 0))


def _tokens(draft: Draft, board_tokens=None, box_tokens=None) -> None:
    t = draft.t
    owned = {x for entry in draft.data["players"] for x in entry["tokens"]}
    # The tokens the game lays on the board or keeps in the box: not those another mechanic
    # keeps for itself (progress_tokens.keeps_out: the senate's Decrees).
    laid = {*draft.data["board_tokens"], *draft.data["box_tokens"]}
    every = [t.ids[t.token0 + i] for i in range(t.NT) if t.ids[t.token0 + i] in laid]
    if board_tokens is None:
        board_tokens = [x for x in every if x not in owned][:t.config["progress_tokens"].board_tokens]
    board_tokens = [x for x in board_tokens if x not in owned]
    if box_tokens is None:
        box_tokens = [x for x in every if x not in owned and x not in board_tokens]
    draft.set_field("progress_tokens", "board_tokens", list(board_tokens))
    draft.set_field("progress_tokens", "box_tokens", list(box_tokens))
    draft.set_field("progress_tokens", "drawn_tokens", [])


def _draft(draft: Draft) -> None:
    t = draft.t
    owned = {w["id"] for entry in draft.data["players"] for w in entry["wonders"]}
    draft.set_field("wonder_draft", "wonder_pool", [
        t.ids[t.wonder0 + i] for i in range(t.NW) if t.ids[t.wonder0 + i] not in owned])
    draft.set_field("wonder_draft", "draft", [])


def _military(draft: Draft, pawn=0, loot_lost=None) -> None:
    t = draft.t
    # A seat has lost the loot of each zone the pawn stands in or beyond, on its side.
    loot_lost = draft.per_seat("loot_lost", loot_lost, lambda p: [
        -pawn * t.pawn_side[p] >= first for first, _ in t.loot_zones])
    draft.set_field("military_track", "pawn", pawn)
    draft.set_field("military_track", "loot_lost", [list(x) for x in loot_lost])


def _pairs(draft: Draft, pairs_rewarded=None) -> None:
    pairs = draft.per_seat("pairs_rewarded", pairs_rewarded, lambda p: ())
    draft.set_field("science_pairs", "pairs_rewarded", [list(x) for x in pairs])


STRUCTURE = Part({"reachable": None, "filler": True, "face_down_above": False}, _structure)
TOKENS = Part({"board_tokens": None, "box_tokens": None}, _tokens)
DRAFT = Part({}, _draft)
MILITARY = Part({"pawn": 0, "loot_lost": None}, _military)
PAIRS = Part({"pairs_rewarded": None}, _pairs)
