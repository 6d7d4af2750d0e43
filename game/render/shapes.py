"""Pure geometry of the drawn shapes, as point lists; no pygame here.

Kept apart from the drawing calls so tests can check the shapes exactly (a
spring's end points, its number of coils) without reading pixels back. Shapes
have a few dozen points, so plain ``math`` is faster than numpy here.
"""

from __future__ import annotations

import math

Point = tuple[float, float]


def _direction(p0: Point, p1: Point) -> tuple[float, float, float]:
    """Unit vector from ``p0`` to ``p1`` and the distance; (1, 0) if they coincide."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy)
    if length < 1e-12:
        # Any direction will do for a degenerate shape; a fixed one keeps the
        # drawing stable instead of flickering with rounding noise.
        return 1.0, 0.0, 0.0
    return dx / length, dy / length, length


def capsule_polygon(p0: Point, p1: Point, radius: float) -> list[Point]:
    """Outline of a rod with round ends: segment ``p0``-``p1`` thickened by ``radius``.

    Returned as one polygon (two half circles joined by the straight sides) so
    it can be filled once and outlined once with anti-aliased lines.
    """
    ux, uy, _ = _direction(p0, p1)
    phi = math.atan2(uy, ux)
    # Enough vertices that the round end looks round, few enough to be cheap;
    # even, so one vertex sits exactly on the axis at each end.
    n = 2 * max(2, min(8, math.ceil(radius / 2)))
    pts: list[Point] = []
    for centre, start in ((p1, phi - math.pi / 2), (p0, phi + math.pi / 2)):
        for k in range(n + 1):
            a = start + math.pi * k / n
            pts.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
    return pts


def rect_corners(cx: float, cy: float, width: float, height: float, angle: float) -> list[Point]:
    """Corners of a ``width`` x ``height`` rectangle centred at (cx, cy), turned by ``angle``.

    Works in model space (y up): a positive ``angle`` turns counter-clockwise,
    the same sense in which a bar's angle from the downward vertical grows.
    """
    c, s = math.cos(angle), math.sin(angle)
    hw, hh = width / 2, height / 2
    return [
        (cx + c * x - s * y, cy + s * x + c * y)
        for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
    ]


def zigzag_points(
    p0: Point, p1: Point, coils: int, amplitude: float, lead: float
) -> list[Point]:
    """Centre line of a spring from ``p0`` to ``p1`` as a polyline.

    Layout: a straight lead of length ``lead`` (shortened if the spring is very
    short), then ``2 * coils`` peaks alternating at +/- ``amplitude`` from the
    axis, then a straight lead to ``p1``. The number of peaks never changes, so
    the spring visibly squeezes and stretches instead of gaining or losing
    coils. The first point is exactly ``p0`` and the last exactly ``p1``.
    """
    if coils < 1:
        raise ValueError(f"a spring needs at least one coil, got {coils}")
    ux, uy, length = _direction(p0, p1)
    if length == 0.0:
        return [p0, p1]
    # Leads may take at most a quarter of the length each, or a squeezed spring
    # would be all lead and no coil.
    lead = min(max(lead, 0.0), 0.25 * length)
    nx, ny = -uy, ux  # unit normal
    zig = length - 2 * lead
    peaks = 2 * coils
    pts: list[Point] = [p0, (p0[0] + ux * lead, p0[1] + uy * lead)]
    for k in range(peaks):
        s = lead + zig * (k + 0.5) / peaks
        off = amplitude if k % 2 == 0 else -amplitude
        pts.append((p0[0] + ux * s + nx * off, p0[1] + uy * s + ny * off))
    pts.append((p1[0] - ux * lead, p1[1] - uy * lead))
    pts.append(p1)
    return pts


def arrow_polygon(
    start: Point, end: Point, width: float, head_length: float, head_half_width: float
) -> list[Point]:
    """Seven-point outline of an arrow: a shaft of ``width`` and a triangular head.

    One polygon (rather than a line plus a triangle) so the whole arrow gets a
    single anti-aliased outline with no seam where shaft meets head.
    """
    ux, uy, _length = _direction(start, end)
    nx, ny = -uy, ux
    hw = width / 2
    bx, by = end[0] - ux * head_length, end[1] - uy * head_length  # base of the head
    return [
        (start[0] + nx * hw, start[1] + ny * hw),
        (bx + nx * hw, by + ny * hw),
        (bx + nx * head_half_width, by + ny * head_half_width),
        end,
        (bx - nx * head_half_width, by - ny * head_half_width),
        (bx - nx * hw, by - ny * hw),
        (start[0] - nx * hw, start[1] - ny * hw),
    ]


def clip_polygon(points: list[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """The part of a polygon inside ``box`` = (left, top, right, bottom) (Sutherland–Hodgman).

    pygame's polygon fill and anti-aliased lines walk their whole extent: a body flung
    10⁹ pixels away would hang a frame, so what is drawn is first cut to a box a little
    larger than the surface."""
    left, top, right, bottom = box
    edges = ((0, left, 1), (0, right, -1), (1, top, 1), (1, bottom, -1))  # (axis, bound, inside sign)
    out = list(points)
    for axis, bound, sign in edges:
        if not out:
            break
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            cur_in = (cur[axis] - bound) * sign >= 0
            prev_in = (prev[axis] - bound) * sign >= 0
            if cur_in != prev_in:
                t = (bound - prev[axis]) / (cur[axis] - prev[axis])
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            if cur_in:
                out.append(cur)
    return out


def clip_segment(p0: Point, p1: Point, box: tuple[float, float, float, float]) -> tuple[Point, Point] | None:
    """The part of the segment p0–p1 inside ``box`` (Liang–Barsky), or None."""
    left, top, right, bottom = box
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, p0[0] - left), (dx, right - p0[0]), (-dy, p0[1] - top), (dy, bottom - p0[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p0[0] + t0 * dx, p0[1] + t0 * dy), (p0[0] + t1 * dx, p0[1] + t1 * dy)
