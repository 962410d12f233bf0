"""Agora's senators (mechanic `senate`, `senate.senators` in game.yaml): the buildings of one
colour, kept out of the Age decks and shuffled into them, `per_age[i]` into Age i + 1 once
its cards are left out (agora-rulings 2), each costing as many coins as the senators its
buyer already has (ruling 9), none with a token whose effect is `free_senators` (Corruption).

The senators not yet shuffled in wait in `senators_box` (hidden from both seats: the
observation gives their number). card_structure asks for them when an Age is set up, through
its hooks `_shuffled_in` and `_shuffle_in_nodes` (card_structure/plays.py): one chance node
`senator_draw` per senator, outcomes `CH_CARD + card` as for the other cards of the deck,
drawn in one go with them when chance is sampled at once. A senator's cost is worked out
into the buyer's cost cache, so the turn's legal plays and the payment read it as any other;
it is no trade, so the opponent's Economy gets nothing of it; building one prices its
buyer's senators again (a senator has no other effect on a cost).

Senators have a back of their own (grey: the Italian seed, agora-rulings 2), so a face-down
senator shows it: card_structure lays a senator back (`senator_back`, `senator back in slot
3`, ids `CH_SENATOR_BACK + slot`) on a face-down slot per senator of the Age's deck not dealt
face up, and turns a senator up under it (card_structure/deal.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from ...core.actions import OUTCOMES, Actions
from ...core.fields import StateField, list_copy
from ...core.kinds import CHANCE, handles, kind, outcomes_from
from ...core.rules import RulesError, checked
from ...core.views import Hidden
from ..card_structure import backs, deal

if TYPE_CHECKING:
    from ...core.game import GameState

NAME = "senate"


@dataclass(frozen=True)
class Senators:
    color: str  # senate.senators.color
    per_age: tuple[int, ...]  # senate.senators.per_age: shuffled into each Age

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, senate: Mapping[str, Any]) -> "Senators | None":
        s = senate.get("senators")
        return None if s is None else cls(s["color"], tuple(s["per_age"]))


K_SENATOR = kind("senator_draw", NAME, chance=True)
K_SENATOR_BACK = kind("senator_back", NAME, chance=True)
backs.lays_backs(K_SENATOR_BACK)
# A senator's back laid on a face-down slot: `CH_SENATOR_BACK + slot` (the senate's last range).
BACK_ACTIONS = (Actions("CH_SENATOR_BACK", OUTCOMES, deal.slots),)


def lay_out(t, senators: Senators | None) -> None:
    """The senators' tables; they leave card_structure's Age decks."""
    t.senator_color = -2
    t.senators = t.senator_runs = ()
    t.senators_per_age = ()
    if senators is None:
        return
    if senators.color not in t.color_index:
        raise RulesError(f"senate.senators.color: {senators.color!r} is not a colour of the game")
    if len(senators.per_age) != t.ages:
        raise RulesError(f"senate.senators.per_age: {len(senators.per_age)} counts for "
                         f"{t.ages} Ages")
    t.senator_color = t.color_index[senators.color]
    t.senators = tuple(c for c in range(t.NB) if t.color[c] == t.senator_color)
    # The senators as runs of consecutive ids [start, stop), priced a run at a time.
    runs: list[list[int]] = []
    for c in t.senators:
        if runs and runs[-1][1] == c:
            runs[-1][1] += 1
        else:
            runs.append([c, c + 1])
    t.senator_runs = tuple((start, stop) for start, stop in runs)
    if sum(senators.per_age) > len(t.senators):
        raise RulesError(f"senate.senators.per_age: {sum(senators.per_age)} senators shuffled "
                         f"in, but the game has {len(t.senators)}")
    t.senators_per_age = senators.per_age
    out = t.any_age_cards = frozenset(t.senators)
    t.age_decks = {age: [c for c in deck if c not in out] for age, deck in t.age_decks.items()}
    deal.add_back(t, "senator", K_SENATOR_BACK, t.CH_SENATOR_BACK, t.senators,
                  [age for age, n in enumerate(senators.per_age, 1) if n])


def owned(g: GameState, player: int) -> int:
    return g.color_count[player][g.t.senator_color]


@outcomes_from(K_SENATOR)
def _box(g: GameState) -> tuple[list[int], int]:
    return g.senators_box, g.t.CH_CARD


@handles(K_SENATOR)
def _on_senator(g: GameState, node, action: int) -> None:
    c = action - g.t.CH_CARD
    g.senators_box.remove(c)
    g.pool.append(c)
    g.pool.sort()


def _load_box(g: GameState, values, read) -> list[int]:
    path = "mechanics.senate.senators_box"
    out = [read.building(v, f"{path}[{i}]") for i, v in enumerate(read.list(values, path,
                                                                           g.t.NB))]
    for i, c in enumerate(out):
        if c not in g.t.senators or c in out[:i]:
            raise read.fail(f"{path}[{i}]", f"{g.t.ids[c]!r} is not a senator left to "
                                            "shuffle in")
    return sorted(out)


def _check_box(g: GameState) -> str | None:
    """The box holds the senators the Ages started so far have not shuffled in."""
    t = g.t
    due = len(t.senators) - sum(t.senators_per_age[:g.age])
    drawing = sum(1 for n in g.stack if n[0] == K_SENATOR)  # each takes one from the box
    if len(g.senators_box) - drawing != due:
        pending = f", {drawing} of them still to draw" if drawing else ""
        return (f"mechanics.senate.senators_box: {len(g.senators_box)} senators{pending}, "
                f"but {due} wait once Age {g.age} is set up")
    return None


def _hide_box(g: GameState, player: int, data: dict) -> None:
    box = data.get("mechanics", {}).get(NAME, {})
    if "senators_box" in box:
        box["senators_box"] = len(box["senators_box"])


FIELDS = (
    StateField("senators_box", lambda g: sorted(g.t.senators), list_copy,
               lambda g, v: [g.t.ids[c] for c in v], _load_box, check=_check_box,
               places=lambda g: [("the senators' box", g.senators_box)],
               doc="the senators not shuffled into an Age deck yet"),
)

VIEW = (Hidden("senators_box", 30, _hide_box),)


class SenatorsMixin:
    """Senators shuffled into the Age decks, and their cost."""

    __slots__ = ()

    def _shuffled_in(self, age: int) -> tuple[list[int], int]:
        t = self.t
        return (self.senators_box, t.senators_per_age[age - 1]) if t.senators else ([], 0)

    def _shuffle_in_nodes(self, age: int) -> list:
        box, n = self._shuffled_in(age)
        return [*super()._shuffle_in_nodes(age), *[(K_SENATOR, CHANCE, 0)] * n]

    def _reset_costs(self, player: int) -> list[int]:
        cache = super()._reset_costs(player)
        if self.t.senators:
            self._price_senators(player, cache)
        return cache

    def _price_senators(self, player: int, cache: list[int]) -> None:
        """Write what a senator costs `player` into its cost cache: each costs the same."""
        cost = self._senator_cost(player)
        for start, stop in self.t.senator_runs:
            cache[start:stop] = [cost] * (stop - start)

    def _senator_cost(self, player: int) -> int:
        t = self.t
        for k in self.tokens[player]:  # Corruption (verb `free_senators`)
            if t.objects[t.token0 + k].free_senators:
                return 0
        return owned(self, player)

    def _gain_token(self, p: int, tok: int) -> None:
        super()._gain_token(p, tok)
        if self.t.objects[self.t.token0 + tok].free_senators:
            self.cost_cache[p] = None  # its senators are free from now on

    def _coin_cost(self, player: int, comp: int) -> int:
        t = self.t
        if t.color[comp] == t.senator_color:  # no colour (-1) for a component not a building
            return self._senator_cost(player)
        return super()._coin_cost(player, comp)

    def _build_building(self, p: int, c: int, chain: bool) -> None:
        super()._build_building(p, c, chain)
        cache = self.cost_cache[p]
        if self.t.color[c] == self.t.senator_color and cache is not None:
            self._price_senators(p, cache)  # the next one costs a coin more; nothing else moves
