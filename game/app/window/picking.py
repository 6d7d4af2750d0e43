"""Which body is under the mouse: each pose's hit test, with a margin of pixels in model units."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from ...model.poses import Pose, VelocityPoint
from ...render import Camera, near_tip, velocity_arrow_end

#: pixels of slack around a body when grabbing it (a point with no size of its own, a pin, is
#: grabbed within a few of these: game.model.poses.PIN_REACH)
GRAB_MARGIN = 6


def body_at(poses: Sequence[Pose], draggable: Collection[str], camera: Camera, pos) -> str | None:
    """The topmost draggable body under ``pos`` (drawn last = on top), with :data:`GRAB_MARGIN`
    pixels of slack."""
    x, y = camera.to_model(*pos)
    slack = camera.length_to_model(GRAB_MARGIN)
    for p in reversed(poses):
        if p.id in draggable and p.hit(x, y, slack):
            return p.id
    return None


def arrow_at(arrows: Sequence[VelocityPoint], camera: Camera, pos, seconds: float) -> str | None:
    """The id of the velocity arrow whose tip (a dot at rest) is nearest ``pos``, within reach."""
    best, best_d = None, math.inf
    for arrow in arrows:
        tip = velocity_arrow_end(camera, arrow.x, arrow.y, arrow.vx, arrow.vy, seconds)
        d = math.dist(pos, tip)
        if near_tip(pos, tip) and d < best_d:
            best, best_d = arrow.id, d
    return best
