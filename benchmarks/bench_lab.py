"""Balance-lab figures: games per second at 1 and 2 workers, the games needed to detect a
3-point change of the seat-0 win rate with paired against unpaired revisions, and the SPRT's
average stopping time at true rates of 50 % and 53 %.

    python benchmarks/bench_lab.py [--game duel|classic] [--players N] [--deals 200] [--bots greedy] [--runs 400]

Prints one JSON document. The paired figure uses the discordant share measured on a real edit
(Duel's Theater, or classic's Baths, worth 1 more VP), so it is the share a designer's small
change produces.
"""
from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np
import yaml

from wondersmith.lab import stats
from wondersmith.lab.backends import LocalBackend
from wondersmith.lab.design import Design, Tier
from wondersmith.lab.metrics import aligned
from wondersmith.lab.revisions import load_revision
from wondersmith.lab.sprt import Sprt, simulate_stream

ROOT = Path(__file__).resolve().parents[1]


EDITS = {"duel": ("theater", "Theater 3 -> 4 VP"), "classic": ("baths", "Baths 3 -> 4 VP")}


def edited_copy(tmp: Path, game: str) -> Path:
    out = tmp / "cards"
    shutil.copytree(ROOT / "cards", out)
    path = out / game / "age1.yaml"
    data = yaml.safe_load(path.read_text())
    next(b for b in data["buildings"] if b["id"] == EDITS[game][0])["effects"] = [{"points": 4}]
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return out


def _design(game: str, players: int, deals: int, bots: str, seed: int) -> Design:
    return Design(game, deals, seed=seed, tiers=(Tier.parse(bots, players),), players=players)


def throughput(revisions, game: str, players: int, deals: int, bots: str) -> dict:
    out = {}
    for workers in (1, 2):
        design = _design(game, players, deals, bots, 7)
        games = []
        backend = LocalBackend(workers)
        start = time.perf_counter()
        for result in backend.run(revisions, design, design.chunks()):
            games += result["games"]
        seconds = time.perf_counter() - start
        out[f"{workers}_worker"] = {"games": len(games), "seconds": round(seconds, 2),
                                    "games_per_second": round(len(games) / seconds, 1)}
    return out


def detection(revisions, game: str, players: int, deals: int, bots: str) -> dict:
    """Games needed to detect a 3-point change of the seat-0 win rate at 80 % power: independent
    revisions need 2p(1 − p)(z + z')²/δ² games each (p = 1/N at N seats); paired ones (the same deals on both) need
    (d − δ²)(z + z')²/δ², d the share of games whose seat-0 outcome differs, measured here."""
    design = _design(game, players, deals, bots, 11)
    games = [g for result in LocalBackend(2).run(revisions, design, design.chunks()) for g in result["games"]]
    old, new = aligned(games, 2)
    discordant = float(np.mean([(a["winner"] == 0) != (b["winner"] == 0) for a, b in zip(old, new)]))
    unpaired = stats.sample_size_unpaired(0.03, p=1 / players)  # a fair seat wins 1/N
    paired = stats.sample_size_paired(0.03, discordant)
    return {"edit": EDITS[game][1], "games_measured_per_revision": len(old),
            "seat0_discordant_share": round(discordant, 4),
            "unpaired_games_per_revision": round(unpaired), "paired_games_per_revision": round(paired),
            "ratio": round(paired / unpaired, 3)}


def sprt_stopping(runs: int) -> dict:
    rng = np.random.default_rng(2026)
    out = {}
    for true in (0.50, 0.53):
        tests = [simulate_stream(Sprt("seat0_win_rate", 0.50, 0.53), rng, true, 8, 20000) for _ in range(runs)]
        games = [2 * t.n for t in tests]
        out[f"true_{true:.2f}"] = {"mean_games": round(float(np.mean(games))),
                                   "median_games": round(float(np.median(games))),
                                   "accepted_H1": round(sum(t.status == "H1" for t in tests) / runs, 3),
                                   "inconclusive": sum(t.status == "inconclusive" for t in tests)}
    out["fixed_sample_equivalent_games"] = round(stats.sample_size_unpaired(0.03, power=0.95, level=0.90) / 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(EDITS), default="duel")
    parser.add_argument("--players", type=int, default=None, help="seats (default: Duel 2, classic 3)")
    parser.add_argument("--deals", "--pairs", type=int, default=200)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--runs", type=int, default=400)
    args = parser.parse_args()
    players = args.players or (2 if args.game == "duel" else 3)
    with tempfile.TemporaryDirectory() as tmp:
        revisions = (load_revision(str(ROOT / "cards"), args.game),
                     load_revision(str(edited_copy(Path(tmp), args.game)), args.game))
        report = {"game": args.game, "players": players, "bots": args.bots, "deals": args.deals,
                  "throughput": throughput(revisions, args.game, players, args.deals, args.bots),
                  "detect_3_points": detection(revisions, args.game, players, args.deals, args.bots),
                  "sprt_50_vs_53": sprt_stopping(args.runs)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
