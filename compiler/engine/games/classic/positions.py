"""Classic's mechanics' parts of a position (positions.py, core/positions.py): their options.

| mechanic | options (default) |
|---|---|
| `hand_draft` | `cards`: the hand of `player`; `hands`, per seat: card ids (every hand holds as many cards; a seat not named is dealt that many from the rest of the Age's deck, by the seed; none named: the Age's hand size); `free_used`, per seat: Olympia A's free build of this Age is used (False). Every seat chooses next |
| `wonder_boards` | `boards`, per seat: (board id, side) (default: dealt by the seed, none twice); `stages`, per seat: the cards under the stages built, in order (none) |
| `conflicts` | `conflict_tokens`, per seat: the values of its tokens (none) |
| `free_city` | `free_city_holder`: the player holding the Free City card (the rules' first holder); the holder draws from the pile first |

The guilds not in play wait in the box; the Age's cards not in a hand, a city, under a stage
or in the discard pile are out of the game.
"""
from __future__ import annotations

from collections import Counter

from ...core.kinds import CHANCE
from ...core.positions import Draft, Part


def _hands(draft: Draft, hands=None, free_used=None) -> None:
    t, age, ids = draft.t, draft.age, draft.t.ids
    if draft.cards is not None:
        if isinstance(hands, dict) and draft.player in hands or \
                hands is not None and not isinstance(hands, dict):
            raise ValueError(f"hands: the hand of seat {draft.player} is given twice (cards and hands)")
        hands = {**(hands or {}), draft.player: draft.cards}
    given = draft.per_seat("hands", hands, lambda p: None)
    sizes = sorted({len(h) for h in given if h is not None})
    if len(sizes) > 1:
        raise ValueError(f"hands: every hand holds as many cards, not {' and '.join(map(str, sizes))}")
    size = sizes[0] if sizes else t.hand_size[age - 1]
    if size == 0:
        raise ValueError("hands: a turn needs a card in every hand")
    draft.placed += [c for h in given if h is not None for c in h]
    used = draft.set_field
    used("hand_draft", "free_used", [bool(x) for x in draft.per_seat("free_used", free_used, lambda p: False)])
    draft.turn(t.every_seat_chooses)

    def deal() -> None:  # once every part has placed its cards (stages)
        left = Counter(ids[c] for c in t.decks[age]) - Counter(draft.placed)
        deck = sorted(left.elements())
        if age == t.classic_guild_age:  # N + 2 guilds in the deck, counting those placed
            placed = set(draft.placed)
            guilds = sorted(ids[c] for c in t.classic_guilds if ids[c] not in placed)
            draft.rng.shuffle(guilds)
            deck += guilds[:t.classic_guilds_drawn - (len(t.classic_guilds) - len(guilds))]
        draft.rng.shuffle(deck)
        out = []
        for p, hand in enumerate(given):
            if hand is None:
                if len(deck) < size:
                    raise ValueError(f"hands: Age {age}'s deck has {len(deck)} cards left, "
                                     f"not {size} for seat {p}")
                hand, deck = deck[:size], deck[size:]
            out.append(sorted(hand))
        used("hand_draft", "hands", out)
        placed = set(draft.placed) | {c for h in out for c in h}
        draft.data["guild_pool"] = [ids[c] for c in t.classic_guilds if ids[c] not in placed]
    draft.later(deal)


def _boards(draft: Draft, boards=None, stages=None) -> None:
    t = draft.t
    dealt = draft.data["mechanics"]["wonder_boards"]["boards"]
    given = draft.per_seat("boards", boards, lambda p: None)
    taken = {b[0] for b in given if b is not None}
    # A seat given no board keeps the one the seed dealt it, unless another seat is given
    # that board; boards dealt to seats given another one are free again.
    kept = {d["board"] for d, b in zip(dealt, given) if b is None and d is not None}
    free = [name for name in (t.ids[t.board0 + b] for b in range(t.n_boards))
            if name not in taken and name not in kept]
    out = []
    for p, board in enumerate(given):
        if board is None:  # dealt at random, unless the board is given to another seat
            entry = dealt[p]
            if entry is None or entry["board"] in taken:
                entry = {"board": free.pop(0), "side": "a"}
            out.append(entry)
        else:
            if isinstance(board, str) or len(board) != 2:
                raise ValueError(f"boards[{p}]: (board id, side), not {board!r:.60}")
            out.append({"board": board[0], "side": board[1]})
    stages = [list(s) for s in draft.per_seat("stages", stages, lambda p: ())]
    draft.placed += [c for s in stages for c in s]
    draft.set_field("wonder_boards", "boards", out)
    draft.set_field("wonder_boards", "stages", stages)


def _conflicts(draft: Draft, conflict_tokens=None) -> None:
    tokens = draft.per_seat("conflict_tokens", conflict_tokens, lambda p: ())
    draft.set_field("conflicts", "conflict_tokens", [list(x) for x in tokens])


def _free_city(draft: Draft, free_city_holder=None) -> None:
    t = draft.t
    holder = t.free_city_first_holder if free_city_holder is None else free_city_holder
    if holder not in t.free_city_players:
        raise ValueError(f"free_city_holder: a player, {' or '.join(map(str, t.free_city_players))}; "
                         f"not {holder!r}")
    draft.set_field("free_city", "free_city_holder", holder)
    draft.data["stack"].append({"kind": "free_city_draw", "player": CHANCE, "arg": holder})


HAND_DRAFT = Part({"hands": None, "free_used": None}, _hands)
WONDER_BOARDS = Part({"boards": None, "stages": None}, _boards)
CONFLICTS = Part({"conflict_tokens": None}, _conflicts)
FREE_CITY = Part({"free_city_holder": None}, _free_city)
