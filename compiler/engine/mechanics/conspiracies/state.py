"""The conspiracies' state: saved, read back, checked, hidden and redrawn (mechanic
`conspiracies`).

Fields, all under `mechanics.conspiracies` in JSON:

- `held`: per seat, the conspiracies in front of the player, in the order taken, each
  `{"conspiracy": id, "card": id or null, "triggered": bool}`; `card` is the building tucked
  under it (prepared), `triggered` once its effect was played;
- `deck_top`, `deck_bottom`: the conspiracies put back on the top or the bottom of the deck by
  a conspire, each `{"conspiracy": id, "seen_by": seat}` (the top one first; the bottom one
  last); the rest of the deck (those named nowhere) is shuffled, its order unknown to all, so
  a card drawn from it is a chance outcome at the moment it is drawn;
- `drawing`: per seat, the conspiracies drawn by a conspire still to be kept;
- `locked`: the progress tokens locked away (Obscurantism), out of the game.

What a seat cannot see (`hide`, `redraw`): the other seat's conspiracies not yet triggered
and those it is drawing, and the deck's cards the seat did not put back itself. The card
tucked under a conspiracy is seen by both: it was taken face up from the structure.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..progress_tokens import kept_out

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "conspiracies"
HIDDEN = None  # a conspiracy the observing seat cannot see, in JSON


def conspiracy_id(g: GameState, k: int) -> str:
    t = g.t
    return t.ids[t.token0 + t.conspiracy_tokens[k]]


def _read_conspiracy(g: GameState, value, path: str, read) -> int:
    tok = read.token(value, path)
    if tok not in g.t.conspiracy_tokens:
        raise read.fail(path, f"{value!r} is not a conspiracy (conspiracies.deck)")
    return g.t.conspiracy_tokens.index(tok)


# held ---------------------------------------------------------------------------------------

def save_held(g: GameState, held) -> list:
    ids = g.t.ids
    return [[{"conspiracy": conspiracy_id(g, k), "card": ids[c] if c >= 0 else None,
              "triggered": done} for k, c, done in seat] for seat in held]


def load_held(g: GameState, value, read) -> list:
    t, path = g.t, "mechanics.conspiracies.held"
    rows = read.per_seat(value, path, t.n_seats)
    out = []
    for p, row in enumerate(rows):
        seat = []
        for i, item in enumerate(read.list(row, f"{path}[{p}]", len(t.conspiracy_tokens))):
            at = f"{path}[{p}][{i}]"
            read.obj(item, at, ("conspiracy", "card", "triggered"))
            k = _read_conspiracy(g, item["conspiracy"], f"{at}.conspiracy", read)
            card = -1 if item["card"] is None else read.building(item["card"], f"{at}.card")
            seat.append([k, card, read.bool(item["triggered"], f"{at}.triggered")])
        out.append(seat)
    return out


def copy_held(held) -> list:
    return [[entry[:] for entry in seat] for seat in held]


# the deck's known cards ---------------------------------------------------------------------

def save_known(g: GameState, known) -> list:
    return [{"conspiracy": conspiracy_id(g, k), "seen_by": seat} for k, seat in known]


def load_known(key: str):
    def load(g: GameState, value, read) -> list:
        path = f"mechanics.conspiracies.{key}"
        out = []
        for i, item in enumerate(read.list(value, path, len(g.t.conspiracy_tokens))):
            read.obj(item, f"{path}[{i}]", ("conspiracy", "seen_by"))
            out.append([_read_conspiracy(g, item["conspiracy"], f"{path}[{i}].conspiracy", read),
                        read.int(item["seen_by"], f"{path}[{i}].seen_by", 0, g.t.n_seats - 1)])
        return out
    return load


def save_drawing(g: GameState, drawing) -> list:
    return [[conspiracy_id(g, k) for k in seat] for seat in drawing]


def load_drawing(g: GameState, value, read) -> list:
    t, path = g.t, "mechanics.conspiracies.drawing"
    rows = read.per_seat(value, path, t.n_seats)
    return [[_read_conspiracy(g, x, f"{path}[{p}][{i}]", read)
             for i, x in enumerate(read.list(row, f"{path}[{p}]", t.conspiracy_draw * 2))]
            for p, row in enumerate(rows)]


# checks -------------------------------------------------------------------------------------

def places(g: GameState) -> list:
    """Where the conspiracies, the cards under them and the locked tokens are."""
    t = g.t
    out = []
    for p, seat in enumerate(g.held):
        out.append((f"held[{p}]", [t.token0 + t.conspiracy_tokens[k] for k, _, _ in seat]))
        out.append((f"under conspiracies[{p}]", [c for _, c, _ in seat if c >= 0]))
    for p, seat in enumerate(g.drawing):
        out.append((f"drawing[{p}]", [t.token0 + t.conspiracy_tokens[k] for k in seat]))
    for key in ("deck_top", "deck_bottom"):
        out.append((key, [t.token0 + t.conspiracy_tokens[k] for k, _ in getattr(g, key)]))
    out.append(("locked", [t.token0 + tok for tok in g.locked]))
    return out


def check(g: GameState) -> str | None:
    """A seat holds drawn conspiracies only while its conspire is pending; a locked token
    is a progress token, and no one's."""
    kinds = g.t.conspire_kinds
    for p, seat in enumerate(g.drawing):
        if seat and not any(kind in kinds and p in (player, arg) for kind, player, arg in g.stack):
            return (f"mechanics.conspiracies.drawing[{p}]: conspiracies drawn, but no "
                    "conspire is pending")
    kept = kept_out(g)
    for tok in g.locked:
        if tok in kept:
            return f"mechanics.conspiracies.locked: {g.t.ids[g.t.token0 + tok]!r} is not a progress token"
        for p, tokens in enumerate(g.tokens):
            if tok in tokens:
                return f"mechanics.conspiracies.locked: {g.t.ids[g.t.token0 + tok]!r} is also player {p}'s"
    return None


# what a seat sees ---------------------------------------------------------------------------

def hide(g: GameState, player: int, data: dict) -> None:
    part = data.get("mechanics", {}).get(NAME)
    if part is None:
        return
    for p, seat in enumerate(part["held"]):
        if p != player:
            for entry in seat:
                if not entry["triggered"]:
                    entry["conspiracy"] = HIDDEN
    part["drawing"] = [seat if p == player else len(seat)
                       for p, seat in enumerate(part["drawing"])]
    for key in ("deck_top", "deck_bottom"):
        for entry in part[key]:
            if entry["seen_by"] != player:
                entry["conspiracy"] = HIDDEN


def redraw(g: GameState, player: int, rng) -> None:
    """Deal again, among themselves, the conspiracies `player` cannot see: the other seats'
    untriggered and drawn ones, the deck's cards others put back, and the shuffled deck."""
    slots = []  # (list, index) of each hidden conspiracy
    for p, seat in enumerate(g.held):
        if p != player:
            slots += [(entry, 0) for entry in seat if not entry[2]]
    for p, seat in enumerate(g.drawing):
        if p != player:
            slots += [(seat, i) for i in range(len(seat))]
    for known in (g.deck_top, g.deck_bottom):
        slots += [(entry, 0) for entry in known if entry[1] != player]
    if not slots:
        return
    pool = [where[i] for where, i in slots] + shuffled_part(g)
    rng.shuffle(pool)
    for (where, i), k in zip(slots, pool):
        where[i] = k


def shuffled_part(g: GameState) -> list[int]:
    """The conspiracies of the deck's shuffled part: those named nowhere else."""
    named = {k for seat in g.held for k, _, _ in seat}
    named.update(k for seat in g.drawing for k in seat)
    named.update(k for k, _ in g.deck_top)
    named.update(k for k, _ in g.deck_bottom)
    return [k for k in range(len(g.t.conspiracy_tokens)) if k not in named]


def mine(g: GameState, player: int) -> list[int]:
    """The components of `player`'s conspiracies not triggered yet (the vector's place)."""
    t = g.t
    return [t.token0 + t.conspiracy_tokens[k] for k, _, done in g.held[player] if not done]


def triggered(g: GameState, player: int) -> list[int]:
    t = g.t
    return [t.token0 + t.conspiracy_tokens[k] for seat in g.held for k, _, done in seat if done]


def seen_counts(g: GameState, player: int) -> list[float]:
    """Per seat from `player` on: conspiracies held unprepared, prepared (not triggered);
    then the deck's size."""
    out = []
    for k in range(g.t.n_seats):
        seat = g.held[(player + k) % g.t.n_seats]
        out += [sum(1 for _, c, done in seat if c < 0 and not done) / 4.0,
                sum(1 for _, c, done in seat if c >= 0 and not done) / 4.0]
    deck = len(shuffled_part(g)) + len(g.deck_top) + len(g.deck_bottom)
    return out + [deck / 16.0]
