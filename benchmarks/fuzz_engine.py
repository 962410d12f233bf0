"""Fuzz the engine's input boundaries at large counts and print what happened.

    python benchmarks/fuzz_engine.py [-n 100000] [--seed 0] [--only states|actions|records]
                                     [--game duel|classic|agora] [--players N|all]
                                     [--seconds S]

States, actions and game records are mutated from seeded random games (the mutator is
tests/engine/engine_fuzz.py, which tests/engine/test_input.py runs at CI size). Each try is
accepted, refused with the engine's error, or a crash; the first crashes are printed with
their tracebacks. An accepted state is played to the end three times, by random play, by
the greedy bot and by the ISMCTS bot (a few iterations a move), and the games each finished
are counted. `--players all` runs every seat count of the ruleset in turn. `--seconds` gives
each target a time budget: it stops trying once it is spent, and prints how many it tried.
Exit 1 if anything crashed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from engine_fuzz import FUZZERS, PLAYED_BY  # noqa: E402
from wondersmith.engine import UnknownRulesetError, load_ruleset  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=100_000, help="tries per target")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=sorted(FUZZERS))
    parser.add_argument("--game", default="duel", help="duel, classic, agora or a game of "
                        "the data repository")
    parser.add_argument("--seconds", type=float, default=None,
                        help="a time budget per target (and seat count): fewer tries than -n "
                        "once it is spent")
    parser.add_argument("--players", default=None,
                        help="seats, or 'all' for every count the ruleset is played at "
                        "(default: the ruleset's)")
    args = parser.parse_args()
    try:
        ruleset = load_ruleset(args.game)
    except UnknownRulesetError as exc:
        print(f"fuzz_engine: {exc}", file=sys.stderr)
        return 2
    if args.players == "all":
        seat_counts = list(getattr(ruleset, "player_counts", ()) or (ruleset.players,))
    else:
        seat_counts = [None if args.players is None else int(args.players)]
    crashed = 0
    for players in seat_counts:
        if len(seat_counts) > 1:
            print(f"{players} players:")
        for name in ([args.only] if args.only else list(FUZZERS)):
            crashes: list = []
            start = time.perf_counter()
            counts = FUZZERS[name](ruleset, args.n, seed=args.seed, crashes=crashes,
                                   players=players, seconds=args.seconds)
            played = ", ".join(f"{counts[f'played by {bot}']:,} by {bot}"
                               for bot in PLAYED_BY if f"played by {bot}" in counts)
            print(f"{name:>8}: {counts['tried']:,} tried, {counts['accepted']:,} accepted, "
                  f"{counts['refused']:,} refused, {counts['crashed']:,} crashed"
                  f"{f'; played to the end {played}' if played else ''} "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
            for where, what, tb in crashes[:5]:
                print(f"  crash in {where}: {what}\n{tb}")
            crashed += counts["crashed"]
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
