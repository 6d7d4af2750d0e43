"""Where a box over the scene goes (the banner, the reactions' legend): of a few places, the one
that hides least of the bodies."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from game.model.poses import Pose

from .camera import Camera


class Scenery(Protocol):
    """What placing a box reads of a frame's :class:`game.render.layers.Scene`: the bodies."""

    @property
    def camera(self) -> Camera: ...
    @property
    def poses(self) -> Sequence[Pose]: ...
    @property
    def fixed_pivots(self) -> Sequence[tuple[float, float]]: ...


def bodies_box(scene: Scenery) -> list[pygame.Rect]:
    """The pixel squares that hold every body and fixed pivot of ``scene`` (what a banner should
    not hide)."""
    camera = scene.camera
    x0, y0, w, h = camera.viewport
    boxes = []

    def box(x: float, y: float, half: float) -> None:
        px, py = camera.to_pixels(x, y)
        if math.isfinite(px) and math.isfinite(py) and math.isfinite(half):  # a body flung to infinity: nowhere
            # (only the part in the drawing area counts: a body far off hides nothing)
            left, top = max(x0 - 1, min(x0 + w, px - half)), max(y0 - 1, min(y0 + h, py - half))
            right, bottom = max(x0 - 1, min(x0 + w, px + half)), max(y0 - 1, min(y0 + h, py + half))
            boxes.append(pygame.Rect(round(left), round(top), round(right - left), round(bottom - top)))

    for pose in scene.poses:
        for x, y, r in pose.extent_points():
            box(x, y, abs(camera.length_to_pixels(r)) + 4)  # the outline and a little air
    for x, y in scene.fixed_pivots:
        box(x, y, 14)  # the support mark above it
    return boxes


def least_covering(places: Sequence[pygame.Rect], boxes: Sequence[pygame.Rect]) -> pygame.Rect:
    """Of ``places`` (the first preferred), the one that hides least of ``boxes`` (the area of
    what it covers)."""

    def hidden(place: pygame.Rect) -> int:
        return sum(c.w * c.h for c in (place.clip(b) for b in boxes))

    return min(places, key=hidden)  # min keeps the first of equals
