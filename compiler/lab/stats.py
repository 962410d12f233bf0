"""The statistics: intervals for rates, paired differences, bootstrap, FDR, shrinkage, regression.

Every function returns plain floats so results serialise to JSON as they are. Intervals are
95 % two-sided unless `level` says otherwise.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from scipy import stats as sps
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import (confint_proportions_2indep, proportion_confint,
                                          test_proportions_2indep)

LEVEL = 0.95


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float
    n: int
    p: float | None = None  # two-sided p-value of "no effect", where a test applies

    def as_dict(self) -> dict:
        out = {"value": _r(self.value), "low": _r(self.low), "high": _r(self.high), "n": self.n}
        if self.p is not None:
            out["p"] = _r(self.p)
        return out

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


def _r(x: float) -> float:
    """Rounded for JSON: results must be byte-identical, and 10 digits is far below any noise."""
    return float(round(float(x), 10))


def wilson(successes: int, n: int, level: float = LEVEL) -> Estimate:
    """A rate with its Wilson score interval (good near 0 and 1, unlike the normal one)."""
    if n == 0:
        return Estimate(float("nan"), 0.0, 1.0, 0)
    low, high = proportion_confint(successes, n, alpha=1 - level, method="wilson")
    # exact at the ends: floating point leaves 1e-17 where the formula gives 0
    low = 0.0 if successes == 0 else float(low)
    high = 1.0 if successes == n else float(high)
    return Estimate(successes / n, low, high, n)


def paired_rate_change(old: np.ndarray, new: np.ndarray, level: float = LEVEL) -> Estimate:
    """NEW − OLD for a 0/1 outcome observed on the same games (common random numbers).

    Only discordant games carry information: with b games 0→1 and c games 1→0 out of n, the
    change is (b − c)/n. Conditional on m = b + c, b is binomial(m, π), so an exact
    Clopper–Pearson interval for π maps to one for the change, (2π − 1)·m/n, and the exact
    binomial test of π = ½ is McNemar's exact test.
    """
    old = np.asarray(old, dtype=bool)
    new = np.asarray(new, dtype=bool)
    n = len(old)
    b = int(np.sum(~old & new))
    c = int(np.sum(old & ~new))
    m = b + c
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), 0)
    if m == 0:
        return Estimate(0.0, 0.0, 0.0, n, 1.0)
    test = sps.binomtest(b, m, 0.5)
    ci = test.proportion_ci(confidence_level=level, method="exact")
    scale = m / n
    return Estimate((b - c) / n, (2 * ci.low - 1) * scale, (2 * ci.high - 1) * scale, n, float(test.pvalue))


def rate_difference(k1: int, n1: int, k2: int, n2: int, level: float = LEVEL) -> Estimate:
    """Rate 1 − rate 2 for independent samples: Newcombe's hybrid score interval, score test."""
    if min(n1, n2) == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), n1 + n2)
    low, high = confint_proportions_2indep(k1, n1, k2, n2, method="newcomb", alpha=1 - level)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        test = test_proportions_2indep(k1, n1, k2, n2, method="score")
    p = float(test.pvalue) if np.isfinite(test.pvalue) else 1.0
    return Estimate(k1 / n1 - k2 / n2, float(low), float(high), n1 + n2, p)


def bootstrap(groups: list[np.ndarray], statistic, seed: int, level: float = LEVEL,
              resamples: int = 1000) -> tuple[float, float]:
    """Percentile interval of `statistic` resampling rows (deals) with replacement.

    Every array in `groups` has one row per deal (e.g. a deal's two seat-swapped games, on
    OLD and on NEW), so a resample keeps pairs together and the interval is a paired one.
    `statistic(*arrays)` takes arrays with a leading batch axis and returns one value per batch.
    """
    rng = np.random.default_rng(seed)
    rows = groups[0].shape[0]
    values = []
    for start in range(0, resamples, 100):  # batches keep memory small for big runs
        take = rng.integers(0, rows, size=(min(100, resamples - start), rows))
        values.append(statistic(*(g[take] for g in groups)))
    tail = (1 - level) / 2
    low, high = np.quantile(np.concatenate(values), [tail, 1 - tail])
    return float(low), float(high)


def benjamini_hochberg(pvalues: list[float], fdr: float) -> tuple[list[bool], list[float]]:
    """Which tests are discoveries at false discovery rate `fdr`, and the adjusted q-values."""
    if not pvalues:
        return [], []
    reject, q, _, _ = multipletests(pvalues, alpha=fdr, method="fdr_bh")
    return [bool(x) for x in reject], [float(x) for x in q]


def shrink(values: list[float], errors: list[float]) -> list[float]:
    """Effects pulled towards 0 (no effect) by their own noise: v·max(0, 1 − se²/v²).

    This is the normal posterior mean with the prior variance estimated from the component
    itself (v² − se², floored at 0; positive-part James–Stein for one observation). A component
    seen in few games has a large se and is pulled, but not enough when its estimate is large by
    chance (+27 pp with an interval from −4 to +52 pp keeps +19.5 pp), so the components are
    ranked by `smallest_effect` instead; this estimate stays in the results as a point estimate.
    A single prior for all components (as in DerSimonian–Laird) would shrink a lone real effect
    among ~95 null ones to nothing.
    """
    out = []
    for v, se in zip(values, errors):
        if not (math.isfinite(v) and math.isfinite(se)):
            out.append(float("nan"))
        elif v == 0 or se == 0:
            out.append(float(v))
        else:
            out.append(float(v * max(0.0, 1 - (se / v) ** 2)))
    return out


def smallest_effect(low: float, high: float) -> float:
    """The smallest effect consistent with the data: the interval's bound nearest 0, or 0 when
    the interval includes 0. A wide interval cannot inflate it (a wider interval only moves
    the bound towards 0), so ranking by its size puts the effects the data are sure of first."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return float("nan")
    return low if low > 0 else high if high < 0 else 0.0


def deals_to_resolve(value: float, low: float, high: float, deals: int, level: float = LEVEL,
                     power: float = 0.8) -> float:
    """Deals at which an effect of size `value` would be resolved (its interval would exclude
    0) with probability `power`, given its interval [low, high] from `deals` deals: standard
    errors shrink as 1/√deals, so deals·((z₁₋α/₂ + z_power)·se/|value|)², se = width/(2·z)."""
    if not (math.isfinite(value) and math.isfinite(low) and math.isfinite(high)) or value == 0 or deals < 1:
        return float("inf")
    z = sps.norm.ppf(0.5 + level / 2)
    se = (high - low) / (2 * z)
    return deals * ((z + sps.norm.ppf(power)) * se / abs(value)) ** 2


def logistic_lifts(X: np.ndarray, y: np.ndarray, names: list[str], level: float = LEVEL) -> dict[str, Estimate]:
    """Logistic regression of y on the columns of X (plus an intercept); each coefficient is
    reported as a win-rate lift in percentage points at the mean rate, p̄(1 − p̄)·β, with the
    Wald interval scaled the same way. Columns with no variation are left out."""
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

    keep = [j for j in range(X.shape[1]) if 0 < X[:, j].sum() < X.shape[0]]
    design = sm.add_constant(X[:, keep].astype(float), has_constant="add")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PerfectSeparationWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        fit = sm.GLM(y.astype(float), design, family=sm.families.Binomial()).fit(maxiter=100)
    pbar = float(np.mean(y))
    scale = pbar * (1 - pbar)
    z = sps.norm.ppf(0.5 + level / 2)
    out = {}
    for col, j in enumerate(keep, start=1):
        beta, se, p = float(fit.params[col]), float(fit.bse[col]), float(fit.pvalues[col])
        if not (math.isfinite(se) and math.isfinite(beta)):
            continue
        out[names[j]] = Estimate(scale * beta, scale * (beta - z * se), scale * (beta + z * se),
                                 int(X[:, j].sum()), p if math.isfinite(p) else 1.0)
    return out


def sample_size_unpaired(delta: float, p: float = 0.5, level: float = LEVEL, power: float = 0.8) -> float:
    """Games per revision to detect a change `delta` in a rate near p with independent arms."""
    z = sps.norm.ppf(0.5 + level / 2) + sps.norm.ppf(power)
    return 2 * p * (1 - p) * z ** 2 / delta ** 2


def sample_size_paired(delta: float, discordant: float, level: float = LEVEL, power: float = 0.8) -> float:
    """Paired games to detect `delta` when a share `discordant` of paired outcomes differ."""
    z = sps.norm.ppf(0.5 + level / 2) + sps.norm.ppf(power)
    return z ** 2 * max(discordant - delta ** 2, 1e-12) / delta ** 2
