"""Records of random games replayed, and states with a history entry changed, at large
counts (issue 26, items 4 and 5); prints the counts, and the first failure's traceback.

    python benchmarks/records_check.py [-n 1000] [--seed 0]

For Duel, classic at 2, 3, 5 and 7 players, and both with names the validator refuses
(WS328: "LUMBER YARD" beside "Lumber Yard", a card named "quarry" beside the card `quarry`):
`-n` random games whose records must replay to the identical state (actions as text, or by
number where no text names the action alone), and `-n` states with one history entry
changed, each refused on load, without a record (StateFormatError), or with a record that
replays to it. The helpers are tests/engine/record_checks.py. Exit 1 on any failure.
"""
from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from record_checks import CASE, ID, changed_histories, renamed, round_trips  # noqa: E402
from wondersmith.engine import load_ruleset  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="games, and changed states, per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    duel, classic = load_ruleset("duel"), load_ruleset("classic")
    games = [("duel", duel, None), *((f"classic {n}", classic, n) for n in (2, 3, 5, 7)),
             ("duel, names alike", renamed(duel, {**CASE, **ID}), None),
             ("classic 4, names alike", renamed(classic, {**CASE, **ID}), 4)]
    failed = False
    for name, ruleset, players in games:
        start = time.perf_counter()
        try:
            records = round_trips(ruleset, players, args.n, args.seed)
            changed = changed_histories(ruleset, players, args.n, args.seed + 26)
        except Exception:  # noqa: BLE001 - a failure is what this counts
            print(f"{name}: FAILED")
            traceback.print_exc()
            failed = True
            continue
        print(f"{name}: {', '.join(f'{n:,} {k}' for k, n in records.items())}; "
              f"{args.n:,} states with a history entry changed: "
              f"{', '.join(f'{n:,} {k}' for k, n in sorted(changed.items()))}; 0 crashed "
              f"({time.perf_counter() - start:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
