"""The energy function a Lagrangian model keeps (SPEC §7.8): Ek + Ep, or the Jacobi integral
h = T₂ − T₀ + Ep when Ek has terms linear in the velocities or free of them and nothing depends on t."""

from __future__ import annotations

import math

from model_texts import one_coordinate

from game.app.session.readout import Readout
from game.model import parameter_values, read_model
from game.physics import Simulation
from game.physics.lagrange.mechanics import build_mechanics

#: ex. 25.23: a term c·q·q̇ in Ek (a total derivative: the motion is a plain oscillator)
GYRO = one_coordinate("m", "½·m·vx² + c·x·vx", "½·k·x²", params="<P>m|1|masa</P><P>c|3|c</P><P>k|4|k</P>",
                      x0="0.5", v0="0")


def test_a_velocity_linear_term_keeps_the_jacobi_integral_not_ek_plus_ep(write_model):
    sim = Simulation(read_model(write_model(GYRO)))
    assert sim.system.jacobi
    e0 = sim.energy
    for _ in range(500):
        sim.step()
    x, v = float(sim.q[0]), float(sim.qdot[0])
    ek, ep = sim.energies
    assert math.isclose(ek, 0.5 * v * v + 3 * x * v, abs_tol=1e-12)  # Ek is still Ek as written
    h = 0.5 * v * v + 2 * x * x  # T₂ − T₀ + Ep
    assert abs(sim.energy - h) < 1e-12 and abs(e0 - 0.5) < 1e-15
    assert sim.de < 1e-9 and not sim.too_coarse  # Ek + Ep swings by ~1.5: no false warning
    assert abs(ek + ep - h) > 0.1
    names = sim.sample_names()
    assert sim.sample()[names.index("E")] == sim.energy


def test_velocity_free_terms_count_with_a_minus_sign(write_model):
    # a bead on a turning rod, in the rod's frame: Ek = ½m(ẋ² + ω²x²), T₀ = ½mω²x²
    text = one_coordinate("m", "½·m·(vx² + w²·x²)", "½·k·x²", params="<P>m|1|m</P><P>w|1|w</P><P>k|9|k</P>",
                          x0="0.3")
    sim = Simulation(read_model(write_model(text)))
    for _ in range(300):
        sim.step()
    x, v = float(sim.q[0]), float(sim.qdot[0])
    assert abs(sim.energy - (0.5 * v * v - 0.5 * x * x + 4.5 * x * x)) < 1e-12
    assert sim.de < 1e-9


def test_with_t_or_without_such_terms_e_stays_ek_plus_ep(write_model):
    plain = read_model(write_model(one_coordinate("m", "½·m·vx²", "½·x²"), "a.dat"))
    assert build_mechanics(plain, parameter_values(plain)).jacobi is None
    moving = read_model(write_model(one_coordinate("m", "½·m·vx² + cos(t)·x·vx", "½·x²"), "b.dat"))
    mech = build_mechanics(moving, parameter_values(moving))
    assert mech.jacobi is None and mech.time_dependent


def test_the_energy_panel_names_the_jacobi_integral(write_model):
    sim = Simulation(read_model(write_model(GYRO)))

    class Shown:
        model = sim.model
    Shown.sim = sim  # type: ignore[attr-defined]
    lines = Readout(Shown).lines("energy")  # type: ignore[arg-type]
    assert any(line.startswith("E = T₂ − T₀ + Ep = 0.5") for line in lines)
