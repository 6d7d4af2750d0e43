"""A SLIDER row (game/model/mechanism/kinds/slider.py): a point kept on the line through two others,
which must be two places, neither of them the sliding point.

Its terms against their closed forms: its point kept on its line, the force across it, its rail."""

import math

import numpy as np
from mechanism_texts import everything_system, read_rows, start_of, tree_value, where_points

from game.model.mechanism import KINDS, POINT_CELLS
from game.model.mechanism.kinds.slider import Slider
from game.model.poses import RailPose


def test_a_slider_names_three_points_and_is_a_constraint():
    rows, found = read_rows(("SLIDER", "s", "C", "A", "B"), ("SLIDER", "t", "C", "A"))
    assert KINDS["SLIDER"] is Slider and len(found) == 1 and "4 cells" in found[0]
    (s,) = rows.elements
    assert (s.label, s.points, s.values, s.constrains) == ("SLIDER s", ("C", "A", "B"), (), True)
    assert {"P", "A", "B"} <= set(POINT_CELLS)


def test_a_slider_needs_a_line_that_is_not_its_own_point():
    rows, _ = read_rows(("SLIDER", "s", "C", "A", "A"), ("SLIDER", "t", "A", "A", "B"), ("SLIDER", "u", "C", "A", "B"))
    same, own, good = rows.elements
    assert same.joins(set()).key == "mechanism.slider_same_points"
    assert own.joins(set()).key == "mechanism.slider_own_line"
    assert good.joins(set()) is None
    assert good.degenerate(*where_points(C=(0.0, 1.0), A=(2.0, 0.0), B=(2.0, 1e-12))).key == "mechanism.slider_no_line"
    assert good.degenerate(*where_points(C=(0.0, 1.0), A=(2.0, 0.0), B=(3.0, 0.0))) is None


def test_a_slider_keeps_its_point_on_its_line_and_pushes_across_it(write_model):
    s, by_id = everything_system(write_model)
    block = by_id["bloque"]  # D on the line through R1 and R2 (fixed, y = −2)
    phi = block.constraint(s)
    q, _ = start_of(s)
    assert abs(tree_value(s, phi)) < 1e-12
    i = s.index["D"]
    q[i + 1] += 0.1  # D 0.1 above its line: Φ is its distance from it (to the left of R1→R2)
    assert abs(tree_value(s, phi, q) + 0.1) < 1e-12
    assert block.reaction(s, q) == 1.0  # the guide keeps its length
    ((eid, kind, x, y, fx, fy),) = block.arrows(s, q, 2.0)
    assert (eid, kind, (x, y)) == ("bloque", "normal", s.where("D", q)) and (fx, fy) == (-0.0, 2.0)
    rails = {p.id: p for p in s.kinematics().poses(0.0, q, np.zeros(s.n)) if isinstance(p, RailPose)}
    assert rails["bloque"].fixed and not rails["bloque"].on_bar
    assert not rails["collar"].fixed and rails["collar"].on_bar  # C on the bar A–B: a collar
    collar = by_id["collar"]
    q[s.index["B"]] += 0.5  # A–B stretched (off the constraints): the force across it grows with it
    (xa, ya), (xb, yb) = s.where("A", q), s.where("B", q)
    assert collar.reaction(s, q) == math.hypot(xb - xa, yb - ya) / s.length("A", "B")
