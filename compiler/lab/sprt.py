"""A sequential probability ratio test on one metric, with a corrected estimate after stopping.

The test is Fishtest's generalized SPRT: the log-likelihood ratio of H1 (mean = high) against
H0 (mean = low) under a normal approximation with the variance estimated from the data,
LLR = n (high − low)(2 x̄ − low − high) / (2 s²), over one observation per deal (the mean over
the deal's seat rotations, so the pairing's variance reduction is used) or, for a component's
test, per game. It accepts H1 when the LLR
reaches ln((1 − β)/α) and H0 when it falls to ln(β/(1 − α)); α = β = 0.05 give ±2.944.

The mean at the stop is biased (a test stops when the data happen to look extreme), so the
report gives the median-unbiased estimate and interval under the stagewise ordering of the
outcomes, computed by simulating the same test (same looks, the estimated variance) at
candidate means with a fixed seed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

MIN_OBSERVATIONS = 16  # no decision on fewer: the variance estimate needs a few
PATHS = 2000


@dataclass
class Sprt:
    metric: str
    low: float
    high: float
    alpha: float = 0.05
    beta: float = 0.05
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    looks: list[int] = field(default_factory=list)  # observations seen at each look
    sums: list[float] = field(default_factory=list)
    status: str = "continue"  # "H1", "H0", "continue"; "inconclusive" once the budget is out

    def __post_init__(self) -> None:
        if not self.high > self.low:
            raise ValueError(f"the SPRT needs low < high, got {self.low} and {self.high}")

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else float("nan")

    @property
    def variance(self) -> float:
        if self.n == 0:
            return float("nan")
        return max(self.squares / self.n - self.mean ** 2, 1e-9)

    def llr(self) -> float:
        if self.n == 0:
            return 0.0
        return _llr(self.total, self.n, self.low, self.high, self.variance)

    def update(self, values) -> str:
        """Adds one look's observations and returns the status."""
        if self.status != "continue":
            return self.status
        for v in values:
            self.n += 1
            self.total += v
            self.squares += v * v
        self.looks.append(self.n)
        self.sums.append(self.total)
        if self.n >= MIN_OBSERVATIONS:
            lower, upper = self.bounds
            llr = self.llr()
            if llr >= upper:
                self.status = "H1"
            elif llr <= lower:
                self.status = "H0"
        return self.status

    def finish(self) -> None:
        """The budget ran out before a decision."""
        if self.status == "continue":
            self.status = "inconclusive"

    def corrected(self, seed: int = 0, level: float = 0.95) -> dict:
        """Median-unbiased estimate and interval of the mean at the stop (see the module doc)."""
        if self.n == 0:
            return {"value": float("nan"), "low": float("nan"), "high": float("nan")}
        sim = _Simulation(self, seed)
        se = math.sqrt(self.variance / self.n)
        lo, hi = self.mean - 12 * se - (self.high - self.low), self.mean + 12 * se + (self.high - self.low)
        tail = (1 - level) / 2
        return {"value": sim.solve(0.5, lo, hi), "low": sim.solve(tail, lo, hi),
                "high": sim.solve(1 - tail, lo, hi)}

    def as_dict(self, seed: int = 0) -> dict:
        lower, upper = self.bounds
        return {
            "metric": self.metric, "low": self.low, "high": self.high,
            "alpha": self.alpha, "beta": self.beta, "status": self.status,
            "llr": round(self.llr(), 6), "bounds": [round(lower, 6), round(upper, 6)],
            "observations": self.n, "naive_mean": round(self.mean, 10),
            "corrected": {k: round(v, 10) for k, v in self.corrected(seed).items()},
        }


def _llr(total, n, low, high, variance):
    return (high - low) * (2 * total - n * (low + high)) / (2 * variance)


class _Simulation:
    """Paths of the test at a candidate mean, with common random numbers across candidates."""

    def __init__(self, test: Sprt, seed: int) -> None:
        self.test = test
        looks = np.asarray(test.looks)
        self.steps = np.diff(looks, prepend=0).astype(float)
        self.looks = looks.astype(float)
        self.noise = np.random.default_rng(seed).standard_normal((PATHS, len(looks)))
        self.sd = math.sqrt(test.variance)
        self.observed = test.total

    def more_extreme(self, mean: float) -> float:
        """P(an outcome at least as far towards H1 as the observed one) when the mean is `mean`."""
        t = self.test
        sums = np.cumsum(mean * self.steps + self.sd * np.sqrt(self.steps) * self.noise, axis=1)
        llr = _llr(sums, self.looks, t.low, t.high, t.variance)
        lower, upper = t.bounds
        active = self.looks >= MIN_OBSERVATIONS
        up = (llr >= upper) & active
        down = (llr <= lower) & active
        K = len(self.looks)
        first_up = np.where(up.any(axis=1), up.argmax(axis=1), K)
        first_down = np.where(down.any(axis=1), down.argmax(axis=1), K)
        exit_up = first_up < first_down
        exit_down = first_down < first_up
        last = K - 1
        at_last = sums[:, last]
        # Stagewise ordering: an earlier exit is more extreme; at the same look, a larger sum is.
        if t.status == "H1":
            return float(np.mean(exit_up & (first_up < last))
                         + np.mean(exit_up & (first_up == last) & (at_last >= self.observed)))
        if t.status == "H0":
            return float(1 - np.mean(exit_down & (first_down < last))
                         - np.mean(exit_down & (first_down == last) & (at_last < self.observed)))
        undecided = ~exit_up & ~exit_down
        return float(np.mean(exit_up) + np.mean(undecided & (at_last > self.observed)))

    def solve(self, target: float, lo: float, hi: float) -> float:
        for _ in range(24):  # the bracket is ~25 standard errors wide: 24 halvings are plenty
            mid = (lo + hi) / 2
            if self.more_extreme(mid) < target:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2


def simulate_stream(test: Sprt, rng: np.random.Generator, game_rate: float, pairs_per_look: int,
                    max_pairs: int) -> Sprt:
    """Runs `test` on simulated seat-swapped pairs of independent games won with `game_rate`
    (for checking the error rates and measuring stopping times)."""
    while test.status == "continue" and test.n < max_pairs:
        wins = rng.random((pairs_per_look, 2)) < game_rate
        test.update(wins.mean(axis=1).tolist())
    test.finish()
    return test
