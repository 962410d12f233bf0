"""CI guards: `METRIC in LOW..HIGH`, checked against a metric's 95 % interval.

A guard fails when the whole interval has left the allowed range (the data show the metric is
outside it), passes when the interval lies inside, and is "unsure" when the interval straddles
a bound (more games would tell; it does not fail the build).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass


_GUARD = re.compile(r"^\s*([a-z0-9_]+)\s+in\s+(-?[0-9.]+)\s*\.\.\s*(-?[0-9.]+)\s*$")


class GuardError(ValueError):
    """A guard that cannot be read."""


@dataclass(frozen=True)
class Guard:
    metric: str
    low: float
    high: float

    @classmethod
    def parse(cls, text: str, revisions: int, metrics) -> "Guard":
        """`metrics`: the names of the game's metrics (`Shape.metrics`)."""
        match = _GUARD.match(text)
        if not match:
            raise GuardError(f"cannot read guard {text!r}; write it as 'METRIC in LOW..HIGH', "
                             "e.g. 'seat0_win_rate in 0.45..0.55'")
        metric = match.group(1)
        try:
            low, high = float(match.group(2)), float(match.group(3))
        except ValueError:
            raise GuardError(f"guard {text!r}: the bounds must be numbers") from None
        base = metric[: -len("_change")] if metric.endswith("_change") else metric
        if base not in metrics:
            raise GuardError(f"guard {text!r}: unknown metric {metric!r}; choose from "
                             f"{', '.join(metrics)} (add _change to guard the change from --base)")
        if metric != base and revisions < 2:
            raise GuardError(f"guard {text!r}: a _change metric needs --base REV to compare against")
        if not low <= high:
            raise GuardError(f"guard {text!r}: LOW must not exceed HIGH")
        return cls(metric, low, high)

    def estimate(self, results: dict) -> dict:
        metrics = results["overall"]["metrics"]
        if self.metric.endswith("_change"):
            return metrics[self.metric[: -len("_change")]]["change"]
        return metrics[self.metric]["revisions"][-1]

    def check(self, results: dict) -> tuple[str, dict]:
        """("pass" | "fail" | "unsure", the estimate)."""
        est = self.estimate(results)
        low, high = est["low"], est["high"]
        if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
            return "unsure", est
        if high < self.low or low > self.high:
            return "fail", est
        if low >= self.low and high <= self.high:
            return "pass", est
        return "unsure", est
