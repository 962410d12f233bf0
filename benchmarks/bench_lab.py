"""Balance-lab figures: games per second at 1 and 2 workers, the games needed to detect a
3-point change of the seat-0 win rate with paired against unpaired revisions, and the SPRT's
average stopping time at true rates of 50 % and 53 %.

    python benchmarks/bench_lab.py [--pairs 200] [--bots greedy] [--runs 400]

Prints one JSON document. The paired figure uses the discordant share measured on a real edit
(Theater worth 1 more VP), so it is the share a designer's small change produces.
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


def edited_copy(tmp: Path) -> Path:
    out = tmp / "cards"
    shutil.copytree(ROOT / "cards", out)
    path = out / "duel" / "age1.yaml"
    data = yaml.safe_load(path.read_text())
    next(b for b in data["buildings"] if b["id"] == "theater")["effects"] = [{"points": 4}]
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return out


def throughput(revisions, pairs: int, bots: str) -> dict:
    out = {}
    for workers in (1, 2):
        design = Design("duel", pairs, seed=7, tiers=(Tier.parse(bots),))
        games = []
        backend = LocalBackend(workers)
        start = time.perf_counter()
        for result in backend.run(revisions, design, design.chunks()):
            games += result["games"]
        seconds = time.perf_counter() - start
        out[f"{workers}_worker"] = {"games": len(games), "seconds": round(seconds, 2),
                                    "games_per_second": round(len(games) / seconds, 1)}
    return out


def detection(revisions, pairs: int, bots: str) -> dict:
    """Games needed to detect a 3-point change of the seat-0 win rate at 80 % power: independent
    revisions need 2p(1 − p)(z + z')²/δ² games each; paired ones (the same deals on both) need
    (d − δ²)(z + z')²/δ², d the share of games whose seat-0 outcome differs, measured here."""
    design = Design("duel", pairs, seed=11, tiers=(Tier.parse(bots),))
    games = [g for result in LocalBackend(2).run(revisions, design, design.chunks()) for g in result["games"]]
    old, new = aligned(games, 2)
    discordant = float(np.mean([(a["winner"] == 0) != (b["winner"] == 0) for a, b in zip(old, new)]))
    unpaired = stats.sample_size_unpaired(0.03)
    paired = stats.sample_size_paired(0.03, discordant)
    return {"edit": "Theater 3 -> 4 VP", "games_measured_per_revision": len(old),
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
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--runs", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        revisions = (load_revision(str(ROOT / "cards"), "duel"), load_revision(str(edited_copy(Path(tmp))), "duel"))
        report = {"bots": args.bots, "pairs": args.pairs,
                  "throughput": throughput(revisions, args.pairs, args.bots),
                  "detect_3_points": detection(revisions, args.pairs, args.bots),
                  "sprt_50_vs_53": sprt_stopping(args.runs)}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
