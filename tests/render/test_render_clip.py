"""Geometry is cut to the drawing area before it reaches pygame (issue 9 item 1, issue 14
class 5): an arrow 10⁹ pixels long, a bar 10⁶ units wide, a ball larger than the screen
draw what shows of them, with bounded coordinates, and the same pixels as uncut shapes."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pygame
import pytest
from draw_recorder import DrawRecorder
from hypothesis import given, settings
from hypothesis import strategies as st
from render_helpers import BAR_GREY, EXAMPLE_CAMERA, rgb

from game.model.poses import BallPose, BarPose, BlockPose, SpringPose, VelocityPoint
from game.render import DEFAULT_STYLE, Camera, clip, draw_arrow, draw_scene, draw_velocity_arrows, paint

BG = DEFAULT_STYLE.background
VIEW = EXAMPLE_CAMERA.viewport  # (0, 48, 800, 500)
#: nothing handed to pygame may lie farther out than the window plus the cutting margin
BOUND = 800 + 2 * paint.MARGIN + 8

coordinate = st.floats(-1e12, 1e12, allow_nan=False)
near = st.floats(-300.0, 1100.0)


def inside(rect, p, tol=1e-6):
    x, y, w, h = rect
    return x - tol <= p[0] <= x + w + tol and y - tol <= p[1] <= y + h + tol


@given(st.tuples(coordinate, coordinate), st.tuples(coordinate, coordinate))
def test_a_cut_segment_lies_inside_and_on_the_original(p0, p1):
    rect = (0.0, 0.0, 800.0, 600.0)
    cut = clip.segment(p0, p1, rect)
    # sample the original segment: any sample inside the rectangle means it must survive
    ts = np.linspace(0, 1, 2001)
    pts = np.array(p0) + ts[:, None] * (np.array(p1) - np.array(p0))
    hits = [inside(rect, p, tol=-1e-3) for p in pts]
    if any(hits):
        assert cut is not None
    if cut is not None:
        scale = max(1.0, *map(abs, (*p0, *p1)))
        for q in cut:
            assert inside(rect, q, tol=1e-9 * scale)
            # on the line through p0, p1
            cross = (p1[0] - p0[0]) * (q[1] - p0[1]) - (p1[1] - p0[1]) * (q[0] - p0[0])
            assert abs(cross) <= 1e-6 * scale * scale


@given(st.lists(st.tuples(near, near), min_size=2, max_size=120))
@settings(max_examples=150)
def test_polyline_pieces_cover_exactly_the_visible_part(points):
    """Every visible sample of the original is on some piece; every piece is inside."""
    rect = (0.0, 48.0, 800.0, 500.0)
    pieces = clip.polyline(points, rect)
    for piece in pieces:
        assert len(piece) >= 2 and all(inside(rect, p) for p in piece)
    for a, b in itertools.pairwise(points):
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):
            p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            if inside(rect, p, tol=-1e-6):
                assert any(_on_polyline(p, piece) for piece in pieces), p


def _on_polyline(p, piece, tol=1e-6):
    for a, b in itertools.pairwise(piece):
        ab, ap = b - a, np.array(p) - a
        n = float(ab @ ab)
        s = 0.0 if n == 0 else float(np.clip(ap @ ab / n, 0, 1))
        if np.linalg.norm(ap - s * ab) <= tol * max(1.0, np.abs(piece).max()):
            return True
    return False


def test_long_polylines_take_the_vectorised_path_and_agree_with_the_short_one():
    rng = np.random.default_rng(3)
    pts = rng.uniform(-400, 1200, size=(500, 2))
    rect = (0.0, 48.0, 800.0, 500.0)
    fast = clip.polyline(pts, rect)
    slow = [piece for k in range(0, 499, 40) for piece in clip.polyline(pts[k:k + 41], rect)]
    # same set of segments (the short path restarts a piece every 40 points)
    def segments(pieces):
        return {tuple(np.round(np.concatenate((a, b)), 6)) for p in pieces for a, b in itertools.pairwise(p)}
    assert segments(fast) == segments(slow)


@given(st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=8))
def test_a_cut_polygon_lies_inside(points):
    rect = (0.0, 0.0, 800.0, 600.0)
    cut = clip.polygon(points, rect)
    assert cut == [] or len(cut) >= 3
    scale = max(1.0, *(abs(v) for p in points for v in p))
    assert all(inside(rect, p, tol=1e-9 * scale) for p in cut)


def test_cutting_does_not_change_what_shows(surface):
    """A shape a little larger than the window: cut or not, the same picture in the view.

    pygame rounds vertices to whole pixels, so an edge whose end was moved by the cut may
    be rasterized one pixel over along its length: differences may only touch the edges."""
    raw, cut = surface.copy(), surface.copy()
    poly = [(-300.0, 200.0), (1300.0, 260.0), (1250.0, 420.0), (-200.0, 500.0)]
    with paint.clipped(raw, VIEW):
        pygame.draw.polygon(raw, (200, 30, 30), poly)
        pygame.draw.aalines(raw, (20, 30, 200), True, poly)
        pygame.draw.aacircle(raw, (30, 160, 30), (900.0, 300.0), 250.0)
    with paint.clipped(cut, VIEW):
        paint.polygon(cut, (200, 30, 30), poly)
        paint.aalines(cut, (20, 30, 200), True, poly)
        paint.circle(cut, (30, 160, 30), (900.0, 300.0), 250.0)
    a, b = pygame.surfarray.array3d(raw).astype(int), pygame.surfarray.array3d(cut).astype(int)
    differing = np.argwhere(np.abs(a - b).max(axis=2) > 0) + 0.5
    edges = list(zip(poly, poly[1:] + poly[:1]))
    for p in differing:
        assert min(_distance(p, e0, e1) for e0, e1 in edges) <= 2.0, p  # one pixel over, from its centre
    assert len(differing) < 0.01 * VIEW[2] * VIEW[3]


def _distance(p, a, b):
    a, b = np.array(a), np.array(b)
    ab, ap = b - a, p - a
    s = float(np.clip(ap @ ab / (ab @ ab), 0, 1))
    return float(np.linalg.norm(ap - s * ab))


def test_an_arrow_a_billion_pixels_long_shows_its_shaft_and_reaches_pygame_cut(surface, monkeypatch):
    draw = DrawRecorder(monkeypatch)
    with paint.clipped(surface, VIEW):
        drawn = draw_arrow(surface, (400.0, 300.0), (400.0 + 1e9, 300.0 - 3e8), DEFAULT_STYLE.arrow, 3,
                           halo=BG)
    assert drawn is not None and draw.calls > 0
    assert draw.largest <= BOUND
    # the shaft leaves the start towards the right edge, rising 3 px for every 10
    assert rgb(surface, 500, 270) == DEFAULT_STYLE.arrow
    assert rgb(surface, 790, 183) == DEFAULT_STYLE.arrow
    assert rgb(surface, 500, 300) == BG
    assert rgb(surface, 10, 10) == BAR_GREY  # the bars are left alone


@pytest.mark.parametrize("speed", [1e6, 1e12, 1e300])
def test_velocity_arrows_of_any_finite_speed_are_cut(surface, monkeypatch, speed):
    draw = DrawRecorder(monkeypatch)
    draw_velocity_arrows(surface, EXAMPLE_CAMERA, [VelocityPoint("c", 0.0, 0.0, speed, -speed / 3)])
    assert draw.largest <= BOUND


def test_huge_bodies_draw_what_shows_of_them(surface, monkeypatch):
    """A bar 10⁶ units wide, a ball of radius 10⁵, a block and a spring reaching 10⁸ units away."""
    draw = DrawRecorder(monkeypatch)
    poses = [
        BarPose("b", -1.0, 0.5, 2e6, 0.5, 1e6 / 100, 0, 0, 0, 0, True),  # wider than the view
        BarPose("b2", 0.0, 1.0, 3e6, 1.5, 0.05, 0, 0, 0, 0, True),
        BlockPose("k", 0.0, -1e8, 4.0, 2e8 - 2.0, 0.3, 0, 0, True, True),
        SpringPose("s", -1e8, -1.5, 1.0, -1.5, 0.2, True),
        BallPose("c", 3.0 + 1e5, 0.0, 1e5, 0, 0, True, True),  # its edge passes through x = 3
        BallPose("far", 1e9, 1e9, 0.2, 0, 0, True, True),
    ]
    draw_scene(surface, EXAMPLE_CAMERA, poses, fixed_pivots=[(1e12, 0.0)])
    assert draw.largest <= BOUND
    # the ball's edge at model x = 3 (pixel 700): ball colour right of it, not left of it
    assert rgb(surface, 720, 420) == DEFAULT_STYLE.ball
    assert rgb(surface, 680, 420) != DEFAULT_STYLE.ball
    # the wide bar (1e4 units) and its pin (a white disc of 0.55 of that) cover the view's top
    assert rgb(surface, 100, 60) in (DEFAULT_STYLE.bar, DEFAULT_STYLE.pivot)


def test_a_circle_that_covers_the_view_fills_it(surface):
    with paint.clipped(surface, VIEW):
        paint.circle(surface, (10, 200, 10), (400.0, 300.0), 1e7)
        paint.circle(surface, (200, 10, 10), (400.0, 300.0), 1e7, 2)  # its rim is far outside
    assert rgb(surface, 5, 60) == (10, 200, 10) and rgb(surface, 795, 540) == (10, 200, 10)
    assert rgb(surface, 5, 10) == BAR_GREY


def test_a_huge_circle_crossing_the_view_keeps_its_true_edge(surface):
    r = 1e6
    centre = (400.0, 300.0 + r)  # its top is the horizontal line y = 300, to ~0.1 px over the view
    with paint.clipped(surface, VIEW):
        paint.circle(surface, (10, 200, 10), centre, r)
    for x in (5, 400, 795):
        assert rgb(surface, x, 302) == (10, 200, 10) and rgb(surface, x, 297) == BG


def test_non_finite_geometry_draws_nothing(surface):
    before = surface.copy()
    with paint.clipped(surface, VIEW):
        paint.polygon(surface, (0, 0, 0), [(0, 0), (math.inf, 0), (0, 100)])
        paint.line(surface, (0, 0, 0), (0, 0), (math.nan, 5))
        paint.circle(surface, (0, 0, 0), (100, 100), math.inf)
    assert (pygame.surfarray.array3d(before) == pygame.surfarray.array3d(surface)).all()


def test_every_drawing_goes_through_the_cutting_door():
    """Only paint.py calls pygame.draw (or fills with a rectangle of a model's making)."""
    from project import ROOT

    for path in (ROOT / "game" / "render").glob("*.py"):
        if path.name != "paint.py":
            assert "pygame.draw." not in path.read_text(encoding="utf-8"), path.name


def test_the_scene_camera_extreme_zoom_draws_bounded(surface, monkeypatch):
    draw = DrawRecorder(monkeypatch)
    cam = Camera(1e7, 0, 0, VIEW)
    draw_scene(surface, cam, [BarPose("b", 0, 0, 1, 1, 0.05, 0, 0, 0, 0, True), BallPose("c", 0.5, 0.5, 0.1, 0, 0, True, True)],
               fixed_pivots=[(0.0, 0.0)])
    assert draw.largest <= BOUND
