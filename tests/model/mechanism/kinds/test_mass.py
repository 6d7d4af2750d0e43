"""A MASS row (game/model/mechanism/kinds/mass.py): a point mass, its radius left out, its mass
never negative.

Its terms against their closed forms: its mass and weight on its point, its ball and trail."""

import numpy as np
from mechanism_texts import everything_system, mechanism, read_rows, start_of, tree_value

from game.model import ModelFileError, load_model
from game.model.mechanism import KINDS
from game.model.mechanism.kinds.mass import Mass
from game.model.poses import BallPose


def test_a_mass_is_on_one_point_and_its_radius_may_be_left_out():
    rows, found = read_rows(("MASS", "m", "P", "'2·M'"), ("MASS", "n", "P"))
    assert KINDS["MASS"] is Mass and len(found) == 1 and "3 to 4" in found[0]
    (m,) = rows.elements
    assert (m.points, m.value("mass").text, m.value("radius")) == (("P",), "'2·M'", None)
    assert not m.constrains and m.energy is None and m.joins(set()) is None
    assert [c.name for c in Mass.cells if c.non_negative] == ["mass", "radius"]


def test_a_negative_mass_is_refused_at_its_cell(write_model):
    rows = "<POINT>O|0|0|0|0|1</POINT>\n<POINT>P|1|0</POINT>\n<BAR>b|O|P</BAR>\n<MASS>m|P|-1</MASS>"
    try:
        load_model(write_model(mechanism(rows)))
    except ModelFileError as exc:
        assert [p.key for p in exc.problems] == ["mechanism.negative"]
    else:
        raise AssertionError("a negative mass was read")


def test_a_point_mass_weighs_on_its_point_and_is_a_ball_that_leaves_a_trail(write_model):
    s, by_id = everything_system(write_model)
    mc = by_id["mc"]  # on C, 0.5, radius 0.05
    added = []
    mc.mass(s, lambda p1, p2, value: added.append((p1, p2, value)))
    assert added == [("C", "C", 0.5)]
    assert tree_value(s, mc.potential(s, 9.81)) == 0.5 * 9.81 * s.geometry["C"][1]
    assert mc.potential(s, 0.0) is None and mc.trails
    kin = s.kinematics()
    (ball,) = [p for p in kin.poses(0.0, start_of(s)[0], np.zeros(s.n)) if isinstance(p, BallPose) and p.id == "mc"]
    assert ball.radius == 0.05 and "mc" in kin.handles and "mc" in kin.trail_ids
