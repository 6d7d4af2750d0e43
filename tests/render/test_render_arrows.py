"""Arrows: drawn only when long enough, with a readable head; tip geometry."""

from __future__ import annotations

import pygame
import pytest
from render_helpers import EXAMPLE_CAMERA, changed_pixels, close, rgb

from game.render import (
    DEFAULT_STYLE,
    MIN_ARROW_PX,
    draw_arrow,
    draw_velocity_dot,
    near_tip,
    velocity_arrow_end,
)

BG = DEFAULT_STYLE.background
GREEN = DEFAULT_STYLE.arrow


def test_tiny_arrow_draws_nothing(surface) -> None:
    before = surface.copy()
    assert draw_arrow(surface, (100, 100), (101.2, 100.5), GREEN) is None
    assert draw_arrow(surface, (100, 100), (100, 100), GREEN) is None
    assert changed_pixels(before, surface) == 0
    assert pytest.approx(2.0) == MIN_ARROW_PX


def test_big_arrow_reaches_its_tip_with_a_wide_head(surface) -> None:
    rect = draw_arrow(surface, (100, 300), (300, 300), GREEN, 3)
    assert rect is not None and rect.width >= 190
    assert rgb(surface, 296, 300) == GREEN  # at the tip
    assert rgb(surface, 150, 300) == GREEN  # shaft
    assert rgb(surface, 150, 305) == BG  # shaft is thin...
    assert rgb(surface, 288, 305) == GREEN  # ...the head is wide
    assert rgb(surface, 306, 300) == BG  # nothing past the tip


def test_head_of_a_short_arrow_leaves_room_for_a_shaft(surface) -> None:
    draw_arrow(surface, (100, 300), (120, 300), GREEN, 3)  # 20 px long
    # Head at most 40 %: the first half is shaft, as thin as the width.
    assert rgb(surface, 105, 300) == GREEN
    assert rgb(surface, 109, 303) == BG
    assert rgb(surface, 118, 300) == GREEN


def test_arrow_points_any_direction(surface) -> None:
    draw_arrow(surface, (400, 300), (400, 150), GREEN, 3)  # straight up
    assert rgb(surface, 400, 155) == GREEN
    assert rgb(surface, 400, 145) == BG


def test_velocity_arrow_end_is_displacement_in_seconds() -> None:
    cam = EXAMPLE_CAMERA  # 100 px per unit, origin at (400, 298)
    assert velocity_arrow_end(cam, 0.0, 0.0, 1.0, 0.0) == pytest.approx((430.0, 298.0))
    assert velocity_arrow_end(cam, 1.0, -1.0, 0.0, 2.0, seconds=0.5) == pytest.approx((500.0, 298.0))
    # Twice the speed, twice the length.
    a = velocity_arrow_end(cam, 0.0, 0.0, 2.0, 0.0)
    assert a[0] - 400 == pytest.approx(60.0)


def test_near_tip() -> None:
    assert near_tip((100, 100), (106, 108))  # 10 px away
    assert near_tip((100, 100), (100, 109.9))
    assert not near_tip((100, 100), (100, 110.1))
    assert near_tip((100, 100), (100, 114), radius=15)


def test_velocity_dot_is_visible(surface) -> None:
    draw_velocity_dot(surface, (200, 200), GREEN)
    assert close(rgb(surface, 200, 200), GREEN, 5)
    assert rgb(surface, 200, 210) == BG


def test_halo_cases_the_arrow_over_a_body(surface) -> None:
    blue = DEFAULT_STYLE.block
    surface.fill(blue, pygame.Rect(50, 250, 300, 100))
    draw_arrow(surface, (100, 300), (300, 300), GREEN, 3, halo=BG)
    assert rgb(surface, 150, 300) == GREEN
    assert rgb(surface, 150, 303) == BG  # casing just outside the shaft
    assert rgb(surface, 150, 310) == blue  # the body beyond it untouched
    plain = surface.copy()
    plain.fill(blue, pygame.Rect(50, 250, 300, 100))
    draw_arrow(plain, (100, 300), (300, 300), GREEN, 3)
    assert rgb(plain, 150, 303) == blue  # no casing unless asked


def test_an_arrow_far_off_the_surface_is_cut_to_what_could_show(surface) -> None:
    # the soak found a frame hung in pygame's polygon fill, drawing a 10¹²-pixel velocity arrow
    w, h = surface.get_size()
    rect = draw_arrow(surface, (100, 300), (100 + 1e12, 300 + 1e11), GREEN, 3)
    assert rect is not None and rect.left <= 100 and rect.width <= 2 * (w + h) + 20
    assert rgb(surface, 150, 305) == GREEN  # it still points the right way from its start
    assert draw_arrow(surface, (1e10, 300), (1e10 + 50, 300), GREEN, 3) is None  # the body itself is far away
