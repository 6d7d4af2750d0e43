"""A bar's engine terms (game/physics/mechanism/kinds/bar.py) against their closed forms."""

import math

import numpy as np
from mechanism_texts import everything_system, start_of, tree_value

from game.model.poses import BarPose
from game.physics.mechanism.kinds import terms


def test_a_bar_adds_its_mass_blocks_keeps_its_length_and_pulls_along_itself(write_model):
    s, by_id = everything_system(write_model)
    bar = by_id["barra"]  # A–B, m 2, I 0.3
    added = []
    terms(bar).mass(bar, s, lambda p1, p2, value: added.append((p1, p2, value)))
    L = s.length("A", "B")
    a, b = 2 / 4 + 0.3 / L**2, 2 / 4 - 0.3 / L**2
    assert added == [("A", "A", a), ("B", "B", a), ("A", "B", b), ("B", "A", b)]
    phi = terms(bar).constraint(bar, s)
    assert abs(tree_value(s, phi)) < 1e-12  # met where the file puts its points
    (x1, y1), (x2, y2) = s.geometry["A"], s.geometry["B"]
    assert tree_value(s, terms(bar).potential(bar, s, 9.81)) == 2 * 9.81 * (y1 + y2) / 2
    q = np.array([s.geometry[p][k] for p in ("A", "B", "C", "D") for k in (0, 1)])
    (_, kind, x, y, fx, fy), other = terms(bar).arrows(bar, s, q, -3.0)
    assert (kind, x, y) == ("compression", x1, y1) and other[4:] == (-fx, -fy)
    assert math.hypot(fx, fy) == 3.0 and abs(fx * (y2 - y1) - fy * (x2 - x1)) < 1e-12  # along the bar


def test_a_bar_is_drawn_between_its_points(write_model):
    s, by_id = everything_system(write_model)
    (pose,) = [p for p in s.kinematics().poses(0.0, start_of(s)[0], np.zeros(s.n))
               if isinstance(p, BarPose) and p.id == "tirante"]
    assert pose.width == 0.03 and terms(by_id["tirante"]).grips(by_id["tirante"]) == ("B", "D")

