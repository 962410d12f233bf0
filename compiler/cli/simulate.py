"""`wondersmith simulate`: play many bot-against-bot games and summarise the results."""
from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from wondersmith.engine import UnknownRulesetError, load_ruleset
from wondersmith.engine.bots import BOTS, make_bot, play_game

CHUNK = 25


def _seats(bots: list[str], i: int) -> tuple[str, str]:
    """Bots swap seats every game so that seat and bot effects can be told apart."""
    return (bots[0], bots[1]) if i % 2 == 0 else (bots[1], bots[0])


def run_games(game: str, bots: list[str], seed: int, indices: list[int]) -> list[dict]:
    """Play the games numbered `indices`; game i uses seed `seed + i`."""
    ruleset = load_ruleset(game)
    out = []
    for i in indices:
        names = _seats(bots, i)
        s = seed + i
        g = play_game(ruleset, (make_bot(names[0], 2 * s), make_bot(names[1], 2 * s + 1)), seed=s)
        r = g.result
        out.append({"index": i, "seed": s, "bots": list(names), "winner": r.winner,
                    "victory": r.victory, "scores": [dict(x) for x in r.scores]})
    return out


def summarise(results: list[dict], bots: list[str], seconds: float) -> dict:
    n = len(results)
    seat_wins = [0, 0]
    shared = 0
    names = list(dict.fromkeys(bots))
    bot_games = dict.fromkeys(names, 0)
    bot_wins = dict.fromkeys(names, 0)
    bot_points = dict.fromkeys(names, 0)
    victories = {"civilian": 0, "military": 0, "scientific": 0}
    seat_points = [0, 0]
    categories: dict[str, list[float]] = {}
    for r in results:
        victories[r["victory"]] += 1
        if r["winner"] is None:
            shared += 1
        else:
            seat_wins[r["winner"]] += 1
            bot_wins[r["bots"][r["winner"]]] += 1
        for seat in (0, 1):
            name = r["bots"][seat]
            bot_games[name] += 1
            bot_points[name] += r["scores"][seat]["total"]
            seat_points[seat] += r["scores"][seat]["total"]
            for k, v in r["scores"][seat].items():
                categories.setdefault(k, [0.0, 0.0])[seat] += v
    return {
        "games": n,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 1) if seconds > 0 else None,
        "bots": bots,
        "win_rate_by_seat": [seat_wins[0] / n, seat_wins[1] / n],
        "shared_rate": shared / n,
        "win_rate_by_bot": {b: bot_wins[b] / bot_games[b] for b in names},
        "victory_types": {k: v / n for k, v in victories.items()},
        "mean_score_by_seat": [seat_points[0] / n, seat_points[1] / n],
        "mean_score_by_bot": {b: bot_points[b] / bot_games[b] for b in names},
        "mean_category_by_seat": {k: [v[0] / n, v[1] / n] for k, v in categories.items()},
    }


def usage_error(message: str) -> typer.Exit:
    typer.echo(f"wondersmith simulate: {message}", err=True)
    return typer.Exit(2)


def register(app: typer.Typer) -> None:
    @app.command()
    def simulate(
        game: str = typer.Argument(..., help="The game, e.g. duel"),
        n: int = typer.Option(100, "-n", "--games", help="Number of games"),
        seed: int = typer.Option(0, "--seed", help="Seed of the first game (game i uses seed + i)"),
        bots: str = typer.Option("random,random", "--bots",
                                 help=f"Two bots, comma-separated ({', '.join(BOTS)}); they swap seats every game"),
        workers: int = typer.Option(1, "--workers", "-w", help="Processes to play in parallel"),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON"),
    ) -> None:
        """Play N games between two bots; print win rates, victory types and mean scores."""
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if len(names) != 2:
            raise usage_error(f"--bots takes two bot names separated by a comma, got {bots!r}")
        unknown = [b for b in names if b not in BOTS]
        if unknown:
            raise usage_error(f"unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}")
        if n < 1:
            raise usage_error(f"-n must be at least 1, got {n}")
        if workers < 1:
            raise usage_error(f"--workers must be at least 1, got {workers}")
        if seed < 0:
            raise usage_error(f"--seed must be 0 or more, got {seed}")
        try:
            load_ruleset(game)
        except UnknownRulesetError as exc:
            raise usage_error(str(exc)) from None

        console = Console(stderr=True)
        chunks = [list(range(i, min(i + CHUNK, n))) for i in range(0, n, CHUNK)]
        results: list[dict] = []
        start = time.perf_counter()
        with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=as_json) as progress:
            task = progress.add_task("games", total=n)
            if workers == 1:
                for chunk in chunks:
                    results += run_games(game, names, seed, chunk)
                    progress.advance(task, len(chunk))
            else:
                with ProcessPoolExecutor(max_workers=workers) as pool:
                    futures = [pool.submit(run_games, game, names, seed, c) for c in chunks]
                    for fut in as_completed(futures):
                        part = fut.result()
                        results += part
                        progress.advance(task, len(part))
        seconds = time.perf_counter() - start
        results.sort(key=lambda r: r["index"])
        summary = summarise(results, names, seconds)
        if as_json:
            typer.echo(json.dumps(summary, indent=2))
            return
        _print_summary(summary)


def _print_summary(s: dict) -> None:
    console = Console()
    console.print(f"[bold]{s['games']} games[/] in {s['seconds']:.2f} s "
                  f"({s['games_per_second']} games/s), bots {' vs '.join(s['bots'])} (seats alternate)")
    t = Table(title="By seat")
    t.add_column("seat")
    t.add_column("win rate", justify="right")
    t.add_column("mean score", justify="right")
    for seat in (0, 1):
        t.add_row(str(seat), f"{s['win_rate_by_seat'][seat]:.1%}", f"{s['mean_score_by_seat'][seat]:.1f}")
    t.add_row("shared", f"{s['shared_rate']:.1%}", "")
    console.print(t)
    t = Table(title="By bot")
    t.add_column("bot")
    t.add_column("win rate", justify="right")
    t.add_column("mean score", justify="right")
    for b, rate in s["win_rate_by_bot"].items():
        t.add_row(b, f"{rate:.1%}", f"{s['mean_score_by_bot'][b]:.1f}")
    console.print(t)
    t = Table(title="Victory types")
    t.add_column("victory")
    t.add_column("share", justify="right")
    for k, v in s["victory_types"].items():
        t.add_row(k, f"{v:.1%}")
    console.print(t)
    t = Table(title="Mean points by category")
    t.add_column("category")
    t.add_column("seat 0", justify="right")
    t.add_column("seat 1", justify="right")
    for k, (a, b) in s["mean_category_by_seat"].items():
        t.add_row(k, f"{a:.2f}", f"{b:.2f}")
    console.print(t)
