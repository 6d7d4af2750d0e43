"""Beyond conservative models: generalized forces, damping, driving, moving supports."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp
from sim_helpers import record, simulation


def test_damped_oscillator_follows_the_analytic_solution():
    sim = simulation("resorte_forzado", F0="0", x="0.5", vx="0")
    m, k, b = (sim.parameters[n] for n in ("m", "k", "b"))
    t, q, _v = record(sim, 20.0)
    gamma = b / (2 * m)
    wd = math.sqrt(k / m - gamma ** 2)
    x0 = 0.5
    exact = np.exp(-gamma * t) * (x0 * np.cos(wd * t) + gamma * x0 / wd * np.sin(wd * t))
    assert np.max(np.abs(q[:, 0] - exact)) < 1e-8
    # the amplitude decays as e^{−b·t/2m}: successive maxima, one damped period apart
    peaks = [i for i in range(1, len(t) - 1) if q[i, 0] > q[i - 1, 0] and q[i, 0] >= q[i + 1, 0]]
    ratios = q[peaks[1:], 0] / q[peaks[:-1], 0]
    assert np.allclose(ratios, math.exp(-gamma * 2 * math.pi / wd), rtol=2e-3)  # peaks sampled every dt


@pytest.mark.parametrize("w", ["2", "3.1", "5"])
def test_driven_oscillator_steady_state_amplitude(w):
    sim = simulation("resorte_forzado", w=w)
    m, k, b, F0, om = (sim.parameters[n] for n in ("m", "k", "b", "F0", "w"))
    t, q, _v = record(sim, 90.0)  # transients decay as e^{−b·t/2m}: e^{−22} by then
    tail = t > 70
    amplitude = np.max(np.abs(q[tail, 0]))
    expected = F0 / math.sqrt((k - m * om ** 2) ** 2 + (b * om) ** 2)
    assert amplitude == pytest.approx(expected, rel=0.01)


def test_pendulum_on_a_horizontally_oscillating_support_matches_its_equation():
    sim = simulation("pendulo_soporte_oscilante")
    g, l, A, W = (sim.parameters[n] for n in ("g", "l", "A", "W"))
    t, q, v = record(sim, 10.0)

    # m·l·θ̈ = −m·g·sinθ − m·ä·cosθ with the support at a(t) = A·sin(W·t)
    def f(time, y):
        theta, omega = y
        acc = -A * W ** 2 * math.sin(W * time)
        return [omega, (-g * math.sin(theta) - acc * math.cos(theta)) / l]

    ref = solve_ivp(f, (0, 10), [q[0, 0], v[0, 0]], method="DOP853", t_eval=t, rtol=1e-12, atol=1e-12)
    assert np.max(np.abs(ref.y[0] - q[:, 0])) < 1e-6
    assert np.max(np.abs(ref.y[1] - v[:, 0])) < 1e-6
    assert np.ptp(q[:, 0]) > 0.3  # the support really shook it


def test_without_the_velocity_linear_momentum_term_the_motion_would_be_wrong():
    # the same equation with b(q, t) left out of p would not match: check b is not zero
    sim = simulation("pendulo_soporte_oscilante")
    assert sim.system.mechanics.has_momentum_shift
    p = sim.state.p[0]
    m, l = sim.parameters["m"], sim.parameters["l"]
    A, W = sim.parameters["A"], sim.parameters["W"]
    # p = m·l²·va + m·A·W·cos(W·t)·l·cos(a)
    assert p == pytest.approx(m * l * l * sim.qdot[0] + m * A * W * l * math.cos(sim.q[0]))


def test_kapitza_inverted_pendulum_is_stable_when_the_support_vibrates():
    sim = simulation("kapitza")
    _t, q, _v = record(sim, 30.0)
    assert np.max(np.abs(q[:, 0] - math.pi)) < 0.5


def test_kapitza_without_vibration_falls():
    sim = simulation("kapitza", A="0")
    _t, q, _v = record(sim, 30.0)
    assert np.max(np.abs(q[:, 0] - math.pi)) > 2.0


@pytest.mark.parametrize("stem, settings", [
    ("pendulo_amortiguado", {}),
    ("pendulo_forzado", {}),
    ("resorte_forzado", {"x": "0.5"}),
    ("pendulo_soporte_oscilante", {}),
    ("kapitza", {}),
])
def test_energy_bookkeeping_with_work(stem, settings):
    sim = simulation(stem, **settings)
    e0 = sim.e0
    assert abs(e0) > 1e-3
    sim.step(round(20.0 / sim.model.general.dt))
    assert abs(sim.energy - e0) > 1e-3  # energy really changed...
    assert sim.de < 1e-7 * abs(e0)  # ...and all of the change is the work done


def test_damping_work_is_negative_and_equals_the_energy_lost():
    sim = simulation("pendulo_amortiguado")
    sim.step(500)
    assert sim.work < 0
    assert sim.energy - sim.e0 == pytest.approx(sim.work, rel=1e-8)


def test_several_force_rows_on_one_coordinate_add_up():
    sim = simulation("pendulo_forzado", a="0", va="0")
    Q = sim.system.mechanics.forces[0]
    from game.expr import evaluate

    value = evaluate(Q, {"t": 0.0, "a": 0.0, "va": 2.0})
    p = sim.parameters
    assert value == pytest.approx(-p["b"] * 2.0 + p["F"])
