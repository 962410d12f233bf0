"""The answers to a designer's questions, one sentence each: did the seat balance move? did
each changed component get stronger or weaker, by how much, and is that resolved?

A change is *resolved* when its 95 % interval excludes 0. The changed components are the
questions the designer asked before the run, so each is tested alone (no false-discovery
correction, which is for the ~95 components nobody asked about). When a change is not
resolved, `stats.deals_to_resolve` says how many deals per bot tier would resolve an effect of
the size seen (80 % power), and the verdict gives the command that plays them.
"""
from __future__ import annotations

import math

from . import stats
from .design import Design
from .edits import edit_words
from .units import pct, pp

POWER = 0.8


def points(x: float) -> str:
    """A size in percentage points, unsigned (the sentence says which way)."""
    return f"{100 * abs(x):.1f} pp"


def interval(est: dict) -> str:
    return f"interval {pp(est['low'])} to {pp(est['high'])}"


def _finite(est: dict | None) -> bool:
    return bool(est) and all(isinstance(est.get(k), (int, float)) and math.isfinite(est[k])
                             for k in ("value", "low", "high"))


def resolved(est: dict) -> bool:
    return _finite(est) and (est["low"] > 0 or est["high"] < 0)


def _deals_needed(est: dict, design: Design, played: int) -> int | None:
    """Deals per tier that would resolve an effect of this size, from its interval over the
    `played` deals (fewer than planned when an SPRT stopped the run), rounded up to whole
    chunks; None when nothing was seen (no size to resolve) or it is resolved already."""
    if resolved(est) or not _finite(est) or est["value"] == 0:
        return None
    need = stats.deals_to_resolve(est["value"], est["low"], est["high"], played, power=POWER)
    if not math.isfinite(need):
        return None
    chunk = design.chunk_deals
    return max(chunk, math.ceil(need / chunk) * chunk)


def _seat_change(results: dict) -> tuple[str, dict]:
    """The seat whose win rate moved most surely (then most), and its change."""
    seats = [(m, e["change"]) for m, e in results["overall"]["metrics"].items()
             if m.startswith("seat") and m.endswith("_win_rate") and "change" in e]
    return max(seats, key=lambda s: (abs(stats.smallest_effect(s[1]["low"], s[1]["high"])) if _finite(s[1]) else 0.0,
                                     abs(s[1]["value"]) if _finite(s[1]) else 0.0))


def seat_verdict(results: dict, design: Design, specs: list[str]) -> dict:
    metric, change = _seat_change(results)
    seat = metric[len("seat"):-len("_win_rate")]
    old, new = (r["value"] for r in results["overall"]["metrics"][metric]["revisions"])
    entry = {"question": "seat_balance", "subject": metric, "name": f"seat {seat}",
             "resolved": resolved(change), "estimate": change, "deals_to_resolve": None,
             "command": None, "sprt_command": None}
    if resolved(change):
        way = "up" if change["value"] > 0 else "down"
        entry["text"] = (f"The seat balance moved: seat {seat} wins {pct(new)} of games, {way} from "
                         f"{pct(old)} ({pp(change['value'])}, {interval(change)}).")
        return entry
    if not _finite(change) or change["low"] == change["high"] == 0:
        entry["text"] = (f"The seat balance did not move: no game changed its winner between the revisions, "
                         f"and seat {seat} wins {pct(new)} of games on both.")
        return entry
    if change["value"] == 0:
        entry["text"] = (f"The seat balance did not move measurably: seat {seat} wins {pct(new)} of games on "
                         f"both revisions ({interval(change)}).")
        return entry
    deals = _deals_needed(change, design, results["deals_played"])
    entry["deals_to_resolve"] = deals
    entry["text"] = (f"The seat balance did not move measurably: seat {seat} wins {pct(old)} → {pct(new)} "
                     f"of games ({pp(change['value'])}, {interval(change)}, which includes no change); "
                     f"about {deals:,} deals per tier would resolve a change of this size.")
    entry["command"] = design.command("compare", specs, deals=deals)
    entry["sprt_command"] = _sprt_command(design, specs, f"{metric}_change", change["value"], deals)
    return entry


def _sprt_command(design: Design, specs: list[str], metric: str, effect: float, deals: int) -> str:
    """A sequential test of "no change" against a change of the size seen (a drop: H0 is the
    drop, H1 no change), which stops as soon as it decides; its budget is twice the fixed
    run's."""
    size = round(abs(effect), 3) or 0.001
    bounds = f"0,{size}" if effect > 0 else f"-{size},0"
    return design.command("compare", specs, [f"--sprt {metric}", f"--sprt-bounds {bounds}"], deals=2 * deals)


def _built_words(built: dict) -> str:
    if not _finite(built):
        return "how often bots build it is not comparable"
    if built["low"] == built["high"] == 0:
        return "bots build it exactly as often as before"
    way = "more" if built["value"] >= 0 else "less"
    return (f"bots build it {points(built['value'])} {way} often ({interval(built)}"
            f"{', resolved' if resolved(built) else ''})")


def component_verdict(edit: dict, component: str, results: dict, design: Design, specs: list[str]) -> dict:
    comps = results["components"]
    name = comps["info"][component]["name"]
    what = edit_words(edit)
    change = comps["changes"][component]
    owners, built = change["owner_win_rate"], change["built_rate"]
    entry = {"question": "component", "subject": component, "name": name, "change": what,
             "resolved": resolved(owners), "estimate": owners, "deals_to_resolve": None,
             "command": None, "sprt_command": None}
    if not _finite(owners):
        new = comps["revisions"][-1][component]
        entry["text"] = (f"{name} ({what}): no before-and-after estimate (a component is compared only when seats "
                         f"built it on both revisions; built {comps['revisions'][0][component]['built']} "
                         f"times on OLD, {new['built']} on NEW).")
        return entry
    value = owners["value"]
    took = _built_words(built)
    if resolved(owners):
        way = "stronger" if value > 0 else "weaker"
        entry["text"] = (f"{name} ({what}) got {way}: its owners win {points(value)} "
                         f"{'more' if value > 0 else 'less'} often ({interval(owners)}), resolved; {took}.")
        return entry
    if value == 0:
        entry["text"] = (f"{name} ({what}) shows no change in how often its owners win ({interval(owners)}); "
                         f"{took}.")
        return entry
    deals = _deals_needed(owners, design, results["deals_played"])
    entry["deals_to_resolve"] = deals
    way = "stronger" if value > 0 else "weaker"
    entry["text"] = (f"{name} ({what}) may have got {way}, not resolved: its owners win {points(value)} "
                     f"{'more' if value > 0 else 'less'} often, but the {interval(owners)} includes no change; "
                     f"about {deals:,} deals per tier would resolve an effect of this size; {took}.")
    entry["command"] = design.command("compare", specs, deals=deals)
    entry["sprt_command"] = _sprt_command(design, specs, f"owners_change:{component}", value, deals)
    return entry


def verdicts(results: dict, changed: list[dict], design: Design, specs: list[str]) -> list[dict]:
    """The seat-balance verdict, then one per changed component (two revisions only)."""
    if len(results["revisions"]) != 2:
        return []
    out = [seat_verdict(results, design, specs)]
    for edit in changed:
        for component in edit["components"]:
            out.append(component_verdict(edit, component, results, design, specs))
    return out
