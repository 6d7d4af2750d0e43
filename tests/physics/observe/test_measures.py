"""Named measures (SPEC §7.4): their numbers, from the model's own expressions, at a state and
in a batch; the conserved ones stay conserved; a measure never stops the motion."""

from __future__ import annotations

import math

import numpy as np
import pytest
from model_texts import one_coordinate
from sim_helpers import simulation

from game.model import load_model
from game.physics import Simulation
from game.physics.observe.records import History, HistoryRecorder


def run_history(sim: Simulation, seconds: float) -> History:
    history = History(sim.sample_names(), 10_000)
    sim.observers.append(HistoryRecorder(history))
    sim.announce_break()
    sim.step(round(seconds / sim.model.general.dt))
    return history


def test_angular_momentum_of_the_planet_is_m_r_cross_v_and_is_conserved():
    sim = simulation("planetario1")
    h = run_history(sim, 3.0)  # about two orbits
    x, y, vx, vy, lz = (h.column(c) for c in ("x", "y", "vx", "vy", "Lz"))
    m = sim.parameters["m"]
    assert np.allclose(lz, m * (x * vy - y * vx), rtol=0, atol=1e-12)
    # central force: Lz is a constant of the motion; RK4 with δ = 1 ms keeps it to ~1e-9 relative
    assert np.ptp(lz) < 1e-8 * abs(lz[0])
    assert np.allclose(h.column("r"), np.hypot(x, y), rtol=0, atol=1e-14)


@pytest.mark.parametrize("stem, conserved", [
    ("pendulo_deslizante", ["px"]),       # no horizontal force on block + pendulum
    ("tres_cuerpos", ["px", "py", "Lz"]),  # isolated system of three bodies
    ("planetario2", ["px", "py", "Lz"]),
])
def test_conserved_momenta_of_the_shipped_models(stem, conserved):
    sim = simulation(stem, vx="0.3") if stem == "pendulo_deslizante" else simulation(stem)
    h = run_history(sim, 2.0)
    for name in conserved:
        values = h.column(name)
        scale = max(abs(values[0]), 1.0)
        assert np.ptp(values) < 1e-8 * scale, (name, np.ptp(values))


def test_measures_are_columns_after_de_and_in_every_sample():
    sim = simulation("pendulo_deslizante", vx="0.3")
    names = sim.sample_names()
    assert names[names.index("DE") + 1:] == ("px",)
    m = sim.parameters
    px = (m["M"] + m["m"]) * 0.3 + m["m"] * m["l"] * math.cos(math.pi / 8) * 0.0
    assert sim.sample()[-1] == pytest.approx(px, rel=1e-15)


def test_the_batch_path_gives_the_single_state_values():
    sim = simulation("tres_cuerpos")
    rng = np.random.default_rng(1)
    Q = sim.q + rng.normal(0, 0.1, (20, sim.model.n))
    QD = sim.qdot + rng.normal(0, 0.1, (20, sim.model.n))
    batch = sim.measures.arrays(0.5, Q, QD, sim.parameters)
    for k in range(20):
        single = sim.measures.values(0.5, Q[k].tolist(), QD[k].tolist(), sim.parameters)
        assert np.allclose([b[k] for b in batch], single, rtol=1e-14, atol=1e-14)


def test_a_measure_without_a_value_reads_nan_and_the_others_still_show(write_model):
    extra = "<MEASURES>\n<M>root|'sqrt(x)'|sin valor si x < 0</M>\n<M>twice|'2·x'</M>\n</MEASURES>"
    model = load_model(write_model(one_coordinate("m", "½·m·vx²", "½·x²", x0="1", extra=extra)))
    sim = Simulation(model)
    h = run_history(sim, 4.0)  # x = cos t goes negative after π/2
    x, root, twice = h.column("x"), h.column("root"), h.column("twice")
    assert np.all(np.isnan(root[x < 0])) and np.allclose(root[x >= 0], np.sqrt(x[x >= 0]))
    assert np.allclose(twice, 2 * x)


def test_new_parameters_change_the_measures_without_a_new_model():
    sim = simulation("planetario1")
    before = sim.sample()[-2]
    from game.expr import parse

    sim.set_parameters({"m": parse("3")})
    assert sim.sample()[-2] == pytest.approx(3 * before)
