"""A BAR row (game/model/mechanism/kinds/bar.py): its cells, and a bar that joins a point to itself
or has no length.

Its terms against their closed forms: its mass blocks, its length kept, its weight, its axial force, its pose."""

import math

import numpy as np
from mechanism_texts import everything_system, read_rows, start_of, tree_value, where_points

from game.messages import text
from game.model.mechanism import KINDS, layout
from game.model.mechanism.kinds.bar import Bar
from game.model.poses import BarPose


def test_a_bar_reads_its_points_and_leaves_its_optional_cells_empty():
    rows, found = read_rows(("BAR", "b", "O", "P", "2", "''"), ("BAR", "c", "P", "Q", "1", "0.3", "0.05"))
    assert not found and KINDS["BAR"] is Bar
    b, c = rows.elements
    assert isinstance(b, Bar) and (b.label, b.points, b.value("inertia"), b.value("width")) == (
        "BAR b", ("O", "P"), None, None)
    assert c.value("width").text == "0.05" and b.constrains
    assert text(layout("BAR"), "es") == "id|P1|P2|masa|inercia|ancho"


def test_a_bar_needs_two_points_and_a_length():
    rows, found = read_rows(("BAR", "b", "O", "O"), ("BAR", "c", "O"))
    assert len(found) == 1 and "3 to 6" in found[0]  # BAR c: too few cells
    (b,) = rows.elements
    wrong = b.joins({"O"})
    assert wrong is not None and wrong.key == "mechanism.joins_itself" and wrong.location.column == 30
    near = where_points(O=(0.0, 0.0), Q=(1.0, 0.0))
    assert b.degenerate(*near).key == "mechanism.zero_length"
    rows, _ = read_rows(("BAR", "d", "O", "Q"))
    assert rows.elements[0].degenerate(*near) is None and rows.elements[0].joins(set()) is None


def test_a_bar_adds_its_mass_blocks_keeps_its_length_and_pulls_along_itself(write_model):
    s, by_id = everything_system(write_model)
    bar = by_id["barra"]  # A–B, m 2, I 0.3
    added = []
    bar.mass(s, lambda p1, p2, value: added.append((p1, p2, value)))
    L = s.length("A", "B")
    a, b = 2 / 4 + 0.3 / L**2, 2 / 4 - 0.3 / L**2
    assert added == [("A", "A", a), ("B", "B", a), ("A", "B", b), ("B", "A", b)]
    phi = bar.constraint(s)
    assert abs(tree_value(s, phi)) < 1e-12  # met where the file puts its points
    (x1, y1), (x2, y2) = s.geometry["A"], s.geometry["B"]
    assert tree_value(s, bar.potential(s, 9.81)) == 2 * 9.81 * (y1 + y2) / 2
    q = np.array([s.geometry[p][k] for p in ("A", "B", "C", "D") for k in (0, 1)])
    (_, kind, x, y, fx, fy), other = bar.arrows(s, q, -3.0)
    assert (kind, x, y) == ("compression", x1, y1) and other[4:] == (-fx, -fy)
    assert math.hypot(fx, fy) == 3.0 and abs(fx * (y2 - y1) - fy * (x2 - x1)) < 1e-12  # along the bar


def test_a_bar_is_drawn_between_its_points(write_model):
    s, by_id = everything_system(write_model)
    (pose,) = [p for p in s.kinematics().poses(0.0, start_of(s)[0], np.zeros(s.n))
               if isinstance(p, BarPose) and p.id == "tirante"]
    assert pose.width == 0.03 and by_id["tirante"].grips() == ("B", "D")
