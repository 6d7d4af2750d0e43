"""A force's engine terms (game/physics/mechanism/kinds/force.py): its components on its point."""

import math

from mechanism_texts import everything_system, start_of, tree_value

from game.expr import algebra as A
from game.physics.mechanism.kinds import terms


def test_a_force_adds_its_components_to_its_points_coordinates(write_model):
    s, by_id = everything_system(write_model)
    force = by_id["FORCE B"]  # (−0.2·B_vx + 0.1·sin t, 0.05·B_x)
    Q = [A.ZERO] * s.n
    terms(force).forces(force, s, Q)
    q, v = start_of(s)
    i = s.index["B"]
    assert [k for k, tree in enumerate(Q) if not A.is_zero(tree)] == [i, i + 1]
    assert tree_value(s, Q[i], q, v, t=1.0) == -0.2 * v[i] + 0.1 * math.sin(1.0)
    assert tree_value(s, Q[i + 1], q, v) == 0.05 * q[i]
    assert terms(force).does_work(force, s.parameters) and terms(force).constraint(force, s) is None
