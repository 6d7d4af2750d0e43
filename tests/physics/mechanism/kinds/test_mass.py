"""A point mass's engine terms (game/physics/mechanism/kinds/mass.py) against their closed forms."""

import numpy as np
from mechanism_texts import everything_system, start_of, tree_value

from game.model.poses import BallPose
from game.physics.mechanism.kinds import terms


def test_a_point_mass_weighs_on_its_point_and_is_a_ball_that_leaves_a_trail(write_model):
    s, by_id = everything_system(write_model)
    mc = by_id["mc"]  # on C, 0.5, radius 0.05
    added = []
    terms(mc).mass(mc, s, lambda p1, p2, value: added.append((p1, p2, value)))
    assert added == [("C", "C", 0.5)]
    assert tree_value(s, terms(mc).potential(mc, s, 9.81)) == 0.5 * 9.81 * s.geometry["C"][1]
    assert terms(mc).potential(mc, s, 0.0) is None and terms(mc).trails
    kin = s.kinematics()
    (ball,) = [p for p in kin.poses(0.0, start_of(s)[0], np.zeros(s.n)) if isinstance(p, BallPose) and p.id == "mc"]
    assert ball.radius == 0.05 and "mc" in kin.handles and "mc" in kin.trail_ids
