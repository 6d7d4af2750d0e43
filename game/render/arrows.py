"""Velocity arrows: drawing them, placing their tips, and hit-testing the tips.

A velocity is drawn as the displacement it would cause in ``seconds`` of
model time, so arrow length is proportional to speed and independent of the
window size (the camera's ``escala`` applies to the arrow as to the bodies).
"""

from __future__ import annotations

import math

import pygame

from .camera import Camera
from .shapes import Point, arrow_polygon
from .style import Colour, darker

#: Arrows shorter than this many pixels are not drawn: a "negligible" speed.
MIN_ARROW_PX = 2.0
#: How close (pixels) the mouse must be to an arrow tip to grab it.
TIP_HIT_RADIUS_PX = 10.0
#: Model seconds of displacement that an arrow represents.
DEFAULT_ARROW_SECONDS = 0.3


def draw_arrow(
    surface: pygame.Surface,
    start_px: Point,
    end_px: Point,
    colour: Colour,
    width: int = 3,
    *,
    min_length: float = MIN_ARROW_PX,
    halo: Colour | None = None,
) -> pygame.Rect | None:
    """Draw a filled, anti-aliased arrow from ``start_px`` to ``end_px``.

    The head grows with the arrow but never takes more than 40 % of it, so a
    short arrow still shows a shaft. ``halo`` (usually the background colour)
    draws a thin casing around the arrow first, so it stays legible where it
    crosses a body of similar brightness. Returns the touched rectangle, or
    ``None`` when nothing was drawn (length below ``min_length`` or non-finite
    input).
    """
    dx, dy = end_px[0] - start_px[0], end_px[1] - start_px[1]
    length = math.hypot(dx, dy)
    if not math.isfinite(length) or length < min_length:
        return None
    # Only what could show is drawn: pygame's polygon fill and aalines walk their whole extent,
    # so the arrow of a body flung off at 10⁹ px/s would hang the frame (found by the soak).
    w, h = surface.get_size()
    reach = 2.0 * (w + h)
    if not (-reach <= start_px[0] <= w + reach and -reach <= start_px[1] <= h + reach):
        return None
    if length > reach:
        dx, dy = dx * reach / length, dy * reach / length
        end_px, length = (start_px[0] + dx, start_px[1] + dy), reach
    head_length = min(4.0 * width + 6.0, 0.4 * length)
    head_half = max(0.5 * head_length, 0.75 * width)
    # Shrink the shaft of tiny arrows so the head stays wider than the shaft.
    shaft = min(float(width), head_half)
    if halo is not None:
        ux, uy = dx / length, dy / length
        pad = 1.5
        casing = arrow_polygon(
            (start_px[0] - ux * pad, start_px[1] - uy * pad),
            (end_px[0] + ux * 2 * pad, end_px[1] + uy * 2 * pad),
            shaft + 2 * pad,
            head_length + 2 * pad,
            head_half + 2 * pad,
        )
        pygame.draw.polygon(surface, halo, casing)
        pygame.draw.aalines(surface, halo, True, casing)
    poly = arrow_polygon(start_px, end_px, shaft, head_length, head_half)
    rect = pygame.draw.polygon(surface, colour, poly)
    # polygon() is aliased; tracing its edge with aalines in the same colour
    # smooths the outside of the edge against whatever lies beneath.
    pygame.draw.aalines(surface, colour, True, poly)
    return rect


def velocity_arrow_end(
    camera: Camera,
    x: float,
    y: float,
    vx: float,
    vy: float,
    seconds: float = DEFAULT_ARROW_SECONDS,
) -> Point:
    """Pixel position of the tip of the arrow for velocity (vx, vy) at model point (x, y)."""
    return camera.to_pixels(x + vx * seconds, y + vy * seconds)


def near_tip(point_px: Point, tip_px: Point, radius: float = TIP_HIT_RADIUS_PX) -> bool:
    """Whether ``point_px`` (e.g. the mouse) is within ``radius`` pixels of ``tip_px``."""
    return math.hypot(point_px[0] - tip_px[0], point_px[1] - tip_px[1]) <= radius


def draw_velocity_dot(
    surface: pygame.Surface, centre_px: Point, colour: Colour, radius: float = 5.0
) -> pygame.Rect:
    """Marker for a ~zero velocity in velocity-edit mode: a grab-able dot.

    Filled with the arrow colour and ringed darker so it reads on top of a
    body of any colour.
    """
    rect = pygame.draw.aacircle(surface, colour, centre_px, radius)
    pygame.draw.aacircle(surface, darker(colour), centre_px, radius, 2)
    return rect
