"""Drawing the bodies of a model from their poses, each kind by its look (:data:`LOOKS`):
in the scene, and as the ghosts of an ensemble's copies (game/render/ghosts.py).

Order matters for readability: rails and ceiling supports go underneath,
springs under the bodies they join, blocks under the bars hanging from them,
balls on top (a pendulum bob sits over the end of its bar). Each look draws at
a depth (:data:`DEPTHS`), lowest first, and within a depth in the order of the poses.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import pygame

from game.model.poses import (
    BallPose,
    BarPose,
    BlockPose,
    ForceArrow,
    JointPose,
    Pose,
    RailPose,
    SpringPose,
    VelocityPoint,
)

from . import clip, paint
from .arrows import DEFAULT_ARROW_SECONDS, draw_arrow, draw_velocity_dot, velocity_arrow_end
from .camera import Camera
from .shapes import Point, capsule_polygon, rect_corners, zigzag_points
from .style import DEFAULT_STYLE, Colour, Style, darker, mix


def clear_viewport(surface: pygame.Surface, camera: Camera, style: Style = DEFAULT_STYLE) -> None:
    """Paint the drawing area with the background colour (the bars are left alone)."""
    surface.fill(style.background, pygame.Rect(camera.viewport))  # the viewport: always on screen


def draw_scene(
    surface: pygame.Surface,
    camera: Camera,
    poses: Iterable[Pose],
    style: Style = DEFAULT_STYLE,
    *,
    fixed_pivots: Iterable[tuple[float, float]] = (),
) -> None:
    """Draw every body in ``poses`` (model units) onto ``surface``, clipped to the viewport.

    ``fixed_pivots`` are model points that do not move (e.g. the pivot of a
    pendulum's first bar, or a spring's anchor); each gets a hatched ceiling
    mark. The caller knows which points are fixed from the model (no parent,
    constant expressions); poses alone cannot tell a fixed pivot from one
    that is momentarily at rest. Bodies with non-finite coordinates are
    skipped rather than crashing the frame.
    """
    poses = [p for p in poses if _finite(p)]
    depths: list[list[tuple[Draw, Pose]]] = [[] for _ in DEPTHS]
    for p in poses:
        for depth, draw in look_of(type(p)).draws:
            depths[depth].append((draw, p))
    with paint.clipped(surface, camera.viewport):
        for depth, drawings in enumerate(depths):
            if depth == SUPPORTS:
                for mx, my in fixed_pivots:
                    if math.isfinite(mx) and math.isfinite(my):
                        _draw_support(surface, camera.to_pixels(mx, my), style)
            for draw, p in drawings:
                draw(surface, camera, p, style)


def velocity_points(poses: Iterable[Pose]) -> list[VelocityPoint]:
    """The points that carry a velocity arrow: each body's :meth:`~game.model.poses.Pose.velocity_point`
    (balls, blocks, a mechanism's points, bar free ends).

    Where arrows of several bodies would start at one point, only the highest
    :attr:`~game.model.poses.Pose.arrow_rank`'s is kept: a bar's free end is left out
    when a ball or a pin sits on it (a pendulum bob), a pin when a ball does, so the
    same velocity is not drawn twice.
    """
    points = [(p.arrow_rank, vp) for p in poses if (vp := p.velocity_point()) is not None]
    over = [(rank, vp) for rank, vp in points if rank is not None]
    return [vp for rank, vp in points
            if rank is None or not any(r > rank and _same_point(o.x, o.y, vp.x, vp.y) for r, o in over)]


def without_edited(velocities: Iterable[VelocityPoint], edit_arrows: Sequence[VelocityPoint]) -> list[VelocityPoint]:
    """The velocity arrows to draw beside v mode's arrows: none where an arrow that can be dragged
    starts. That one shows the part of the velocity a drag sets (a bob on a bar: its own, across
    the bar; CenM's manual §2.2.2), and a second arrow from the same bob would read as a second
    velocity, one that does not follow the pointer."""
    return [vp for vp in velocities if not any(_same_point(vp.x, vp.y, e.x, e.y) for e in edit_arrows)]


def draw_velocity_arrows(
    surface: pygame.Surface,
    camera: Camera,
    points: Iterable[VelocityPoint],
    style: Style = DEFAULT_STYLE,
    *,
    seconds: float = DEFAULT_ARROW_SECONDS,
    dots: bool = False,
) -> None:
    """Draw one velocity arrow per point; with ``dots`` (velocity-edit mode) a
    near-zero velocity shows a grab-able dot instead of nothing."""
    with paint.clipped(surface, camera.viewport):
        for vp in points:
            start = camera.to_pixels(vp.x, vp.y)
            end = velocity_arrow_end(camera, vp.x, vp.y, vp.vx, vp.vy, seconds)
            drawn = draw_arrow(
                surface, start, end, style.arrow, style.arrow_width_px, halo=style.background
            )
            if drawn is None and dots and all(map(math.isfinite, start)):
                draw_velocity_dot(surface, start, style.arrow)


def draw_force_arrows(surface: pygame.Surface, camera: Camera, arrows: Iterable[ForceArrow],
                      style: Style = DEFAULT_STYLE) -> None:
    """Reactions: one arrow per force on a point, coloured by kind (a bar pulling, a bar pushing,
    a slider's guide, a constraint row's force: the guide's colour)."""
    colours = {"tension": style.tension, "compression": style.compression, "normal": style.normal,
               "constraint": style.normal}
    with paint.clipped(surface, camera.viewport):
        for a in arrows:
            draw_arrow(surface, camera.to_pixels(a.x, a.y), camera.to_pixels(a.x + a.dx, a.y + a.dy),
                       colours.get(a.kind, style.arrow), style.arrow_width_px, halo=style.background)


# --- individual bodies -------------------------------------------------------

#: draws one pose: (surface, camera, pose, style)
Draw = Callable[[pygame.Surface, Camera, Any, Style], None]

#: the depths at which bodies are drawn, lowest first (SUPPORTS: the fixed pivots' marks, not a pose)
DEPTHS = ("under", "supports", "springs", "blocks", "bars", "sliders", "joints", "balls")
UNDER, SUPPORTS, SPRINGS, BLOCKS, BARS, SLIDERS, JOINTS, BALLS = range(len(DEPTHS))


class Ghost(NamedTuple):
    """How the ghosts draw one body of every copy: a ``shape`` ("line" from its first point to its
    second, "circle" or outlined "rect" at its first), its colour, its size in pixels (a line's
    width, a circle's radius, a rectangle's outline), its points as the names of their fields
    (x, y) and a rectangle's box (w, h) in pixels."""

    shape: str
    colour: Colour
    size: int
    points: tuple[tuple[str, str], ...]
    box: tuple[float, float] = (0.0, 0.0)


#: the ghost of one body, from its fields over the copies: (camera, fields, style)
GhostOf = Callable[[Camera, Mapping[str, np.ndarray], Style], Ghost]


@dataclass(frozen=True)
class Look:
    """How one kind of pose is drawn: each of its drawings at its depth (:data:`DEPTHS`), and its
    ghost when it has copies (:attr:`game.model.poses.Pose.stacked`)."""

    draws: tuple[tuple[int, Draw], ...]
    ghost: GhostOf | None = None


def look_of(kind: type) -> Look:
    """The look of a kind of pose (or of the kind it is a variant of); a kind without one is an error,
    never skipped (it would not show)."""
    for k in kind.__mro__:
        if k in LOOKS:
            return LOOKS[k]
    raise TypeError(f"no look for {kind.__name__}: add one to LOOKS in game/render/scene.py")


def ghost_of(kind: type) -> GhostOf:
    """How the copies of a kind of pose are drawn; a kind with copies and no ghost is an error."""
    ghost = look_of(kind).ghost
    if ghost is None:
        raise TypeError(f"no ghost for {kind.__name__}: add one to its look in LOOKS (game/render/scene.py)")
    return ghost


def _finite(p: Pose) -> bool:
    """All numeric fields finite: a blown-up simulation must not crash drawing."""
    return all(math.isfinite(v) for v in vars(p).values() if isinstance(v, (int, float)))


def _same_point(x1: float, y1: float, x2: float, y2: float) -> bool:
    return math.isclose(x1, x2, rel_tol=1e-9, abs_tol=1e-9) and math.isclose(
        y1, y2, rel_tol=1e-9, abs_tol=1e-9
    )


def _dot(surface: pygame.Surface, centre: Point, radius: float, fill, ring) -> None:
    paint.circle(surface, fill, centre, radius)
    paint.circle(surface, ring, centre, radius, 1 if radius < 5 else 2)


def _draw_bar(surface: pygame.Surface, camera: Camera, p: BarPose, style: Style) -> None:
    p0 = camera.to_pixels(p.x, p.y)
    p1 = camera.to_pixels(p.xf, p.yf)
    if p.ground:  # a mechanism's frame: a dashed line between its supports
        _draw_frame_line(surface, p0, p1, style)
        return
    r = max(camera.length_to_pixels(p.width), style.min_bar_px) / 2
    poly = capsule_polygon(p0, p1, r)
    paint.solid_polygon(surface, style.bar, poly)
    # Outline in the fill colour: the anti-aliased edge then only blends the
    # rod into the background. A darker outline speckles thin rods (edge
    # pixels the aliased fill left out get a light blend of it), and the rod
    # colour is already dark enough to stand out.
    paint.aalines(surface, style.bar, True, poly)
    # Pin joints: light dots ringed in the bar's outline colour, a bit wider
    # than a thin rod so they read as pins rather than as the rod's end.
    dot_r = max(3.0, 0.55 * r)
    for c in (p0, p1):
        _dot(surface, c, dot_r, style.pivot, darker(style.bar, 0.5))


def _draw_frame_line(surface: pygame.Surface, p0: Point, p1: Point, style: Style) -> None:
    length = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    if length < 1:
        return
    ux, uy = (p1[0] - p0[0]) / length, (p1[1] - p0[1]) / length
    dash = 10.0
    span = paint.visible_span(surface, p0, p1, 3)
    if span is None:
        return
    for k in range(int(span[0] // (2 * dash)), int(span[1] // (2 * dash)) + 1):  # the visible dashes only
        a = 2 * dash * k
        b = min(a + dash, length)
        paint.line(surface, style.support, (p0[0] + ux * a, p0[1] + uy * a), (p0[0] + ux * b, p0[1] + uy * b), 3)


def _draw_block(surface: pygame.Surface, camera: Camera, p: BlockPose, style: Style) -> None:
    corners = [camera.to_pixels(x, y) for x, y in rect_corners(p.x, p.y, p.width, p.height, p.angle)]
    paint.polygon(surface, style.block, corners)
    paint.aalines(surface, darker(style.block), True, corners)


def _draw_joint(surface: pygame.Surface, camera: Camera, p: JointPose, style: Style) -> None:
    _dot(surface, camera.to_pixels(p.x, p.y), 4.0, style.pivot, darker(style.bar, 0.5))


def _draw_ball(surface: pygame.Surface, camera: Camera, p: BallPose, style: Style) -> None:
    c = camera.to_pixels(p.x, p.y)
    r = max(camera.length_to_pixels(p.radius), style.min_ball_px)
    paint.circle(surface, style.ball, c, r)
    paint.circle(surface, darker(style.ball), c, r, 1 if r < 8 else 2)


def spring_points(camera: Camera, p: SpringPose, style: Style = DEFAULT_STYLE) -> list[Point]:
    """The pixel polyline of a spring: ``style.spring_coils`` coils between its ends."""
    p0 = camera.to_pixels(p.x1, p.y1)
    p1 = camera.to_pixels(p.x2, p.y2)
    amplitude = max(camera.length_to_pixels(p.thickness), style.min_spring_px) / 2
    length = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    # Leads long enough to show where the spring attaches, short enough to
    # leave the coils most of the length.
    lead = min(16.0, max(4.0, 0.08 * length))
    return zigzag_points(p0, p1, style.spring_coils, amplitude, lead)


def _draw_spring(surface: pygame.Surface, camera: Camera, p: SpringPose, style: Style) -> None:
    pts = spring_points(camera, p, style)
    if style.spring_line_px > 1:
        paint.lines(surface, style.spring, False, pts, style.spring_line_px)
    paint.aalines(surface, style.spring, False, pts)
    for c in (pts[0], pts[-1]):
        _dot(surface, c, 3.0, style.spring, style.spring)


def _draw_support(surface: pygame.Surface, centre: Point, style: Style) -> None:
    """A fixed pin: a small bracket from the pivot up to a hatched ceiling."""
    x, y = centre
    top = y - 16  # ceiling line, pixels above the pivot
    half = 24
    # An opaque patch behind the hatching keeps it legible over dense trails.
    if not clip.contains(paint.area(surface, 2 * half), centre):
        return  # off screen (and perhaps beyond pygame's integers)
    paint.fill(surface, style.background, (x - half, top - 10, 2 * half, 10))
    for hx in range(-half, half - 7, 7):
        paint.line(surface, style.support, (x + hx, top - 1), (x + hx + 8, top - 9), antialias=True)
    paint.line(surface, style.support, (x - half, top), (x + half, top), 3)
    bracket = [(x, y), (x - 10, top), (x + 10, top)]
    paint.polygon(surface, mix(style.support, style.background, 0.5), bracket)
    paint.aalines(surface, style.support, True, bracket)


def _draw_rail(surface: pygame.Surface, camera: Camera, p: BlockPose, style: Style) -> None:
    """A horizontal rail under a sliding block, across the whole viewport."""
    if not p.rail:
        return
    corners = rect_corners(p.x, p.y, p.width, p.height, p.angle)
    bottom = min(y for _, y in corners)
    _, py = camera.to_pixels(p.x, bottom)
    vx, _, vw, _ = camera.viewport
    if not clip.contains(paint.area(surface), (vx, py)):
        return  # the rail is above or below the view
    paint.line(surface, style.rail, (vx, py + 1), (vx + vw, py + 1), 2)
    # Ground hatching below the rail so it reads as a fixed support, not a line.
    for hx in range(vx, vx + vw, 12):
        paint.line(surface, style.rail, (hx + 7, py + 3), (hx, py + 10), antialias=True)


#: the block on a slider's guide, and a collar on a bar, pixels
SLIDER_BLOCK = (30, 18)
COLLAR = (18, 12)


def _guide_ends(camera: Camera, p: RailPose) -> tuple[Point, Point, float, float] | None:
    """The pixel ends of a slider's guide and its unit direction: across the whole view for a
    fixed guide, a little beyond its two points for a moving one."""
    a, b = camera.to_pixels(p.x1, p.y1), camera.to_pixels(p.x2, p.y2)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return None
    ux, uy = dx / length, dy / length
    if p.fixed:
        _, _, vw, vh = camera.viewport
        reach = 2.0 * (vw + vh)
        c = camera.to_pixels(p.x, p.y)
        return (c[0] - ux * reach, c[1] - uy * reach), (c[0] + ux * reach, c[1] + uy * reach), ux, uy
    extra = 0.25 * length
    return (a[0] - ux * extra, a[1] - uy * extra), (b[0] + ux * extra, b[1] + uy * extra), ux, uy


def _draw_guide(surface: pygame.Surface, camera: Camera, p: RailPose, style: Style) -> None:
    """A slider's guide: a line under the block, hatched on its far side when it is fixed."""
    ends = _guide_ends(camera, p)
    if ends is None or p.on_bar:
        return
    start, end, ux, uy = ends
    # pixel y points down, so (−uy, ux) is the right-hand side of A→B in the model: a guide
    # written left to right has the block on top of it
    nx, ny = -uy, ux
    off = SLIDER_BLOCK[1] / 2
    s0 = (start[0] + nx * off, start[1] + ny * off)
    s1 = (end[0] + nx * off, end[1] + ny * off)
    paint.line(surface, style.rail, s0, s1, 2)
    span = paint.visible_span(surface, s0, s1, 8)
    if p.fixed and span is not None:
        length = math.hypot(s1[0] - s0[0], s1[1] - s0[1])
        for k in range(int(span[0] // 12), min(int(length // 12), int(span[1] // 12) + 1)):  # visible hatches
            hx, hy = s0[0] + ux * 12 * k, s0[1] + uy * 12 * k
            paint.line(surface, style.rail, (hx + ux * 7, hy + uy * 7), (hx + nx * 7, hy + ny * 7), antialias=True)


def _draw_slider(surface: pygame.Surface, camera: Camera, p: RailPose, style: Style) -> None:
    """The block of a slider, centred on its point and turned with its guide."""
    ends = _guide_ends(camera, p)
    if ends is None:
        return
    _, _, ux, uy = ends
    nx, ny = -uy, ux
    cx, cy = camera.to_pixels(p.x, p.y)
    w, h = (COLLAR if p.on_bar else SLIDER_BLOCK)[0] / 2, (COLLAR if p.on_bar else SLIDER_BLOCK)[1] / 2
    corners = [(cx + sx * w * ux + sy * h * nx, cy + sx * w * uy + sy * h * ny)
               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    paint.polygon(surface, style.block, corners)
    paint.aalines(surface, darker(style.block), True, corners)


# --- the ghosts of an ensemble's copies (game/render/ghosts.py) ---------------


def _ghost_ball(camera: Camera, f: Mapping[str, np.ndarray], style: Style) -> Ghost:
    r = max(camera.length_to_pixels(float(np.nanmax(f["radius"]))), style.min_ball_px)
    return Ghost("circle", style.ball, round(r), (("x", "y"),))


def _ghost_bar(camera: Camera, f: Mapping[str, np.ndarray], style: Style) -> Ghost:
    width = max(2, round(camera.length_to_pixels(float(np.nanmax(f["width"])))))
    return Ghost("line", style.bar, width, (("x", "y"), ("xf", "yf")))


def _ghost_spring(camera: Camera, f: Mapping[str, np.ndarray], style: Style) -> Ghost:
    return Ghost("line", style.spring, 1, (("x1", "y1"), ("x2", "y2")))


def _ghost_block(camera: Camera, f: Mapping[str, np.ndarray], style: Style) -> Ghost:
    box = (camera.length_to_pixels(float(np.nanmax(f["width"]))), camera.length_to_pixels(float(np.nanmax(f["height"]))))
    return Ghost("rect", style.block, 2, (("x", "y"),), box)


#: the look of each kind of pose (a new kind of body: one entry)
LOOKS: dict[type[Pose], Look] = {
    BlockPose: Look(((UNDER, _draw_rail), (BLOCKS, _draw_block)), _ghost_block),
    RailPose: Look(((UNDER, _draw_guide), (SLIDERS, _draw_slider))),
    SpringPose: Look(((SPRINGS, _draw_spring),), _ghost_spring),
    BarPose: Look(((BARS, _draw_bar),), _ghost_bar),
    JointPose: Look(((JOINTS, _draw_joint),)),
    BallPose: Look(((BALLS, _draw_ball),), _ghost_ball),
}
