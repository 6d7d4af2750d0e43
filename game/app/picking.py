"""Which body is under the mouse: hit-testing poses in pixels."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

import numpy as np

from ..model.poses import BallPose, BarPose, BlockPose, JointPose, Pose, SpringPose, VelocityPoint
from ..render import Camera, near_tip, velocity_arrow_end

#: pixels of slack around a body when grabbing it
GRAB_MARGIN = 6
#: how near (pixels) a mechanism's point must be to be grabbed
JOINT_REACH = 12


def body_at(poses: Sequence[Pose], draggable: Collection[str], camera: Camera, pos) -> str | None:
    """The topmost draggable body under ``pos`` (drawn last = on top)."""
    px, py = pos
    cam = camera
    for p in reversed(poses):
        if p.id not in draggable:
            continue
        if isinstance(p, BallPose):
            cx, cy = cam.to_pixels(p.x, p.y)
            if math.hypot(px - cx, py - cy) <= cam.length_to_pixels(p.radius) + GRAB_MARGIN:
                return p.id
        elif isinstance(p, JointPose):
            cx, cy = cam.to_pixels(p.x, p.y)
            if math.hypot(px - cx, py - cy) <= JOINT_REACH:
                return p.id
        elif isinstance(p, BarPose):
            a = np.array(cam.to_pixels(p.x, p.y))
            b = np.array(cam.to_pixels(p.xf, p.yf))
            ab = b - a
            s = float(np.clip(np.dot(np.array(pos) - a, ab) / max(ab @ ab, 1e-9), 0, 1))
            if np.linalg.norm(np.array(pos) - (a + s * ab)) <= cam.length_to_pixels(p.width) / 2 + GRAB_MARGIN:
                return p.id
        elif isinstance(p, BlockPose):
            mx, my = cam.to_model(px, py)
            dx, dy = mx - p.x, my - p.y
            c, s = math.cos(p.angle), math.sin(p.angle)
            u, v = c * dx + s * dy, -s * dx + c * dy
            margin = cam.length_to_model(GRAB_MARGIN)
            if abs(u) <= p.width / 2 + margin and abs(v) <= p.height / 2 + margin:
                return p.id
        elif isinstance(p, SpringPose):
            ex, ey = cam.to_pixels(p.x2, p.y2)
            if math.hypot(px - ex, py - ey) <= GRAB_MARGIN + 4:
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
