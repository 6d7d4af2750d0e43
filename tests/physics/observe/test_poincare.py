"""Chaos, measured on the program's own data (SPEC §7.4): the Poincaré section of the
Baker–Gollub driven pendulum."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sim_helpers import simulation

from game.model import load_model
from game.physics import Simulation
from game.physics.observe.poincare import PoincareSection
from game.physics.observe.series import drive_period, wrap_angle

# θ̈ + θ̇/q + sin θ = g·cos(ω_D·t) in Baker & Gollub's own form (m = l = gravity = 1). dt is a
# fiftieth of the drive period 3π, so half the strobes fall on the grid of dt and half need
# none; N = 5 (δ ≈ 0.038) keeps RK4's error far below the gaps between the section's points.
BAKER_GOLLUB = """<GENERAL>
escala=100
Ox=0
Oy=0
dt=0.18849555921538758
N=5
nQ=1
</GENERAL>
<PARAMETERS>
<P>q|2|factor de calidad</P>
<P>g|{g}|amplitud del forzamiento</P>
<P>wD|2/3|frecuencia del forzamiento</P>
</PARAMETERS>
<CIs>
<CI>a|0.2|ángulo</CI>
<CI>va|0|velocidad angular</CI>
</CIs>
<TMATRIX>
<T>0,0|'1'</T>
</TMATRIX>
<ENERGIES>
<Ek>½·va²</Ek>
<Ep>-cos(a)</Ep>
</ENERGIES>
<FORCES>
<F>a|'-va/q'|fricción</F>
<F>a|'g·cos(wD·t)'|forzamiento</F>
</FORCES>
<G>Bar|b1|0.05|'1'|'0'|'0'|'a'|'0'|'0'|'va'|1|-1</G>
"""


def section(sim: Simulation, periods: int) -> tuple[PoincareSection, float]:
    period = drive_period(sim.model, sim.parameters)
    assert period is not None
    strobe = PoincareSection(sim.model.coordinates, sim.model.velocities, period)
    sim.observers.append(strobe)
    sim.announce_break()
    sim.step(math.ceil(periods * period / sim.model.general.dt))
    return strobe, period


def distinct(points: np.ndarray, tolerance: float) -> int:
    """How many points are farther than ``tolerance`` from every point counted before them."""
    kept: list[np.ndarray] = []
    for p in points:
        if all(np.max(np.abs(p - k)) > tolerance for k in kept):
            kept.append(p)
    return len(kept)


@pytest.mark.parametrize("g, periods, count", [(0.9, 60, 1), (1.07, 120, 2), (1.15, 280, None)])
def test_baker_gollub_section_period_one_two_and_chaos(write_model, g, periods, count):
    sim = Simulation(load_model(write_model(BAKER_GOLLUB.format(g=g))))
    strobe, period = section(sim, periods)
    h = strobe.history
    assert len(h) == periods and np.allclose(h.column("t"), period * np.arange(1, periods + 1))
    a, _ = wrap_angle(h.column("a"))
    points = np.column_stack((a, h.column("va")))[-(periods - 40):]  # after 40 periods of transients
    if count is not None:
        # a periodic orbit: the same point(s) at every strobe (to 1e-5: near the doubling at
        # g ≈ 1.066 the transient dies slowly)
        assert distinct(points, 1e-5) == count
    else:
        assert distinct(points, 1e-3) >= 200  # hundreds of distinct points: a strange attractor


def test_strobes_between_steps_are_integrated_to_the_instant():
    # the shipped model in seconds: its drive period (≈ 3.009 s) is no multiple of dt = 0.02, so
    # every strobe is integrated from the step before it; the period-1 orbit still gives a
    # single point, and it is Baker–Gollub's in scaled time (θ the same, θ̇ = ω0·θ̇')
    sim = simulation("pendulo_forzado", A="0.9")
    strobe, period = section(sim, 25)
    t = strobe.history.column("t")
    assert np.allclose(t, period * np.arange(1, len(t) + 1), rtol=0, atol=1e-9)
    a, va = strobe.history.column("a")[-5:], strobe.history.column("va")[-5:]
    assert np.ptp(a) < 1e-7 and np.ptp(va) < 1e-6
    w0 = math.sqrt(9.81 / 1)
    assert a[-1] == pytest.approx(-0.560228, abs=2e-6) and va[-1] / w0 == pytest.approx(1.933586, abs=2e-6)
