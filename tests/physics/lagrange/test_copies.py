"""Copies of a motion with contacts stepped together while nothing happens to them (issue 33): a
copy that strikes or rests takes its step on its own, so every copy is its own single run."""

from __future__ import annotations

import numpy as np
import pytest
from sim_helpers import simulation

import game.physics.lagrange.copies as copies_module
from game.physics import Simulation
from game.physics.observe.ensemble import Ensemble


def run_with_ensemble(sim: Simulation, steps: int, copies: int = 8) -> Ensemble:
    ensemble = Ensemble(copies=copies)
    sim.observers.append(ensemble)
    sim.announce_break()
    sim.step(steps)
    return ensemble


@pytest.fixture
def alone(monkeypatch) -> list[int]:
    """How many copies each step took on their own (one entry a step that had some)."""
    counts: list[int] = []
    own = copies_module.step_one_by_one

    def counted(system, t, Y, work):
        counts.append(len(Y))
        return own(system, t, Y, work)

    monkeypatch.setattr(copies_module, "step_one_by_one", counted)
    return counts


@pytest.mark.parametrize(("stem", "seconds"), [("pelota", 2.0), ("caja_bolas", 1.0), ("billar", 1.0)])
def test_copies_with_impacts_move_as_their_single_runs(alone, stem, seconds):
    sim = simulation(stem)
    steps = round(seconds / sim.model.general.dt)
    ensemble = run_with_ensemble(sim, steps)
    # some steps had a copy strike (each on its own), most went through the batch alone
    assert 0 < len(alone) < steps and sum(alone) < 8 * steps
    assert ensemble.alive.all() and ensemble.t == sim.t
    for k in (0, 3, 7):
        single = sim.system.state(ensemble.start_q[k], ensemble.start_qdot[k], 0.0)
        single = sim.system.step(single, steps)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.q, single.p)), rtol=0, atol=1e-12)


def test_the_copies_impacts_are_not_the_motions():
    alone, watched = simulation("pelota"), simulation("pelota")
    run_with_ensemble(watched, 0)
    heard: list[list] = [[], []]
    for _ in range(100):  # 2 s: the ball and its copies strike the floor
        for sim, log in zip((alone, watched), heard):
            sim.step()
            log.append([i.t for i in sim.impacts])
    assert any(heard[0]) and heard[0] == heard[1]


def test_a_resting_copy_takes_its_step_on_its_own():
    # the block lies on its floor: every copy touches, none goes through the batch
    sim = simulation("bloque_friccion")
    ensemble = run_with_ensemble(sim, 20, copies=4)
    assert ensemble.alive.any()
    for k in np.flatnonzero(ensemble.alive):
        single = sim.system.step(sim.system.state(ensemble.start_q[k], ensemble.start_qdot[k], 0.0), 20)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.q, single.p)), rtol=0, atol=1e-12)


def test_a_copy_whose_gap_has_no_value_stops_as_its_single_run_does(write_model):
    # the floor's gap written as sqrt(y − 1): a single run stops by t = 0.16 s, where the ball goes below y = 1
    from project import MODELS

    from game.model import read_model

    text = (MODELS / "pelota.dat").read_text(encoding="utf-8").replace("<K>piso|'y - r'|", "<K>piso|'sqrt(y - 1)'|")
    sim = Simulation(read_model(write_model(text)))
    start = np.concatenate([sim.state.q, sim.state.p])
    Y = start + 1e-4 * np.random.default_rng(2).standard_normal((6, len(start)))
    t, work, alive = sim.state.t, np.zeros(len(Y)), np.ones(len(Y), dtype=bool)
    for _ in range(20):  # 0.4 s
        t, Y, work, ok = sim.system.step_copies(t, Y, work)
        alive &= ok
        Y, work = Y[ok], work[ok]
        if not len(Y):
            break
    assert not alive.any()  # none fell on through the floor that is not there


def test_copies_lying_still_are_not_stepped_again_and_stay_their_single_runs(alone):
    # the blocks on their floor: once a copy's whole step gives back its state (stopped, held by
    # friction), its next steps are skipped; each copy must still be its own single run (to round-off:
    # the stepper the copies share starts each LCP from the forces of the copy before)
    stepped = alone
    sim = simulation("bloque_friccion")
    steps = 150  # 3 s: the blocks slide, stop and lie still
    ensemble = run_with_ensemble(sim, steps, copies=6)
    assert sim.system.stepper.lying  # some copies lie still…
    assert stepped[-1] < 6 or len(stepped) < steps  # …and are no longer stepped one by one
    for k in np.flatnonzero(ensemble.alive):
        single = sim.system.step(sim.system.state(ensemble.start_q[k], ensemble.start_qdot[k], 0.0), steps)
        assert np.allclose(ensemble.Y[k], np.concatenate((single.q, single.p)), rtol=0, atol=1e-12)
