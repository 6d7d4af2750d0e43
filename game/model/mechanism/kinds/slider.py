"""``<SLIDER>id|P|A|B</SLIDER>``: point P kept on the line through A and B (SPEC §7.5): a block
on a guide, or a collar on a bar between A and B.

Its terms: its point kept on its line, the force across the line, its guide and block."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import ClassVar

import numpy as np

from ....expr import Node, SourceError
from ....expr import algebra as A
from ....messages import msg
from ...poses import Pose, RailPose
from ..elements import Cell, Element, ident, point
from ..terms import Box, Drawing, Engine, Gauss, Place, Reaction, cross


class Slider(Element):
    tag: ClassVar[str] = "SLIDER"
    cells: ClassVar[tuple[Cell, ...]] = (ident(), point("P"), point("A"), point("B"))
    required: ClassVar[int] = 4
    constrains: ClassVar[bool] = True
    drawn = True
    pose_rank = 0

    # -- checks ------------------------------------------------------------------------------

    def joins(self, free: set[str]) -> SourceError | None:
        p, a, b = self.points
        if a == b:
            return SourceError(msg("mechanism.slider_same_points", element=self.label, a=a, b=b),
                               self.point_locations[2])
        if p in (a, b):
            return SourceError(msg("mechanism.slider_own_line", element=self.label, point=p), self.point_locations[0])
        return None

    def degenerate(self, distance: Callable[[str, str], float], tiny: Callable[..., float]) -> SourceError | None:
        _, a, b = self.points
        if distance(a, b) <= tiny(a, b):
            return SourceError(msg("mechanism.slider_no_line", element=self.label, a=a, b=b), self.location)
        return None

    # -- terms -------------------------------------------------------------------------------

    def constraint(self, s: Engine) -> Node | None:
        (xp, yp), (xa, ya), (xb, yb) = (s.point(p) for p in self.points)
        L0 = s.length(self.points[1], self.points[2])
        # cross(P − A, B − A)/|AB|₀: the distance of P from the line while |AB| keeps its length
        return A.div(A.sub(A.mul(A.sub(xp, xa), A.sub(yb, ya)), A.mul(A.sub(yp, ya), A.sub(xb, xa))), A.num(L0))

    def reaction(self, s: Engine, q: np.ndarray) -> float:
        # the force across the line as it is now, not as long as it was written
        (xa, ya), (xb, yb) = s.where(self.points[1], q), s.where(self.points[2], q)
        return math.hypot(xb - xa, yb - ya) / s.length(self.points[1], self.points[2])

    def arrows(self, s: Engine, q: np.ndarray, lam: float) -> list[Reaction]:
        # the force on P is −λ·∂Φ/∂P, across the line A→B (to its left for λ > 0)
        (xp, yp), (xa, ya), (xb, yb) = (s.where(p, q) for p in self.points)
        L0 = s.length(self.points[1], self.points[2])
        return [(self.id, "normal", xp, yp, -lam * (yb - ya) / L0, lam * (xb - xa) / L0)]

    def confine(self, s: Engine, boxes: dict[str, Box]) -> None:
        # a block on a guide that does not move stays on its line
        p, a, b = self.points
        if p in boxes and p not in s.fixed and a in s.fixed and b in s.fixed:
            boxes[p] = on_line(boxes[p], s.fixed[a], s.fixed[b])

    def poses(self, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        p, a, b = self.points
        fixed = a in d.system.fixed and b in d.system.fixed
        return [RailPose(self.id, *at(a), *at(b), *at(p), fixed, {a, b} in d.bar_ends)]

    def appell(self, numbers: object, g: Gauss) -> None:
        p, a, b = self.points
        u, w = g.r(p) - g.r(a), g.r(b) - g.r(a)
        du, dw = g.rdot(p) - g.rdot(a), g.rdot(b) - g.rdot(a)
        # (u × w)'' = ü × w + 2·u̇ × ẇ + u × ẅ = 0
        row = np.zeros(g.n)
        g.put(row, p, np.array([w[1], -w[0]]))
        g.put(row, b, np.array([-u[1], u[0]]))
        g.put(row, a, -np.array([w[1], -w[0]]) - np.array([-u[1], u[0]]))
        if set(self.points) & set(g.index):
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
