"""Action ids: contiguous ranges that the core and each mechanic of a game declare.

An action is an integer id. Each owner of a decision declares the ranges of ids it needs in
its module, as `ACTIONS`, a tuple of `Actions(name, group, size)`: `name` is the `Tables`
attribute that holds the range's first id (`t.TAKE + token`), `size(t)` its number of ids
for a game's tables. A game has the ranges of the core and of its own mechanics, and no
others: classic carries none of Duel's builds, tokens or Wonders, and Duel none of classic's
payments.

The ranges are laid out once per tables (`lay_out`), by group, then in the order of the
owners: the core, then the mechanics in `game.yaml`'s order. The groups, in order:

| group | what it decides | Duel | classic |
|---|---|---|---|
| `PLAYS` | a turn's plays | `BUILD`, `DISCARD`, `WONDER` | `C_BUILD`, `C_STAGE`, `C_DISCARD`, `C_FREE`, `C_REVIVE` |
| `SETUP_CHOICES` | the set-up's choices | `PICK_WONDER` | |
| `EFFECTS` | what a card or rule asks during an Age | `TAKE`, `DESTROY`, `REVIVE` | |
| `BETWEEN_AGES` | what is decided between two Ages | `START` | |
| `OUTCOMES` | chance outcomes | `CH_SEAT` (the core's), `CH_TOKEN`, `CH_WONDER`, `CH_CARD` | `CH_SEAT`, `CH_CARD`, `CH_BOARD` |

So player actions come first and chance outcomes last (`Tables.chance_ranges`), and a range
a mechanic adds goes after the others of its group: a game's ids move only when a range
comes before them. The order is also what Duel's saved states were written with (their
histories are ids), so Duel's ids never move.

A mechanic lays out no ids in its `extend_tables` (the tables refuse a change of
`num_actions` there): it runs once the ids are laid out, to work out what the mechanic reads
of them.

A range two mechanics both declare (the same name, group and size) is one range: a card
dealt from the Age's deck, `CH_CARD`, is declared by both mechanics that deal from it
(`card_structure`, `hand_draft`), and a game listing both has it once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

PLAYS, SETUP_CHOICES, EFFECTS, BETWEEN_AGES, OUTCOMES = GROUPS = (
    "plays", "setup", "effects", "between_ages", "outcomes")


@dataclass(frozen=True)
class Actions:
    """A range of action ids: `t.<name>` is its first id, `size(t)` how many it has."""

    name: str
    group: str
    size: Callable[[Any], int]

    def __post_init__(self) -> None:
        if self.group not in GROUPS:
            raise ValueError(f"action range {self.name!r}: group {self.group!r} is not one "
                             f"of {', '.join(GROUPS)}")
        if not self.name.isidentifier():
            raise ValueError(f"action range {self.name!r}: a name is a Python identifier")


@dataclass(frozen=True)
class Range:
    """A range as laid out for one game: ids `first` to `end - 1`, declared by `owners`."""

    name: str
    group: str
    first: int
    end: int
    owners: tuple[str, ...]


def lay_out(t, declared: Iterable[tuple[str, Iterable[Actions]]]) -> None:
    """Give `t` the action ids of the ranges `declared`, (owner, ranges) for the core then
    each mechanic in list order: sets `t.<name>` per range, `t.num_actions`,
    `t.action_ranges` (name -> `Range`) and `t.chance_ranges` (the outcomes' (first, end)).
    ValueError for a name declared twice with another group or size."""
    sized: dict[str, list] = {}  # name -> [group, size, owners], in order of declaration
    for owner, ranges in declared:
        for r in ranges:
            size = r.size(t)
            if type(size) is not int or size < 0:
                raise ValueError(f"action range {r.name!r} of {owner}: size {size!r}")
            found = sized.get(r.name)
            if found is None:
                sized[r.name] = [r.group, size, (owner,)]
            elif found[:2] != [r.group, size]:
                raise ValueError(f"action range {r.name!r}: {owner} declares it in group "
                                 f"{r.group} with {size} ids, {found[2][0]} in group "
                                 f"{found[0]} with {found[1]}")
            else:
                found[2] += (owner,)
    first = 0
    laid: dict[str, Range] = {}
    for group in GROUPS:
        for name, (g, size, owners) in sized.items():
            if g == group:
                laid[name] = Range(name, group, first, first + size, owners)
                setattr(t, name, first)
                first += size
    t.num_actions = first
    t.action_ranges = laid
    chance = [r for r in laid.values() if r.group == OUTCOMES]
    t.chance_ranges = [(chance[0].first, first)] if chance else []


def range_of(t, action: int) -> Range | None:
    """The range `action` falls in, or None."""
    for r in t.action_ranges.values():
        if r.first <= action < r.end:
            return r
    return None
