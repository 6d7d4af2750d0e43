"""Chaos, measured on the program's own data (SPEC §7.4): ensembles through the batch path, and
the Lyapunov exponent of the double pendulum."""

from __future__ import annotations

import math
import time

import numpy as np
from sim_helpers import simulation

from game.physics.observe.ensemble import Ensemble, Lyapunov


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


def test_the_shadow_of_a_redundant_mechanism_leaves_the_motion_as_it_was():
    # the parallelogram's third crank is redundant: each step solves with the rows of Φq chosen where
    # the state is. A shadow far enough away to choose other rows (0.1) used to leave them to the motion,
    # whose next step then differed in the last bits (at step 23); now it has its own
    alone, watched = simulation("paralelogramo"), simulation("paralelogramo")
    lyapunov = Lyapunov(separation=0.1)
    watched.observers.append(lyapunov)
    watched.announce_break()
    for _ in range(200):
        alone.step()
        watched.step()
        assert np.array_equal(alone.q, watched.q) and np.array_equal(alone.qdot, watched.qdot)
    assert math.isfinite(lyapunov.estimate)


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
