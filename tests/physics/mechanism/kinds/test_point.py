"""The points' engine terms (game/physics/mechanism/kinds/point.py): a pin on every free point."""

import numpy as np
from mechanism_texts import everything_system, start_of

from game.model.poses import JointPose


def test_every_free_point_is_a_pin_drawn_after_the_bars_and_before_the_balls(write_model):
    s, _ = everything_system(write_model)
    q, _ = start_of(s)
    poses = s.kinematics().poses(0.0, q, np.zeros(s.n))
    pins = [k for k, p in enumerate(poses) if isinstance(p, JointPose)]
    assert [poses[k].id for k in pins] == ["A", "B", "C", "D"]
    kinds = [type(p).__name__ for p in poses]
    assert kinds == sorted(kinds, key=["RailPose", "SpringPose", "BarPose", "JointPose", "BallPose"].index)
