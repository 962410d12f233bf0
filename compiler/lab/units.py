"""The lab's one way of writing numbers: rates in %, changes of rates in percentage points."""
from __future__ import annotations

import math


def finite(x) -> bool:
    return isinstance(x, (int, float)) and math.isfinite(x)


def pct(x) -> str:
    """A rate (a fraction) as a percentage; "–" for a rate of nothing."""
    return f"{100 * x:.1f}%" if finite(x) else "–"


def pp(x) -> str:
    """A change of a rate (a fraction) in signed percentage points."""
    return f"{100 * x:+.1f} pp" if finite(x) else "–"
