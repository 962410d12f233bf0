"""A whole balance run: play the chunks on a backend, in chunk order, feed the SPRT, analyse.

Chunk results are consumed strictly in chunk order (a reorder buffer holds early arrivals), and
an SPRT decision is taken after whole chunks, so the games analysed, the decision and every
number of the results are the same for every backend and every worker count.
"""
from __future__ import annotations

import platform
from dataclasses import dataclass
from importlib import metadata
from typing import Callable

from . import components as comp
from . import edits, verdicts
from .design import Design
from .metrics import Shape, aligned, game_metrics, indicator, shape_of, sign_flips
from .play import board_sides
from .revisions import Revision, ruleset_of
from .sprt import Sprt

SCHEMA_ID = "wondersmith-balance/3"
FDR = 0.05


COMPONENT_TESTS = {"access": "--restrict", "wonder": "--wonders random", "board": "a game with Wonder boards",
                   "owners_change": "two revisions"}


def seats_for(revisions: tuple[Revision, ...], players: int | None) -> int:
    """The number of seats to play: `players`, or the game's usual count (NEW's); ValueError
    when a revision's game is not played at that count."""
    rulesets = [ruleset_of(r) for r in revisions]
    seats = rulesets[-1].players if players is None else players
    for revision, ruleset in zip(revisions, rulesets):
        if seats not in ruleset.player_counts:
            counts = ", ".join(map(str, ruleset.player_counts))
            raise ValueError(f"--players {seats}: '{revision.label}' plays {revision.game} with {counts} players")
    return seats


def has_wonder_draft(revisions: tuple[Revision, ...]) -> bool:
    """Whether every revision's game drafts Wonders (what `--wonders random` replaces)."""
    return all(ruleset_of(r).wonders for r in revisions)


def shape(design: Design, revisions: tuple[Revision, ...]) -> Shape:
    """The metrics of this run: NEW's seats and kinds of victory."""
    return shape_of(ruleset_of(revisions[-1]), design.players)


def sprt_metrics(shape: Shape, revisions: int) -> list[str]:
    names = list(shape.rates)
    names += [f"{m}_change" for m in shape.rates] if revisions == 2 else []
    return names + ["access:ID", "wonder:ID", "board:ID"] + (["owners_change:ID"] if revisions == 2 else [])


def check_sprt_metric(metric: str, design: Design, revisions: tuple[Revision, ...]) -> None:
    """ValueError with a message when `metric` cannot be tested in this run."""
    known = sprt_metrics(shape(design, revisions), len(revisions))
    kind, _, component = metric.partition(":")
    if component:
        if kind not in COMPONENT_TESTS:
            raise ValueError(f"--sprt {metric!r}: choose from {', '.join(known)}")
        if (kind == "access" and design.restrict <= 0 or kind == "wonder" and design.wonders != "random"
                or kind == "owners_change" and len(revisions) != 2):
            raise ValueError(f"--sprt {metric!r} needs {COMPONENT_TESTS[kind]}")
        info = _component_info(revisions[-1:])
        what = {"access": "component", "wonder": "Wonder", "board": "board side", "owners_change": "component"}[kind]
        if component not in info or kind not in ("access", "owners_change") and info[component]["kind"] != kind:
            raise ValueError(f"--sprt {metric!r}: NEW has no {what} with id {component!r}")
    elif metric not in known:
        raise ValueError(f"--sprt {metric!r}: choose from {', '.join(known)}")


def _favoured_gap(won: list[bool], favoured: list[bool]) -> float | None:
    """Win rate of the favoured seats minus the others' in one game; None if all are alike."""
    a = [w for w, f in zip(won, favoured) if f]
    b = [w for w, f in zip(won, favoured) if not f]
    if not a or not b:
        return None
    return sum(a) / len(a) - sum(b) / len(b)


def _owners_win_rate(deal: list[dict], component: str, seats: int) -> float | None:
    """The share of the seats owning `component` in a deal's games that won; None if none owns it."""
    owners = [g["winner"] == seat for g in deal for seat in range(seats) if component in g["owned"][seat]]
    return sum(owners) / len(owners) if owners else None


def observations(games: list[dict], metric: str, revisions: int, seats: int) -> list[float]:
    """The SPRT's observations from one chunk of games.

    A rate: one per deal, the mean of the indicator over the deal's rotations on NEW;
    `_change`: the deal's mean of NEW − OLD. `access:ID`: one per game of NEW in which some
    seats were barred from ID and some were not: the allowed seats' win rate minus the barred
    seats' in that game (for two seats: 1 if the allowed seat won, −1 if the barred one did, 0
    for a shared result); its mean is the access value's win-rate gap. `wonder:ID` and
    `board:ID`: the same for the seats dealt ID against the others. `owners_change:ID`: one per
    deal in which seats own ID on both revisions: the win rate of ID's owners over the deal's
    games on NEW minus the same on OLD.
    """
    by_rev = aligned(games, revisions)
    new = by_rev[-1]
    kind, _, component = metric.partition(":")
    if kind == "owners_change":
        out = []
        for i in range(0, len(new), seats):
            rates = [_owners_win_rate(rev[i:i + seats], component, seats) for rev in by_rev]
            if None not in rates:
                out.append(rates[1] - rates[0])
        return out
    if component:
        field = "barred" if kind == "access" else "wonders"
        out = []
        for g in new:
            marked = [component in g[field][seat] for seat in range(seats)]
            favoured = [not m for m in marked] if kind == "access" else marked
            gap = _favoured_gap([g["winner"] == seat for seat in range(seats)], favoured)
            if gap is not None:
                out.append(gap)
        return out
    change = metric.endswith("_change")
    base = metric[: -len("_change")] if change else metric
    out = []
    for i in range(0, len(new), seats):
        value = sum(indicator(g, base) for g in new[i:i + seats]) / seats
        if change:
            value -= sum(indicator(g, base) for g in by_rev[0][i:i + seats]) / seats
        out.append(value)
    return out


@dataclass
class Progress:
    chunks_done: int
    chunks_total: int
    deals: int
    seat0_win_rate: float
    sprt: Sprt | None


def run(revisions: tuple[Revision, ...], design: Design, backend, sprt: Sprt | None = None,
        on_progress: Callable[[Progress], None] | None = None, fdr: float = FDR) -> dict:
    chunks = design.chunks()
    buffer: dict[int, dict] = {}
    games: list[dict] = []
    wins = played = 0
    next_index = 0
    stream = backend.run(revisions, design, chunks)
    try:
        for result in stream:
            buffer[result["chunk"]] = result
            while next_index in buffer:
                part = buffer.pop(next_index)["games"]
                next_index += 1
                games += part
                newest = [g for g in part if g["rev"] == len(revisions) - 1]
                wins += sum(g["winner"] == 0 for g in newest)
                played += len(newest)
                if sprt is not None:
                    sprt.update(observations(part, sprt.metric, len(revisions), design.players))
                if on_progress:
                    on_progress(Progress(next_index, len(chunks), played // design.players, wins / played, sprt))
                if sprt is not None and sprt.status != "continue":
                    break
            if sprt is not None and sprt.status != "continue":
                break
    finally:
        stream.close()  # cancels what is still queued
    if sprt is not None:
        sprt.finish()
    return analyse(revisions, design, games, sprt, fdr)


def _component_info(revisions: tuple[Revision, ...]) -> dict[str, dict]:
    info: dict[str, dict] = {}
    for revision in revisions:
        ruleset = ruleset_of(revision)
        for kind, items in (("building", ruleset.buildings), ("wonder", ruleset.wonders), ("token", ruleset.tokens)):
            for card in items:
                info[card.id] = {"kind": kind, "name": card.name, "color": card.color or None,
                                 "age": card.age or None}
        for side, name in board_sides(ruleset).items():
            info[side] = {"kind": "board", "name": name, "color": None, "age": None}
    return dict(sorted(info.items()))


def analyse(revisions: tuple[Revision, ...], design: Design, games: list[dict], sprt: Sprt | None,
            fdr: float = FDR) -> dict:
    n_rev = len(revisions)
    seats = design.players
    metrics_shape = shape(design, revisions)
    by_rev = aligned(games, n_rev)
    tiers = []
    for t, tier in enumerate(design.tiers):
        mine = [[g for g in games if g["tier"] == t] for games in by_rev]
        entry = {"name": tier.name, "bots": list(tier.bots), **game_metrics(mine, design.seed + t, metrics_shape)}
        tiers.append(entry)
    info = _component_info(revisions)
    ids = list(info)
    # Dealt at random, so the effect of being dealt one is causal: board sides always (the
    # rules deal them), Wonders when a random driver assigns them instead of the draft.
    random_kinds = {"board"} | ({"wonder"} if design.wonders == "random" else set())
    assigned = {c for c, i in info.items() if i["kind"] in random_kinds}
    barrable = {c for c, i in info.items() if i["kind"] != "board"} if design.restrict > 0 else set()
    bots = sorted({b for tier in design.tiers for b in tier.bots})
    boards = frozenset(c for c, i in info.items() if i["kind"] == "board")
    per_rev = [comp.revision_components(rev_games, ids, bots, fdr, barrable, assigned, seats, boards)
               for rev_games in by_rev]
    components = {"fdr": fdr, "min_count": comp.MIN_COUNT, "info": info, "revisions": per_rev}
    if n_rev == 2:
        changes = comp.component_changes(by_rev[0], by_rev[1], ids, bots, fdr, seats)
        components["changes"] = changes
        components["ranking"] = comp.ranking(changes, ("built_rate", "owner_win_rate"))
    else:
        components["ranking"] = comp.ranking(per_rev[0], ("adjusted_lift",))
    deals_played = len(by_rev[0]) // (seats * len(design.tiers)) if by_rev[0] else 0
    results = {
        "schema": SCHEMA_ID,
        "design": design.describe(),
        "revisions": [{"label": r.label, "commit": r.commit, "folder": r.folder, "data_hash": r.data_hash}
                      for r in revisions],
        "deals_played": deals_played,
        "games_per_revision": len(by_rev[0]),
        "metrics": metrics_shape.describe(),
        "overall": game_metrics(by_rev, design.seed, metrics_shape),
        "tiers": tiers,
        "sign_flips": sign_flips(tiers, metrics_shape),
        "components": components,
        "sprt": sprt.as_dict(seed=design.seed) if sprt is not None else None,
        "environment": environment(),
    }
    changed = edits.changed(*revisions, info) if n_rev == 2 else []
    return {**results, "changed": changed,
            "verdicts": verdicts.verdicts(results, changed, design, [r.label for r in revisions])}


def environment() -> dict:
    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"
    return {"python": platform.python_version(),
            **{name: version(name) for name in ("wondersmith", "numpy", "scipy", "statsmodels", "matplotlib")}}
