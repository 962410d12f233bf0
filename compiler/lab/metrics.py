"""Game-level metrics of each revision, and their paired changes, each with an interval."""
from __future__ import annotations

import numpy as np

from . import stats
from .design import derive_seed

VICTORIES = ("civilian", "military", "scientific")

RATES = {  # metric -> what it counts per game, and what it means
    "seat0_win_rate": "share of games won by the player in seat 0 (seat advantage; shared results are not wins)",
    "seat1_win_rate": "share of games won by the player in seat 1",
    "shared_rate": "share of games ending in a shared result",
    "civilian_rate": "share of games decided by points",
    "military_rate": "share of games ended by military supremacy",
    "scientific_rate": "share of games ended by scientific supremacy",
}
AMOUNTS = {
    "length_mean": "mean number of turns (a Duel played to the end has one turn per card: early victories shorten it)",
    "length_median": "median number of turns (player decisions to build, discard or construct a Wonder)",
    "length_p95": "95th percentile of the number of turns",
    "score_margin": "mean difference between the two final scores (VP)",
}
METRICS = {**RATES, **AMOUNTS}


def indicator(record: dict, metric: str) -> bool:
    w = record["winner"]
    if metric == "seat0_win_rate":
        return w == 0
    if metric == "seat1_win_rate":
        return w == 1
    if metric == "shared_rate":
        return w is None
    return record["victory"] == metric[: -len("_rate")]


def _amount_stat(metric: str):
    """The statistic over a batch of resamples: arrays (batch, deals, 2) -> (batch,)."""
    def flat(a: np.ndarray) -> np.ndarray:
        return a.reshape(a.shape[0], -1)
    if metric == "length_mean":
        return lambda turns, margin: np.mean(flat(turns), axis=1)
    if metric == "length_median":
        return lambda turns, margin: np.median(flat(turns), axis=1)
    if metric == "length_p95":
        return lambda turns, margin: np.quantile(flat(turns), 0.95, axis=1)
    return lambda turns, margin: np.mean(flat(margin), axis=1)


def aligned(games: list[dict], revisions: int) -> list[list[dict]]:
    """Per revision, the games in the same (tier, deal, seat order) order, so index i of every
    list is the same deal played by both revisions."""
    out = []
    for r in range(revisions):
        mine = [g for g in games if g["rev"] == r]
        mine.sort(key=lambda g: (g["tier"], g["deal"], g["swap"]))
        out.append(mine)
    return out


def _per_deal(records: list[dict], key) -> np.ndarray:
    """Rows of a deal's two games (seat orders); records are sorted so swaps are adjacent."""
    return np.asarray([key(g) for g in records], dtype=float).reshape(-1, 2)


def _counts(values: np.ndarray) -> dict[str, int]:
    """How many games took each number of turns (for the histogram)."""
    keys, counts = np.unique(values.astype(int), return_counts=True)
    return {str(k): int(c) for k, c in zip(keys, counts)}


def _amount(value: float, low: float, high: float, n: int) -> dict:
    return stats.Estimate(value, low, high, n).as_dict()


def game_metrics(by_rev: list[list[dict]], seed: int) -> dict:
    """Every metric for each revision, the paired change NEW − OLD when there are two, and the
    share of paired games whose result flips."""
    out: dict = {"games": len(by_rev[0]), "metrics": {}}
    for metric in RATES:
        entry = {"revisions": []}
        flags = [np.asarray([indicator(g, metric) for g in games]) for games in by_rev]
        for f in flags:
            entry["revisions"].append(stats.wilson(int(f.sum()), len(f)).as_dict())
        if len(by_rev) == 2:
            entry["change"] = stats.paired_rate_change(flags[0], flags[1]).as_dict()
        out["metrics"][metric] = entry
    turns = [_per_deal(games, lambda g: g["turns"]) for games in by_rev]
    margin = [_per_deal(games, lambda g: abs(g["scores"][0] - g["scores"][1])) for games in by_rev]
    for metric in AMOUNTS:
        stat = _amount_stat(metric)
        entry = {"revisions": []}
        for r in range(len(by_rev)):
            value = float(stat(turns[r][None], margin[r][None])[0])
            low, high = stats.bootstrap([turns[r], margin[r]], stat,
                                        derive_seed(seed, "bootstrap", metric, r))
            entry["revisions"].append(_amount(value, low, high, turns[r].size))
        if len(by_rev) == 2:
            def change(t0, m0, t1, m1, stat=stat):
                return stat(t1, m1) - stat(t0, m0)
            value = float(change(turns[0][None], margin[0][None], turns[1][None], margin[1][None])[0])
            low, high = stats.bootstrap([turns[0], margin[0], turns[1], margin[1]], change,
                                        derive_seed(seed, "bootstrap", metric, "change"))
            entry["change"] = _amount(value, low, high, turns[0].size)
        out["metrics"][metric] = entry
    out["length_counts"] = [_counts(t.ravel()) for t in turns]
    if len(by_rev) == 2:
        flipped = sum(a["winner"] != b["winner"] for a, b in zip(*by_rev))
        out["flipped"] = stats.wilson(flipped, len(by_rev[0])).as_dict()
    return out


def sign_flips(per_tier: list[dict]) -> list[str]:
    """Changes that one tier finds clearly positive (or negative) and another points the other way."""
    flagged = []
    if len(per_tier) < 2:
        return flagged
    for metric in METRICS:
        changes = [t["metrics"][metric].get("change") for t in per_tier]
        if any(c is None for c in changes):
            continue
        up = any(c["low"] > 0 for c in changes) and any(c["value"] < 0 for c in changes)
        down = any(c["high"] < 0 for c in changes) and any(c["value"] > 0 for c in changes)
        if up or down:
            flagged.append(metric)
    return flagged
