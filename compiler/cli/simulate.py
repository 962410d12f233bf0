"""`wondersmith simulate`: play many bot-against-bot games and summarise the results."""
from __future__ import annotations

import json
import time
from pathlib import Path
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Callable

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from wondersmith.engine import Game, load_ruleset
from wondersmith.engine.bots import BOTS, make_bot, play_game
from wondersmith.engine.scoring import colors_never_scored
from wondersmith.workers import cap

from .rulesets import GAME_HELP, PATH_HELP, load_or_exit
from .seats import FREE_CITY, city_count, city_names, seat_count

CHUNK = 25
IN_FLIGHT_PER_WORKER = 2  # chunks queued per worker process: enough to keep it busy


def _seats(bots: list[str], i: int) -> tuple[str, ...]:
    """The bots turn one seat round the table every game (two bots swap seats), so that
    seat and bot effects can be told apart."""
    n = len(bots)
    return tuple(bots[(seat + i) % n] for seat in range(n))


class Tally:
    """Running totals of a batch of games: its size does not depend on how many games.

    Every total is an integer, so tallies merged in any order (from worker processes, as
    they finish) give exactly the same summary. Scores are kept for every city: a seat a
    bot, and in classic's 2-player variant the Free City, last, which no bot sits at (its
    holder plays it) and which never wins. `victories`: the game's own victory types, listed
    even when none happened (Duel's three; classic's civilian only).
    """

    def __init__(self, bots: list[str], cities: int | None = None,
                 victories: tuple[str, ...] = ("civilian",)) -> None:
        self.bots = list(bots)
        names = list(dict.fromkeys(bots))
        seats = len(bots)
        self.cities = cities or seats
        self.games = 0
        self.seat_wins = [0] * seats
        self.shared = 0
        self.bot_games = dict.fromkeys(names, 0)
        self.bot_wins = dict.fromkeys(names, 0)
        self.bot_points = dict.fromkeys(names, 0)
        self.victories = dict.fromkeys(victories, 0)
        self.seat_points = [0] * self.cities
        self.categories: dict[str, list[int]] = {}

    def add(self, names: tuple[str, ...], winner: int | None, victory: str,
            scores: tuple[dict[str, int], ...]) -> None:
        self.games += 1
        self.victories[victory] += 1  # one of the game's own: the engine ends no game otherwise
        if winner is None:
            self.shared += 1
        else:
            self.seat_wins[winner] += 1
            self.bot_wins[names[winner]] += 1
        for seat, name in enumerate(names):
            self.bot_games[name] += 1
            self.bot_points[name] += scores[seat]["total"]
        for seat, score in enumerate(scores):
            self.seat_points[seat] += score["total"]
            for k, v in score.items():
                self.categories.setdefault(k, [0] * self.cities)[seat] += v

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.shared += other.shared
        for seat in range(len(self.bots)):
            self.seat_wins[seat] += other.seat_wins[seat]
        for seat in range(self.cities):
            self.seat_points[seat] += other.seat_points[seat]
        for table, more in ((self.bot_games, other.bot_games), (self.bot_wins, other.bot_wins),
                            (self.bot_points, other.bot_points), (self.victories, other.victories)):
            for k, v in more.items():
                table[k] = table.get(k, 0) + v
        for k, totals in other.categories.items():
            mine = self.categories.setdefault(k, [0] * len(totals))
            for seat, v in enumerate(totals):
                mine[seat] += v

    def summary(self, seconds: float) -> dict:
        n = self.games
        names = list(self.bot_games)
        return {
            "games": n,
            "seconds": round(seconds, 3),
            # Three significant digits: slow bots (ismcts) play well under one game a second.
            "games_per_second": float(f"{n / seconds:.3g}") if seconds > 0 else None,
            "bots": self.bots,
            "players": len(self.bots),
            # The Free City's seat in classic's 2-player variant (scored, never winning).
            "free_city_seat": len(self.bots) if self.cities > len(self.bots) else None,
            "win_rate_by_seat": [wins / n for wins in self.seat_wins],
            "shared_rate": self.shared / n,
            "win_rate_by_bot": {b: self.bot_wins[b] / self.bot_games[b] for b in names},
            "victory_types": {k: v / n for k, v in self.victories.items()},
            "mean_score_by_seat": [points / n for points in self.seat_points],
            "mean_score_by_bot": {b: self.bot_points[b] / self.bot_games[b] for b in names},
            "mean_category_by_seat": {k: [v / n for v in totals] for k, totals in self.categories.items()},
        }


def new_tally(ruleset, bots: list[str]) -> Tally:
    """An empty tally for `bots` at `ruleset`'s table: its cities and its victory types."""
    players = len(bots)
    victories = type(Game(ruleset, players=players)).VICTORIES
    return Tally(bots, city_count(ruleset, players), victories)


def run_games(game: str, bots: list[str], seed: int, first: int, last: int,
              path: str | None = None) -> Tally:
    """Play games `first` to `last - 1`; game i uses seed `seed + i`, one seat per bot (the
    bots turned round the table by i seats). Returns their tally."""
    ruleset = load_ruleset(game, path)
    tally = new_tally(ruleset, bots)
    for i in range(first, last):
        names = _seats(bots, i)
        s = seed + i
        # Seat k's bot is seeded len(bots) * s + k (for two seats: 2s and 2s + 1, as always).
        g = play_game(ruleset, [make_bot(name, len(bots) * s + k) for k, name in enumerate(names)],
                      seed=s)
        r = g.result
        tally.add(names, r.winner, r.victory, r.scores)
    return tally


def simulate_games(game: str, bots: list[str], n: int, seed: int, workers: int,
                   progress: Callable[[int], None] = lambda done: None,
                   path: str | None = None) -> Tally:
    """Play n games in chunks, in this process or in `workers` processes, and tally them as
    chunks finish. Only a bounded number of chunks is queued at a time, so memory stays
    flat however many games are played."""
    total = new_tally(load_ruleset(game, path), bots)
    chunks = ((i, min(i + CHUNK, n)) for i in range(0, n, CHUNK))
    if workers == 1:
        for first, last in chunks:
            total.merge(run_games(game, bots, seed, first, last, path))
            progress(last - first)
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set = set()
        for first, last in chunks:
            pending.add(pool.submit(run_games, game, bots, seed, first, last, path))
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
        game: str = typer.Argument(..., help=GAME_HELP),
        n: int = typer.Option(100, "-n", "--games", help="Number of games"),
        seed: int = typer.Option(0, "--seed", help="Seed of the first game (game i uses seed + i)"),
        players: int = typer.Option(None, "--players", "-p",
                                    help="Seats at the table [default: the number of bots, else the game's own]"),
        bots: str = typer.Option("random", "--bots",
                                 help=f"One bot per seat, comma-separated ({', '.join(BOTS)}), or one "
                                      "for every seat; they turn one seat round the table every game"),
        workers: int = typer.Option(1, "--workers", "-w", help="Processes to play in parallel (at most one per CPU and per 25 games)"),
        as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON"),
        path: Path = typer.Option(None, "--path", help=PATH_HELP),
    ) -> None:
        """Play N games between bots, one per seat; print win rates, shared victories,
        victory types and mean scores by seat and by bot."""
        names = [b.strip() for b in bots.split(",")]
        if not all(names):
            raise usage_error(f"--bots takes bot names separated by commas, got {bots!r} "
                              "(an empty name)")
        unknown = [b for b in names if b not in BOTS]
        if unknown:
            raise usage_error(f"unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}")
        if n < 1:
            raise usage_error(f"-n must be at least 1, got {n}")
        if workers < 1:
            raise usage_error(f"--workers must be at least 1, got {workers}")
        if seed < 0:
            raise usage_error(f"--seed must be 0 or more, got {seed}")
        loaded = load_or_exit("simulate", game, path)
        try:
            if players is None and len(names) > 1:
                players = len(names)
            players = seat_count(loaded.ruleset, players)
        except ValueError as exc:
            raise usage_error(str(exc)) from None
        if len(names) == 1:
            names *= players
        if len(names) != players:
            raise usage_error(f"--bots names {len(names)} bots for {players} seats: give one per "
                              "seat, or one for them all")
        # Worker processes import the package the main process loaded (compiled if stale).
        where = None if loaded.path is None else str(loaded.path)

        console = Console(stderr=True)
        batches = -(-n // CHUNK)
        plan = cap(workers, batches)
        if plan.capped:
            typer.echo(f"wondersmith simulate: {plan.note(f'{n} game(s) in {batches} batch(es) of up to {CHUNK}')}",
                       err=True)
        workers = plan.count
        start = time.perf_counter()
        with Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=as_json) as progress:
            task = progress.add_task("games", total=n)
            tally = simulate_games(loaded.game, names, n, seed, workers,
                                   lambda done: progress.advance(task, done), where)
        summary = {"ruleset": loaded.describe(), **tally.summary(time.perf_counter() - start)}
        if as_json:
            typer.echo(json.dumps(summary, indent=2))
            return
        _print_summary(summary, colors_never_scored(Game(loaded.ruleset, players=players).t))


def _print_summary(s: dict, never_scored: tuple[str, ...] = ()) -> None:
    """The summary as tables; the colours in `never_scored` (always 0) are left out."""
    console = Console()
    console.print(f"[bold]{s['games']} games[/] in {s['seconds']:.2f} s "
                  f"({s['games_per_second']} games/s), {s['players']} seats, bots "
                  f"{' vs '.join(s['bots'])} (turning round the table every game)")
    free_city = s["free_city_seat"]
    if free_city is not None:
        console.print(f"The {FREE_CITY} (seat {free_city}) is played by the bot holding the "
                      "Free City card; it is scored but never wins.")
    names = city_names(s["players"], len(s["mean_score_by_seat"]))
    t = Table(title="By seat")
    t.add_column("seat")
    t.add_column("win rate", justify="right")
    t.add_column("mean score", justify="right")
    for seat, rate in enumerate(s["win_rate_by_seat"]):
        t.add_row(str(seat), f"{rate:.1%}", f"{s['mean_score_by_seat'][seat]:.1f}")
    if free_city is not None:
        t.add_row(FREE_CITY, "-", f"{s['mean_score_by_seat'][free_city]:.1f}")
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
    for name in names:
        t.add_column(name, justify="right")
    for k, points in s["mean_category_by_seat"].items():
        if k not in never_scored or any(points):
            t.add_row(k, *(f"{v:.2f}" for v in points))
    console.print(t)
