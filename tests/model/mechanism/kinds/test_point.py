"""A POINT row (game/model/mechanism/kinds/point.py): where a point starts, how fast, fixed or free.

Its terms: a pin on every free point."""

import numpy as np
from mechanism_texts import everything_system, read_rows, start_of

from game.model.mechanism import KINDS
from game.model.mechanism.kinds.point import Point
from game.model.poses import JointPose


def test_a_point_is_read_with_its_velocity_left_out_or_empty():
    rows, found = read_rows(("POINT", "O", "0", "1", "0", "0", "1"), ("POINT", "P", "1", "'L'"),
                            ("POINT", "Q", "2", "0", "''", "0.5"))
    assert not found and KINDS["POINT"] is Point
    o, p, q = rows.points
    assert (o.id, o.fixed, p.fixed, p.vx, q.vx, q.vy is not None) == ("O", True, False, None, None, True)
    assert p.y.text == "'L'" and rows.free == 2  # the reader bounds the free points as they come


def test_fixed_is_a_flag_and_a_bad_name_is_said_at_its_cell():
    rows, found = read_rows(("POINT", "O", "0", "0", "0", "0", "2"), ("POINT", "1P", "0", "0"))
    assert not rows.points
    assert found[0].startswith("2:60 ") and "'2'" in found[0]
    assert found[1].startswith("3:10 ") and "point" in found[1]


def test_every_free_point_is_a_pin_drawn_after_the_bars_and_before_the_balls(write_model):
    s, _ = everything_system(write_model)
    q, _ = start_of(s)
    poses = s.kinematics().poses(0.0, q, np.zeros(s.n))
    pins = [k for k, p in enumerate(poses) if isinstance(p, JointPose)]
    assert [poses[k].id for k in pins] == ["A", "B", "C", "D"]
    kinds = [type(p).__name__ for p in poses]
    assert kinds == sorted(kinds, key=["RailPose", "SpringPose", "BarPose", "JointPose", "BallPose"].index)
