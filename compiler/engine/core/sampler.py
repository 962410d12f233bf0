"""The counter-based sampler of chance outcomes."""
from __future__ import annotations

import sys
from array import array

M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def draw(seed: int, k: int, n: int) -> int:
    """Index in [0, n) of the k-th chance outcome of a game (k counts from 1).

    Counter-based splitmix64: the state is (seed, chance_count), so clones, JSON round
    trips and replays draw the same numbers without storing a generator. The k-th hash of
    a seed does not depend on n, so hashes are worked out a block at a time (`hashes`).
    """
    h = _MEMO.get(seed)
    if h is None or k > len(h):
        h = hashes(seed, k)
    return (h[k - 1] * n) >> 64


def splitmix(seed: int, k: int) -> int:
    """The k-th 64-bit hash of `seed`, one at a time: what `hashes` computes in blocks."""
    z = (seed + k * GAMMA) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


# Hashes of a block of counters at once: one Python integer holds _BLOCK 128-bit lanes, each
# a 64-bit value with room for its product by a 64-bit constant, so every step of splitmix64
# is one operation on the whole block (masking each lane back to 64 bits) instead of one
# per hash. A draw then costs a lookup and a multiplication. A Duel game draws 81 to 89
# hashes: one block of 96 costs less than three of 32 (each operation's fixed cost once).
_BLOCK = 96
_ONES = sum(1 << (128 * i) for i in range(_BLOCK))  # 1 in every lane
_STEPS = GAMMA * sum((i + 1) << (128 * i) for i in range(_BLOCK))  # (i + 1) * gamma in lane i
_LANES = M64 * _ONES  # the low 64 bits of every lane
_SWAP = sys.byteorder != "little" or array("Q").itemsize != 8
# The hashes of the seeds drawn from lately (a game and its clones share a seed), cleared
# when it holds _SEEDS of them so that memory stays flat however many games are played.
_MEMO: dict[int, array] = {}
_SEEDS = 64


def _block(seed: int, done: int) -> array:
    """The hashes of counters done + 1 to done + _BLOCK, as unsigned 64-bit integers."""
    z = (((seed & M64) + done * GAMMA) * _ONES + _STEPS) & _LANES
    z = ((z ^ (z >> 30)) & _LANES) * 0xBF58476D1CE4E5B9 & _LANES
    z = ((z ^ (z >> 27)) & _LANES) * 0x94D049BB133111EB & _LANES
    z = (z ^ (z >> 31)) & _LANES
    if _SWAP:  # a platform whose unsigned long long is not 8 little-endian bytes
        return array("Q", [(z >> (128 * i)) & M64 for i in range(_BLOCK)])
    return array("Q", z.to_bytes(16 * _BLOCK, "little"))[::2]  # the low half of each lane


def hashes(seed: int, upto: int) -> array:
    """The hashes of `seed` for counters 1 to at least `upto` (the k-th at index k - 1):
    `draw(seed, k, n)` is `(hashes(seed, k)[k - 1] * n) >> 64`. Read it, do not modify it."""
    h = _MEMO.get(seed)
    if h is None:
        if len(_MEMO) >= _SEEDS:
            _MEMO.clear()
        h = _MEMO[seed] = _block(seed, 0)
    while len(h) < upto:
        h.extend(_block(seed, len(h)))
    return h
