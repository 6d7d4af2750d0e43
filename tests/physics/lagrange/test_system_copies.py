"""Copies of a motion on CONSTRAINTS rows (issue 32/33): one batch through the generated loop (the
rows' forces in its rhs), then each copy back onto the rows as its own run's step puts it, the
copies that surely need nothing told apart on arrays: every copy is its own single run."""

from __future__ import annotations

import numpy as np
import pytest
from sim_helpers import simulation

from game.physics.lagrange.constraints import RowNumbers
from game.physics.observe.ensemble import Ensemble
from game.physics.state import State


@pytest.mark.parametrize(("stem", "seconds"), [("maquina_atwood", 3.0), ("disco_rodando", 2.0),
                                               ("ejercicios/cuenta_aro_giratorio", 2.0),
                                               ("ejercicios/trineo_chaplygin", 2.0)])
def test_constrained_copies_go_together_and_move_as_their_single_runs(monkeypatch, stem, seconds):
    sim = simulation(stem)
    assert sim.system.copies_together and sim.system.batch() is None  # a projection after each step
    asked: list[int] = []  # copies tested on arrays, per step
    sure = RowNumbers.surely_kept

    def counted(rows, t, Q, V):
        asked.append(len(Q))
        return sure(rows, t, Q, V)

    monkeypatch.setattr(RowNumbers, "surely_kept", counted)
    ensemble = Ensemble(copies=8)
    sim.observers.append(ensemble)
    sim.announce_break()
    steps = round(seconds / sim.model.general.dt)
    sim.step(steps)
    assert asked == [8] * steps and ensemble.alive.all() and ensemble.t == sim.t
    for k in range(8):
        single = sim.system.step(sim.system.state(ensemble.start_q[k], ensemble.start_qdot[k], 0.0), steps)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.q, single.p)), rtol=0, atol=1e-12)


@pytest.mark.parametrize("stem", ["maquina_atwood", "ejercicios/trineo_chaplygin", "ejercicios/cuenta_aro_giratorio"])
def test_a_copy_counted_kept_on_arrays_is_one_the_generated_test_keeps(stem):
    sim = simulation(stem)
    system, n = sim.system, sim.system.n
    ensemble = Ensemble(copies=20)
    ensemble.on_break(sim)
    Y, t, sure, needless = ensemble.Y, 0.0, 0, 0
    for _ in range(300):
        t, Y, _, _ = system.step_batch(t, Y, 1, np.zeros(len(Y)))
        V = np.array([system.velocities(State(t, y[:n], y[n:])) for y in Y])
        found = system.rows.surely_kept(t, Y[:, :n], V)
        kept = [system.rows.kept(t, y[:n].tolist(), y[n:].tolist()) for y in Y]
        assert all(kept[i] for i in np.flatnonzero(found))
        sure += int(found.sum())
        needless += sum(kept) - int(found.sum())  # asked one by one, and kept after all
        Y = np.array([np.concatenate([s.q, s.p]) for s in (system._project(State(t, y[:n], y[n:])) for y in Y)])
    assert sure > 0 and needless < 0.05 * sure  # and nearly all are told apart on arrays


def test_copies_that_need_their_projection_get_it_together(monkeypatch):
    # the Atwood's copies drift off L − y1 − y2 = 0 by round-off until they are put back: some steps
    # project some copies (on arrays, together), and each still ends where its own run does
    sim = simulation("maquina_atwood")
    projected: list[int] = []
    together = RowNumbers.project_many

    def counted(rows, t, Q, V):
        out = together(rows, t, Q, V)
        projected.append(int(out[2].sum()))
        return out

    monkeypatch.setattr(RowNumbers, "project_many", counted)
    ensemble = Ensemble(copies=8)
    sim.observers.append(ensemble)
    sim.announce_break()
    sim.step(300)
    assert sum(projected) > 8
    for k in range(8):
        single = sim.system.step(sim.system.state(ensemble.start_q[k], ensemble.start_qdot[k], 0.0), 300)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.q, single.p)), rtol=0, atol=1e-12)


def test_projecting_copies_together_is_projecting_each():
    # a bead on a hoop turning with ω (a row of t): copies pushed off it by different amounts
    # come back as project puts each one
    sim = simulation("ejercicios/cuenta_aro_giratorio")
    rows, n = sim.system.rows, sim.system.n
    rng = np.random.default_rng(3)
    q, v = sim.q, sim.qdot
    Q = q + 1e-6 * rng.standard_normal((6, n))
    V = v + 1e-6 * rng.standard_normal((6, n))
    Q[0], V[0] = q, v  # on the rows: moves nothing
    Qp, Vp, moved = rows.project_many(0.3, Q, V)
    for k in range(6):
        own = rows.project(Q[k], V[k], 0.3)
        assert moved[k] == (own is not None)
        if own is not None:
            assert np.allclose(Qp[k], own[0], rtol=0, atol=1e-14) and np.allclose(Vp[k], own[1], rtol=0, atol=1e-14)
