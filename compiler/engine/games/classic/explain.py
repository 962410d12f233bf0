"""Why an action is not legal at classic 7 Wonders' decisions, in the players' words.

`Game.apply` raises IllegalActionError with the reason the kind's explainer gives
(core/kinds.py `explains`; legal.py asks it before the core's "waiting for player 0 to
decide: choose"). This module registers one for each classic kind a seat or chance decides:

- `choose` (hand_draft: a turn's play, Babylon B's 7th card, the Free City's play): the card
  is not in the hand; the city already holds a building of that name (ruling 5); it cannot
  pay, naming the resource units or coins short; that payment is not offered, or what it
  costs (rulings 11, 12); the board has no stage left; there is no free build, or it is used
  this Age (Olympia A, ruling 18); the Free City's chain card and discards (ruling 22);
- `discard_build` (Halikarnassos, ruling 17): the card is not in the discard pile, or its
  name is in the city; a play of the hand waits for this build;
- the chance kinds `deal_hand`, `draw_guild`, `board_deal` and `free_city_draw`: the card,
  guild or board cannot come now.

Explainers run only once an action is found illegal, never while playing: nothing here is
on the hot path. Board and card names come from the data (no name is written here).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.kinds import explains
from .actions import BUILD, DISCARD, FREE, REVIVE, STAGE, decode, encode
from ...mechanics.free_city import K_DRAW
from ...mechanics.hand_draft import K_CHOOSE, K_DEAL_HAND, K_DRAW_GUILD
from ...mechanics.wonder_boards import K_BOARD_DEAL, K_DISCARD_BUILD

if TYPE_CHECKING:
    from ...core.game import GameState


def _free_city(g: GameState) -> int:
    """The Free City's seat in the 2-player variant, else -1."""
    return getattr(g.t, "free_city", -1)


def _who(g: GameState, p: int) -> str:
    return "the Free City" if p == _free_city(g) else f"player {p}"


def _board(g: GameState, p: int) -> str:
    t = g.t
    b, side = g.boards[p]
    cls = t.classes[t.board0 + b]
    return f"{cls.name} side {cls.sides[side][0]}"


def _units(t, units) -> str:
    """Resource units as words: `1 ore, 2 wood`."""
    counted = Counter(units)
    return ", ".join(f"{n} {t.resources[r]}" for r, n in sorted(counted.items()))


def _holds_name(g: GameState, p: int, c: int) -> str | None:
    """The name of `c` if city `p` already holds a building of that name (ruling 5)."""
    t = g.t
    name = t.names[c]
    return name if any(t.names[b] == name for b in g.city[p]) else None


def _chain_source(g: GameState, p: int, c: int) -> str:
    t = g.t
    sources = [t.names[b] for b in g.city[p] if t.chain_gives[b] & t.chain_from[c]]
    return sources[0] if sources else "its chain"


# The turn: `choose` ----------------------------------------------------------------------

@explains(K_CHOOSE)
def why_not_play(g: GameState, p: int, arg: int, action: int) -> str | None:
    t = g.t
    if not t.C_BUILD <= action < t.C_END:
        return None
    mode, c, left, right = decode(t, action)
    name, who = t.names[c], _who(g, p)
    if mode == REVIVE:
        return (f"{who} cannot build {name} from the discard pile now: that is done at the "
                "end of a turn in which a Wonder stage giving it is built")
    missing = _not_in_hand(g, p, c)
    if missing:
        return missing
    if p == _free_city(g):
        limit = _free_city_limit(g, p, c, mode)
        if limit:
            return limit
    if mode == DISCARD:
        return None
    if mode == STAGE:
        return _why_not_stage(g, p, c, left, right)
    held = _holds_name(g, p, c)
    if held:
        return f"{who} already has {held}: a city never holds two buildings of the same name"
    chained = t.chain_from[c] & g.chains[p]
    if mode == FREE:
        return _why_not_free(g, p, c, chained)
    if chained:
        return (f"{name} is free for {who} through {_chain_source(g, p, c)}: it pays nobody "
                f"('build {name}')")
    return _why_not_pay(g, p, c, BUILD, c, name, left, right)


def _hand(g: GameState, p: int) -> list[int]:
    return g._free_city_hand() if p == _free_city(g) else g.hands[p]


def _not_in_hand(g: GameState, p: int, c: int) -> str | None:
    t = g.t
    name = t.names[c]
    hand = _hand(g, p)
    if c in hand:
        return None
    if p != _free_city(g):
        return f"{name} is not in player {p}'s hand"
    if g._plays_from_pile():
        return f"{name} is not the Free City's last card: it plays the card left in its pile"
    holder = g.free_city_holder
    own = g.sim_choices[holder]
    if c in g.hands[holder] and own >= 0 and decode(t, own)[1] == c:
        return (f"player {holder} chose {name} for their own city: the Free City plays "
                f"another card of player {holder}'s hand")
    return f"{name} is not in player {holder}'s hand, which the Free City plays from"


def _free_city_limit(g: GameState, p: int, c: int, mode: int) -> str | None:
    """The variant's two limits on the Free City's plays (free_city: `builds_chains`,
    `discards`), when they are what makes the play illegal."""
    t = g.t
    config = t.config["free_city"]
    name = t.names[c]
    chained = t.chain_from[c] & g.chains[p] and not _holds_name(g, p, c)
    if chained and config.builds_chains == "always" and mode != BUILD:
        return (f"the Free City builds {name} through {_chain_source(g, p, c)}: a card it can "
                f"build through its chain is only built ('build {name}')")
    if mode == DISCARD and config.discards == "only_when_nothing_buildable":
        other = [a for a in g.legal_actions() if decode(t, a)[0] != DISCARD]
        if other:
            return (f"the Free City discards a card only when it can play no card of the hand: "
                    f"'{g.action_to_text(other[0])}' is legal")
    return None


def _why_not_stage(g: GameState, p: int, c: int, left: int, right: int) -> str | None:
    who = _who(g, p)
    if g.boards[p] is None:
        return f"{who} has no Wonder board yet"
    stage = g._next_stage(p)
    if stage < 0:
        built = g._stages_built(p)
        return f"{who}'s board ({_board(g, p)}) has no more stages: all {built} are built"
    what = f"stage {g._stage_number(p)} of {_board(g, p)}"
    return _why_not_pay(g, p, stage, STAGE, c, what, left, right)


def _why_not_free(g: GameState, p: int, c: int, chained: int) -> str | None:
    t = g.t
    name, who = t.names[c], _who(g, p)
    stage, free = g.stage_next[p]
    if not free:
        return f"{who} has no free build: no Wonder stage of their city gives one"
    if g.free_used[p]:
        return f"{who} has already used the free build of this Age (one an Age)"
    if chained:
        return f"{name} is already free for {who} through {_chain_source(g, p, c)}: 'build {name}'"
    if not t.priced[c]:
        return f"{name} costs nothing: 'build {name}'"
    return None


def _why_not_pay(g: GameState, p: int, comp: int, mode: int, c: int, what: str, left: int,
                 right: int) -> str | None:
    """Why paying (left, right) for `comp` (a card, or the stage built with card `c`) is
    not legal: what `p` cannot supply, the coins short, or the payments offered."""
    t = g.t
    P = t.pay_levels
    who = _who(g, p)
    pays = g.offers[p][t.cost_id[comp]] if g.offers else None
    if pays is None:  # priced into a list of its own: explaining changes nothing shared
        pays = g._offers(p, comp, [None] * len(t.costs))
    if not pays:
        return _shortage(g, p, comp, what)
    coins = g.coins[p]
    asked = left * P + right
    totals = {offset: total for total, offset in pays}
    if asked in totals:
        total = totals[asked]
        return (f"{what}{_paying(left, right)} costs {who} {_coins(total)}"
                f"{_parts(t, comp, left, right)}; {who} has {_coins(coins)} at the start of the turn")
    affordable = sorted((total, offset) for total, offset in pays if total <= coins)
    if not affordable:
        total, offset = min(pays)
        return (f"{who} cannot pay for {what}: the cheapest way costs {_coins(total)}"
                f"{_parts(t, comp, *divmod(offset, P))}; {who} has {_coins(coins)} at the start "
                "of the turn")
    offered = " or ".join(f"'{g.action_to_text(encode(t, mode, c, *divmod(offset, P)))}'"
                          for _, offset in affordable)
    if set(totals) == {0}:
        return f"{who} makes everything {what} needs: it pays no neighbour ({offered})"
    if asked == 0:
        short = min(g._own_residuals(p, comp), key=len, default=())
        lacks = f" {_units(t, short)}" if short else " resources"
        return f"{who} lacks{lacks} for {what} and buys from a neighbour: {offered}"
    short = min(g._own_residuals(p, comp), key=len, default=())
    return (f"{what}{_paying(left, right)} is not offered: the payments offered are the "
            f"cheapest splits of what {who} lacks ({_units(t, short)}) between the neighbours "
            f"who sell it: {offered}")


def _paying(left: int, right: int) -> str:
    parts = [f"left {left}"] * bool(left) + [f"right {right}"] * bool(right)
    return f" paying {', '.join(parts)}" if parts else ""


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _parts(t, comp: int, left: int, right: int) -> str:
    """What a total is made of, when some of it goes to the neighbours."""
    if not (left or right):
        return ""
    parts = [(t.coin_cost[comp], "printed"), (left, "to the left"), (right, "to the right")]
    return f" ({', '.join(f'{n} {where}' for n, where in parts if n)})"


def _shortage(g: GameState, p: int, comp: int, what: str) -> str:
    """What `p` cannot get for `comp` even from its neighbours: per resource, the units its
    city makes (an either/or card counting for each of its resources) and those its
    neighbours sell (the same), when they are fewer than the cost."""
    t = g.t
    who = _who(g, p)
    trades = hasattr(g, "_sells_of")  # neighbour_trade
    sold = [g._sells_of(q)[:2] for q in t.neighbours[p]] if trades else []  # (fixed, either/or)
    short = []
    for r, n in t.cost[comp]:
        made = g.prod[p][r] + sum(r in options for options in g.choices[p])
        bought = sum(fixed[r] + sum(r in options for options in either) for fixed, either in sold)
        if made + bought < n:
            short.append((f"{n} {t.resources[r]}", f"{who} makes {made}"
                          + (f", the neighbours sell {bought}" if trades else "")))
    if len(short) == 1:
        return f"{what} needs {short[0][0]}; {short[0][1].replace(',', ' and', 1)}"
    if short:
        return f"{what} needs " + " and ".join(f"{units} ({supply})" for units, supply in short)
    need = _units(t, [r for r, n in t.cost[comp] for _ in range(n)])
    return (f"{who} cannot get {need} for {what} at once: an either/or card gives one of its "
            "resources a turn")


# Halikarnassos: `discard_build` ------------------------------------------------------------

@explains(K_DISCARD_BUILD)
def why_not_revive(g: GameState, p: int, arg: int, action: int) -> str | None:
    t = g.t
    who = _who(g, p)
    if t.C_REVIVE <= action < t.C_REVIVE + t.NB:
        c = action - t.C_REVIVE
        if c not in g.discard:
            return f"{t.names[c]} is not in the discard pile"
        held = _holds_name(g, p, c)
        if held:
            return f"{who} already has {held}: a city never holds two buildings of the same name"
        return None
    if t.C_BUILD <= action < t.C_END:
        return (f"{who} first builds a card of the discard pile for free, as their Wonder stage "
                "gives ('build <card> from discard'); the next turn comes after")
    return None


# Chance: the cards, guilds and boards dealt ----------------------------------------------

def _card_outcome(g: GameState, action: int) -> int | None:
    c = action - g.t.CH_CARD
    return c if 0 <= c < g.t.NB else None


@explains(K_DEAL_HAND)
def why_not_deal(g: GameState, p: int, arg: int, action: int) -> str | None:
    t = g.t
    c = _card_outcome(g, action)
    if c is None:
        return None
    if c in g.guild_pool:
        return f"{t.names[c]} is in the box: only the guilds drawn for this Age are dealt"
    if t.age[c] != g.age and t.color[c] != t.classic_guild_color:
        return f"{t.names[c]} is a card of Age {t.age[c]}, not of Age {g.age}"
    return f"no copy of {t.names[c]} is left in the Age {g.age} deck to deal"


@explains(K_DRAW_GUILD)
def why_not_draw_guild(g: GameState, p: int, arg: int, action: int) -> str | None:
    t = g.t
    c = _card_outcome(g, action)
    if c is None:
        return None
    if t.color[c] != t.classic_guild_color:
        return f"{t.names[c]} is not a guild"
    return f"{t.names[c]} is not in the box: it is already drawn"


@explains(K_BOARD_DEAL)
def why_not_board(g: GameState, p: int, arg: int, action: int) -> str | None:
    t = g.t
    if not 0 <= action - t.CH_BOARD < t.n_sides * t.n_boards:
        return None
    b, side = divmod(action - t.CH_BOARD, t.n_sides)
    cls = t.classes[t.board0 + b]
    if side >= len(cls.sides):
        return f"{cls.name} has no side {side + 1}"
    owner = [q for q, dealt in enumerate(g.boards) if dealt is not None and dealt[0] == b]
    return f"{cls.name} is already dealt, to player {owner[0]}" if owner else None


@explains(K_DRAW)
def why_not_draw(g: GameState, p: int, arg: int, action: int) -> str | None:
    c = _card_outcome(g, action)
    if c is None:
        return None
    return f"{g.t.names[c]} is not in the pile"
