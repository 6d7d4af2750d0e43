"""A constraint row's force on the drawn bodies: every placement does the row's work Aᵀλ exactly
(the arrows are the force the motion feels, not a picture of it), and goes where a student looks
for it: the bead's normal force on the bead, toward the hoop's centre; the sleigh's sideways force
at its blade; the non-integrable row of ex. 25.28 on the point and on the height it ties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from sim_helpers import simulation

from game.physics.lagrange.arrows import DrawnPoint, drawn_points, place


def placed(stem: str):
    sim = simulation(f"ejercicios/{stem}" if stem != "maquina_atwood" else stem)
    system, state = sim.system, sim.state
    kin = system.kinematics()
    qdot, forces = system.row_forces(state)
    points = drawn_points(lambda q: kin.poses(state.t, q, qdot), np.array(state.q))
    ((_, Q),) = forces
    return sim, points, Q, place(Q, points)


def work(where, points) -> np.ndarray:
    """The generalized force of forces F at points offset by d from drawn points (a ball turned by
    a coordinate carries the offset round with it: found by the same differences)."""
    total = 0.0
    for p, F, d in where:
        total = total + p.jacobian.T @ F
        if np.any(d):
            inside = next(o for o in points if o is not p and 0 < np.hypot(*(o.point - p.point)) <= p.radius)
            e = inside.point - p.point
            turn = (e[0] * (inside.jacobian - p.jacobian)[1] - e[1] * (inside.jacobian - p.jacobian)[0]) / (e @ e)
            total = total + turn * (d[0] * F[1] - d[1] * F[0])
    return np.asarray(total)


@pytest.mark.parametrize("stem", ["maquina_atwood", "cuenta_aro_giratorio", "trineo_chaplygin",
                                  "ligadura_no_holonoma", "disco_rodando_ligadura"])
def test_every_placement_does_the_rows_work(stem):
    _, points, Q, where = placed(stem)
    assert where
    assert work(where, points) == pytest.approx(Q, abs=1e-6 * np.linalg.norm(Q))


def test_the_bead_is_pushed_toward_the_hoops_centre_by_its_normal_force():
    sim, _, _, where = placed("cuenta_aro_giratorio")
    ((p, force, d),) = where
    assert p.id == "C1" and not np.any(d)
    normal = sim.reactions()["λ_N"]
    assert normal > 0 and force == pytest.approx(-normal * p.point / np.hypot(*p.point), rel=1e-6)


def test_the_sleighs_sideways_force_is_at_its_blade_across_it():
    sim, _, _, where = placed("trineo_chaplygin")
    ((p, force, d),) = where
    x, y, th = sim.q
    assert p.point == pytest.approx([x, y], abs=1e-12) and not np.any(d)
    assert force == pytest.approx(sim.reactions()["λ_cuchilla"] * np.array([-math.sin(th), math.cos(th)]), abs=1e-6)


def test_the_row_of_25_28_pushes_the_point_and_the_height():
    _, _, _, where = placed("ligadura_no_holonoma")
    assert sorted(p.id for p, _, _ in where) == ["P", "altura"]


def test_a_force_no_drawn_point_does_is_not_drawn():
    still = DrawnPoint("b", np.zeros(2), np.array([[1.0, 0.0], [0.0, 0.0]]), True)
    assert place(np.array([0.0, 1.0]), [still]) == []
    assert place(np.array([0.0, 0.0]), [still]) == []
