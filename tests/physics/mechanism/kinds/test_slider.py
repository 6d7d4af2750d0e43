"""A slider's engine terms (game/physics/mechanism/kinds/slider.py) against their closed forms."""

import math

import numpy as np
from mechanism_texts import everything_system, start_of, tree_value

from game.model.poses import RailPose
from game.physics.mechanism.kinds import terms


def test_a_slider_keeps_its_point_on_its_line_and_pushes_across_it(write_model):
    s, by_id = everything_system(write_model)
    block = by_id["bloque"]  # D on the line through R1 and R2 (fixed, y = −2)
    phi = terms(block).constraint(block, s)
    q, _ = start_of(s)
    assert abs(tree_value(s, phi)) < 1e-12
    i = s.index["D"]
    q[i + 1] += 0.1  # D 0.1 above its line: Φ is its distance from it (to the left of R1→R2)
    assert abs(tree_value(s, phi, q) + 0.1) < 1e-12
    assert terms(block).reaction(block, s, q) == 1.0  # the guide keeps its length
    ((eid, kind, x, y, fx, fy),) = terms(block).arrows(block, s, q, 2.0)
    assert (eid, kind, (x, y)) == ("bloque", "normal", s.where("D", q)) and (fx, fy) == (-0.0, 2.0)
    rails = {p.id: p for p in s.kinematics().poses(0.0, q, np.zeros(s.n)) if isinstance(p, RailPose)}
    assert rails["bloque"].fixed and not rails["bloque"].on_bar
    assert not rails["collar"].fixed and rails["collar"].on_bar  # C on the bar A–B: a collar
    collar = by_id["collar"]
    q[s.index["B"]] += 0.5  # A–B stretched (off the constraints): the force across it grows with it
    (xa, ya), (xb, yb) = s.where("A", q), s.where("B", q)
    assert terms(collar).reaction(collar, s, q) == math.hypot(xb - xa, yb - ya) / s.length("A", "B")
