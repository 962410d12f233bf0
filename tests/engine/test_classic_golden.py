"""Golden check for classic 7 Wonders: its play pinned as digests over seeded random games.

Speed work on the classic engine (trade, legal plays) must not change what it does. At 3, 5
and 7 players this plays seeded uniform-random games the way benchmarks/bench_engine.py does
and hashes, per game, every legal-action list met, the history and each seat's total score.
A second, smaller batch also records `payment_options` for every card in the deciding seat's
hand and its next Wonder stage, and goes on from clones and JSON round trips, so the trade
caches are pinned too, copied and rebuilt.

If a change is *meant* to alter behaviour, regenerate with
`python tests/engine/test_classic_golden.py` and explain why in the commit; the same command
with `--games 200` checks more games by hand.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wondersmith.engine import Game  # noqa: E402
from classic_helpers import ruleset  # noqa: E402

GAMES = 40  # per player count, as bench_engine.play(ruleset, GAMES, seed=0)
MANUAL_GAMES = 6  # with payment options, clones and JSON round trips
MANUAL_SEED = 9_000

# players: (games, actions applied, sum of legal-list lengths, sha256)
# The ids moved when each game's mechanics laid out their own action ranges (classic lost
# Duel's): same games, proven by their action texts at 2-7 players (test_action_layout.py).
EXPECTED = {
    3: (46, 2510, 22092, "dc03a4ba69dd75844bc7fac614e4c8e94322525d5e0964f09e9f8350132b8cf9"),
    5: (46, 4164, 34662, "7967f354896fde402063fd6e0da56fe48c7ee757aec1d11dc190856ae5702096"),
    7: (46, 5835, 46475, "7277d104e8ea2094acb77aa3c0348d936be4a474f93e40db50b12df86d429185"),
}


def _payments(g: Game, p: int) -> list:
    t = g.t
    comps = sorted(set(g.hands[p]))
    stage = g._next_stage(p)
    if stage >= 0:
        comps.append(stage)
    return [[t.ids[c], [x.as_dict() for x in g.payment_options(p, c)]] for c in comps]


def _digest_game(h, g: Game, steps: list, stats: list) -> None:
    record = {"steps": steps, "history": g.history,
              "totals": [s["total"] for s in g.result.as_dict()["scores"]]}
    h.update(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())
    stats[0] += 1


def golden(players: int, games: int = GAMES, manual_games: int = MANUAL_GAMES) -> tuple:
    h = hashlib.sha256()
    stats = [0, 0, 0]  # games, actions applied, legal lengths
    rng = random.Random(0)
    for i in range(games):
        g = Game(ruleset(), seed=i, players=players)
        steps = []
        while g.result is None:
            actions = g.legal_actions()
            steps.append(actions)
            stats[2] += len(actions)
            g.apply(actions[int(rng.random() * len(actions))])
            stats[1] += 1
        _digest_game(h, g, steps, stats)

    rng = random.Random(MANUAL_SEED)
    for i in range(manual_games):
        g = Game(ruleset(), seed=MANUAL_SEED + i, players=players)
        steps = []
        while g.result is None:
            actions = g.legal_actions()
            step = [g.decision, g.current_player, actions]
            if g.decision == "choose":
                step.append(_payments(g, g.current_player))
            steps.append(step)
            stats[2] += len(actions)
            g.apply(actions[int(rng.random() * len(actions))])
            stats[1] += 1
            if stats[1] % 7 == 0:
                g = g.clone()
            elif stats[1] % 11 == 0:
                g = Game.from_json(ruleset(), json.loads(json.dumps(g.to_json())))
        _digest_game(h, g, steps, stats)
    return (*stats, h.hexdigest())


@pytest.mark.parametrize("players", sorted(EXPECTED))
def test_classic_play_matches_the_golden_digest(players):
    assert golden(players) == EXPECTED[players]


if __name__ == "__main__":
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else GAMES
    for n in sorted(EXPECTED):
        print(f"    {n}: {golden(n, games)},")
