"""Rendering: model-unit poses in, pixels out.

This package (with the UI layer) is the only code that knows about pixels. It
reads the data types of ``game.model.poses`` and ``game.physics.observe.records``
(poses, trails) and never imports the rest of the engine, the UI or the app.

Public API
----------
Camera(escala, ox=0, oy=0, viewport=(x, y, w, h))
    ``.to_pixels(x, y)`` / ``.to_model(px, py)`` (floats or numpy arrays),
    ``.length_to_pixels(d)``, ``.length_to_model(px)``, ``.origin_px``.
Style(...), DEFAULT_STYLE
    Colours (light theme) and pixel minimums; ``style.trail_colour(i)``.
Scene(camera, poses, style, trails, fixed_pivots, velocities, edit_arrows, reactions, reaction_legend,
      arrow_seconds, banner, flashes)
    What one frame shows, in model units (velocity arrows give way to v mode's arrows at their points).
Layer: ``.draw(surface, scene)``; standard_layers(cached=True, font=None) gives the window's
    layers bottom to top: TrailsLayer (background + trails), BodiesLayer, ContactFlashesLayer,
    ReactionArrowsLayer (a mechanism's reactions and their legend), VelocityArrowsLayer, EditArrowsLayer, BannerLayer,
    CaptionLayer (a kiosk's large words).
draw_frame(surface, scene, layers=None)
    Paint a scene layer by layer (a one-off picture when ``layers`` is None).
draw_scene(surface, camera, poses, style=DEFAULT_STYLE, *, fixed_pivots=())
    Just the bodies.
velocity_points(poses) -> list[VelocityPoint(id, x, y, vx, vy)]
draw_velocity_arrows(surface, camera, points, style=DEFAULT_STYLE, *, seconds=0.3, dots=False)
draw_arrow(...), velocity_arrow_end(camera, x, y, vx, vy, seconds), near_tip(point_px, tip_px)
draw_trail(..., fade=True), KeptTrailLayer, TrailLayer: the trail drawing (stateless; and for a
    window, lasting trails drawn a few new segments a frame, or fading ones from a cache).

Typical use in a window::

    layers = standard_layers()                                 # once per window
    scene = Scene(camera, poses, style, trails=..., velocities=velocity_points(poses))
    draw_frame(screen, scene, layers)                          # every frame
"""

from .arrows import (
    DEFAULT_ARROW_SECONDS,
    MIN_ARROW_PX,
    TIP_HIT_RADIUS_PX,
    draw_arrow,
    draw_velocity_dot,
    near_tip,
    velocity_arrow_end,
)
from .camera import Camera
from .layers import (
    BannerLayer,
    BodiesLayer,
    CaptionLayer,
    ContactFlashesLayer,
    EditArrowsLayer,
    Layer,
    ReactionArrowsLayer,
    Scene,
    TrailsLayer,
    VelocityArrowsLayer,
    draw_frame,
    standard_layers,
)
from .scene import (
    clear_viewport,
    draw_force_arrows,
    draw_scene,
    draw_velocity_arrows,
    spring_points,
    velocity_points,
)
from .style import DEFAULT_STYLE, Colour, Style
from .trails import FADE_CHUNKS, KeptTrailLayer, TrailLayer, draw_trail

__all__ = [
    "DEFAULT_ARROW_SECONDS", "DEFAULT_STYLE", "FADE_CHUNKS", "MIN_ARROW_PX", "TIP_HIT_RADIUS_PX",
    "BannerLayer", "BodiesLayer", "Camera", "CaptionLayer", "Colour", "ContactFlashesLayer", "EditArrowsLayer",
    "KeptTrailLayer", "Layer", "ReactionArrowsLayer", "Scene", "Style", "TrailLayer", "TrailsLayer",
    "VelocityArrowsLayer", "clear_viewport", "draw_arrow", "draw_force_arrows", "draw_frame",
    "draw_scene", "draw_trail", "draw_velocity_arrows", "draw_velocity_dot", "near_tip", "spring_points",
    "standard_layers", "velocity_arrow_end", "velocity_points",
]
