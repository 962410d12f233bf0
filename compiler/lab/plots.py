"""The report's figures as inline SVG text, byte-identical across runs.

matplotlib writes random element ids and the date into SVG by default; a fixed hash salt and
no Date metadata make the output depend on the data alone. Text stays text (`svg.fonttype`
none), which keeps the files small and the labels searchable.
"""
from __future__ import annotations

import io
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

STYLE = {"svg.hashsalt": "wondersmith-balance", "svg.fonttype": "none", "font.size": 9,
         "axes.spines.top": False, "axes.spines.right": False}
OLD_COLOR, NEW_COLOR, HIT_COLOR = "#7f7f7f", "#1f77b4", "#d62728"
PP = "percentage points (pp)"  # the report's one unit of a change, in charts as in tables


def _text(label: str) -> str:
    """Data text is shown as it is: `$` would otherwise switch matplotlib to mathtext."""
    return label.replace("$", r"\$")


def _svg(fig) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight")
    plt.close(fig)
    text = out.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype for inlining


def forest(rows: list[tuple[str, dict, bool]], title: str, xlabel: str) -> str:
    """Dots with 95 % intervals, one row per (label, estimate, highlighted), top row first.
    Estimates are fractions and are drawn in percentage points, the tables' unit."""
    rows = [r for r in rows if all(isinstance(r[1].get(k), (int, float)) and math.isfinite(r[1][k])
                                   for k in ("value", "low", "high"))]  # None: a rate of nothing
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 0.28 * max(len(rows), 3) + 0.9))
        for y, (label, est, hit) in enumerate(reversed(rows)):
            color = HIT_COLOR if hit else NEW_COLOR
            ax.plot([100 * est["low"], 100 * est["high"]], [y, y], color=color, linewidth=1.5)
            ax.plot([100 * est["value"]], [y], "o", color=color, markersize=4)
        ax.axvline(0, color="#999999", linewidth=0.8, linestyle="--")
        ax.set_yticks(range(len(rows)), [_text(r[0]) for r in reversed(rows)])
        ax.set_title(title, loc="left")
        ax.set_xlabel(xlabel)
        return _svg(fig)


def length_histogram(turns: list[list[int]], labels: list[str]) -> str:
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 2.6))
        low = min(min(t) for t in turns if t)
        high = max(max(t) for t in turns if t)
        bins = range(low, high + 2)
        for t, label, color in zip(turns, labels, (OLD_COLOR, NEW_COLOR)[-len(turns):]):
            ax.hist(t, bins=bins, histtype="step", linewidth=1.5, label=_text(label), color=color)
        ax.set_xlabel("turns per game")
        ax.set_ylabel("games")
        ax.legend(frameon=False)
        ax.set_title("Game length", loc="left")
        return _svg(fig)


def victory_mix(shares: list[dict[str, float]], labels: list[str]) -> str:
    kinds = ("civilian", "military", "scientific", "shared")
    colors = ("#1f77b4", "#d62728", "#2ca02c", "#bcbd22")
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(6.5, 0.5 * len(labels) + 0.9))
        for y, (share, label) in enumerate(zip(shares, labels)):
            left = 0.0
            for kind, color in zip(kinds, colors):
                ax.barh(y, 100 * share[kind], left=left, color=color, label=kind if y == 0 else None)
                left += 100 * share[kind]
        ax.set_yticks(range(len(labels)), [_text(x) for x in labels])
        ax.set_xlim(0, 100)
        ax.set_xlabel("% of games")
        ax.legend(frameon=False, ncols=4, loc="upper center", bbox_to_anchor=(0.5, -0.35))
        ax.set_title("How games end", loc="left")
        return _svg(fig)
