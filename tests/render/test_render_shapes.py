"""Pure geometry: springs, rods, rectangles, arrows."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from render_helpers import EXAMPLE_CAMERA

from game.model.poses import SpringPose
from game.render import DEFAULT_STYLE, spring_points
from game.render.shapes import arrow_polygon, capsule_polygon, rect_corners, zigzag_points


def _direction_changes(pts: list[tuple[float, float]], p0, p1) -> int:
    """How often the signed distance from the axis p0-p1 changes sign."""
    ux, uy = p1[0] - p0[0], p1[1] - p0[1]
    n = math.hypot(ux, uy)
    offs = [((x - p0[0]) * -uy + (y - p0[1]) * ux) / n for x, y in pts]
    signs = [1 if o > 1e-9 else -1 for o in offs if abs(o) > 1e-9]
    return sum(1 for a, b in itertools.pairwise(signs) if a != b)


def test_zigzag_spans_exactly_between_ends() -> None:
    p0, p1 = (100.0, 200.0), (340.0, 130.0)
    pts = zigzag_points(p0, p1, coils=12, amplitude=8.0, lead=10.0)
    assert pts[0] == p0
    assert pts[-1] == p1
    # Straight leads: the second and second-to-last points lie on the axis.
    assert _direction_changes([p0, pts[1], pts[-2], p1], p0, p1) == 0
    # 2 * coils peaks, alternating sides, at the given amplitude.
    peaks = pts[2:-2]
    assert len(peaks) == 24
    ux, uy = (p1[0] - p0[0]), (p1[1] - p0[1])
    n = math.hypot(ux, uy)
    for k, (x, y) in enumerate(peaks):
        off = ((x - p0[0]) * -uy + (y - p0[1]) * ux) / n
        assert off == pytest.approx(8.0 if k % 2 == 0 else -8.0)


@given(length=st.floats(5.0, 2000.0), angle=st.floats(-math.pi, math.pi))
def test_same_number_of_coils_stretched_or_squeezed(length: float, angle: float) -> None:
    p0 = (400.0, 300.0)
    p1 = (p0[0] + length * math.cos(angle), p0[1] + length * math.sin(angle))
    pts = zigzag_points(p0, p1, coils=12, amplitude=6.0, lead=12.0)
    assert len(pts) == 2 * 12 + 4
    assert pts[0] == p0 and pts[-1] == p1
    # Each peak flips side: 24 peaks -> 23 sign changes, whatever the length.
    assert _direction_changes(pts, p0, p1) == 23
    # Every point projects inside the segment: the spring never overshoots its ends.
    for x, y in pts:
        t = ((x - p0[0]) * (p1[0] - p0[0]) + (y - p0[1]) * (p1[1] - p0[1])) / length**2
        assert -1e-9 <= t <= 1 + 1e-9


def test_spring_points_from_a_pose_follow_the_camera() -> None:
    spring = SpringPose("s", x1=0.0, y1=0.0, x2=1.0, y2=-1.0, thickness=0.2, rest_length=1.0)
    pts = spring_points(EXAMPLE_CAMERA, spring)
    assert pts[0] == (400.0, 298.0)
    assert pts[-1] == (500.0, 398.0)
    assert len(pts) == 2 * DEFAULT_STYLE.spring_coils + 4
    short = spring_points(EXAMPLE_CAMERA, SpringPose("s", 0.0, 0.0, 0.2, 0.0, 0.2, 1.0))
    assert len(short) == len(pts)  # squeezed: same coils


def test_thin_spring_gets_a_minimum_width() -> None:
    spring = SpringPose("s", 0.0, 0.0, 2.0, 0.0, thickness=0.001, rest_length=1.0)
    pts = spring_points(EXAMPLE_CAMERA, spring)
    ys = [y for _, y in pts]
    assert max(ys) - min(ys) == pytest.approx(DEFAULT_STYLE.min_spring_px)


def test_capsule_contains_its_axis_and_has_the_right_width() -> None:
    poly = capsule_polygon((100.0, 100.0), (200.0, 100.0), 5.0)
    xs = [x for x, _ in poly]
    ys = [y for _, y in poly]
    assert min(xs) == pytest.approx(95.0) and max(xs) == pytest.approx(205.0)
    assert min(ys) == pytest.approx(95.0) and max(ys) == pytest.approx(105.0)


def test_rect_corners_turn_counter_clockwise_in_model_space() -> None:
    corners = rect_corners(0.0, 0.0, 2.0, 1.0, 0.0)
    assert sorted(corners) == sorted([(-1.0, -0.5), (1.0, -0.5), (1.0, 0.5), (-1.0, 0.5)])
    turned = rect_corners(0.0, 0.0, 2.0, 1.0, math.pi / 2)
    expected = [(0.5, -1.0), (0.5, 1.0), (-0.5, 1.0), (-0.5, -1.0)]
    for (x, y), (ex, ey) in zip(turned, expected):
        assert x == pytest.approx(ex) and y == pytest.approx(ey)


def test_arrow_polygon_ends_at_the_tip() -> None:
    poly = arrow_polygon((0.0, 0.0), (100.0, 0.0), 4.0, 20.0, 8.0)
    assert poly[3] == (100.0, 0.0)
    assert max(abs(y) for _, y in poly) == pytest.approx(8.0)
    assert min(x for x, _ in poly) == pytest.approx(0.0)


def test_bodies_flung_far_away_are_drawn_in_a_moment(surface, camera) -> None:
    # the soak found frames hung for minutes in pygame's fills of 10¹¹-pixel shapes
    import pygame

    from game.model.poses import BallPose, BarPose, BlockPose
    from game.render import draw_scene

    before = pygame.surfarray.array3d(surface).copy()
    draw_scene(surface, camera, [BallPose("far", 1e9, 1e9, 0.1, 0, 0, True, False),
                                 BlockPose("far", 1e9, 0, 1e9, 1e9, 0.3, 0, 0, True)])
    assert (pygame.surfarray.array3d(surface) == before).all()  # nothing of them can show
    draw_scene(surface, camera, [BarPose("across", -1e9, 0.0, 1e9, 0.0, 0.05, 0, 0, 0, 0, True),
                                 BallPose("huge", 0.0, 0.0, 1e7, 0, 0, True, False)])
    assert not (pygame.surfarray.array3d(surface) == before).all()  # what crosses the screen is drawn
