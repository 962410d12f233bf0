"""`wondersmith balance compare|check`: what a data change does to the game (the balance lab)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from wondersmith import atomic
from wondersmith.ir.loader import display_path
from wondersmith.project import ruleset_line
from wondersmith.workers import cap, usable_cpus

app = typer.Typer(help="The balance lab: paired bot-vs-bot games between two revisions of the data, at any number of seats.",
                  no_args_is_help=True)



def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"wondersmith balance: {message}", err=True)
    return typer.Exit(code)


def _lab():
    """The lab's modules; they need the `lab` extra (numpy, scipy, statsmodels, matplotlib)."""
    try:
        from wondersmith.lab import backends, design, guards, report, revisions, runner, sprt
    except ImportError as exc:
        raise _fail(f"the balance lab needs its extra: pip install 'wondersmith[lab]' ({exc.name} is missing)")
    return backends, design, guards, report, revisions, runner, sprt


def _bounds(metric: str, text: Optional[str], seats: int) -> tuple[float, float]:
    if text is None:
        if metric.endswith("_change") or ":" in metric:
            return 0.0, 0.03
        if metric.startswith("seat") and metric.endswith("_win_rate"):  # a fair seat wins 1/N
            return round(1 / seats, 4), round(1 / seats + 0.03, 4)
        raise _fail(f"--sprt {metric} needs --sprt-bounds LOW,HIGH (the means under H0 and H1)")
    try:
        low, high = (float(x) for x in text.split(","))
    except ValueError:
        raise _fail(f"--sprt-bounds takes two numbers separated by a comma, got {text!r}") from None
    if not low < high:
        raise _fail(f"--sprt-bounds: LOW must be below HIGH, got {text!r}")
    return low, high


def _design(specs: list[str], game: str, players: Optional[int], deals: int, seed: int, bots: list[str],
            restrict: float, wonders: str, data: Optional[str]):
    """The revisions, loaded, and the experiment's design (its seats from the game when
    `players` is not given)."""
    _, design_mod, _, _, revisions_mod, runner, _ = _lab()
    try:
        revs = tuple(revisions_mod.load_revision(s, game, data) for s in specs)
    except revisions_mod.RevisionError as exc:
        raise _fail(str(exc)) from None
    for rev in revs:  # which rulesets are compared, as `play` and `simulate` say it
        where = rev.folder if rev.commit else display_path(Path(rev.folder))
        typer.echo(ruleset_line(rev.game, where, rev.data_hash), err=True)
    try:
        seats = runner.seats_for(revs, players)
        tiers = tuple(design_mod.Tier.parse(b, seats) for b in (bots or ["greedy"]))
        d = design_mod.Design(game, deals, seed, tiers, restrict, wonders, players=seats)
        if wonders == "random" and not runner.has_wonder_draft(revs):
            raise ValueError(f"--wonders random replaces a Wonder draft, and {game} has none"
                             " (its boards are dealt at random: see board:ID)")
    except ValueError as exc:
        raise _fail(str(exc)) from None
    return revs, d


def _run(revs, d, workers: int, ray: Optional[str], sprt_metric: Optional[str],
         sprt_bounds: Optional[str], quiet: bool):
    backends, _, _, _, _, runner, sprt_mod = _lab()
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    test = None
    if sprt_metric:
        try:
            runner.check_sprt_metric(sprt_metric, d, revs)
        except ValueError as exc:
            raise _fail(str(exc)) from None
        low, high = _bounds(sprt_metric, sprt_bounds, d.players)
        test = sprt_mod.Sprt(sprt_metric, low, high)
    if workers is not None and workers < 1:
        raise _fail(f"--workers must be at least 1, got {workers}")
    if ray is None:  # Ray's own scheduler places its tasks
        plan = cap(workers or usable_cpus(), len(d.chunks()))
        if plan.capped and workers is not None:
            typer.echo(f"wondersmith balance: {plan.note(f'{len(d.chunks())} chunk(s) of games')}", err=True)
        workers = plan.count
    try:
        backend = (backends.RayBackend(ray or None, workers or usable_cpus()) if ray is not None
                   else backends.LocalBackend(workers))
    except backends.BackendError as exc:
        raise _fail(str(exc)) from None
    console = Console(stderr=True)
    console.print(f"{len(d.chunks())} chunks of up to {d.chunk_deals} deals at {d.players} seats, "
                  f"{len(revs)} revision{'s' if len(revs) > 1 else ''}, backend {backend.name}")
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console, transient=quiet, disable=quiet) as progress:
        task = progress.add_task("playing", total=len(d.chunks()))

        def on_progress(p) -> None:
            text = f"{p.deals} deals, seat 0 wins {p.seat0_win_rate:.1%}"
            if p.sprt is not None:
                text += f", LLR {p.sprt.llr():+.2f}"
            progress.update(task, completed=p.chunks_done, description=text)

        try:
            results = runner.run(revs, d, backend, test, on_progress)
        except backends.BackendError as exc:
            raise _fail(str(exc)) from None
    return results


def _write(results: dict, command: str, report_path: Optional[Path], json_path: Optional[Path]) -> None:
    report = _lab()[3]
    try:
        if json_path:
            atomic.write_text(json_path, report.to_json(results))
        if report_path:
            atomic.write_text(report_path, report.render_html(results, command))
    except OSError as exc:
        raise _fail(f"cannot write {exc.filename}: {exc.strerror}") from None


BOTS_HELP = ("Bots of a tier, one per seat, 'A,B' (A sits in seat 0 in a deal's first game, then the seats "
             "rotate) or 'A' for A at every seat; repeat for several tiers")
DATA_HELP = ("The data folder inside a git revision [default: the cards/ of the data repository here, "
             "else cards]")
PLAYERS_HELP = "Seats at the table [default: the game's usual count: Duel 2, classic 3]"
WORKERS_HELP = "Local worker processes, at most one per CPU and per chunk [default: the number of CPUs]"
DEALS_HELP = "Deals per bot tier; each is played at every rotation of the seats (twice at 2 seats) on each revision"


@app.command()
def compare(
    old: str = typer.Argument(..., help="OLD: a git revision or a data folder"),
    new: str = typer.Argument(..., help="NEW: a git revision or a data folder"),
    game: str = typer.Option("duel", "--game", help="The game to compare"),
    players: Optional[int] = typer.Option(None, "--players", help=PLAYERS_HELP),
    deals: int = typer.Option(200, "--deals", "--pairs", "-n", help=DEALS_HELP),
    seed: int = typer.Option(0, "--seed", help="Master seed of every random stream"),
    bots: list[str] = typer.Option([], "--bots", help=BOTS_HELP),
    restrict: float = typer.Option(0.0, "--restrict", help="Randomized restriction: bar each seat from each component with this probability"),
    wonders: str = typer.Option("draft", "--wonders", help="draft, or random: assign Wonders at random"),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help=WORKERS_HELP),
    ray: bool = typer.Option(False, "--ray", help="Run on Ray: a local instance, or the cluster at --ray-address or "
                                                  "$RAY_ADDRESS; needs the ray extra"),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", metavar="ADDRESS",
                                              help="The Ray cluster to run on (implies --ray)"),
    sprt: Optional[str] = typer.Option(None, "--sprt", metavar="METRIC", help="Stop early with an SPRT on METRIC (e.g. seat0_win_rate, seat0_win_rate_change, "
                                           "access:ID with --restrict, wonder:ID with --wonders random, board:ID, "
                                           "owners_change:ID)"),
    sprt_bounds: Optional[str] = typer.Option(None, "--sprt-bounds", metavar="LOW,HIGH", help="The metric's mean under H0 and H1"),
    data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
    report_path: Optional[Path] = typer.Option(None, "--report", help="Write the HTML report here"),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Write the results as JSON here"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar"),
) -> None:
    """Play the same deals, at every rotation of the seats, on OLD and NEW and report what the change did."""
    target = ray_address if ray_address else ("" if ray else None)  # "": local or $RAY_ADDRESS
    revs, d = _design([old, new], game, players, deals, seed, bots, restrict, wonders, data)
    results = _run(revs, d, workers, target, sprt, sprt_bounds, quiet)
    extra = [f"--sprt {sprt}"] if sprt else []
    if sprt:
        extra.append(f"--sprt-bounds {results['sprt']['low']},{results['sprt']['high']}")
    _write(results, d.command("compare", [old, new], extra), report_path, json_path)
    from rich.console import Console
    _lab()[3].summary_table(results, Console())


@app.command()
def check(
    new: str = typer.Argument("cards", help="The data to check: a folder or a git revision"),
    guard: list[str] = typer.Option(..., "--guard", help="'METRIC in LOW..HIGH'; repeat for more"),
    base: Optional[str] = typer.Option(None, "--base", help="Compare with this revision (enables METRIC_change guards)"),
    game: str = typer.Option("duel", "--game", help="The game to check"),
    players: Optional[int] = typer.Option(None, "--players", help=PLAYERS_HELP),
    deals: int = typer.Option(100, "--deals", "--pairs", "-n", help=DEALS_HELP),
    seed: int = typer.Option(0, "--seed", help="Master seed of every random stream"),
    bots: list[str] = typer.Option([], "--bots", help=BOTS_HELP),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help=WORKERS_HELP),
    data: Optional[str] = typer.Option(None, "--data", help=DATA_HELP),
    report_path: Optional[Path] = typer.Option(None, "--report", help="Write the HTML report here"),
    json_path: Optional[Path] = typer.Option(None, "--json", help="Write the results as JSON here"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar"),
) -> None:
    """Exit 1 when a guarded metric's 95 % interval lies outside its bounds (for CI)."""
    guards, runner = _lab()[2], _lab()[5]
    specs = [base, new] if base else [new]
    revs, d = _design(specs, game, players, deals, seed, bots, 0.0, "draft", data)
    metrics = runner.shape(d, revs).metrics
    try:
        parsed = [guards.Guard.parse(g, len(specs), metrics) for g in guard]
    except guards.GuardError as exc:
        raise _fail(str(exc)) from None
    results = _run(revs, d, workers, None, None, None, quiet)
    _write(results, d.command("check", specs, [f"--guard '{g}'" for g in guard]), report_path, json_path)
    failed = 0
    for g in parsed:
        verdict, est = g.check(results)
        failed += verdict == "fail"
        typer.echo(f"{verdict.upper():6} {g.metric} = {est['value']:.4f} [{est['low']:.4f}, {est['high']:.4f}], "
                   f"allowed {g.low}..{g.high}")
    if failed:
        raise typer.Exit(1)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="balance")
