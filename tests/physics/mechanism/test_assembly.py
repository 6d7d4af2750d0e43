"""A mechanism's positions and velocities put on its constraints (game/physics/mechanism/assembly.py):
conditions off the constraints, and far typed ones, assembled to the nearest valid ones."""

from __future__ import annotations

import math

import numpy as np
import pytest
from project import MODELS
from sim_helpers import simulation

from game.expr import TIME, evaluate
from game.model import load_model


def test_conditions_off_the_constraints_are_assembled_and_velocities_projected(write_model):
    sim = simulation("pendulo_mecanismo", P_x="0.5", P_y="0.2", P_vx="1", P_vy="1")
    x, y = sim.q
    assert math.hypot(x, y - 1) == pytest.approx(1.0, abs=1e-12)  # back on the circle of the bar
    assert math.atan2(y - 1, x) == pytest.approx(math.atan2(0.2 - 1, 0.5), abs=1e-9)  # nearest point
    assert sim.qdot @ np.array([x, y - 1]) == pytest.approx(0.0, abs=1e-12)  # no speed along the bar


#: where the shipped four-bar starts: the crank and the motor put A at (10, 0); B open (above A–O4) or crossed
FOUR_BAR_A = (10.0, 0.0)
FOUR_BAR_B_OPEN = (40 + 30 * math.cos(math.atan2(0, -30) - math.acos((900 + 900 - 1225) / 1800)),
                   30 * math.sin(math.atan2(0, -30) - math.acos((900 + 900 - 1225) / 1800)))


@pytest.mark.parametrize("typed, b_below", [
    ({"A_x": "50"}, False),  # the audit's case: Gauss–Newton stalled at A_x = 41.2
    ({"A_x": "-50"}, False),
    ({"A_x": "1000"}, False),
    ({"A_y": "60"}, False),
    ({"A_x": "50", "A_y": "-40"}, False),
    ({"B_x": "-100"}, False),
    ({"A_x": "60", "B_y": "-60"}, True),  # B typed below: the crossed assembly, the nearer one
])
def test_a_far_typed_crank_is_assembled_where_the_crank_and_the_motor_put_it(typed, b_below):
    sim = simulation("cuadrilatero", **typed)
    assert sim.q[:2] == pytest.approx(FOUR_BAR_A, abs=1e-9)
    bx, by = FOUR_BAR_B_OPEN
    assert sim.q[2:] == pytest.approx((bx, -by if b_below else by), abs=1e-9)
    assert np.max(np.abs(sim.system.constraint_values(sim.q, 0.0))) < 1e-9


@pytest.mark.parametrize("stem, typed", [
    ("paralelogramo", {"C1_x": "3"}), ("paralelogramo", {"C1_y": "-4"}), ("paralelogramo", {"C2_x": "-4"}),
    ("jansen", {}),  # (filled below with far guesses for all its points)
])
def test_far_typed_conditions_assemble_redundant_and_many_point_mechanisms(stem, typed):
    if stem == "jansen":  # every free point anywhere within about the size of the walker
        model = load_model(MODELS / "jansen.dat")
        rng = np.random.default_rng(4)  # Gauss–Newton alone stalls from this one
        typed = {c: f"{rng.normal(0, 100):.6g}" for c in model.coordinates}
    sim = simulation(stem, **typed)
    system = sim.system
    assert np.max(np.abs(system.constraint_values(sim.q, 0.0))) < 1e-9 * system.size
    for _ in range(10):
        sim.step()  # and it moves from there


@pytest.mark.parametrize("name, freedom", [("cuadrilatero", (1, 0)), ("biela_manivela", (1, 0)),
                                           ("paralelogramo", None), ("pendulo_doble_mecanismo", (2, 2))])
def test_the_degrees_of_freedom_come_from_the_same_jacobian_the_system_moves_with(name, freedom):
    """The builder's count (Assembly.freedom, Φq evaluated without compiling) and the system's
    generated Φq are one Jacobian: equal entries where the file puts the points."""
    sim = simulation(name)
    system = sim.system
    q = np.array(system._file_coordinates())
    entries = system.jacobian_entries([c.phi for c in system.constraints])
    values = {**system.parameters, **dict(zip(system.coordinates, q)), TIME: 0.0}
    J = np.zeros((system.m, system.n))
    for r, k, tree in entries:
        J[r, k] = evaluate(tree, values)
    assert np.allclose(J, system.jacobian(q, 0.0), rtol=1e-13, atol=1e-13)
    free, driven = system.freedom()
    assert driven == system.n - system.rank  # the rank the system found where it assembled them
    if freedom is not None:
        assert (free, driven) == freedom
