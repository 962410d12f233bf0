"""What one player may see, for bots and learning: as JSON, as a fixed-length vector with a
legal-action mask, and a full state sampled to agree with it (for information-set search).

Hidden from both players: the seed (it fixes every future chance outcome), the order of
the history, the cards of the current Age still in the deck (`pool`), left out of it or
among the undrawn guilds, and which cards the face-down slots will show. Hidden from one
player: the tokens the other player drew with the Great Library, until one is taken.
Everything else is public or follows from what is public (the Wonders and tokens left in
the box are the ones never seen, and so are past Ages' cards left out).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .core.simultaneous import visible_choices
from .mechanics import classic_view
from .nodes import IS_CHANCE, K_LIB_PICK, KIND_NAMES, REMOVED

if TYPE_CHECKING:
    from .state import Game

_HIDDEN = ("seed", "chance_count", "history", "auto_chance", "pool", "guild_pool")
# Where a component can be, seen from one seat: one-hot per component in the vector.
PLACES = ("my city", "their city", "under my Wonder", "under their Wonder", "discard",
          "reachable", "covered face up", "board", "my token", "their token", "my Wonder",
          "their Wonder", "my built Wonder", "their built Wonder", "draft", "drawn")


def observation(game: Game, player: int) -> dict[str, Any]:
    """The state as `player` sees it (JSON-ready); see the module docstring."""
    data = game.to_json()
    for key in _HIDDEN:
        data.pop(key)
    data["player"] = player
    data["deck_left"] = len(game.pool)
    data["guilds_left"] = len(game.guild_pool)
    ages = data.get("left_out")  # the mechanics' keys: in the games that have them
    if game.age and ages:
        data["left_out"] = ages[:-1] + [len(ages[-1])]  # this Age's stay hidden: a count
    if data.get("drawn_tokens") and not _drew(game, player):
        data["drawn_tokens"] = len(game.drawn)
    if "simultaneous" in data:  # another seat's pending choice: only that it was made
        data["simultaneous"] = visible_choices(game, player)
    if _classic(game):
        classic_view.observe(game, player, data)
    data["decision"] = game.decision
    data["current_player"] = game.current_player
    return data


def _classic(game: Game) -> bool:
    """A game of hands (hand_draft): what a seat sees is classic_view's."""
    return "hand_draft" in game.MECHANICS


def _drew(game: Game, player: int) -> bool:
    """True if `player` is the one choosing among the drawn tokens."""
    return any(kind == K_LIB_PICK and p == player for kind, p, _ in game.stack)


def vector_size(game: Game) -> int:
    if _classic(game):
        return classic_view.vector_size(game)
    t = game.t
    return (t.N * len(PLACES) + len(KIND_NAMES) + 2 * len(t.symbols) + 2 * len(t.loot_zones)
            + 10)


def observation_vector(game: Game, player: int) -> list[float]:
    """A fixed-length numeric form of `observation(player)`, from `player`'s side."""
    if _classic(game):
        return classic_view.vector(game, player)
    t = game.t
    n_places = len(PLACES)
    v = [0.0] * vector_size(game)

    def put(comp: int, place: int) -> None:
        v[comp * n_places + place] = 1.0

    others = [q for q in t.seats if q != player]  # "their": every other seat
    for seat, base in ((player, 0), *((q, 1) for q in others)):
        for c in game.city[seat]:
            put(c, base)
        for w, tuck in zip(game.wonders[seat], game.wonder_tuck[seat]):
            if tuck >= 0:
                put(tuck, 2 + base)
                put(t.wonder0 + w, 12 + base)
            elif tuck != REMOVED:
                put(t.wonder0 + w, 10 + base)
        for x in game.tokens[seat]:
            put(t.token0 + x, 8 + base)
    for c in game.discard:
        put(c, 4)
    accessible = set(game.accessible)
    for s, c in enumerate(game.slot_card):
        if c >= 0 and not game.taken[s] and game.face_up[s]:
            put(c, 5 if s in accessible else 6)
    for x in getattr(game, "board_tokens", ()):
        put(t.token0 + x, 7)
    for w in getattr(game, "draft", ()):  # wonder_draft's (a game may have none)
        put(t.wonder0 + w, 14)
    if _drew(game, player):
        for x in game.drawn:
            put(t.token0 + x, 15)
    i = t.N * n_places
    if game.result is None:
        v[i + game.stack[-1][0]] = 1.0
    i += len(KIND_NAMES)
    pairs = getattr(game, "pairs_done", None) or [0] * t.n_seats  # science_pairs'
    for k in range(len(t.symbols)):
        v[i] = float(pairs[player] >> k & 1)
        v[i + len(t.symbols)] = float(any(pairs[q] >> k & 1 for q in others))
        i += 1
    i += len(t.symbols)
    loot = getattr(game, "loot_used", None)  # military_track's
    for k in range(len(t.loot_zones) if loot else 0):
        v[i + k] = float(loot[player][k])
        v[i + k + len(t.loot_zones)] = float(any(loot[q][k] for q in others))
    i += 2 * len(t.loot_zones)
    lead = game.pawn * t.pawn_side[player] if loot and t.pawn_side else 0
    face_down = sum(1 for s in range(len(game.slot_card)) if not game.taken[s] and not game.face_up[s])
    winner = game.result.winner if game.result is not None else None
    v[i:i + 10] = [
        game.coins[player] / 10.0, max(game.coins[q] for q in others) / 10.0,
        lead / t.supremacy_at if t.supremacy_at else 0.0,
        game.age / t.ages, face_down / 10.0, len(game.pool) / 10.0,
        float(game.current_player == player), float(IS_CHANCE[game.stack[-1][0]]) if game.stack else 0.0,
        float(game.result is not None), 0.0 if winner is None else (1.0 if winner == player else -1.0),
    ]
    return v


def legal_mask(game: Game, player: int) -> list[int]:
    """1 for each action id `player` may take now, 0 elsewhere (all 0 when not to move)."""
    mask = [0] * game.t.num_actions
    for a in game.legal_actions_for(player):  # every seat choosing at a simultaneous node
        mask[a] = 1
    return mask


def redraw_hidden(game: Game, player: int, rng: random.Random) -> None:
    """Shuffle, in place, what `player` cannot see: this Age's deck and left-out cards, the
    undrawn guilds, the other player's drawn tokens, and the seed. The observation of
    `player` does not change. Search calls it on a clone (fast); `sample_state` wraps it."""
    if _classic(game):
        classic_view.redraw_hidden(game, player, rng)
        return
    t = game.t
    guild_color = t.guild_color
    age_left = game.left_out[-1] if game.age and game.left_out else []
    hidden = sorted([*game.pool, *age_left])
    plain = [c for c in hidden if t.color[c] != guild_color]
    guilds = sorted([c for c in hidden if t.color[c] == guild_color] + list(game.guild_pool))
    rng.shuffle(plain)
    rng.shuffle(guilds)
    n_pool_guilds = sum(1 for c in game.pool if t.color[c] == guild_color)
    if game.age and game.left_out:
        game.left_out[-1] = plain[:len(age_left)]
    game.pool = sorted(plain[len(age_left):] + guilds[:n_pool_guilds])
    game.guild_pool = sorted(guilds[n_pool_guilds:])
    if getattr(game, "drawn", None) and not _drew(game, player):
        box = list(game.box_tokens)
        rng.shuffle(box)
        game.drawn = box[:len(game.drawn)]
    game.seed = rng.getrandbits(64)
    game._legal = None


def sample_state(game: Game, player: int, rng: random.Random) -> Game:
    """A full state that `player` cannot tell from `game`: same observation, hidden parts
    (this Age's deck and left-out cards, the undrawn guilds, the other player's drawn
    tokens, the seed) drawn at random. It has an empty history and samples chance from a
    new seed, so a search from it never peeks at the real game's future. It is loaded
    through `from_json`, so it is checked like any state."""
    guess = game.clone()
    redraw_hidden(guess, player, rng)
    data = guess.to_json()
    data["history"] = []
    data["chance_count"] = 0
    return type(game).from_json(game.t.ruleset, data)
