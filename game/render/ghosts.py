"""The copies of an ensemble, drawn as translucent ghosts under the bodies (SPEC §7.4).

The copies' bodies come as arrays (one entry per copy): their pixels are computed for all
copies at once, then each bar is drawn as a line and each ball, block and spring simply,
into one transparent image of the drawing area that is laid over the scene. While the
copies agree they merge with the real bodies; as chaos sets in they fan out into a cloud.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from game.model.poses import PoseArrays

from . import paint
from .camera import Camera
from .scene import ghost_of
from .style import Style

#: how opaque the ghosts are (0–255)
OPACITY = 80
#: coordinates beyond this many pixels from the drawing area are not drawn (a copy that ran away)
FAR = 10_000


class GhostsLayer:
    def __init__(self) -> None:
        self.image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, scene) -> None:
        ghosts: Sequence[PoseArrays] = scene.ghosts
        if not ghosts:
            self.image = None  # the size of the drawing area, 3 MB and more: not kept once chaos is off
            return
        camera: Camera = scene.camera
        vx, vy, vw, vh = camera.viewport
        if self.image is None or self.image.get_size() != (vw, vh):
            self.image = pygame.Surface((vw, vh), pygame.SRCALPHA)
        shapes = [s for body in ghosts for s in _shapes(camera, body, scene.style, (vx, vy))]
        if not shapes:
            return
        # only the box the ghosts cover is cleared and laid over the scene
        box = pygame.Rect(0, 0, vw, vh).clip(_bounds(shapes))
        if not box.width or not box.height:
            return
        image = self.image
        image.fill((0, 0, 0, 0), box)
        image.set_clip(box)
        for shape in shapes:
            shape.draw(image)
        image.set_clip(None)
        surface.blit(image, (vx + box.x, vy + box.y), box)


@dataclass(frozen=True)
class Shape:
    """One body of every copy: lines from ``points`` to ``ends``, circles of radius ``size``
    at ``points``, or outlined rectangles of ``box`` (w, h) centred at ``points`` (pixels)."""

    kind: str
    colour: tuple[int, int, int, int]
    size: int
    points: np.ndarray
    ends: np.ndarray | None = None
    box: tuple[float, float] = (0.0, 0.0)

    def draw(self, image: pygame.Surface) -> None:
        if self.kind == "line" and self.ends is not None:
            paint.segments(image, self.colour, self.points, self.ends, self.size)
        elif self.kind == "circle":
            paint.discs(image, self.colour, self.points, self.size)
        else:
            w, h = self.box
            for x, y in self.points.tolist():
                corners = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
                paint.lines(image, self.colour, True, corners, 2)

    def bounds(self) -> tuple[np.ndarray, np.ndarray] | None:
        pts = self.points if self.ends is None else np.concatenate((self.points, self.ends))
        if not len(pts):
            return None
        pad = self.size + max(self.box) / 2 + 1
        return pts.min(axis=0) - pad, pts.max(axis=0) + pad


def _pixels(camera: Camera, x: np.ndarray, y: np.ndarray, origin: tuple[int, int]) -> np.ndarray:
    px, py = camera.to_pixels(x, y)
    return np.column_stack((np.asarray(px, dtype=float) - origin[0], np.asarray(py, dtype=float) - origin[1]))


def _near(*points: np.ndarray) -> np.ndarray:
    """Copies whose points are all finite and not absurdly far (drawing them would cost)."""
    ok = np.ones(len(points[0]), dtype=bool)
    for p in points:
        ok &= np.all(np.isfinite(p), axis=1) & np.all(np.abs(p) < FAR, axis=1)
    return ok


def _shapes(camera: Camera, body: PoseArrays, style: Style, origin: tuple[int, int]) -> list[Shape]:
    """What to draw of one body for every copy, in pixels of the drawing area: its kind's ghost
    (game/render/scene.py's LOOKS)."""
    f = body.fields
    ghost = ghost_of(body.kind)(camera, f, style)
    points = [_pixels(camera, f[x], f[y], origin) for x, y in ghost.points]
    ok = _near(*points)
    ends = points[1][ok] if len(points) > 1 else None
    return [Shape(ghost.shape, (*ghost.colour, OPACITY), ghost.size, points[0][ok], ends, ghost.box)]


def _bounds(shapes: list[Shape]) -> pygame.Rect:
    """The pixels the shapes can touch."""
    boxes = [b for b in (s.bounds() for s in shapes) if b is not None]
    if not boxes:
        return pygame.Rect(0, 0, 0, 0)
    lo = np.min([b[0] for b in boxes], axis=0)
    hi = np.max([b[1] for b in boxes], axis=0)
    return pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1)
