"""A position builder: a game in the middle of an Age, set up in a few lines, for any game.

    from wondersmith.engine import load_ruleset
    from wondersmith.engine.positions import position

    duel = position(load_ruleset("duel"), ["baths", "lumber_yard"],
                    buildings=(["stone_pit"], []), coins=(3, 9), pawn=4)
    classic = position(load_ruleset("classic"), ["baths", "altar"], players=4, age=2,
                       boards={0: ("gizah", "a")}, coins={1: 7})

The core sets what every game has: each seat's coins, buildings, Wonders and tokens, the
discard pile, the Age and whose turn it is. Each mechanic of the game sets its own part from
the options it reads (`POSITION` in its module, a `Part`): Duel's structure and reachable
cards, pawn, tokens and Wonder draft; classic's hands, boards and stages, conflict tokens.
An option no mechanic of the game reads is refused with the options it has.

The second argument, `cards`, is what the seat to move chooses from: the reachable cards of
Duel's structure, a classic seat's hand. A per-seat option is a sequence with one entry per
seat, or a mapping {seat: entry} (the seats not named get the default). Components are named
by id. The position is written as a state document and loaded with `Game.from_json`, so it
is checked like any other: a card in two places, a Wonder in both cities, more copies of a
card than the Ages hold, are refused with a `StateFormatError` naming the place.
"""
from __future__ import annotations

from typing import Any, Iterable

from . import mechanics
from . import runtime as rt
from .core.positions import Draft
from .state import Game

WonderEntry = str | tuple[str, str]  # an unbuilt Wonder, or (Wonder, card tucked under it)
COINS = 30  # a seat's coins by default: enough for any card, so the cards decide what is legal


def _wonder_entry(w: WonderEntry) -> dict:
    if isinstance(w, str):
        return {"id": w, "status": "unbuilt", "tucked": None}
    wonder, tucked = w
    return {"id": wonder, "status": "built", "tucked": tucked}


def position(ruleset: rt.Ruleset, cards: Iterable[str] | None = None, *, players: int | None = None,
             age: int = 1, player: int = 0, coins=None, buildings=None, wonders=None, tokens=None,
             discard: Iterable[str] = (), seed: int = 0, auto_chance: bool = True,
             **options: Any) -> Game:
    """A game of `ruleset` at `players` seats (default the ruleset's) in Age `age`, waiting
    on `player` (Duel) or on every seat (classic's simultaneous turn).

    The core's options, per seat: `coins` (default 30), `buildings`, `wonders` (an id:
    unbuilt; (id, card tucked under it): built) and `tokens` (default none); the
    `discard` pile. `cards`: what the seat to move chooses from (its mechanic says how).
    The mechanics' options are listed in docs/engine.md ("Positions"). The game's seed
    (`seed`) draws every later chance outcome, and what the position leaves to chance.
    ValueError for an option no mechanic of the game reads or a value that does not fit;
    StateFormatError for a position that breaks a rule of the state.
    """
    base = Game(ruleset, seed=seed, players=players)
    parts = {name: getattr(mechanics.module(name), "POSITION", None) for name in type(base).MECHANICS}
    known = {key: name for name, part in parts.items() if part for key in part.options}
    unknown = sorted(set(options) - set(known))
    if unknown:
        readable = ", ".join(sorted(known)) or "none"
        raise ValueError(f"position(): no mechanic of {ruleset.game} reads {', '.join(unknown)} "
                         f"(the mechanics' options: {readable})")
    t = base.t
    if not (type(age) is int and 1 <= age <= t.ages):
        raise ValueError(f"age: an Age from 1 to {t.ages}, not {age!r}")
    if player not in t.seats:
        raise ValueError(f"player: a seat from 0 to {t.n_seats - 1}, not {player!r}")
    data = base.to_json()
    fields = {(name, f.name): f for name in type(base).MECHANICS
              for f in getattr(mechanics.module(name), "FIELDS", ())}
    draft = Draft(t, fields, data, player, age, cards, seed)
    coins = draft.per_seat("coins", coins, lambda p: COINS)
    buildings = draft.per_seat("buildings", buildings, lambda p: ())
    wonders = draft.per_seat("wonders", wonders, lambda p: ())
    tokens = draft.per_seat("tokens", tokens, lambda p: ())
    for p, entry in enumerate(data["players"]):
        entry.update({"coins": coins[p], "buildings": list(buildings[p]),
                      "wonders": [_wonder_entry(w) for w in wonders[p]], "tokens": list(tokens[p])})
    data.update({"first_player": 0, "discard": list(discard), "age": age, "pool": [],
                 "guild_pool": [], "stack": None, "result": None, "auto_chance": auto_chance})
    data.pop("simultaneous", None)
    draft.placed += [c for city in buildings for c in city] + list(discard) + [
        w[1] for ws in wonders for w in ws if not isinstance(w, str)]
    for name, part in parts.items():
        if part is not None:
            part.build(draft, **{**part.options,
                                 **{k: v for k, v in options.items() if known[k] == name}})
    for step in draft.deferred:
        step()
    if data["stack"] is None:
        raise ValueError(f"position(): no mechanic of {ruleset.game} sets up a turn")
    game = Game.from_json(ruleset, data)
    game._advance()  # what the position leaves to chance (a card the holder draws), if sampled
    return game
