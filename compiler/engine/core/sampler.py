"""The counter-based sampler of chance outcomes."""
from __future__ import annotations

M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def draw(seed: int, k: int, n: int) -> int:
    """Index in [0, n) of the k-th chance outcome of a game (k counts from 1).

    Counter-based splitmix64: the state is (seed, chance_count), so clones, JSON round
    trips and replays draw the same numbers without storing a generator.
    """
    z = (seed + k * GAMMA) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return ((z ^ (z >> 31)) * n) >> 64

