"""Cutting geometry to a rectangle before it is drawn; pure arithmetic, no pygame.

pygame's drawing cost grows with the size of what it is given, not with what
shows: an arrow a million pixels long takes seconds to fill, and coordinates
beyond 2³¹ do not even fit its integers. So every shape is cut here, in float
pixel coordinates (the camera's map from model units is affine, so cutting
after it is cutting the model geometry), to the visible rectangle plus a
margin — the margin keeps the cut edges, and the anti-aliasing along them,
out of sight. What survives is at most a few times the size of the window,
however large the model made it.

Rectangles are ``(x, y, w, h)`` in pixels, as everywhere in the drawing code.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

#: Polylines shorter than this are cut in plain Python (numpy's overhead would dominate).
_SMALL = 48
#: Arc points for the visible part of a circle too large to hand to pygame.
_ARC_POINTS = 96


def expand(rect: Rect, margin: float) -> Rect:
    x, y, w, h = rect
    return (x - margin, y - margin, w + 2 * margin, h + 2 * margin)


def contains(rect: Rect, p: Point) -> bool:
    x, y, w, h = rect
    return x <= p[0] <= x + w and y <= p[1] <= y + h


def segment(p0: Point, p1: Point, rect: Rect) -> tuple[Point, Point] | None:
    """The part of segment ``p0``–``p1`` inside ``rect`` (Liang–Barsky), or None."""
    x, y, w, h = rect
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, p0[0] - x), (dx, x + w - p0[0]), (-dy, p0[1] - y), (dy, y + h - p0[1])):
        if p == 0.0:
            if q < 0.0:
                return None
            continue
        r = q / p
        if p < 0.0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return ((p0[0] + t0 * dx, p0[1] + t0 * dy), (p0[0] + t1 * dx, p0[1] + t1 * dy))


def polygon(points: Sequence[Point], rect: Rect) -> list[Point]:
    """The part of a filled polygon inside ``rect`` (Sutherland–Hodgman); [] when none.

    Exact for convex polygons (every filled shape here is convex: capsules,
    blocks, arrows, the disc of a ball); a concave one may gain edges along the
    rectangle, which the margin keeps out of sight.
    """
    x, y, w, h = rect
    out = [(float(p[0]), float(p[1])) for p in points]
    # (axis, bound, keep the side >= bound?)
    for axis, bound, above in ((0, x, True), (0, x + w, False), (1, y, True), (1, y + h, False)):
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        prev_in = (prev[axis] >= bound) if above else (prev[axis] <= bound)
        for cur in src:
            cur_in = (cur[axis] >= bound) if above else (cur[axis] <= bound)
            if cur_in != prev_in:
                t = (bound - prev[axis]) / (cur[axis] - prev[axis])
                cut = (prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1]))
                out.append((bound, cut[1]) if axis == 0 else (cut[0], bound))
            if cur_in:
                out.append(cur)
            prev, prev_in = cur, cur_in
    return out if len(out) >= 3 else []


def polyline(points: Sequence[Point] | np.ndarray, rect: Rect) -> list[np.ndarray]:
    """The pieces of an open polyline inside ``rect``, each an ``(k, 2)`` array (k ≥ 2).

    Vectorised: a trail of thousands of points that lies inside costs one
    comparison per point; only the segments that cross the edge are cut.
    """
    if len(points) < _SMALL:
        return _small_polyline(points, rect)
    xy = np.asarray(points, dtype=float).reshape(-1, 2)
    x, y, w, h = rect
    inside = (xy[:, 0] >= x) & (xy[:, 0] <= x + w) & (xy[:, 1] >= y) & (xy[:, 1] <= y + h)
    if inside.all():
        return [xy]
    p0, d = xy[:-1], np.diff(xy, axis=0)
    t0 = np.zeros(len(d))
    t1 = np.ones(len(d))
    visible = np.ones(len(d), dtype=bool)
    with np.errstate(divide="ignore", invalid="ignore"):
        for p, q in ((-d[:, 0], p0[:, 0] - x), (d[:, 0], x + w - p0[:, 0]),
                     (-d[:, 1], p0[:, 1] - y), (d[:, 1], y + h - p0[:, 1])):
            parallel = p == 0.0
            visible &= ~(parallel & (q < 0.0))
            r = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
            t0 = np.where(~parallel & (p < 0.0), np.maximum(t0, r), t0)
            t1 = np.where(~parallel & (p > 0.0), np.minimum(t1, r), t1)
    visible &= t0 <= t1
    a = p0 + t0[:, None] * d
    b = p0 + t1[:, None] * d
    idx = np.flatnonzero(visible)
    if not len(idx):
        return []
    # A visible segment continues the piece of the one before when they meet inside.
    joined = np.zeros(len(idx), dtype=bool)
    joined[1:] = (np.diff(idx) == 1) & (t1[idx[:-1]] == 1.0) & (t0[idx[1:]] == 0.0)
    starts = np.flatnonzero(~joined)
    ends = np.append(starts[1:], len(idx))
    pieces = []
    for s, e in zip(starts.tolist(), ends.tolist()):
        seg = idx[s:e]
        pieces.append(np.vstack((a[seg[0]], b[seg])))
    return pieces


def _small_polyline(points, rect: Rect) -> list[np.ndarray]:
    """:func:`polyline` for a few points (an outline, a spring): plain Python is faster there."""
    if len(points) < 2:
        return []
    pts = [(float(p[0]), float(p[1])) for p in points]
    if all(contains(rect, p) for p in pts):
        return [np.array(pts)]
    pieces: list[list[Point]] = []
    current: list[Point] = []
    for p0, p1 in itertools.pairwise(pts):
        cut = segment(p0, p1, rect)
        if cut is None:
            continue
        a, b = cut
        if current and current[-1] == a:
            current.append(b)
        else:
            if len(current) >= 2:
                pieces.append(current)
            current = [a, b]
    if len(current) >= 2:
        pieces.append(current)
    return [np.array(piece) for piece in pieces]


def circle(centre: Point, radius: float, rect: Rect) -> str:
    """How a disc meets ``rect``: "outside", "covers" (the whole rect is inside it) or "crosses"."""
    x, y, w, h = rect
    cx, cy = centre
    nx, ny = min(max(cx, x), x + w), min(max(cy, y), y + h)  # nearest point of the rect
    if math.hypot(cx - nx, cy - ny) > radius:
        return "outside"
    fx, fy = max(abs(cx - x), abs(cx - x - w)), max(abs(cy - y), abs(cy - y - h))  # farthest corner
    return "covers" if math.hypot(fx, fy) <= radius else "crosses"


def disc_polygon(centre: Point, radius: float, rect: Rect) -> list[Point]:
    """A huge disc as a polygon: the arc of it near ``rect`` closed through its centre.

    For a disc much larger than ``rect`` that "crosses" it. The arc spans every
    direction from the centre that can reach the rectangle, so the slice holds
    all of the disc that is in view; cut with :func:`polygon` afterwards.
    """
    x, y, w, h = rect
    rx, ry = x + w / 2, y + h / 2
    reach = math.hypot(w, h) / 2
    d = math.hypot(rx - centre[0], ry - centre[1])
    towards = math.atan2(ry - centre[1], rx - centre[0])
    span = math.asin(min(1.0, reach / d)) if d > reach else math.pi
    pts = [centre] if span < math.pi else []
    for k in range(_ARC_POINTS + 1):
        a = towards - span + 2 * span * k / _ARC_POINTS
        pts.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
    return pts


def arc_points(centre: Point, radius: float, rect: Rect) -> list[Point]:
    """The outline of a huge circle near ``rect`` (the arc of :func:`disc_polygon`)."""
    pts = disc_polygon(centre, radius, rect)
    return pts[1:] if len(pts) == _ARC_POINTS + 2 else pts
