"""The only door to ``pygame.draw``: every shape is cut to what can show first.

Each function here takes the same arguments as its ``pygame.draw`` namesake,
cuts the geometry (see :mod:`game.render.clip`) to the surface's clip
rectangle — the drawing area, set by :func:`clipped` — widened by a margin,
and only then calls pygame. So the cost of a frame is bounded by the size of
the window whatever the model does: an arrow 10⁹ pixels long, a bar 10⁶ units
wide, a ball larger than the screen or a body far off to one side all draw in
the time of something that fits. Non-finite coordinates draw nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np
import pygame

from . import clip
from .clip import Point, Rect

#: RGB, or RGBA on a surface with an alpha channel (translucent ghosts)
Colour = tuple[int, int, int] | tuple[int, int, int, int]

#: Pixels of geometry kept beyond the clip rectangle: wider than any line, so cut
#: edges and their anti-aliasing stay out of sight.
MARGIN = 32.0
#: A circle larger than this many times the visible rectangle's half-diagonal is
#: drawn as the polygon of its visible arc (pygame's circles cost their radius).
_HUGE = 2.0


@contextmanager
def clipped(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> Iterator[None]:
    """Restrict drawing to ``rect`` (intersected with any existing clip), then restore.

    Bodies and trails that leave the drawing area must not paint over the bars
    or panels of the window.
    """
    old = surface.get_clip()
    surface.set_clip(old.clip(pygame.Rect(rect)))
    try:
        yield
    finally:
        surface.set_clip(old)


def area(surface: pygame.Surface, extra: float = 0.0) -> Rect:
    """The rectangle geometry is cut to: the surface's clip plus the margin."""
    c = surface.get_clip()
    return clip.expand((c.x, c.y, c.w, c.h), MARGIN + extra)


def _finite(points: Sequence[Point]) -> bool:
    return all(math.isfinite(p[0]) and math.isfinite(p[1]) for p in points)


def polygon(surface: pygame.Surface, colour: Colour, points: Sequence[Point]) -> pygame.Rect | None:
    """A filled polygon; returns the touched rectangle or None when nothing shows."""
    if not _finite(points):
        return None
    cut = clip.polygon(points, area(surface))
    return pygame.draw.polygon(surface, colour, cut) if cut else None


def solid_polygon(surface: pygame.Surface, colour: Colour, points: Sequence[Point]) -> pygame.Rect | None:
    """A filled polygon with its edge pixels too: the fill alone leaves out some pixels along an
    edge, which an anti-aliased outline over it then blends with the background (a dashed light
    seam along a bar); a one-pixel aliased outline fills them."""
    if not _finite(points):
        return None
    cut = clip.polygon(points, area(surface))
    if not cut:
        return None
    touched = pygame.draw.polygon(surface, colour, cut)
    pygame.draw.polygon(surface, colour, cut, 1)
    return touched


def aalines(surface: pygame.Surface, colour: Colour, closed: bool, points: Sequence[Point]) -> None:
    """An anti-aliased polyline (closed: back to the first point)."""
    lines(surface, colour, closed, points, 1, antialias=True)


def lines(surface: pygame.Surface, colour: Colour, closed: bool, points: Sequence[Point], width: int = 1,
          *, antialias: bool = False) -> None:
    """A polyline of ``width`` pixels (or anti-aliased, one pixel wide)."""
    pts = list(points)
    if closed and len(pts) > 2:
        pts.append(pts[0])
    if len(pts) < 2 or not _finite(pts):
        return
    for piece in clip.polyline(pts, area(surface, width)):
        draw_piece(surface, colour, piece.tolist(), width, antialias)


def draw_piece(surface: pygame.Surface, colour: Colour, points: list, width: int, antialias: bool) -> None:
    """An already-cut polyline (the trail code cuts its own, many at a time)."""
    if antialias or width <= 1:
        pygame.draw.aalines(surface, colour, False, points)
    else:
        pygame.draw.lines(surface, colour, False, points, width)


def line(surface: pygame.Surface, colour: Colour, start: Point, end: Point, width: int = 1,
         *, antialias: bool = False) -> None:
    """One segment (anti-aliased ones are one pixel wide)."""
    if not _finite((start, end)):
        return
    cut = clip.segment(start, end, area(surface, width))
    if cut is None:
        return
    if antialias:
        pygame.draw.aaline(surface, colour, *cut)
    else:
        pygame.draw.line(surface, colour, *cut, width)


def segments(surface: pygame.Surface, colour: Colour, starts: np.ndarray, ends: np.ndarray, width: int = 1) -> None:
    """Many segments of one colour (the ghosts of an ensemble): those wholly inside the area
    are drawn as they are, the others cut one by one as :func:`line` does."""
    starts, ends = np.asarray(starts, dtype=float).reshape(-1, 2), np.asarray(ends, dtype=float).reshape(-1, 2)
    inside = _inside(np.concatenate((starts, ends), axis=1).reshape(-1, 2, 2), area(surface, width)).all(axis=1)
    for p, q in zip(starts[inside].tolist(), ends[inside].tolist()):
        pygame.draw.line(surface, colour, p, q, width)
    for p, q in zip(starts[~inside].tolist(), ends[~inside].tolist()):
        line(surface, colour, p, q, width)


def discs(surface: pygame.Surface, colour: Colour, centres: np.ndarray, radius: float) -> None:
    """Many discs of one size and colour (not anti-aliased): those wholly inside the area drawn
    as they are, the others as :func:`circle` does."""
    centres = np.asarray(centres, dtype=float).reshape(-1, 2)
    if not (math.isfinite(radius) and radius > 0):
        return
    x, y, w, h = area(surface)
    inside = _inside(centres, (x + radius, y + radius, w - 2 * radius, h - 2 * radius))
    for c in centres[inside].tolist():
        pygame.draw.circle(surface, colour, c, radius)
    for c in centres[~inside].tolist():
        circle(surface, colour, c, radius)


def _inside(points: np.ndarray, rect: Rect) -> np.ndarray:
    """Per point (the last axis holds x, y): finite and inside ``rect``."""
    x, y, w, h = rect
    px, py = points[..., 0], points[..., 1]
    with np.errstate(invalid="ignore"):
        return (px >= x) & (px <= x + w) & (py >= y) & (py <= y + h)


def visible_span(surface: pygame.Surface, start: Point, end: Point, extra: float = 0.0) -> tuple[float, float] | None:
    """The part of segment ``start``–``end`` that can show, as distances from ``start``
    (for dashes and hatching along a line: only the visible ones are drawn, however long)."""
    if not _finite((start, end)):
        return None
    cut = clip.segment(start, end, area(surface, extra))
    if cut is None:
        return None
    return (math.hypot(cut[0][0] - start[0], cut[0][1] - start[1]), math.hypot(cut[1][0] - start[0], cut[1][1] - start[1]))


def circle(surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: int = 0) -> pygame.Rect | None:
    """An anti-aliased disc (``width`` 0) or ring; None when nothing shows."""
    if not (_finite((centre,)) and math.isfinite(radius)) or radius <= 0:
        return None
    box = area(surface, width)
    where = clip.circle(centre, radius, box)
    if where == "outside" or (where == "covers" and width):
        return None  # a ring whose circle is wholly outside the view in either direction
    _x, _y, w, h = box
    if radius <= _HUGE * math.hypot(w, h) / 2:
        return pygame.draw.aacircle(surface, colour, centre, radius, width)
    if where == "covers":
        r = surface.get_clip()
        surface.fill(colour, r)
        return r
    if width:
        lines(surface, colour, False, clip.arc_points(centre, radius, box), width)
        return surface.get_clip()
    return polygon(surface, colour, clip.disc_polygon(centre, radius, box))


def fill(surface: pygame.Surface, colour: Colour, rect: tuple[float, float, float, float]) -> None:
    """A filled axis-aligned rectangle (any coordinates: cut before pygame's integers)."""
    x, y, w, h = rect
    if not all(map(math.isfinite, rect)):
        return
    ax, ay, aw, ah = area(surface)
    x0, y0 = max(x, ax), max(y, ay)
    x1, y1 = min(x + w, ax + aw), min(y + h, ay + ah)
    if x1 > x0 and y1 > y0:
        surface.fill(colour, pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)))


def box(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, radius: int = 0, width: int = 0) -> None:
    """A filled rectangle with rounded corners, inside the window (a banner, a label); with
    ``width``, only its edge."""
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)
