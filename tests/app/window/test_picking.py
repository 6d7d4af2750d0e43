"""Which body is under the mouse: each pose's hit test in model units, the margin in pixels."""

from __future__ import annotations

import math

import pytest

from game.app.window.picking import GRAB_MARGIN, body_at
from game.model.poses import PIN_REACH, BallPose, BarPose, BlockPose, JointPose, RailPose, SpringPose
from game.render import Camera

#: 100 pixels a unit, the model origin at pixel (400, 300)
CAMERA = Camera(100.0, viewport=(0, 0, 800, 600))


def ball(x: float = 0.0, y: float = 0.0, r: float = 0.2, id: str = "c") -> BallPose:
    return BallPose(id, x, y, r, 0.0, 0.0, True, True)


def test_a_ball_is_grabbed_within_its_radius_and_the_margin():
    assert body_at([ball()], {"c"}, CAMERA, (400 + 20 + GRAB_MARGIN - 1, 300)) == "c"
    assert body_at([ball()], {"c"}, CAMERA, (400 + 20 + GRAB_MARGIN + 1, 300)) is None
    assert body_at([ball()], set(), CAMERA, (400, 300)) is None  # not draggable: never grabbed


def test_the_topmost_body_is_grabbed():
    below, above = ball(id="below"), ball(0.1, 0.0, id="above")
    assert body_at([below, above], {"below", "above"}, CAMERA, (405, 300)) == "above"
    assert body_at([below, above], {"below"}, CAMERA, (405, 300)) == "below"


def test_a_bar_block_spring_and_pin_are_grabbed_where_they_are_drawn():
    bar = BarPose("b", 0.0, 0.0, 2.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, True)
    assert body_at([bar], {"b"}, CAMERA, (500, 300 - 5 - GRAB_MARGIN + 1)) == "b"  # within half its width and the margin
    assert body_at([bar], {"b"}, CAMERA, (500, 300 - 5 - GRAB_MARGIN - 1)) is None
    assert body_at([bar], {"b"}, CAMERA, (400 - 5 - GRAB_MARGIN - 1, 300)) is None  # beyond its pivot
    block = BlockPose("k", 0.0, 0.0, 1.0, 0.4, math.pi / 2, 0.0, 0.0, True)  # turned upright
    assert body_at([block], {"k"}, CAMERA, (400, 300 - 50 - GRAB_MARGIN + 1)) == "k"
    assert body_at([block], {"k"}, CAMERA, (400 + 20 + GRAB_MARGIN + 1, 300)) is None
    spring = SpringPose("s", 0.0, 0.0, 1.0, 0.0, 0.1, 1.0)
    assert body_at([spring], {"s"}, CAMERA, (500 + 9, 300)) == "s"  # at its free end, within 10 pixels
    assert body_at([spring], {"s"}, CAMERA, (500 + 11, 300)) is None
    assert body_at([spring], {"s"}, CAMERA, (450, 300)) is None  # not along its coils
    pin = JointPose("P", 0.0, 0.0, 0.0, 0.0, True)
    assert body_at([pin], {"P"}, CAMERA, (400 + PIN_REACH * GRAB_MARGIN - 1, 300)) == "P"  # within 12 pixels
    assert body_at([pin], {"P"}, CAMERA, (400 + PIN_REACH * GRAB_MARGIN + 1, 300)) is None


@pytest.mark.parametrize("slack", [0.0, 0.25])
def test_each_pose_says_whether_a_point_is_on_it(slack):
    assert ball(r=0.5).hit(0.49 + slack, 0.0, slack) and not ball(r=0.5).hit(0.51 + slack, 0.0, slack)
    bar = BarPose("b", 0.0, 0.0, 0.0, 2.0, 0.2, 0.0, 0.0, 0.0, 0.0, True)
    assert bar.hit(0.09 + slack, 1.0, slack) and not bar.hit(0.0, 2.11 + slack, slack)
    zero = BarPose("b", 1.0, 1.0, 1.0, 1.0, 0.2, 0.0, 0.0, 0.0, 0.0, True)  # no length: a disc
    assert zero.hit(1.09 + slack, 1.0, slack) and not zero.hit(1.0, 1.11 + slack, slack)
    block = BlockPose("k", 0.0, 0.0, 2.0, 1.0, 0.0, 0.0, 0.0, True)
    assert block.hit(0.99 + slack, 0.49 + slack, slack) and not block.hit(0.0, 0.51 + slack, slack)
    assert not RailPose("g", 0.0, 0.0, 1.0, 0.0, 0.5, 0.0, True).hit(0.5, 0.0, slack)  # its pin is grabbed
