"""Rendering: model-unit poses in, pixels out.

This package (with the UI layer) is the only code that knows about pixels. It
never imports ``game.physics`` or ``game.ui``; it receives poses from
``game.model.poses`` and draws them.

Public API
----------
Camera(escala, ox=0, oy=0, viewport=(x, y, w, h))
    ``.to_pixels(x, y)`` / ``.to_model(px, py)`` (floats or numpy arrays),
    ``.length_to_pixels(d)``, ``.length_to_model(px)``, ``.origin_px``.
Style(...), DEFAULT_STYLE
    Colours (light theme) and pixel minimums; ``style.trail_colour(i)``.
draw_frame(surface, camera, poses, style=DEFAULT_STYLE, *, trails=(), trail_layer=None,
           fixed_pivots=(), show_velocities=False, edit_velocities=False, arrow_seconds=0.3)
    Background, trails, bodies, arrows: the whole drawing area in one call. In a
    window, pass one long-lived ``TrailLayer()`` as ``trail_layer`` (fast path).
clear_viewport(surface, camera, style=DEFAULT_STYLE)
draw_scene(surface, camera, poses, style=DEFAULT_STYLE, *, fixed_pivots=())
    Just the bodies. ``fixed_pivots``: model points that get a ceiling mark.
spring_points(camera, spring_pose, style=DEFAULT_STYLE) -> list of pixel points
Trail(capacity): ``.add(x, y)``, ``.clear()``, ``.break_here()``, ``.points()``,
    ``.starts()``, ``.runs()``, ``len()``, ``.capacity``.
draw_trail(surface, camera, trail, colour, *, background=..., width=1, chunks=32)
    Stateless fading polyline.
TrailLayer(*, spread_frames=8, max_lag=4):
    ``.draw(surface, camera, trails, colours, background, *, width=1, chunks=32)``:
    background + trails with the finished part cached (one long-lived object per
    window); ``.pending`` (a spread repaint is under way), ``.invalidate()``.
velocity_points(poses, *, only_draggable=False) -> list[VelocityPoint(id, x, y, vx, vy)]
draw_velocity_arrows(surface, camera, points, style=DEFAULT_STYLE, *, seconds=0.3, dots=False)
draw_arrow(surface, start_px, end_px, colour, width=3, *, min_length=2.0, halo=None) -> Rect | None
velocity_arrow_end(camera, x, y, vx, vy, seconds=0.3) -> (px, py)
velocity_from_tip(camera, x, y, tip_px, seconds=0.3) -> (vx, vy)
near_tip(point_px, tip_px, radius=10.0) -> bool
draw_velocity_dot(surface, centre_px, colour, radius=5.0)

Typical use in the window loop::

    camera = Camera(general.escala, general.Ox, general.Oy, (0, top, w, h - top - bottom))
    trails = [Trail(settings.trail_length) for _ in balls_with_trail]   # once per model
    layer = TrailLayer()                                                 # once per window
    # after each simulation step: trail.add(x, y); after a drag: trail.break_here()
    draw_frame(screen, camera, poses, trails=trails, trail_layer=layer,
               fixed_pivots=fixed, show_velocities=show_v, edit_velocities=v_mode)
"""

from .arrows import (
    DEFAULT_ARROW_SECONDS,
    MIN_ARROW_PX,
    TIP_HIT_RADIUS_PX,
    draw_arrow,
    draw_velocity_dot,
    near_tip,
    velocity_arrow_end,
    velocity_from_tip,
)
from .camera import Camera
from .scene import (
    VelocityPoint,
    clear_viewport,
    draw_frame,
    draw_scene,
    draw_velocity_arrows,
    spring_points,
    velocity_points,
)
from .style import DEFAULT_STYLE, Colour, Style
from .trails import FADE_CHUNKS, Trail, TrailLayer, draw_trail

__all__ = [
    "DEFAULT_ARROW_SECONDS",
    "DEFAULT_STYLE",
    "FADE_CHUNKS",
    "MIN_ARROW_PX",
    "TIP_HIT_RADIUS_PX",
    "Camera",
    "Colour",
    "Style",
    "Trail",
    "TrailLayer",
    "VelocityPoint",
    "clear_viewport",
    "draw_arrow",
    "draw_frame",
    "draw_scene",
    "draw_trail",
    "draw_velocity_arrows",
    "draw_velocity_dot",
    "near_tip",
    "spring_points",
    "velocity_arrow_end",
    "velocity_from_tip",
    "velocity_points",
]
