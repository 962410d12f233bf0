"""Victory points by category and the outcome of a finished game (Duel rulings 25 and 27,
classic ruling 21: the mechanics add their categories through `_score_more`)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """How a game ended. `winner` is a seat, or None for a shared victory; `winners` the
    seats that won: the winner alone, or every seat sharing the victory (the most VP and
    still tied on the game's tie-break: Duel's blue VP, classic's coins)."""

    winner: int | None
    victory: str  # "civilian", "military" or "scientific"
    scores: tuple[dict[str, int], ...] = field(default_factory=tuple)
    winners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.winners and self.winner is not None:  # a single winner: no need to say
            object.__setattr__(self, "winners", (self.winner,))

    @property
    def shared(self) -> bool:
        return self.winner is None

    def as_dict(self) -> dict:
        return {"winner": self.winner, "winners": list(self.winners), "shared": self.shared,
                "victory": self.victory, "scores": [dict(s) for s in self.scores]}


def categories(tables) -> tuple[str, ...]:
    tokens = ("tokens",) if tables.NT else ()
    return ("military", *tables.colors, *tables.score_categories, "wonders", *tokens, "coins",
            "total")


def colors_never_scored(tables) -> tuple[str, ...]:
    """The colours of `categories` no card of the game scores VP in (Duel's brown, grey and
    red): no card of the colour has points, nor end-of-game points, and science does not
    score under it. Their column is always 0."""
    scored = {tables.colors[color] for color, points, end in
              zip(tables.color, tables.points, tables.has_end_points)
              if color >= 0 and (points or end)}
    scored.add(getattr(tables, "science_category", None))
    return tuple(c for c in tables.colors if c not in scored)


def score(game, player: int) -> dict[str, int]:
    """VP of `player` by category, counted on the current state."""
    t = game.t
    names = t.cache.get("score_categories")
    if names is None:
        names = t.cache["score_categories"] = categories(t)
    out = dict.fromkeys(names, 0)
    out["military"] = game._military_points(player)
    objects, points, has_end = t.objects, t.points, t.has_end_points
    colors = t.colors
    for c in game.city[player]:
        vp = points[c]
        if has_end[c]:
            vp += objects[c].end_points(game, player)
        out[colors[t.color[c]]] += vp
    for k, w in enumerate(game.wonders[player]):
        if game.wonder_tuck[player][k] >= 0:
            comp = t.wonder0 + w
            out["wonders"] += points[comp] + (objects[comp].end_points(game, player)
                                              if has_end[comp] else 0)
    for tok in game.tokens[player]:
        comp = t.token0 + tok
        out["tokens"] += points[comp] + (objects[comp].end_points(game, player)
                                         if has_end[comp] else 0)
    game._score_more(player, out)
    out["coins"] = game.coins[player] // t.coins_per_point
    out["total"] = sum(out.values())  # "total" itself is still 0 here
    return out


def totals(game) -> list[int]:
    """Every seat's VP as the game stands now: the "total" of `score`, seat by seat, added
    up without the categories, since the bots read it in every trial (1.7 times faster than
    `score` in Duel; tests/engine/test_greedy_reference.py checks both alike on random
    positions of every game)."""
    t = game.t
    points, has_end, objects = t.points, t.has_end_points, t.objects
    wonder0, token0, coins_per_point = t.wonder0, t.token0, t.coins_per_point
    out = []
    for p in t.seats:
        city = game.city[p]
        vp = game._military_points(p) + sum(map(points.__getitem__, city))
        for c in city:
            if has_end[c]:
                vp += objects[c].end_points(game, p)
        for w, tucked in zip(game.wonders[p], game.wonder_tuck[p]):
            if tucked >= 0:
                comp = wonder0 + w
                vp += points[comp] + (objects[comp].end_points(game, p) if has_end[comp] else 0)
        for tok in game.tokens[p]:
            comp = token0 + tok
            vp += points[comp] + (objects[comp].end_points(game, p) if has_end[comp] else 0)
        more: defaultdict[str, int] = defaultdict(int)  # what the mechanics add, by category
        game._score_more(p, more)
        out.append(vp + sum(more.values()) + game.coins[p] // coins_per_point)
    return out


def final_result(game, winner: int | None = None, victory: str = "civilian") -> Result:
    """The result; for a civilian end the winners are decided here: the most VP, ties
    broken by the VP of a colour (Duel: blue) or by coins (classic); still tied, the
    victory is shared among the tied seats."""
    t = game.t
    scores = tuple(score(game, p) for p in t.seats)
    winners = () if winner is None else (winner,)
    if victory == "civilian":
        if t.tie_break_color >= 0:  # the most VP of a colour (Duel: blue)
            tie = t.colors[t.tie_break_color]
            keys = [(s["total"], s[tie]) for s in scores]
        else:  # the most coins (classic, ruling 21)
            keys = [(s["total"], game.coins[p]) for p, s in enumerate(scores)]
        ranked = game._ranked()  # who may win (not classic's Free City)
        best = max(keys[p] for p in ranked)
        leaders = [p for p in ranked if keys[p] == best]
        winner = leaders[0] if len(leaders) == 1 else None  # still tied: shared victory
        winners = tuple(leaders)
    return Result(winner, victory, scores, winners)
