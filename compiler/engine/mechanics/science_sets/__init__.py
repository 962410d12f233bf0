"""Mechanic `science_sets`: science scored at the end of the game (ruling 14).

Reads `science`: `identical: squared` (each symbol scores its count squared), `set_size` and
`set_points` (each set of `set_size` different symbols scores `set_points`; classic: 3 and 7)
and `wildcards: chosen_at_end`. A wildcard (`Card.science_choice`: Scientists Guild, Babylon)
becomes, at scoring, whichever of its symbols scores the most, each one independently: the
engine tries every assignment (there are at most a few wildcards). Science VP score under the
colour of the buildings that carry the symbols (classic: green), or as "science" when no one
colour does. No state of its own: the symbols are counted from the cities.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from operator import mul
from typing import Any, Mapping

from ...core.rules import RulesError, checked

NAME = "science_sets"


@dataclass(frozen=True)
class Config:
    identical: str  # science.identical: "squared"
    set_size: int  # science.set_size
    set_points: int  # science.set_points
    wildcards: str  # science.wildcards: "chosen_at_end"

    def __post_init__(self) -> None:
        checked(self)

    @classmethod
    def parse(cls, rules: Mapping[str, Any]) -> "Config":
        science = rules["science"]
        return cls(science["identical"], science["set_size"], science["set_points"],
                   science["wildcards"])


def extend_tables(t) -> None:
    config = t.config[NAME]
    if config.identical != "squared" or config.wildcards != "chosen_at_end":  # at set-up
        raise RulesError("science: the engine scores identical symbols squared and chooses "
                         "wildcards at the end")
    index = {s: i for i, s in enumerate(t.symbols)}
    t.wildcards = [tuple(index[s] for s in getattr(cls, "science_choice", ())) for cls in t.classes]
    colors = {t.colors[t.color[c]] for c in range(t.NB) if t.science[c] >= 0}
    t.science_category = colors.pop() if len(colors) == 1 else "science"
    if t.science_category not in t.colors:
        t.score_categories += (t.science_category,)
    if len(t.symbols) != t.config[NAME].set_size:
        raise ValueError(f"science.set_size: a set is one of each of the {len(t.symbols)} "
                         f"symbols, not {t.config[NAME].set_size}")


def science_points(counts, set_size: int, set_points: int) -> int:
    """Each symbol's count squared, plus `set_points` per set of one of each symbol."""
    return sum(map(mul, counts, counts)) + set_points * min(counts)


class ScienceSets:
    __slots__ = ()

    def _science_points(self, p: int, extra_wildcards: int = 0) -> int:
        """Science VP of `p`, its wildcards (and `extra_wildcards` of every symbol) chosen
        to score the most."""
        t = self.t
        config = t.config[NAME]
        wildcard = t.wildcards.__getitem__
        wildcards = [*filter(None, map(wildcard, self.city[p])),
                     *filter(None, map(wildcard, self._board_components(p)))]
        wildcards += [tuple(range(len(t.symbols)))] * extra_wildcards
        base = self.sci[p]
        best = science_points(base, config.set_size, config.set_points)
        if not wildcards:  # the usual city
            return best
        for picks in product(*wildcards):
            counts = base[:]
            for s in picks:
                counts[s] += 1
            best = max(best, science_points(counts, config.set_size, config.set_points))
        return best

    def _score_more(self, p: int, out: dict[str, int]) -> None:
        super()._score_more(p, out)
        out[self.t.science_category] += self._science_points(p)


MIXIN = ScienceSets
