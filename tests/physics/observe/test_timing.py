"""The stopwatch and the period timer (issue 36): model time, and the simple pendulum's period at any
amplitude against the elliptic integral."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.special import ellipk
from sim_helpers import simulation

from game.physics.observe.timing import PeriodTimer, Stopwatch, hermite, root


def pendulum(theta0: float, dt: float = 0.01):
    sim = simulation("pendulo_simple", a=repr(theta0))
    sim.set_step(dt, sim.model.general.n_substeps)
    return sim


@pytest.mark.parametrize("theta0", [0.05, 1.0, 2.0, 3.0])
def test_the_period_of_the_simple_pendulum_at_any_amplitude_is_the_elliptic_integrals(theta0):
    sim = pendulum(theta0)
    timer = PeriodTimer(lambda t, q, v: float(q[0]))
    sim.observers.append(timer)
    sim.announce_break()
    g, l = sim.parameters["g"], sim.parameters["l"]
    exact = 4 * math.sqrt(l / g) * ellipk(math.sin(theta0 / 2) ** 2)
    sim.step(round(3.2 * exact / 0.01))
    assert len(timer.periods) == 2
    assert timer.period == pytest.approx(exact, rel=1e-6)
    assert timer.mean == pytest.approx(exact, rel=1e-6)


def test_a_break_starts_the_period_timer_again():
    sim = pendulum(1.0)
    timer = PeriodTimer(lambda t, q, v: float(q[0]))
    sim.observers.append(timer)
    sim.step(800)
    assert timer.period is not None
    sim.reset()
    assert timer.period is None and timer.crossed is None and not timer.periods
    sim.set_conditions([0.5], [0.0])
    assert timer.crossed is None


def test_the_mean_is_of_the_last_periods_kept():
    timer = PeriodTimer(lambda t, q, v: 0.0, kept=3)
    timer.periods.extend([1.0, 2.0, 3.0, 4.0])
    assert timer.period == 4.0 and timer.mean == 3.0


def test_the_stopwatch_counts_model_time_only_while_it_runs_and_through_a_reset():
    sim = pendulum(0.5)
    watch = Stopwatch()
    sim.observers.append(watch)
    sim.step(100)
    assert watch.elapsed == 0.0
    watch.start(sim.t)
    sim.step(150)
    assert watch.elapsed == pytest.approx(1.5, abs=1e-12)
    sim.reset()  # the model's clock goes back to 0: what was counted stays, and it goes on
    sim.step(50)
    assert watch.elapsed == pytest.approx(2.0, abs=1e-12)
    watch.stop()
    sim.step(50)
    assert watch.elapsed == pytest.approx(2.0, abs=1e-12)
    watch.reset()
    assert watch.elapsed == 0.0 and not watch.running


def test_hermite_is_exact_on_a_cubic_and_the_root_on_a_smooth_function():
    def f(t):
        return np.array([t ** 3 - 2 * t + 1]), np.array([3 * t ** 2 - 2])

    q0, v0 = f(0.3)
    q1, v1 = f(0.7)
    q, v = hermite(0.3, q0, v0, 0.7, q1, v1, 0.45)
    assert q == pytest.approx(f(0.45)[0], abs=1e-14) and v == pytest.approx(f(0.45)[1], abs=1e-13)
    assert root(lambda t: -math.sin(t), 3.0, 3.5, -math.sin(3.0), -math.sin(3.5)) == pytest.approx(math.pi, abs=1e-12)


def test_an_angle_that_wraps_is_not_taken_for_a_crossing_at_its_cut():
    # a pendulum going round and round backwards: its angle, kept within ±π, jumps from −π to π
    sim = simulation("pendulo_simple", a="0", va="-8")
    timer = PeriodTimer(lambda t, q, v: math.remainder(float(q[0]) - math.pi / 2, 2 * math.pi), cut=math.pi)
    sim.observers.append(timer)
    sim.announce_break()
    sim.step(400)
    assert not timer.periods
