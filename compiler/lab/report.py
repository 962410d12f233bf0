"""The results as JSON, as one offline HTML file with inline SVG, and as a terminal summary."""
from __future__ import annotations

import json
import math

import jinja2
from markupsafe import Markup

from wondersmith import resources

from . import plots
from .edits import words
from .units import finite as _finite
from .units import pct, pp

TEMPLATES = resources.folder("wondersmith.lab", "templates")
SCHEMA = resources.folder("wondersmith.lab") / "result.schema.json"
TIER_METRICS = ("seat0_win_rate", "shared_rate", "military_rate", "scientific_rate", "length_median", "score_margin")  # those the game has


def clean(value):
    """JSON-safe: NaN and infinities (a rate of nothing) become null."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    return value


def to_json(results: dict) -> str:
    return json.dumps(clean(results), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def formatter(results: dict):
    """`fmt(metric, x, change=False)`: a rate as a percentage (a change in points), an
    amount with one decimal."""
    kinds = {m: e["kind"] for m, e in results["metrics"].items()}

    def fmt(metric: str, x, change: bool = False) -> str:
        if not _finite(x):
            return "–"
        if kinds[metric] == "amount":
            return f"{x:+.1f}" if change else f"{x:.1f}"
        return pp(x) if change else pct(x)
    return fmt


def _cell(est, causal: bool = True) -> Markup:
    """A change with its interval; a discovery is highlighted only among causal estimates
    (an observational number is a correlation, never a discovery)."""
    if not est or not _finite(est.get("value")):
        return Markup('<td data-value="">–</td>')
    hit = causal and est.get("discovery")
    text = f'{pp(est["value"])} <span class="muted">[{pp(est["low"])}, {pp(est["high"])}]</span>'
    return Markup(f'<td data-value="{est["value"]}" class="{"hit" if hit else ""}">{text}</td>')


def _interval(est: dict) -> str:
    return f"{pp(est['value'])} [{pp(est['low'])}, {pp(est['high'])}]"


def verdict(sprt: dict) -> str:
    return {"H1": f"H1 accepted: {sprt['metric']} is at least {sprt['high']}",
            "H0": f"H0 accepted: {sprt['metric']} is at most {sprt['low']}",
            "inconclusive": "No decision within the budget"}.get(sprt["status"], sprt["status"])


def _mix(metrics: dict, r: int) -> dict[str, float]:
    """The victory mix of revision r: every kind of victory, a shared result apart (it
    counts as civilian in `civilian_rate`)."""
    get = lambda m: metrics[m]["revisions"][r]["value"]  # noqa: E731
    kinds = [m[: -len("_rate")] for m in metrics if m.endswith("_rate") and not m.startswith("seat")
             and m != "shared_rate"]
    mix = {k: get(f"{k}_rate") for k in kinds}
    mix["civilian"] -= get("shared_rate")
    return {**mix, "shared": get("shared_rate")}


def figures(results: dict) -> dict[str, str]:
    labels = [r["label"] for r in results["revisions"]]
    overall = results["overall"]
    comps = results["components"]
    info = comps["info"]
    two = len(labels) == 2
    counts = overall.get("length_counts", [])
    turns = [[int(k) for k, c in rev.items() for _ in range(c)] for rev in counts]
    early_end = "civilian_rate" in overall["metrics"]  # a game that can end before its last turn
    out = {"length": plots.length_histogram(turns, labels) if turns and all(turns) else "",
           "victory_mix": plots.victory_mix([_mix(overall["metrics"], r) for r in range(len(labels))], labels)
           if early_end else "",
           "metrics": ""}
    changed = {c for e in results.get("changed", []) for c in e["components"]}
    if two:
        rows = [(m, overall["metrics"][m]["change"], False) for m, e in results["metrics"].items()
                if e["kind"] == "rate"]
        out["metrics"] = plots.forest(rows, "How the change moved the game's rates (NEW − OLD)", plots.PP)
        changes = comps["changes"]
        first = [c for c in changes if c in changed] + [c for c in comps["ranking"] if c not in changed]
        rows = [(info[c]["name"] + (" (changed)" if c in changed else ""), changes[c]["owner_win_rate"],
                 bool(changes[c]["owner_win_rate"].get("discovery"))) for c in first[:25]]
        out["components"] = plots.forest(
            rows, "How the change moved each component's owners' win rate: changed first, then the surest",
            plots.PP + "; red: a discovery")
    else:
        new = comps["revisions"][-1]
        rows = [(info[c]["name"], new[c]["adjusted_lift"], False) for c in comps["ranking"][:25]]
        out["components"] = plots.forest(
            rows, "Observational: how much more often owners win, after accounting for the rest; the 25 surest",
            plots.PP)
    return out


def render_html(results: dict, command: str) -> str:
    results = clean(results)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True)
    comps = results["components"]
    two = len(results["revisions"]) == 2
    new = comps["revisions"][-1]
    order = comps["ranking"] + [c for c in comps["info"] if c not in comps["ranking"]]
    changed = [c for e in results["changed"] for c in e["components"]]
    rows = []
    for c in [*changed, *(c for c in order if c not in changed)]:
        change = comps.get("changes", {}).get(c, {}) if two else {}
        rows.append({"id": c, "name": comps["info"][c]["name"], "kind": comps["info"][c]["kind"],
                     "new": new[c], "old": comps["revisions"][0][c], "changed": c in changed,
                     "change": {"owner_win_rate": change.get("owner_win_rate") or {},
                                "built_rate": change.get("built_rate") or {}}})
    access = any("access_value" in e for e in new.values())
    assigned = any("assigned_effect" in e for e in new.values())
    sprt = results.get("sprt")
    title = " → ".join(r["label"] for r in results["revisions"]) + f" ({results['design']['game']})"
    return env.get_template("report.html.j2").render(
        results=results, two=two, title=title, figures=figures(results), component_rows=rows,
        changed_rows=[r for r in rows if r["changed"]], change_words=[words(e) for e in results["changed"]],
        access=access, assigned=assigned, causal_tier=access or assigned,
        flipped=results["overall"].get("flipped"), stopped=bool(sprt and sprt["status"] in ("H0", "H1")),
        verdict=verdict(sprt) if sprt else "", command=command,
        meanings={m: e["meaning"] for m, e in results["metrics"].items()},
        tier_metrics=[m for m in TIER_METRICS if m in results["metrics"]],
        pct=pct, pp=pp, fmt=formatter(results), cell=_cell)


def summary_table(results: dict, console) -> None:
    """The headline numbers in the terminal. Names from the data and revisions as the user
    wrote them go in as `Text`, never as markup."""
    from rich.table import Table
    from rich.text import Text

    revisions = results["revisions"]
    two = len(revisions) == 2
    fmt = formatter(results)
    if two:
        console.print(Text("What changed", style="bold"))
        for entry in results["changed"] or [None]:
            console.print(Text(f"  {words(entry)}" if entry else "  nothing: the two revisions have the same rules, "
                               "so every difference below is chance"))
        console.print(Text("Verdicts", style="bold"))
        for v in results["verdicts"]:
            console.print(Text(f"  {v['text']}"))
            for key in ("command", "sprt_command"):
                if v.get(key):
                    label = "or stop as soon as it is decided" if key == "sprt_command" else "run"
                    console.print(Text(f"    {label}: {v[key]}"), soft_wrap=True)  # whole, to copy
    table = Table(title=f"{results['games_per_revision']} games per revision, 95 % intervals")
    table.add_column("metric")
    for r in revisions:
        table.add_column(Text(r["label"]), justify="right")
    if two:
        table.add_column("change", justify="right")
    for name, m in results["overall"]["metrics"].items():
        cells = [f"{fmt(name, e['value'])} [{fmt(name, e['low'])}, {fmt(name, e['high'])}]" for e in m["revisions"]]
        if two:
            c = m["change"]
            mark = " *" if _finite(c["low"]) and (c["low"] > 0 or c["high"] < 0) else ""
            cells.append(f"{fmt(name, c['value'], True)} [{fmt(name, c['low'], True)}, {fmt(name, c['high'], True)}]{mark}")
        table.add_row(name, *cells)
    console.print(table)
    if two and results["overall"].get("flipped"):
        f = results["overall"]["flipped"]
        console.print(f"results flipped by the change: {pct(f['value'])} of paired games [{pct(f['low'])}, {pct(f['high'])}]")
    if results["sign_flips"]:
        console.print(Text.assemble(("sign differs between bot tiers:", "bold yellow"),
                                    f" {', '.join(results['sign_flips'])}"))
    comps = results["components"]
    top = comps["ranking"][:5]
    if top and two:
        def shown(c: str) -> str:
            change = comps["changes"][c]
            mark = " *" if any(e.get("discovery") for e in change.values()) else ""
            return (f"{comps['info'][c]['name']} (owners' win rate {_interval(change['owner_win_rate'])}, "
                    f"built {_interval(change['built_rate'])}){mark}")
        console.print(Text("components the change moved most surely (* a discovery): " + "; ".join(map(shown, top))))
    elif top:
        def lift(c: str) -> str:
            return f"{comps['info'][c]['name']} ({_interval(comps['revisions'][-1][c]['adjusted_lift'])})"
        console.print(Text("observational, not effects: components whose owners win most surely more often, "
                           "after accounting for the rest: " + "; ".join(map(lift, top))))
    if results.get("sprt"):
        s = results["sprt"]
        console.print(f"SPRT {s['metric']} [{s['low']}, {s['high']}]: {verdict(s)}; LLR {s['llr']:.2f} after "
                      f"{s['observations']} observations; corrected estimate {pct(s['corrected']['value'])} "
                      f"[{pct(s['corrected']['low'])}, {pct(s['corrected']['high'])}]")
