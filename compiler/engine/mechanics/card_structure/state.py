"""The state of `card_structure`: reading, writing and checking it, and what a seat sees
of it (card_structure.py declares its fields, its view and its node kinds, with where each
may stand in a loaded state's stack and the checks below). The kinds are found by name:
they are registered after this module is loaded.

`structure`: the current Age's slots, kept in `slot_card`, `face_up`, `taken`, `back`
(card_structure/backs.py) and what follows from them (`cover`, `remaining`, `slot_of`, and
`reach`, the face-up cards within reach in ascending order: rebuilt on load; the slots within
reach, `accessible`, are worked out when read);
`to_reveal`: the face-down slots uncovered this turn; `left_out`: per Age, the cards left out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.flow import K_FIRST
from ...core.kinds import KIND_NAMES, no_arg, number
from .backs import check_backs, load_backs, shows_back

if TYPE_CHECKING:
    from ...core.game import GameState


def save_structure(g: GameState, value) -> list[dict]:
    """Each slot's card, face and whether it is taken; a face-down card's back."""
    ids = g.t.ids
    out = []
    names = g.t.backs
    for s, (c, up, taken, back) in enumerate(zip(*value[:3], value[6])):
        slot = {"card": ids[c] if c >= 0 else None, "face_up": up, "taken": taken}
        if shows_back(g, s, up, taken):
            slot["back"] = names[back]
        out.append(slot)
    return out


def load_structure(g: GameState, value, read) -> tuple:
    t = g.t
    layout = t.structures[g.age][3] if g.age in t.structures else ()
    slots = read.list(value, "structure", len(layout))
    if len(slots) != len(layout):
        what = (f"the Age {g.age} structure has {len(layout)} slots" if g.age in t.structures
                else "no structure before Age 1")
        raise read.fail("structure", f"{what}, got {len(slots)}")
    slot_card, face_up, taken = [], [], []
    for s, raw in enumerate(slots):
        path = f"structure[{s}]"
        slot = read.obj(raw, path, ("card", "face_up", "taken"), optional=("back",))
        slot_card.append(-1 if slot["card"] is None else read.building(slot["card"], f"{path}.card"))
        face_up.append(read.bool(slot["face_up"], f"{path}.face_up"))
        taken.append(read.bool(slot["taken"], f"{path}.taken"))
    slot_of = [-1] * t.NB
    cover, accessible = [], []
    if g.age in t.structures:
        covers = t.structures[g.age][1]
        coverers: list[list[int]] = [[] for _ in covers]  # per slot, the slots covering it
        for s, covered in enumerate(covers):
            for u in covered:
                coverers[u].append(s)
        cover = [sum(1 for s in above if not taken[s]) for above in coverers]
        accessible = [s for s in range(len(layout)) if not taken[s] and cover[s] == 0]
        for s, c in enumerate(slot_card):
            if c >= 0 and not taken[s]:
                slot_of[c] = s
    reach = sorted(slot_card[s] for s in accessible if face_up[s] and slot_card[s] >= 0)
    return (slot_card, face_up, taken, cover, sum(1 for x in taken if not x), slot_of,
            load_backs(g, slots, face_up, taken, read), reach)


def load_to_reveal(g: GameState, value, read) -> list[int]:
    top = max(0, len(g.slot_card) - 1)
    return [read.int(s, f"to_reveal[{i}]", 0, top)
            for i, s in enumerate(read.list(value, "to_reveal", len(g.slot_card)))]


def load_left_out(g: GameState, value, read) -> list[list[int]]:
    return [read.ids(age, f"left_out[{i}]", read.building)
            for i, age in enumerate(read.list(value, "left_out", g.age))]


def save_colors(g: GameState, mask: int) -> list[str]:
    """A `destroy` node's arg, a mask of colours, as their names (`kinds.arg_in_json`)."""
    return [c for i, c in enumerate(g.t.colors) if mask >> i & 1]


def load_colors(g: GameState, value, path: str, read) -> int:
    t = g.t
    mask = 0
    for k, c in enumerate(read.list(value, path, len(t.colors))):
        if not isinstance(c, str) or c not in t.color_index:
            raise read.fail(f"{path}[{k}]", f"unknown colour {read.short(c)}")
        mask |= 1 << t.color_index[c]
    if not mask:
        raise read.fail(path, "a destroy decision names at least one colour")
    return mask


def structure_places(g: GameState):
    return [(f"structure[{s}]", (c,)) for s, c in enumerate(g.slot_card)
            if c >= 0 and not g.taken[s]]


def left_out_places(g: GameState):
    return [(f"left_out[{i}]", age) for i, age in enumerate(g.left_out)]


def check_structure(g: GameState) -> str | None:
    """The structure agrees with itself, with the cards left out and with the cities."""
    t, ids = g.t, g.t.ids
    for i, age in enumerate(g.left_out):
        if len(age) > t.removed_cards_per_age:
            return f"left_out[{i}]: at most {t.removed_cards_per_age} cards are left out of an Age"
    built_or_discarded = {*g.discard, *(c for city in g.city for c in city),
                          *(c for tucks in g.wonder_tuck for c in tucks if c >= 0),
                          *g._cards_held_elsewhere()}
    seen_taken: set[int] = set()
    for s, c in enumerate(g.slot_card):
        if c >= 0 and g.taken[s]:
            if c in seen_taken:
                return f"structure[{s}]: {ids[c]!r} was taken from two slots"
            seen_taken.add(c)
            if c not in built_or_discarded:
                return (f"structure[{s}]: {ids[c]!r} was taken from the structure, so it must "
                        "be in a city, under a Wonder or in the discard pile")
    if not g.age:
        return "left_out: no Age has started" if g.left_out else None
    if len(g.left_out) != g.age:
        return f"left_out: one list per Age started, expected {g.age}, got {len(g.left_out)}"
    # Taken slots may be anywhere: a position written by hand keeps only the cards it needs.
    for s, (c, up, taken) in enumerate(zip(g.slot_card, g.face_up, g.taken)):
        if not taken and up and c < 0:
            return f"structure[{s}]: a face-up card needs its id"
        if not taken and not up and c >= 0:
            return (f"structure[{s}]: a face-down card is drawn from the pool when it is "
                    "turned over, so its card is null")
    if len(set(g.to_reveal)) != len(g.to_reveal):
        return "to_reveal: a slot is listed twice"
    accessible = set(g.accessible)
    for s in g.to_reveal:
        if g.taken[s] or g.face_up[s] or s not in accessible:
            return f"to_reveal: structure[{s}] is not an uncovered face-down card"
    return None


def check_due(g: GameState) -> str | None:
    """The structure, and the cards its pending decisions take (the `structure` field's
    check, after `check_structure`)."""
    problem = check_structure(g)
    if problem or g.result is not None:
        return problem
    deal = number("deal")
    due = set(g.to_reveal) | {arg for kind, _, arg in g.stack if kind == deal}
    for s in g.accessible:
        if not g.face_up[s] and s not in due:
            return f"structure[{s}] is uncovered but face down, and nothing turns it over"
    return _check_draws(g) or check_backs(g)


def check_played_out(g: GameState) -> str | None:
    """A civilian victory comes once the last Age's structure is empty (the `structure`
    field's check once the cities are derived)."""
    if g.result is not None and g.result.victory == "civilian" and g.remaining:
        return (f"result: a civilian victory comes at the end of Age {g.t.ages}, "
                "once its structure is empty")
    return None


def _check_draws(g: GameState) -> str | None:
    """Walk the decisions pending until the next Age, in the order they resolve, and count
    the cards each takes from the deck, the guilds and the discard pile."""
    age, deal, leave, guild, revive = map(number, ("age", "deal", "leave_out", "guild",
                                                   "discard_pile"))
    pool, guilds, discard = len(g.pool), len(g.guild_pool), len(g.discard)
    # Another mechanic's draws into the deck (Agora's senators) add a card each.
    shuffled_in = {node[0] for node in g._shuffle_in_nodes(max(g.age, 1))}
    for i in range(len(g.stack) - 1, -1, -1):
        kind = g.stack[i][0]
        if kind == age:
            break
        if kind in shuffled_in:
            pool += 1
            continue
        if kind == leave or kind == deal:
            pool -= 1
            what = "a card from the pool" if pool < 0 else ""
        elif kind == guild:
            guilds -= 1
            pool += 1
            what = "a guild from guild_pool" if guilds < 0 else ""
        elif kind == revive:
            discard -= 1
            what = "a card in the discard pile" if discard < 0 else ""
        else:
            continue
        if what:
            return f"stack[{i}]: {KIND_NAMES[kind]} needs {what}, and none is left"
    if g.age and not _age_pending(g):
        later = sum(1 for s in range(len(g.slot_card)) if not g.taken[s] and not g.face_up[s])
        later -= sum(1 for k, _, _ in g.stack if k == deal)
        if pool < later:
            return (f"pool: {later} face-down cards are still to be drawn from it, "
                    f"but it holds only {pool} after the pending draws")
    return None


# What a seat sees (card_structure.py's VIEW, core/views.py) ---------------------------

def face_up_cards(reachable: bool):
    """The face-up cards of the structure a seat can take now (`reachable`) or not yet."""
    def components(g: GameState, player: int) -> list[int]:
        accessible = set(g.accessible)
        return [c for s, c in enumerate(g.slot_card) if c >= 0 and not g.taken[s]
                and g.face_up[s] and (s in accessible) == reachable]
    return components


def face_down_count(g: GameState, player: int) -> list[float]:
    return [sum(1 for s in range(len(g.slot_card)) if not g.taken[s] and not g.face_up[s])
            / 10.0]


def hide_left_out(g: GameState, player: int, data: dict) -> None:
    """This Age's cards left out stay hidden: a count."""
    ages = data["left_out"]
    if g.age and ages:
        data["left_out"] = ages[:-1] + [len(ages[-1])]


def redraw_deck(g: GameState, player: int, rng) -> None:
    """This Age's deck and left-out cards shuffled together, the guilds in it with those
    left in the box, and the cards another mechanic shuffles in (Agora's senators) with those
    still waiting for a later Age (never left out: they join after)."""
    t = g.t
    guild_color, extra = t.guild_color, t.any_age_cards
    age_left = g.left_out[-1] if g.age and g.left_out else []
    hidden = sorted([*g.pool, *age_left])
    plain = [c for c in hidden if t.color[c] != guild_color and c not in extra]
    guilds = sorted([c for c in hidden if t.color[c] == guild_color] + list(g.guild_pool))
    waiting = g._shuffled_in(g.age or 1)[0]  # the list itself: redrawn in place
    joined = sorted([c for c in g.pool if c in extra] + waiting)
    rng.shuffle(plain)
    rng.shuffle(guilds)
    rng.shuffle(joined)
    n_pool_guilds = sum(1 for c in g.pool if t.color[c] == guild_color)
    n_pool_joined = len(joined) - len(waiting)
    if g.age and g.left_out:
        g.left_out[-1] = plain[:len(age_left)]
    g.pool = sorted(plain[len(age_left):] + guilds[:n_pool_guilds] + joined[:n_pool_joined])
    g.guild_pool = sorted(guilds[n_pool_guilds:])
    waiting[:] = sorted(joined[n_pool_joined:])


# The checks of the mechanic's kinds in a loaded stack (`kinds.stands`): each returns what
# is wrong with the node at stack[i] (the path's rest, then the message), or None.

def _age_pending(g: GameState) -> bool:
    age = number("age")
    return any(kind == age for kind, _, _ in g.stack)


def turn_check(g: GameState, i: int, node) -> str | None:
    """A turn (play, choose_start) is on a card of the structure, or of the Age to come."""
    if not g.remaining and not _age_pending(g):
        return f": {KIND_NAMES[node[0]]}, but no card is left in the structure"
    if node[0] == number("play") and g._turn_arg_ok(node[2]):
        return None
    return no_arg(g, i, node)


def end_turn_check(g: GameState, i: int, node) -> str | None:
    if node[1] < 0:
        return f".player: end_turn is decided by a seat, not {node[1]}"
    if node[2] > 1:
        return ".arg: end_turn's argument is 1 if the player plays again, else 0"
    return None


def age_check(g: GameState, i: int, node) -> str | None:
    _, player, arg = node
    if player != -1:
        return f".player: age has player -1, not {player}"
    if g.stack[0][0] in (K_FIRST, number("end_turn")):
        return (f": an Age starts above the turn that opens it, not above "
                f"{KIND_NAMES[g.stack[0][0]]}")
    if arg != g.age + 1 or arg > g.t.ages:
        return f".arg: the next Age is {g.age + 1}, not {arg}"
    if g.age and g.remaining:
        return f": Age {arg} starts only once Age {g.age}'s structure is empty"
    return None


def deal_check(g: GameState, i: int, node) -> str | None:
    arg = node[2]
    if arg >= len(g.slot_card) or g.taken[arg] or g.face_up[arg] \
            or any(k == node[0] and a == arg for k, _, a in g.stack[:i]):
        return f".arg: structure[{arg}] is not a slot waiting for a card"
    return None


def destroy_check(g: GameState, i: int, node) -> str | None:
    if not g._destroy_targets(node[1], node[2]):
        return ": no building of those colours to destroy in the opponent's city"
    return None
