"""Copies of a mechanism's motion stepped as one batch (issue 33): each copy moves as its own
single run does, redundant constraints included, and the motion itself is left as it was."""

from __future__ import annotations

import numpy as np
import pytest
from mechanism_texts import free_four_bar
from sim_helpers import simulation

from game.model import load_model
from game.physics import Simulation
from game.physics.observe.ensemble import Ensemble


def run_with_ensemble(sim: Simulation, steps: int, copies: int = 8) -> Ensemble:
    ensemble = Ensemble(copies=copies)
    sim.observers.append(ensemble)
    sim.announce_break()
    sim.step(steps)
    return ensemble


def assert_copies_are_single_runs(sim: Simulation, ensemble: Ensemble, steps: int, copies=(0, -1)) -> None:
    system = sim.system
    assert ensemble.alive.all() and ensemble.t == sim.t
    for k in copies:
        single = system.state(ensemble.start_q[k], ensemble.start_qdot[k], 0.0)
        single = system.step(single, steps)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.q, single.p)), rtol=0, atol=1e-12)


def test_copies_of_a_free_four_bar_move_as_their_single_runs(write_model):
    sim = Simulation(load_model(write_model(free_four_bar("0.01", "5"), "m.dat")))
    assert sim.system.copies_together
    steps = 100  # 1 s: the four-bar swings through a good part of its range
    ensemble = run_with_ensemble(sim, steps)
    assert_copies_are_single_runs(sim, ensemble, steps)
    spread = ensemble.spread.column("spread")
    assert len(spread) == steps + 1 and spread[-1] > 0


def test_copies_of_a_redundant_parallelogram_choose_their_own_rows():
    # the third crank makes one constraint redundant: each copy solves with the rows chosen where it is
    sim = simulation("paralelogramo")
    assert sim.system.redundant
    steps = 100
    ensemble = run_with_ensemble(sim, steps)
    assert_copies_are_single_runs(sim, ensemble, steps)


def test_copies_leave_the_motion_as_it_was_without_them():
    # the batch keeps its own rows in use: the motion's own, chosen after its steps, are not touched
    alone, watched = simulation("paralelogramo"), simulation("paralelogramo")
    alone.step(60)
    run_with_ensemble(watched, 60)
    assert np.array_equal(alone.state.q, watched.state.q) and np.array_equal(alone.state.p, watched.state.p)


def test_jansen_copies_through_the_mass_matrix_inverse_equal_the_whole_kkt_solve():
    sim = simulation("jansen")
    system = sim.system
    rng = np.random.default_rng(1)
    Y = np.concatenate([sim.state.q, sim.state.p]) + 1e-7 * rng.standard_normal((6, 2 * system.n))
    Y = np.array([np.concatenate([s.q, s.p]) for s in (system.state(y[:system.n], y[system.n:]) for y in Y)])
    work = np.zeros(len(Y))
    t, schur, _, ok = system.step_copies(0.0, Y, work)
    assert system._copies is not None and system._copies.inverse_mass is not None
    system._copies.inverse_mass = None  # the whole KKT system, as a single step solves it
    _, whole, _, ok_whole = system.step_copies(0.0, Y, work)
    assert ok.all() and ok_whole.all() and abs(t - system.dt) < 1e-15
    assert np.allclose(schur, whole, rtol=0, atol=1e-12)


def test_a_copy_that_cannot_step_drops_out_and_the_others_go_on():
    sim = simulation("cuadrilatero")
    system = sim.system
    good = np.concatenate([sim.state.q, sim.state.p])
    Y = np.array([good, np.full_like(good, np.nan), good])
    _, moved, _, ok = system.step_copies(0.0, Y, np.zeros(3))
    assert ok.tolist() == [True, False, True]
    single = system.step(sim.state, 1)
    assert np.allclose(moved[0], np.concatenate([single.q, single.p]), rtol=0, atol=1e-12)


def test_copies_in_machine_code_move_as_their_single_runs(write_model, monkeypatch, request):
    # the kernel numba compiles (mechanism/native.py) takes the substeps the arrays take
    pytest.importorskip("numba")
    from game.physics.lagrange import compiled

    folder = request.config.cache.mkdir("cenm-compiled")
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "cache_folder", lambda: folder)
    sim = Simulation(load_model(write_model(free_four_bar("0.01", "5"), "m.dat")))
    system = sim.system
    good = np.concatenate([sim.state.q, sim.state.p])
    system.step_copies(0.0, good[None, :], np.zeros(1))
    assert system._copies.native is not None and system._copies.native.wait(300)
    steps = 100
    ensemble = run_with_ensemble(sim, steps)
    assert_copies_are_single_runs(sim, ensemble, steps)
