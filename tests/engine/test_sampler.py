"""The chance sampler: hashes worked out a block at a time are splitmix64's, one at a time."""
from __future__ import annotations

from wondersmith.engine.core import sampler
from wondersmith.engine.core.sampler import M64, draw, hashes, splitmix

SEEDS = [0, 1, 12345, 2 ** 63 + 17, M64]


def test_block_hashes_are_splitmix64_one_at_a_time():
    for seed in SEEDS:
        h = hashes(seed, 3 * sampler._BLOCK + 5)  # several blocks, the last one partly used
        assert len(h) >= 3 * sampler._BLOCK + 5
        for k in range(1, len(h) + 1):
            assert h[k - 1] == splitmix(seed, k), (seed, k)


def test_splitmix64_reference_values():
    # splitmix64's published outputs for the state 0 (the first three of its sequence).
    assert [splitmix(0, k) for k in (1, 2, 3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_draw_scales_the_hash_to_the_range():
    for seed in SEEDS:
        for k in (1, 2, 63, 64, 65, 200):
            for n in (1, 2, 3, 20, 73):
                i = draw(seed, k, n)
                assert i == (splitmix(seed, k) * n) >> 64 and 0 <= i < n


def test_seeds_outside_64_bits_draw_as_their_low_64_bits():
    assert hashes(-1, 10)[:10] == hashes(M64, 10)[:10]
    assert draw(2 ** 64 + 5, 7, 9) == draw(5, 7, 9)


def test_memory_stays_bounded_over_many_seeds():
    for seed in range(10 * sampler._SEEDS):
        draw(seed, 1, 10)
    assert len(sampler._MEMO) <= sampler._SEEDS
