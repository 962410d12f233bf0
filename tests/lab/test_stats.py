"""The lab's statistics on known inputs, and the SPRT's error rates on simulated streams."""
from __future__ import annotations

import math

import numpy as np
import pytest

from wondersmith.lab import stats
from wondersmith.lab.sprt import Sprt, simulate_stream


def test_wilson_interval_matches_the_formula():
    est = stats.wilson(30, 100)
    z = 1.959963984540054
    centre = (0.3 + z * z / 200) / (1 + z * z / 100)
    half = z / (1 + z * z / 100) * math.sqrt(0.3 * 0.7 / 100 + z * z / 40000)
    assert est.value == 0.3
    assert est.low == pytest.approx(centre - half) and est.high == pytest.approx(centre + half)


def test_wilson_stays_inside_0_1_for_rare_events():
    est = stats.wilson(0, 50)
    assert est.low == 0 and 0 < est.high < 0.1


def test_paired_change_uses_only_discordant_games():
    old = np.array([0] * 60 + [1] * 40)
    new = old.copy()
    new[:12] = 1  # 12 games 0 -> 1
    new[60:62] = 0  # 2 games 1 -> 0
    est = stats.paired_rate_change(old, new)
    assert est.value == pytest.approx(0.10)
    assert 0 < est.low < 0.10 < est.high
    assert est.p == pytest.approx(0.01293, abs=1e-4)  # exact binomial test of 12 vs 2, two-sided


def test_identical_games_give_no_change():
    same = np.array([0, 1, 1, 0])
    est = stats.paired_rate_change(same, same)
    assert (est.value, est.low, est.high, est.p) == (0.0, 0.0, 0.0, 1.0)


def test_rate_difference_newcombe():
    est = stats.rate_difference(60, 100, 40, 100)
    assert est.value == pytest.approx(0.2)
    assert est.low > 0 and est.p < 0.01


def test_benjamini_hochberg_step_up():
    reject, q = stats.benjamini_hochberg([0.001, 0.008, 0.039, 0.041, 0.6], 0.05)
    assert reject == [True, True, False, False, False]
    assert q[0] == pytest.approx(0.005) and q[1] == pytest.approx(0.02)


def test_shrinkage_pulls_noisy_estimates_hardest():
    values = [0.30, 0.20, 0.02, -0.01]
    errors = [0.25, 0.02, 0.01, 0.02]
    rare, strong, small, noise = stats.shrink(values, errors)
    assert rare < 0.15 < strong  # the rare component no longer tops the table
    assert strong == pytest.approx(0.198)
    assert small == pytest.approx(0.015) and noise == 0.0


def test_logistic_lift_finds_a_real_effect():
    rng = np.random.default_rng(3)
    X = rng.random((4000, 3)) < 0.3
    logit = -0.2 + 1.0 * X[:, 0]
    y = rng.random(4000) < 1 / (1 + np.exp(-logit))
    lifts = stats.logistic_lifts(X, y, ["strong", "none", "other"])
    assert lifts["strong"].low > 0.1
    assert lifts["none"].low < 0 < lifts["none"].high


def test_sample_size_formulas():
    assert stats.sample_size_unpaired(0.03) == pytest.approx(4361, abs=1)
    # fewer games when only a fifth of the paired games differ
    assert stats.sample_size_paired(0.03, 0.2) < 0.45 * stats.sample_size_unpaired(0.03)


@pytest.mark.parametrize("true_rate, wrong", [(0.5, "H1"), (0.6, "H0")])
def test_sprt_keeps_its_error_rates(true_rate, wrong):
    """Over many simulated streams the SPRT (α = β = 0.05) errs about 5 % of the time."""
    rng = np.random.default_rng(2026)
    runs = 600
    outcomes = [simulate_stream(Sprt("seat0_win_rate", 0.5, 0.6), rng, true_rate, 8, 4000).status
                for _ in range(runs)]
    error = outcomes.count(wrong) / runs
    assert outcomes.count("inconclusive") == 0
    assert 0.015 <= error <= 0.085  # 0.05 ± 4 standard errors of a 600-run estimate


def test_sprt_stops_sooner_than_a_fixed_test():
    rng = np.random.default_rng(7)
    pairs = [simulate_stream(Sprt("x", 0.5, 0.6), rng, 0.5, 8, 4000).n for _ in range(200)]
    fixed_games = stats.sample_size_unpaired(0.1, power=0.95) / 2  # one arm against a known 50 %
    assert 2 * np.mean(pairs) < fixed_games


def test_corrected_estimate_removes_the_stopping_bias():
    """The mean at the stop overshoots (a test stops when the data look extreme): at a true
    rate of 0.58 it falls below the truth in only about 30 % of runs. The median-unbiased
    estimate falls below it in about half, and its 95 % interval covers the truth."""
    rng = np.random.default_rng(5)
    runs, true = 100, 0.58
    naive_below = corrected_below = covered = 0
    for i in range(runs):
        test = simulate_stream(Sprt("x", 0.5, 0.6), rng, true, 8, 4000)
        est = test.corrected(seed=i)
        naive_below += test.mean < true
        corrected_below += est["value"] < true
        covered += est["low"] <= true <= est["high"]
    assert naive_below / runs < 0.4
    assert abs(corrected_below / runs - 0.5) < abs(naive_below / runs - 0.5)
    assert covered / runs >= 0.85


def test_sprt_rejects_bad_bounds():
    with pytest.raises(ValueError):
        Sprt("x", 0.6, 0.5)


def test_the_smallest_effect_is_the_bound_nearest_zero():
    assert stats.smallest_effect(0.03, 0.30) == 0.03
    assert stats.smallest_effect(-0.30, -0.02) == -0.02
    assert stats.smallest_effect(-0.04, 0.52) == 0.0  # includes no change
    # a wider interval around the same estimate can only move it towards 0
    assert abs(stats.smallest_effect(0.10 - 0.2, 0.10 + 0.2)) <= abs(stats.smallest_effect(0.05, 0.15))


def test_deals_to_resolve_scales_with_the_square_of_the_interval():
    """An effect of 0.05 with a 95 % interval ±0.1 wide at 100 deals: se = 0.1/1.96, and
    100·((1.96 + 0.84)·se/0.05)² ≈ 816 deals at 80 % power."""
    z, zp = 1.959963984540054, 0.8416212335729143
    need = stats.deals_to_resolve(0.05, -0.05, 0.15, 100)
    assert need == pytest.approx(100 * ((z + zp) * (0.1 / z) / 0.05) ** 2)
    assert 810 < need < 820
    assert stats.deals_to_resolve(0.05, 0.0, 0.1, 100) == pytest.approx(need / 4)  # half as wide
    assert stats.deals_to_resolve(0.0, -0.1, 0.1, 100) == math.inf  # nothing seen: no size to resolve
