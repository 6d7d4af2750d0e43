"""The engine against results known in closed form."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sim_helpers import period, record, simulation


def test_small_simple_pendulum_period():
    # amplitude 0.001 rad: the finite-amplitude correction θ₀²/16 ≈ 6e-8 is far below 1e-4
    sim = simulation("pendulo_simple", a="0.001")
    g, l = sim.parameters["g"], sim.parameters["l"]
    t, q, v = record(sim, 25.0)
    expected = 2 * math.pi * math.sqrt(l / g)
    assert period(t, q[:, 0], v[:, 0]) == pytest.approx(expected, rel=1e-4)


@pytest.mark.parametrize("sign, factor", [(+1, 2 - math.sqrt(2)), (-1, 2 + math.sqrt(2))])
def test_double_pendulum_normal_modes(sign, factor):
    # equal masses and lengths; a₂ = ±√2·a₁ is a normal mode with ω² = (2 ∓ √2)·g/l
    eps = 1e-4
    sim = simulation("pendulo_doble", M="1", m="1", L="1", l="1",
                     a1=f"{eps}", a2=f"{sign * math.sqrt(2) * eps}", va1="0", va2="0")
    g, l = sim.parameters["g"], sim.parameters["l"]
    t, q, v = record(sim, 15.0)
    omega = 2 * math.pi / period(t, q[:, 0], v[:, 0])
    assert omega == pytest.approx(math.sqrt(factor * g / l), rel=1e-4)
    # and it stays in that mode: the ratio of the angles holds
    ratio = q[np.abs(q[:, 0]) > 0.5 * eps, 1] / q[np.abs(q[:, 0]) > 0.5 * eps, 0]
    assert np.allclose(ratio, sign * math.sqrt(2), rtol=1e-3)


def test_kepler_period_and_angular_momentum():
    sim = simulation("planetario1")
    G, M, m = (sim.parameters[k] for k in ("G", "M", "m"))
    E = sim.energy
    a = -G * M * m / (2 * E)  # semi-major axis from the energy
    t, q, v = record(sim, 20.0)
    x, y, vx, vy = q[:, 0], q[:, 1], v[:, 0], v[:, 1]
    expected = 2 * math.pi * a ** 1.5 / math.sqrt(G * M)
    assert period(t, y, vy) == pytest.approx(expected, rel=1e-6)
    L = m * (x * vy - y * vx)
    assert np.max(np.abs(L - L[0])) / abs(L[0]) < 1e-9


def test_bead_on_parabolic_wire_small_oscillations():
    sim = simulation("cuenta_parabola", x="0.001", vx="0")
    g, a = sim.parameters["g"], sim.parameters["a"]
    t, q, v = record(sim, 20.0)
    omega = 2 * math.pi / period(t, q[:, 0], v[:, 0])
    assert omega == pytest.approx(math.sqrt(2 * g * a), rel=1e-5)


def test_sliding_pendulum_conserves_horizontal_momentum():
    sim = simulation("pendulo_deslizante", vx="0.5", va="1.2", a="1")
    M, m, l = (sim.parameters[k] for k in ("M", "m", "l"))
    _t, q, v = record(sim, 20.0)
    P = (M + m) * v[:, 0] + m * l * np.cos(q[:, 1]) * v[:, 1]
    assert np.max(np.abs(P - P[0])) / abs(P[0]) < 1e-9
    assert np.ptp(q[:, 1]) > 1  # it really swung
