"""What part of the model plane the drawing area shows: zoom, pan and fit, in model units.

A model file places itself with ``escala`` (pixels per unit) and ``Ox``, ``Oy``
(pixels from the centre of the drawing area). A :class:`Framing` is that choice
and what the student did to it since: a zoom factor over ``escala`` and the
model point at the centre of the drawing area. The camera of the window is made
from it (``Camera(*framing.camera(escala), viewport)``), so a zoom or a pan is a
new framing, and dragging, picking and drawing all follow.

Until the student zooms, pans or fits, the framing follows the drawing area
(:func:`automatic`): the model's own placement while the motion fits in the area
there; zoomed out, never in, when it would be cut off (a small window, panels
open); zoomed in only on a model drawn so small that most of the window stays
empty *and* whose whole motion is known to stay in that small region (a pendulum:
its bob never leaves the circle of its bar). A free body (a planet) is never a
reason to zoom in: where it starts says nothing of where it goes.
No pygame here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ...model.poses import Pose

#: the zoom stays within these factors of the model's own ``escala``
ZOOM_RANGE = (1e-3, 1e3)
#: one notch of the mouse wheel, one press of + or −
ZOOM_STEP = 1.25
#: a fitted box fills this fraction of the drawing area (a margin all round)
FILL = 0.9
#: automatic framing: bodies spanning less than this fraction of the drawing area in both
#: directions leave "most of the window empty" and are fitted
SMALL = 0.25
#: a fitted box is at least this many times the largest body (a ball alone does not fill the
#: screen); with no body of any size, this many pixels at the model's own scale
LEAST_BODIES = 4.0
LEAST_PX = 80.0

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in model units


@dataclass(frozen=True)
class Framing:
    #: pixels per unit are the model's ``escala`` times this
    zoom: float = 1.0
    #: the model point at the centre of the drawing area
    centre: tuple[float, float] = (0.0, 0.0)
    #: the student zoomed, panned or fitted: the framing stays put when the drawing area changes
    manual: bool = False

    @classmethod
    def of_model(cls, escala: float, ox: float, oy: float) -> Framing:
        """The model file's own placement (origin ``Ox``, ``Oy`` pixels from the centre, y down)."""
        return cls(1.0, (-ox / escala, oy / escala))

    def camera(self, escala: float) -> tuple[float, float, float]:
        """``(escala, ox, oy)`` of the camera that shows this framing."""
        s = escala * self.zoom
        return (s, -self.centre[0] * s, self.centre[1] * s)

    def shown(self, area: tuple[int, int], escala: float) -> Box:
        """The box of the model plane a drawing area of ``area`` pixels shows."""
        s = escala * self.zoom
        half_w, half_h = area[0] / 2 / s, area[1] / 2 / s
        cx, cy = self.centre
        return cx - half_w, cy - half_h, cx + half_w, cy + half_h

    def zoomed(self, factor: float, at: tuple[float, float] | None = None) -> Framing:
        """Zoom by ``factor`` keeping the model point ``at`` (the cursor) where it is on screen."""
        zoom = min(max(self.zoom * factor, ZOOM_RANGE[0]), ZOOM_RANGE[1])
        cx, cy = self.centre
        ax, ay = at if at is not None else self.centre
        keep = self.zoom / zoom  # what the distance from `at` to the centre becomes
        return Framing(zoom, (ax + (cx - ax) * keep, ay + (cy - ay) * keep), manual=True)

    def panned(self, dx_px: float, dy_px: float, escala: float) -> Framing:
        """Move what is shown with the mouse: ``dx_px``, ``dy_px`` pixels (y down)."""
        s = escala * self.zoom
        return Framing(self.zoom, (self.centre[0] - dx_px / s, self.centre[1] + dy_px / s), manual=True)


def fit(box: Box, area: tuple[int, int], escala: float, manual: bool = True, least: float = 0.0) -> Framing:
    """The framing that shows ``box`` (model units) as large as fits in ``area`` (pixels),
    a box of at least ``least`` units (default: :data:`LEAST_PX` at the model's scale)."""
    x0, y0, x1, y1 = box
    least = least or LEAST_PX / escala
    w, h = max(x1 - x0, least), max(y1 - y0, least)
    zoom = FILL * min(area[0] / w, area[1] / h) / escala
    zoom = min(max(zoom, ZOOM_RANGE[0]), ZOOM_RANGE[1])
    return Framing(zoom, ((x0 + x1) / 2, (y0 + y1) / 2), manual)


def automatic(own: Framing, area: tuple[int, int], escala: float, motion: Box | None,
              bounds: Box | None = None, least: float = 0.0, unseen: Box | None = None,
              fill: bool = False) -> Framing:
    """The framing while the student has not chosen one.

    ``motion`` is where the bodies are, were (trails) and are about to go; ``bounds``, when known,
    a box no body can ever leave (see :meth:`game.physics.kinematics.Kinematics.motion_bounds`);
    ``unseen``, where they might go beyond what ``motion`` saw (see :func:`reach`).
    If ``bounds`` (with ``motion``) spans less than :data:`SMALL` of the area both ways, the
    model is drawn too small and is fitted to it (zoomed in: that is the whole motion). Else the
    model's own framing, if ``motion`` fits in the area there; else fitted to ``motion`` and
    ``unseen``, never zoomed in past ``own`` (what fits at the model's own scale is only moved
    to the centre).

    ``fill`` (a kiosk's screen, seen from afar): the motion is always fitted to the area, zoomed in
    as far as it fills it — to ``bounds`` when known, else to ``motion`` and ``unseen``."""
    if fill and (bounds is not None or motion is not None):
        whole = [b for b in ((bounds, motion) if bounds is not None else (motion, unseen)) if b is not None]
        return fit(union(whole) or whole[0], area, escala, manual=False, least=least)
    scale = escala * own.zoom
    half_w, half_h = area[0] / 2 / scale, area[1] / 2 / scale
    known = union([b for b in (bounds, motion) if b is not None]) if bounds is not None else None
    if known is not None:
        x0, y0, x1, y1 = known
        if (x1 - x0) < SMALL * 2 * half_w and (y1 - y0) < SMALL * 2 * half_h:
            return fit(known, area, escala, manual=False, least=least)
    if motion is None:
        return own
    x0, y0, x1, y1 = motion
    cx, cy = own.centre
    if cx - half_w <= x0 and x1 <= cx + half_w and cy - half_h <= y0 and y1 <= cy + half_h:
        return own
    if unseen is not None and bounds is not None:  # room to swing, but not beyond where the bodies can go
        unseen = overlap(unseen, bounds)
    target = motion if unseen is None else (union([motion, unseen]) or motion)
    fitted = fit(target, area, escala, manual=False, least=least)
    return Framing(min(fitted.zoom, own.zoom), fitted.centre, manual=False)


def extent(poses: Iterable[Pose], trails: Iterable[np.ndarray] = (),
           points: Iterable[tuple[float, float]] = ()) -> Box | None:
    """The box (model units) around every body with its size, every trail point and ``points``."""
    xs: list[float] = []
    ys: list[float] = []

    def add(x: float, y: float, r: float = 0.0) -> None:
        if math.isfinite(x) and math.isfinite(y) and math.isfinite(r):
            xs.extend((x - r, x + r))
            ys.extend((y - r, y + r))

    for p in poses:
        for x, y, r in p.extent_points():
            add(x, y, r)
    for x, y in points:
        add(x, y)
    boxes = [(min(xs), min(ys), max(xs), max(ys))] if xs else []
    for t in trails:
        t = t[np.isfinite(t).all(axis=1)] if len(t) else t
        if len(t):
            lo, hi = t.min(axis=0), t.max(axis=0)
            boxes.append((float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))
    return union(boxes)


def least_box(poses: Iterable[Pose]) -> float:
    """The smallest box a fit shows: :data:`LEAST_BODIES` times the largest body (0 if none has a size:
    :meth:`~game.model.poses.Pose.size`; a bar or a block counts by its thickness)."""
    sizes = [0.0, *(p.size() for p in poses)]
    size = max(s for s in sizes if math.isfinite(s))
    return LEAST_BODIES * size


def reach(poses: Sequence[Pose], pivots: Sequence[tuple[float, float]]) -> Box | None:
    """Where the bodies can swing: :func:`extent` plus, around each fixed pivot, the disc
    through the farthest body point (a pendulum turns about its pivot)."""
    bodies = extent(poses)
    if bodies is None:
        return None
    boxes = [bodies]
    x0, y0, x1, y1 = bodies
    for px, py in pivots:
        r = max(math.hypot(x - px, y - py) for x in (x0, x1) for y in (y0, y1))
        boxes.append((px - r, py - r, px + r, py + r))
    return union(boxes)


def inside(a: Box, b: Box) -> bool:
    """Box ``a`` lies within box ``b``."""
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def union(boxes: Sequence[Box]) -> Box | None:
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def overlap(a: Box, b: Box) -> Box | None:
    """The part of box ``a`` inside box ``b`` (None if they do not meet)."""
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] <= box[2] and box[1] <= box[3] else None
