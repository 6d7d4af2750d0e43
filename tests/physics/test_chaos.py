"""Chaos, measured on the program's own data (SPEC §7.4): the Poincaré section of the
Baker–Gollub driven pendulum, ensembles through the batch path, and the Lyapunov exponent
of the double pendulum."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from sim_helpers import simulation

from game.model import load_model
from game.physics import Simulation
from game.physics.ensemble import Ensemble, Lyapunov
from game.physics.poincare import PoincareSection
from game.physics.series import drive_period, wrap_angle

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


def test_ensemble_copies_equal_single_runs_from_the_same_conditions():
    sim = simulation("pendulo_doble", a1="2", a2="2")
    ensemble = Ensemble(copies=50)
    sim.observers.append(ensemble)
    sim.announce_break()
    steps = 100  # 2 s of a chaotic motion
    sim.step(steps)
    assert ensemble.alive.all() and ensemble.t == sim.t
    for k in (0, 49):
        single = simulation("pendulo_doble")
        single.set_conditions(ensemble.start_q[k], ensemble.start_qdot[k])
        single.step(steps)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.state.q, single.state.p)), rtol=0, atol=1e-12)
    # the copies started apart by ~1e-6 and have spread since: the record shows it, step by step
    spread = ensemble.spread.column("spread")
    assert len(spread) == steps + 1 and 1e-7 < spread[0] < 1e-5 and spread[-1] > 3 * spread[0]


def test_ensembles_start_again_at_breaks():
    sim = simulation("pendulo_doble")
    ensemble = Ensemble(copies=5)
    sim.observers.append(ensemble)
    sim.announce_break()
    sim.step(10)
    sim.set_conditions([0.3, -0.2], [0, 0])
    assert np.allclose(ensemble.start_q, [0.3, -0.2], atol=1e-5) and ensemble.t == 0.0
    assert ensemble.spread.starts()[-1]


def lyapunov(a: str, seconds: float, seeds: tuple[int, ...]) -> list[float]:
    sim = simulation("pendulo_doble", a1=a, a2=a)
    p = sim.parameters
    assert (p["M"], p["m"], p["L"], p["l"], p["g"]) == (1, 1, 1, 1, 9.81)
    estimators = [Lyapunov(seed=s) for s in seeds]
    sim.observers += estimators
    sim.announce_break()
    sim.step(round(seconds / sim.model.general.dt))
    return [e.estimate for e in estimators]


def test_lyapunov_exponent_of_the_chaotic_double_pendulum():
    # released at rest from (2, 2): chaotic. Two estimates with different first separations
    # settle on the same exponent (the shadow turns to the most unstable direction in ~1 s)
    first, second = lyapunov("2.0", 20, (1, 2))
    assert first > 0.5 and second > 0.5
    assert abs(first - second) < 0.1 * max(first, second)


def test_lyapunov_exponent_of_small_oscillations_vanishes():
    # (0.1, 0.1): quasi-periodic normal modes; separation grows at most linearly, so the
    # estimate falls like ln(t)/t. 200 s of motion (10,000 steps of 20 substeps, with the
    # shadow another 10,000) take ~2 s: the estimator costs one step of the model per step.
    start = time.perf_counter()
    (estimate,) = lyapunov("0.1", 200, (1,))
    assert abs(estimate) < 0.05
    assert time.perf_counter() - start < 30  # not a benchmark: only catches an estimator gone quadratic


def test_a_model_with_events_steps_each_copy_through_its_stepper():
    # the array-compiled loop knows nothing of events: with them, copies take the stepper's way
    from game.expr import Num
    from game.physics import System

    batch, events = simulation("pendulo_doble", a1="2", a2="2"), simulation("pendulo_doble", a1="2", a2="2")
    events.system = System(events.model, events.parameters, events=(Num(1.0),),
                           respond=lambda system, state, hits: state)  # a gap that never closes
    ensembles = [Ensemble(copies=4), Ensemble(copies=4)]
    for sim, ensemble in zip((batch, events), ensembles):
        sim.observers.append(ensemble)
        sim.announce_break()
        sim.step(25)
    assert np.array_equal(ensembles[0].start_q, ensembles[1].start_q)
    assert np.allclose(ensembles[0].Y, ensembles[1].Y, rtol=0, atol=1e-12)
