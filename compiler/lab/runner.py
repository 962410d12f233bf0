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
from .design import Design
from .metrics import RATES, indicator, aligned, game_metrics, sign_flips
from .revisions import Revision, ruleset_of
from .sprt import Sprt

SCHEMA_ID = "wondersmith-balance/1"
FDR = 0.05


COMPONENT_TESTS = {"access": "--restrict", "wonder": "--wonders random"}


def sprt_metrics(revisions: int) -> list[str]:
    names = list(RATES)
    names += [f"{m}_change" for m in RATES] if revisions == 2 else []
    return names + ["access:ID", "wonder:ID"]


def check_sprt_metric(metric: str, design: Design, revisions: tuple[Revision, ...]) -> None:
    """ValueError with a message when `metric` cannot be tested in this run."""
    kind, _, component = metric.partition(":")
    if component:
        if kind not in COMPONENT_TESTS:
            raise ValueError(f"--sprt {metric!r}: choose from {', '.join(sprt_metrics(len(revisions)))}")
        if kind == "access" and design.restrict <= 0 or kind == "wonder" and design.wonders != "random":
            raise ValueError(f"--sprt {metric!r} needs {COMPONENT_TESTS[kind]}")
        info = _component_info(revisions[-1:])
        if component not in info or kind == "wonder" and info[component]["kind"] != "wonder":
            raise ValueError(f"--sprt {metric!r}: NEW has no {'Wonder' if kind == 'wonder' else 'component'} "
                             f"with id {component!r}")
    elif metric not in sprt_metrics(len(revisions)):
        raise ValueError(f"--sprt {metric!r}: choose from {', '.join(sprt_metrics(len(revisions)))}")


def observations(games: list[dict], metric: str, revisions: int) -> list[float]:
    """The SPRT's observations from one chunk of games.

    A rate: one per seat-swapped pair, the pair's mean of the indicator on NEW; `_change`: the
    pair's mean of NEW − OLD. `access:ID`: one per game of NEW in which exactly one seat was
    barred from ID, 1 if the allowed seat won, −1 if the barred one did, 0 for a shared result;
    its mean is the access value's win-rate gap. `wonder:ID`: the same for games in which ID was
    assigned to a seat (the holder against the other seat).
    """
    by_rev = aligned(games, revisions)
    new = by_rev[-1]
    kind, _, component = metric.partition(":")
    if component:
        field = "barred" if kind == "access" else "wonders"
        out = []
        for g in new:
            marked = [component in g[field][seat] for seat in (0, 1)]
            if marked[0] != marked[1]:
                favoured = marked.index(False) if kind == "access" else marked.index(True)
                out.append(float(g["winner"] == favoured) - float(g["winner"] == 1 - favoured))
        return out
    change = metric.endswith("_change")
    base = metric[: -len("_change")] if change else metric
    out = []
    for i in range(0, len(new), 2):
        value = sum(indicator(g, base) for g in new[i:i + 2]) / 2
        if change:
            value -= sum(indicator(g, base) for g in by_rev[0][i:i + 2]) / 2
        out.append(value)
    return out


@dataclass
class Progress:
    chunks_done: int
    chunks_total: int
    pairs: int
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
                    sprt.update(observations(part, sprt.metric, len(revisions)))
                if on_progress:
                    on_progress(Progress(next_index, len(chunks), played // 2, wins / played, sprt))
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
    return dict(sorted(info.items()))


def analyse(revisions: tuple[Revision, ...], design: Design, games: list[dict], sprt: Sprt | None,
            fdr: float = FDR) -> dict:
    n_rev = len(revisions)
    by_rev = aligned(games, n_rev)
    tiers = []
    for t, tier in enumerate(design.tiers):
        mine = [[g for g in games if g["tier"] == t] for games in by_rev]
        entry = {"name": tier.name, "bots": list(tier.bots), **game_metrics(mine, design.seed + t)}
        tiers.append(entry)
    info = _component_info(revisions)
    ids = list(info)
    wonder_ids = {c for c, i in info.items() if i["kind"] == "wonder"}
    bots = sorted({b for tier in design.tiers for b in tier.bots})
    per_rev = [comp.revision_components(rev_games, ids, bots, fdr, design.restrict > 0,
                                        design.wonders == "random", wonder_ids)
               for rev_games in by_rev]
    components = {"fdr": fdr, "min_count": comp.MIN_COUNT, "info": info, "revisions": per_rev}
    if n_rev == 2:
        changes = comp.component_changes(by_rev[0], by_rev[1], ids, bots, fdr)
        components["changes"] = changes
        components["ranking"] = comp.ranking(changes, "owner_win_rate")
    else:
        components["ranking"] = comp.ranking(per_rev[0], "adjusted_lift")
    pairs_played = len(by_rev[0]) // (2 * len(design.tiers)) if by_rev[0] else 0
    return {
        "schema": SCHEMA_ID,
        "design": design.describe(),
        "revisions": [{"label": r.label, "commit": r.commit, "data_hash": r.data_hash} for r in revisions],
        "pairs_played": pairs_played,
        "games_per_revision": len(by_rev[0]),
        "overall": game_metrics(by_rev, design.seed),
        "tiers": tiers,
        "sign_flips": sign_flips(tiers),
        "components": components,
        "sprt": sprt.as_dict(seed=design.seed) if sprt is not None else None,
        "environment": environment(),
    }


def environment() -> dict:
    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"
    return {"python": platform.python_version(),
            **{name: version(name) for name in ("wondersmith", "numpy", "scipy", "statsmodels", "matplotlib")}}
