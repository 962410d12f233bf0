"""Game-level metrics of each revision, and their paired changes, each with an interval.

Which metrics a run has depends on the game: one seat win rate per seat, and the victory mix
and game lengths only for a game that can end early (with more than one kind of victory; a
game won by points alone always plays to its end).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import stats
from .design import derive_seed

VICTORY_MEANINGS = {
    "civilian": "share of games decided by points",
    "military": "share of games ended by military supremacy",
    "scientific": "share of games ended by scientific supremacy",
}
LENGTHS = {
    "length_mean": "mean number of turns (a Duel played to the end has one turn per card: early victories shorten it)",
    "length_median": "median number of turns (player decisions to build, discard or construct a Wonder)",
    "length_p95": "95th percentile of the number of turns",
}
SCORES = {
    "score_margin": "mean lead of the winner's final score over the runner-up's (VP)",
    "score_mean": "mean final score of a city (VP)",
}


@dataclass(frozen=True)
class Shape:
    """What a game's metrics are: its seats and its kinds of victory."""

    seats: int
    victories: tuple[str, ...]

    @property
    def early_end(self) -> bool:
        return len(self.victories) > 1

    @property
    def rates(self) -> dict[str, str]:
        out = {f"seat{k}_win_rate": f"share of games won by the player in seat {k}"
               for k in range(self.seats)}
        out["seat0_win_rate"] += " (seat advantage; shared results are not wins)"
        out["shared_rate"] = "share of games ending in a shared result"
        if self.early_end:
            for v in self.victories:
                out[f"{v}_rate"] = VICTORY_MEANINGS.get(v, f"share of games ended by a {v} victory")
        return out

    @property
    def amounts(self) -> dict[str, str]:
        return {**(LENGTHS if self.early_end else {}), **SCORES}

    @property
    def metrics(self) -> dict[str, str]:
        return {**self.rates, **self.amounts}

    def describe(self) -> dict[str, dict]:
        """Each metric's kind and meaning, for the results (the report reads them there)."""
        return {**{m: {"kind": "rate", "meaning": text} for m, text in self.rates.items()},
                **{m: {"kind": "amount", "meaning": text} for m, text in self.amounts.items()}}


def shape_of(ruleset, seats: int) -> Shape:
    from wondersmith.engine import Game
    return Shape(seats, tuple(Game(ruleset, players=seats).VICTORIES))


def indicator(record: dict, metric: str) -> bool:
    w = record["winner"]
    if metric.startswith("seat") and metric.endswith("_win_rate"):
        return w == int(metric[len("seat"):-len("_win_rate")])
    if metric == "shared_rate":
        return w is None
    return record["victory"] == metric[: -len("_rate")]


def margin(record: dict) -> float:
    """The winner's lead over the runner-up (for two seats, the difference of the scores)."""
    top, second = sorted(record["scores"], reverse=True)[:2]
    return top - second


def _amount_stat(metric: str):
    """The statistic over a batch of resamples: arrays (batch, deals, seats) -> (batch,)."""
    def flat(a: np.ndarray) -> np.ndarray:
        return a.reshape(a.shape[0], -1)
    if metric == "length_mean":
        return lambda values: np.mean(flat(values), axis=1)
    if metric == "length_median":
        return lambda values: np.median(flat(values), axis=1)
    if metric == "length_p95":
        return lambda values: np.quantile(flat(values), 0.95, axis=1)
    return lambda values: np.mean(flat(values), axis=1)


def _amount_values(metric: str):
    """What an amount metric reads of one game."""
    if metric.startswith("length_"):
        return lambda g: g["turns"]
    if metric == "score_margin":
        return margin
    return lambda g: sum(g["scores"]) / len(g["scores"])


def aligned(games: list[dict], revisions: int) -> list[list[dict]]:
    """Per revision, the games in the same (tier, deal, rotation) order, so index i of every
    list is the same deal played by both revisions."""
    out = []
    for r in range(revisions):
        mine = [g for g in games if g["rev"] == r]
        mine.sort(key=lambda g: (g["tier"], g["deal"], g["rotation"]))
        out.append(mine)
    return out


def _per_deal(records: list[dict], key, seats: int) -> np.ndarray:
    """Rows of a deal's games (one per rotation); records are sorted so they are adjacent."""
    return np.asarray([key(g) for g in records], dtype=float).reshape(-1, seats)


def _counts(values: np.ndarray) -> dict[str, int]:
    """How many games took each number of turns (for the histogram)."""
    keys, counts = np.unique(values.astype(int), return_counts=True)
    return {str(k): int(c) for k, c in zip(keys, counts)}


def _amount(value: float, low: float, high: float, n: int) -> dict:
    return stats.Estimate(value, low, high, n).as_dict()


def game_metrics(by_rev: list[list[dict]], seed: int, shape: Shape) -> dict:
    """Every metric for each revision, the paired change NEW − OLD when there are two, and the
    share of paired games whose result flips."""
    out: dict = {"games": len(by_rev[0]), "metrics": {}}
    for metric in shape.rates:
        entry = {"revisions": []}
        flags = [np.asarray([indicator(g, metric) for g in games]) for games in by_rev]
        for f in flags:
            entry["revisions"].append(stats.wilson(int(f.sum()), len(f)).as_dict())
        if len(by_rev) == 2:
            entry["change"] = stats.paired_rate_change(flags[0], flags[1]).as_dict()
        out["metrics"][metric] = entry
    for metric in shape.amounts:
        stat = _amount_stat(metric)
        values = [_per_deal(games, _amount_values(metric), shape.seats) for games in by_rev]
        entry = {"revisions": []}
        for r in range(len(by_rev)):
            value = float(stat(values[r][None])[0])
            low, high = stats.bootstrap([values[r]], stat, derive_seed(seed, "bootstrap", metric, r))
            entry["revisions"].append(_amount(value, low, high, values[r].size))
        if len(by_rev) == 2:
            def change(v0, v1, stat=stat):
                return stat(v1) - stat(v0)
            value = float(change(values[0][None], values[1][None])[0])
            low, high = stats.bootstrap([values[0], values[1]], change,
                                        derive_seed(seed, "bootstrap", metric, "change"))
            entry["change"] = _amount(value, low, high, values[0].size)
        out["metrics"][metric] = entry
    if shape.early_end:
        out["length_counts"] = [_counts(_per_deal(games, lambda g: g["turns"], shape.seats).ravel())
                                for games in by_rev]
    if len(by_rev) == 2:
        flipped = sum(a["winner"] != b["winner"] for a, b in zip(*by_rev))
        out["flipped"] = stats.wilson(flipped, len(by_rev[0])).as_dict()
    return out


def sign_flips(per_tier: list[dict], shape: Shape) -> list[str]:
    """Changes that one tier finds clearly positive (or negative) and another points the other way."""
    flagged = []
    if len(per_tier) < 2:
        return flagged
    for metric in shape.metrics:
        changes = [t["metrics"][metric].get("change") for t in per_tier]
        if any(c is None for c in changes):
            continue
        up = any(c["low"] > 0 for c in changes) and any(c["value"] < 0 for c in changes)
        down = any(c["high"] < 0 for c in changes) and any(c["value"] > 0 for c in changes)
        if up or down:
            flagged.append(metric)
    return flagged
