"""Per-component metrics (every card, Wonder and token) in three labelled tiers.

- descriptive (correlational, 17lands style): how often a seat built it, the owner's win rate,
  and owner vs. non-owner win rate, with counts;
- adjusted (observational): a logistic regression of the seat's win on what it built, with seat
  and bot as covariates, reported as a win-rate lift;
- causal (randomized by design): access value under randomized restriction (win rate of seats
  allowed the component minus seats barred from it), and the effect of being assigned a Wonder
  under random Wonder assignment, or a board side (boards are dealt at random by the rules).
Between two revisions, the change of each component's take rate and owner win rate is itself a
causal effect of the edit (the same deals, the same bots).
Every family of tests gets Benjamini–Hochberg q-values, an empirical-Bayes shrunk estimate and
the smallest effect consistent with the data, which ranks the components.
"""
from __future__ import annotations

import numpy as np

from . import stats

MIN_COUNT = 30  # the regression leaves out components built in fewer seat-games (or in almost all)


class SeatRows:
    """One row per (game, seat): did the seat win, what it built, was barred from, was dealt."""

    def __init__(self, games: list[dict], ids: list[str], bots: list[str], seats: int) -> None:
        index = {c: j for j, c in enumerate(ids)}
        n = seats * len(games)
        self.won = np.zeros(n, dtype=bool)
        self.seat = np.zeros((n, seats - 1), dtype=bool)  # seat k > 0 as a covariate
        self.owned = np.zeros((n, len(ids)), dtype=bool)
        self.barred = np.zeros((n, len(ids)), dtype=bool)
        self.assigned = np.zeros((n, len(ids)), dtype=bool)
        self.bot = np.zeros((n, max(len(bots) - 1, 0)), dtype=bool)
        for i, g in enumerate(games):
            for seat in range(seats):
                row = seats * i + seat
                self.won[row] = g["winner"] == seat
                if seat:
                    self.seat[row, seat - 1] = True
                for field, matrix in (("owned", self.owned), ("barred", self.barred), ("wonders", self.assigned)):
                    for c in g[field][seat]:
                        if c in index:
                            matrix[row, index[c]] = True
                name = g["bots"][seat]
                if name in bots[1:]:
                    self.bot[row, bots.index(name) - 1] = True


def _contrast(won: np.ndarray, flag: np.ndarray) -> stats.Estimate:
    """Win rate with the flag minus win rate without it."""
    k1, n1 = int(won[flag].sum()), int(flag.sum())
    k0, n0 = int(won[~flag].sum()), int((~flag).sum())
    return stats.rate_difference(k1, n1, k0, n0)


def _family(entries: list[dict], key: str, fdr: float) -> None:
    """Adds q-values, discoveries, shrunk values and smallest effects to `entry[key]` across
    all entries."""
    present = [e for e in entries if e.get(key) and e[key].get("p") is not None and np.isfinite(e[key]["value"])]
    if not present:
        return
    reject, q = stats.benjamini_hochberg([e[key]["p"] for e in present], fdr)
    z = 1.959963984540054
    errors = [max((e[key]["high"] - e[key]["low"]) / (2 * z), 1e-12) for e in present]
    shrunk = stats.shrink([e[key]["value"] for e in present], errors)
    for e, r, qv, s in zip(present, reject, q, shrunk):
        e[key].update(q=round(qv, 10), discovery=r, shrunk=round(s, 10),
                      smallest_effect=round(stats.smallest_effect(e[key]["low"], e[key]["high"]), 10))


def revision_components(games: list[dict], ids: list[str], bots: list[str], fdr: float,
                        restricted: set[str], assigned_ids: set[str], seats: int,
                        dealt: frozenset[str] = frozenset()) -> dict[str, dict]:
    """`restricted`: the components seats were barred from at random (`--restrict`), which get
    the access value; `assigned_ids`: those dealt to seats at random (Wonders under `--wonders
    random`, board sides), which get the effect of being dealt one. Both are causal. `dealt`:
    components every seat holds exactly one of (board sides), left out of the regression:
    they add up to its intercept, and their effect is the causal one above."""
    rows = SeatRows(games, ids, bots, seats)
    out: dict[str, dict] = {}
    for j, c in enumerate(ids):
        owned = rows.owned[:, j]
        entry = {
            "built": int(owned.sum()),
            "owner_wins": int(rows.won[owned].sum()),
            "seat_games": int(len(owned)),
            "built_rate": stats.wilson(int(owned.sum()), len(owned)).as_dict(),
            "owner_win_rate": stats.wilson(int(rows.won[owned].sum()), int(owned.sum())).as_dict(),
            "owner_vs_rest": _contrast(rows.won, owned).as_dict(),
        }
        if c in restricted:
            entry["access_value"] = _contrast(rows.won, ~rows.barred[:, j]).as_dict()
        if c in assigned_ids:
            entry["assigned_effect"] = _contrast(rows.won, rows.assigned[:, j]).as_dict()
        out[c] = entry
    usable = [j for j in range(len(ids)) if ids[j] not in dealt
              and MIN_COUNT <= rows.owned[:, j].sum() <= len(rows.won) - MIN_COUNT]
    if usable:
        X = np.column_stack([rows.owned[:, usable], rows.seat, rows.bot])
        names = [ids[j] for j in usable] + [f"@seat{k}" for k in range(1, seats)] + \
            [f"@bot{k}" for k in range(rows.bot.shape[1])]
        try:
            lifts = stats.logistic_lifts(X, rows.won, names)
        except (np.linalg.LinAlgError, ValueError):
            lifts = {}  # a singular design: the adjusted tier is left empty, the rest stands
        for c, est in lifts.items():
            if c in out:
                out[c]["adjusted_lift"] = est.as_dict()
    entries = list(out.values())
    for key in ("owner_vs_rest", "adjusted_lift", "access_value", "assigned_effect"):
        _family(entries, key, fdr)
    return out


def component_changes(old_games: list[dict], new_games: list[dict], ids: list[str], bots: list[str],
                      fdr: float, seats: int) -> dict[str, dict]:
    """NEW − OLD of each component's take rate and owner win rate.

    Take rate: the same seat of the same game on both revisions is a pair, so the change gets
    the exact paired test on the seats where the component's fate differs. Owner win rate: the
    owners differ between revisions, so Newcombe's interval for independent rates (which stays
    honest at 0 % and 100 %, where a bootstrap of a handful of owners would claim certainty).
    """
    old, new = SeatRows(old_games, ids, bots, seats), SeatRows(new_games, ids, bots, seats)
    out: dict[str, dict] = {}
    for j, c in enumerate(ids):
        a, b = old.owned[:, j], new.owned[:, j]
        out[c] = {"built_rate": stats.paired_rate_change(a, b).as_dict(),
                  "owner_win_rate": stats.rate_difference(int(new.won[b].sum()), int(b.sum()),
                                                          int(old.won[a].sum()), int(a.sum())).as_dict()}
    entries = list(out.values())
    for key in ("built_rate", "owner_win_rate"):
        _family(entries, key, fdr)
    return out


def ranking(items: dict[str, dict], keys: tuple[str, ...]) -> list[str]:
    """Components by the size of the smallest effect consistent with the data (stronger or
    weaker alike; the largest over `keys`, e.g. the change of the built rate and of the owner
    win rate), then by p-value (the clearest of those whose intervals include 0), then by id,
    so the order is fixed. A rare component's wide interval cannot put it first."""
    scored = []
    for c, e in items.items():
        tested = [e[k] for k in keys if k in e and np.isfinite(e[k].get("smallest_effect", np.nan))]
        if tested:
            scored.append((-max(abs(t["smallest_effect"]) for t in tested), min(t.get("p", 1.0) for t in tested), c))
    return [c for *_, c in sorted(scored)]
