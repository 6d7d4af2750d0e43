"""Round steps (game/model/steps.py): the one home of the four 1-2-5 steps the program had, with
the values each of them gave."""

from __future__ import annotations

import math

import numpy as np
import pytest

from game.model.steps import step_at_least, step_at_most, step_nearest


# what each copy computed before it called the one home (the builder's grid, the ruler's ticks, the
# kiosk's steppers, the plots' axes)
def grid_step(least: float) -> float:
    if not (math.isfinite(least) and least > 0):
        return 1.0
    power = 10.0 ** math.floor(math.log10(least))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= least * (1 - 1e-12))


def tick_raw(raw: float) -> float:
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def round_step(size: float) -> float:
    power = 10.0 ** math.floor(math.log10(size))
    return max(m * power for m in (1, 2, 5) if m * power <= size * (1 + 1e-9))


def nice_raw(raw: float) -> float:
    power = 10.0 ** math.floor(math.log10(raw))
    return min((m * power for m in (1, 2, 5, 10)), key=lambda step: abs(math.log(step / raw)))


SIZES = [float(v) for v in np.geomspace(1e-7, 1e7, 4001)] + [0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 1e-3, 3e5]


def test_the_one_home_gives_every_value_the_four_copies_gave():
    for size in SIZES:
        assert step_at_least(size) == grid_step(size) == tick_raw(size), size
        assert step_at_most(size) == round_step(size), size
        assert step_nearest(size) == nice_raw(size), size


@pytest.mark.parametrize(("size", "least", "most", "nearest"), [
    (0.981, 1.0, 0.5, 1.0), (0.157, 0.2, 0.1, 0.2), (0.29, 0.5, 0.2, 0.2), (4.0, 5.0, 2.0, 5.0),
    (7.3e-5, 1e-4, 5e-5, 1e-4), (0.002, 0.002, 0.002, 0.002)])
def test_round_steps_are_one_two_or_five_times_a_power_of_ten(size, least, most, nearest):
    assert step_at_least(size) == pytest.approx(least, rel=1e-12)
    assert step_at_most(size) == pytest.approx(most, rel=1e-12)
    assert step_nearest(size) == pytest.approx(nearest, rel=1e-12)


@pytest.mark.parametrize("bad", [0.0, -1.0, math.inf, math.nan])
def test_a_least_that_is_not_a_positive_number_gives_a_step_of_one(bad):
    assert step_at_least(bad) == 1.0
