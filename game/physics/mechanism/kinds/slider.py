"""A slider's terms (:class:`~game.model.mechanism.kinds.slider.Slider`): its point kept on its
line, the force across the line, its guide and block."""

from __future__ import annotations

import math

import numpy as np

from ....expr import Node
from ....expr import algebra as A
from ....model.mechanism import Element
from ....model.poses import Pose, RailPose
from ..assembly import Assembly
from .base import Drawing, Gauss, Place, Reaction, Terms, cross

#: a box (x0, y0, x1, y1)
Box = tuple[float, float, float, float]


class SliderTerms(Terms):
    drawn = True
    pose_rank = 0

    def constraint(self, e: Element, s: Assembly) -> Node | None:
        (xp, yp), (xa, ya), (xb, yb) = (s.point(p) for p in e.points)
        L0 = s.length(e.points[1], e.points[2])
        # cross(P − A, B − A)/|AB|₀: the distance of P from the line while |AB| keeps its length
        return A.div(A.sub(A.mul(A.sub(xp, xa), A.sub(yb, ya)), A.mul(A.sub(yp, ya), A.sub(xb, xa))), A.num(L0))

    def reaction(self, e: Element, s: Assembly, q: np.ndarray) -> float:
        # the force across the line as it is now, not as long as it was written
        (xa, ya), (xb, yb) = s.where(e.points[1], q), s.where(e.points[2], q)
        return math.hypot(xb - xa, yb - ya) / s.length(e.points[1], e.points[2])

    def arrows(self, e: Element, s: Assembly, q: np.ndarray, lam: float) -> list[Reaction]:
        # the force on P is −λ·∂Φ/∂P, across the line A→B (to its left for λ > 0)
        (xp, yp), (xa, ya), (xb, yb) = (s.where(p, q) for p in e.points)
        L0 = s.length(e.points[1], e.points[2])
        return [(e.id, "normal", xp, yp, -lam * (yb - ya) / L0, lam * (xb - xa) / L0)]

    def confine(self, e: Element, s: Assembly, boxes: dict[str, Box]) -> None:
        # a block on a guide that does not move stays on its line
        p, a, b = e.points
        if p in boxes and p not in s.fixed and a in s.fixed and b in s.fixed:
            boxes[p] = on_line(boxes[p], s.fixed[a], s.fixed[b])

    def poses(self, e: Element, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        p, a, b = e.points
        fixed = a in d.system.fixed and b in d.system.fixed
        return [RailPose(e.id, *at(a), *at(b), *at(p), fixed, {a, b} in d.bar_ends)]

    def appell(self, e: Element, numbers: object, g: Gauss) -> None:
        p, a, b = e.points
        u, w = g.r(p) - g.r(a), g.r(b) - g.r(a)
        du, dw = g.rdot(p) - g.rdot(a), g.rdot(b) - g.rdot(a)
        # (u × w)'' = ü × w + 2·u̇ × ẇ + u × ẅ = 0
        row = np.zeros(g.n)
        g.put(row, p, np.array([w[1], -w[0]]))
        g.put(row, b, np.array([-u[1], u[0]]))
        g.put(row, a, -np.array([w[1], -w[0]]) - np.array([-u[1], u[0]]))
        if set(e.points) & set(g.index):
            g.rows.append((row, -2 * cross(du, dw)))


def on_line(box: Box, a: tuple[float, float], b: tuple[float, float]) -> Box:
    """The box around the part of the line through ``a`` and ``b`` inside ``box`` (``box`` itself
    when the line misses it, which a point on both cannot do but round-off might)."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    lo, hi = -math.inf, math.inf
    for start, step, low, high in ((ax, dx, box[0], box[2]), (ay, dy, box[1], box[3])):
        if step == 0:
            if not low <= start <= high:
                return box
            continue
        t0, t1 = sorted(((low - start) / step, (high - start) / step))
        lo, hi = max(lo, t0), min(hi, t1)
    if not lo <= hi:
        return box
    xs, ys = (ax + lo * dx, ax + hi * dx), (ay + lo * dy, ay + hi * dy)
    return (max(box[0], min(xs)), max(box[1], min(ys)), min(box[2], max(xs)), min(box[3], max(ys)))
