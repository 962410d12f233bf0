"""`wondersmith simulate`: play many bot-against-bot games and summarise the results."""
from __future__ import annotations

import json
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Callable

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from wondersmith.engine import UnknownRulesetError, load_ruleset
from wondersmith.engine.bots import BOTS, make_bot, play_game

CHUNK = 25
IN_FLIGHT_PER_WORKER = 2  # chunks queued per worker process: enough to keep it busy


def _seats(bots: list[str], i: int) -> tuple[str, str]:
    """Bots swap seats every game so that seat and bot effects can be told apart."""
    return (bots[0], bots[1]) if i % 2 == 0 else (bots[1], bots[0])


class Tally:
    """Running totals of a batch of games: its size does not depend on how many games.

    Every total is an integer, so tallies merged in any order (from worker processes, as
    they finish) give exactly the same summary.
    """

    def __init__(self, bots: list[str]) -> None:
        self.bots = list(bots)
        names = list(dict.fromkeys(bots))
        self.games = 0
        self.seat_wins = [0, 0]
        self.shared = 0
        self.bot_games = dict.fromkeys(names, 0)
        self.bot_wins = dict.fromkeys(names, 0)
        self.bot_points = dict.fromkeys(names, 0)
        self.victories = {"civilian": 0, "military": 0, "scientific": 0}
        self.seat_points = [0, 0]
        self.categories: dict[str, list[int]] = {}

    def add(self, names: tuple[str, str], winner: int | None, victory: str,
            scores: tuple[dict[str, int], ...]) -> None:
        self.games += 1
        self.victories[victory] += 1
        if winner is None:
            self.shared += 1
        else:
            self.seat_wins[winner] += 1
            self.bot_wins[names[winner]] += 1
        for seat in (0, 1):
            total = scores[seat]["total"]
            self.bot_games[names[seat]] += 1
            self.bot_points[names[seat]] += total
            self.seat_points[seat] += total
            for k, v in scores[seat].items():
                self.categories.setdefault(k, [0, 0])[seat] += v

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.shared += other.shared
        for seat in (0, 1):
            self.seat_wins[seat] += other.seat_wins[seat]
            self.seat_points[seat] += other.seat_points[seat]
        for table, more in ((self.bot_games, other.bot_games), (self.bot_wins, other.bot_wins),
                            (self.bot_points, other.bot_points), (self.victories, other.victories)):
            for k, v in more.items():
                table[k] += v
        for k, (a, b) in other.categories.items():
            mine = self.categories.setdefault(k, [0, 0])
            mine[0] += a
            mine[1] += b

    def summary(self, seconds: float) -> dict:
        n = self.games
        names = list(self.bot_games)
        return {
            "games": n,
            "seconds": round(seconds, 3),
            "games_per_second": round(n / seconds, 1) if seconds > 0 else None,
            "bots": self.bots,
            "win_rate_by_seat": [self.seat_wins[0] / n, self.seat_wins[1] / n],
            "shared_rate": self.shared / n,
            "win_rate_by_bot": {b: self.bot_wins[b] / self.bot_games[b] for b in names},
            "victory_types": {k: v / n for k, v in self.victories.items()},
            "mean_score_by_seat": [self.seat_points[0] / n, self.seat_points[1] / n],
            "mean_score_by_bot": {b: self.bot_points[b] / self.bot_games[b] for b in names},
            "mean_category_by_seat": {k: [v[0] / n, v[1] / n] for k, v in self.categories.items()},
        }


def run_games(game: str, bots: list[str], seed: int, first: int, last: int) -> Tally:
    """Play games `first` to `last - 1`; game i uses seed `seed + i`. Returns their tally."""
    ruleset = load_ruleset(game)
    tally = Tally(bots)
    for i in range(first, last):
        names = _seats(bots, i)
        s = seed + i
        g = play_game(ruleset, (make_bot(names[0], 2 * s), make_bot(names[1], 2 * s + 1)), seed=s)
        r = g.result
        tally.add(names, r.winner, r.victory, r.scores)
    return tally


def simulate_games(game: str, bots: list[str], n: int, seed: int, workers: int,
                   progress: Callable[[int], None] = lambda done: None) -> Tally:
    """Play n games in chunks, in this process or in `workers` processes, and tally them as
    chunks finish. Only a bounded number of chunks is queued at a time, so memory stays
    flat however many games are played."""
    total = Tally(bots)
    chunks = ((i, min(i + CHUNK, n)) for i in range(0, n, CHUNK))
    if workers == 1:
        for first, last in chunks:
            total.merge(run_games(game, bots, seed, first, last))
            progress(last - first)
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set = set()
        for first, last in chunks:
            pending.add(pool.submit(run_games, game, bots, seed, first, last))
            if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                pending = _collect(wait(pending, return_when=FIRST_COMPLETED), total, progress)
        while pending:
            pending = _collect(wait(pending, return_when=FIRST_COMPLETED), total, progress)
    return total


def _collect(finished, total: Tally, progress: Callable[[int], None]) -> set:
    done, pending = finished
    for fut in done:
        part = fut.result()
        total.merge(part)
        progress(part.games)
    return pending


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
        start = time.perf_counter()
        with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=as_json) as progress:
            task = progress.add_task("games", total=n)
            tally = simulate_games(game, names, n, seed, workers,
                                   lambda done: progress.advance(task, done))
        summary = tally.summary(time.perf_counter() - start)
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
