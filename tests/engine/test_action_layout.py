"""Action ids are laid out by each game's own mechanics (core/actions.py).

A game has the action ranges of its mechanics and no others, in a fixed order; Duel's ids
are those its saved states and records were written with. Classic's ids moved when Duel's
ranges left its layout, and its games did not: the texts of every legal action of seeded
games at 2 to 7 players, hashed below, were computed before the ids moved and still match.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wondersmith.engine import CHANCE, Game, load_ruleset  # noqa: E402
from classic_helpers import ruleset as classic_ruleset  # noqa: E402

GAMES = 2  # per player count

# players: (actions applied, sha256 of the texts), computed before the layout moved classic's ids
TEXTS = {
    2: (198, 'c4a0d5a0a3faeae496cc354dce7b5ca10bb66d957e4b0933dda7d26c3e61d08c'),
    3: (183, '069c4cbb2982c96ecfacff8c716b438046355b8baba50d74d0f81602d7093b76'),
    4: (239, '980cd5e5928dc207a39e4ce91447adb5415dd2a4d7575798854a1aaba39eb9f4'),
    5: (299, '1a6c1ef7162eb591303241d31b848fcf2ba6c096e1bb7add47c6af345b29cd7c'),
    6: (359, '5babd6046f1aa9cd233339e80ee7ab84d126294a7e63a7727d2737083300f917'),
    7: (417, 'a69aa8304ab0f45829d4b033d9a3e6fb394597b23e10e616f0fdd75397dabe73'),
}


def text_digest(players: int, games: int = GAMES) -> tuple[int, str]:
    """Seeded random games of classic at `players`, hashed by what they say, not their ids:
    per step the decision, the seat, every legal text (per seat at a simultaneous decision)
    and the text chosen; per game the scores."""
    h = hashlib.sha256()
    applied = 0
    rng = random.Random(players)
    for i in range(games):
        # One game samples chance itself, one has its outcomes chosen here, so they are hashed.
        g = Game(classic_ruleset(), seed=1_000 * players + i, players=players,
                 auto_chance=i % 2 == 0)
        while g.result is None:
            seats = g.choosing() if g.current_player != CHANCE else [None]
            texts = {str(s): g.legal_texts(s) for s in seats}
            actions = g.legal_actions()
            action = actions[int(rng.random() * len(actions))]
            step = [g.decision, g.current_player, texts, g.action_to_text(action)]
            h.update(json.dumps(step, separators=(",", ":")).encode())
            g.apply(action)
            applied += 1
        h.update(json.dumps(g.result.as_dict(), sort_keys=True).encode())
    return applied, h.hexdigest()


@pytest.mark.parametrize("players", sorted(TEXTS))
def test_classic_games_read_as_before_the_ids_moved(players):
    assert text_digest(players) == TEXTS[players]


if __name__ == "__main__":
    for n in range(2, 8):
        print(f"    {n}: {text_digest(n)},")
