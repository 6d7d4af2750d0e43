"""The action of a run, S(t) = ∫₀ᵗ (Ek − Ep) dt (SPEC §7.7): RK4's own quadrature on its substeps."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from project import MODELS

from game.model import load_model
from game.physics import Simulation
from game.physics.observe.action import substep_action


def oscillator_action_error(substeps: int, seconds: float = 10.0) -> float:
    """Relative error of S for the spring (m = 1, k = 10, x(0) = 0.8 at rest): x = A·cos ωt gives
    L = −½mA²ω²·cos 2ωt and S(t) = −(mA²ω/4)·sin 2ωt."""
    model = load_model(MODELS / "resorte_horizontal.dat")
    model = replace(model, general=replace(model.general, n_substeps=substeps))
    sim = Simulation(model, action=True)
    sim.step(round(seconds / model.general.dt))
    a, w = 0.8, math.sqrt(10.0)
    exact = -(a * a * w / 4) * math.sin(2 * w * sim.t)
    return abs(sim.sample()[sim.sample_names().index("S")] - exact) / abs(exact)


def test_the_action_of_the_oscillator_is_its_closed_form_to_1e_9():
    assert oscillator_action_error(20) < 1e-9


def test_the_quadrature_is_of_fourth_order():
    # halving δ divides the error by 2⁴ = 16 (a second-order rule would give 4)
    coarse, fine = oscillator_action_error(5), oscillator_action_error(10)
    assert 12 < coarse / fine < 20


def test_the_replayed_substeps_end_where_the_engine_steps_end():
    sim = Simulation(load_model(MODELS / "pendulo_doble.dat"))
    path = sim.system.stages()
    assert path is not None
    start = sim.state
    sim.step(3)
    t, y, _ = substep_action(path.code, path.n, path.delta, start.t, [*start.q.tolist(), *start.p.tolist()], 3 * path.substeps)
    assert t == sim.t and y == [*sim.state.q.tolist(), *sim.state.p.tolist()]  # bit for bit


def test_s_is_the_first_column_after_de_and_starts_again_at_a_break():
    sim = Simulation(load_model(MODELS / "pendulo_simple.dat"), action=True)
    names = sim.sample_names()
    assert names[names.index("DE") + 1] == "S"
    assert sim.sample()[names.index("S")] == 0.0
    sim.step(10)
    assert sim.sample()[names.index("S")] != 0.0
    sim.reset()
    assert sim.sample()[names.index("S")] == 0.0


def test_without_action_there_is_no_s_and_contacts_are_not_supported_yet():
    assert "S" not in Simulation(load_model(MODELS / "pendulo_simple.dat")).sample_names()
    with pytest.raises(NotImplementedError):
        Simulation(load_model(MODELS / "pelota.dat"), action=True)
