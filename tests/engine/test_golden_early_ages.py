"""Ages I and II play exactly as before the guild backs: a digest pinned before they existed.

Drawing the guild backs at the Age III set-up (card_structure) changed Duel's golden digest
from Age III on (test_golden.py). This digest covers each seeded game only up to that
point: every legal-action list met and every action and chance outcome applied up to and
including the Age III set-up's cards left out, guilds drawn and face-up cards dealt, which
come before the backs. Each game has its own random generator, so a change in one game's
Age III does not move the choices of the next. It was computed on the engine before the
guild backs (d9ebd43) and must never change.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wondersmith.engine import Game  # noqa: E402
from engine_helpers import RULESET  # noqa: E402

AUTO_GAMES = 200
MANUAL_GAMES = 40
MANUAL_SEED = 7_000

# (games, games that reached Age III, actions and outcomes hashed, sha256)
EXPECTED = (240, 239, 30575, "ab283118a45be03e5dac09c0d8d15a4d65b0a03a4bd2a90da1f8bc7bd96108c8")


def early_prefix(g: Game, rng: random.Random) -> tuple[list, list]:
    """Play `g` at random until its Age III set-up has dealt its face-up cards (or the game
    ends first): the legal lists met and the history up to there."""
    t = g.t
    steps: list = []
    start = None  # where the guild Age's set-up starts in the history
    while g.result is None:
        if start is not None:
            end = start + t.removed_cards_per_age + t.guilds_drawn + len(t.dealt_slots[t.guild_age])
            if len(g.history) >= end:
                return steps, g.history[:end]
        actions = g.legal_actions()
        steps.append([g.decision, list(actions)])
        before = len(g.history)
        was = g.age
        g.apply(actions[int(rng.random() * len(actions))])
        if start is None and was < t.guild_age <= g.age:
            start = before + 1  # everything between the action and the set-up is internal
    return steps, g.history


def early_ages() -> tuple:
    h = hashlib.sha256()
    games = reached = hashed = 0
    for seed, auto in [*((i, True) for i in range(AUTO_GAMES)),
                       *((MANUAL_SEED + i, False) for i in range(MANUAL_GAMES))]:
        g = Game(RULESET, seed=seed, auto_chance=auto)
        steps, history = early_prefix(g, random.Random(seed))
        games += 1
        reached += g.age >= g.t.guild_age
        hashed += len(history)
        h.update(json.dumps([seed, auto, steps, history], separators=(",", ":")).encode())
    return games, reached, hashed, h.hexdigest()


def test_ages_one_and_two_play_as_before_the_guild_backs():
    assert early_ages() == EXPECTED


if __name__ == "__main__":
    print(early_ages())
