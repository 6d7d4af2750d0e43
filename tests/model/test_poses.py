"""Poses of many copies at once: one array per field a drawing of the copies needs."""

from __future__ import annotations

import numpy as np

from game.model.poses import BallPose, BarPose, JointPose, stack_poses


def test_the_copies_of_each_body_are_stacked_field_by_field_pins_left_out():
    copies = [[BallPose("c", float(k), 1.0, 0.2, 0.0, 0.0, True, True),
               BarPose("b", 0.0, 0.0, float(k), 1.0, 0.1, 0.0, 0.0, 0.0, 0.0, True),
               JointPose("P", 0.0, 0.0, 0.0, 0.0, True)] for k in range(3)]
    ball, bar = stack_poses(copies)
    assert (ball.id, ball.kind, bar.id, bar.kind) == ("c", BallPose, "b", BarPose)
    assert set(ball.fields) == set(BallPose.stacked) and set(bar.fields) == set(BarPose.stacked)
    assert ball.fields["x"].tolist() == [0.0, 1.0, 2.0] and bar.fields["xf"].tolist() == [0.0, 1.0, 2.0]
    assert ball.fields["radius"].dtype == np.float64
    assert stack_poses([]) == []
