"""A FORCE row (game/model/mechanism/kinds/force.py): no id, components of the motion, on a free
point, named by its point when it fails.

Its terms: its components on its point."""

import math

from mechanism_texts import everything_system, read_rows, start_of, tree_value

from game.expr import algebra as A
from game.model.mechanism import KINDS, OF_MOTION
from game.model.mechanism.kinds.force import Force


def test_a_force_has_no_id_and_is_named_by_its_point():
    rows, found = read_rows(("FORCE", "B", "'-0.2·B_vx'", "'0.05·B_x'"), ("FORCE", "B", "1"))
    assert KINDS["FORCE"] is Force and len(found) == 1 and "3 cells" in found[0]
    (f,) = rows.elements
    assert (f.id, f.points, f.label, f.cited) == ("", ("B",), "FORCE", "FORCE B")
    assert {f.cell(name).holds for name in ("Fx", "Fy")} == {OF_MOTION} and not f.constrains


def test_a_force_on_a_fixed_point_does_nothing():
    rows, _ = read_rows(("FORCE", "O", "1", "0"))
    assert rows.elements[0].joins({"B"}).key == "mechanism.force_on_fixed"
    assert rows.elements[0].joins({"O"}) is None


def test_a_force_adds_its_components_to_its_points_coordinates(write_model):
    s, by_id = everything_system(write_model)
    force = by_id["FORCE B"]  # (−0.2·B_vx + 0.1·sin t, 0.05·B_x)
    Q = [A.ZERO] * s.n
    force.forces(s, Q)
    q, v = start_of(s)
    i = s.index["B"]
    assert [k for k, tree in enumerate(Q) if not A.is_zero(tree)] == [i, i + 1]
    assert tree_value(s, Q[i], q, v, t=1.0) == -0.2 * v[i] + 0.1 * math.sin(1.0)
    assert tree_value(s, Q[i + 1], q, v) == 0.05 * q[i]
    assert force.does_work(s.parameters) and force.constraint(s) is None
