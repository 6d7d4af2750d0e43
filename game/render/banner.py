"""The banner: a message in a box over the drawing area, wrapped to fit, with a × that closes it
(a tap anywhere on the box does too), placed at the top or the bottom, wherever it hides less of
the bodies, so a pendulum's pivot at the top stays in sight."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from game.model.poses import Pose

from . import paint
from .camera import Camera

PixelRect = tuple[int, int, int, int]


class Scene(Protocol):
    """What the banner reads of a frame's :class:`game.render.layers.Scene`."""

    @property
    def camera(self) -> Camera: ...
    @property
    def poses(self) -> Sequence[Pose]: ...
    @property
    def fixed_pivots(self) -> Sequence[tuple[float, float]]: ...
    @property
    def banner(self) -> str | None: ...
    @property
    def banner_kind(self) -> str: ...
    @property
    def banner_opacity(self) -> float: ...


def bodies_box(scene: Scene) -> list[pygame.Rect]:
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


def least_covering(viewport: PixelRect, size: tuple[int, int], boxes: Sequence[pygame.Rect],
                   margin: int) -> pygame.Rect:
    """Where a box of ``size`` goes in ``viewport``: at the top, unless the bottom hides less of
    ``boxes`` (the area of what it covers)."""
    vx, vy, _, vh = viewport
    w, h = size
    top = pygame.Rect(vx + margin, vy + margin, w, h)
    bottom = pygame.Rect(vx + margin, vy + vh - margin - h, w, h)

    def hidden(place: pygame.Rect) -> int:
        return sum(c.w * c.h for c in (place.clip(b) for b in boxes))

    return bottom if hidden(bottom) < hidden(top) else top


class BannerLayer:
    """A message in a box across the drawing area, wrapped to fit: red for a problem, a calm slate
    blue for something done (a file written), which fades as the session says; a × at its right.
    Where it was drawn last (:attr:`rect`) is where a click or a tap closes it."""

    PADDING = 8
    BACKGROUND = (183, 28, 28)
    #: the background of a "done" banner: nothing is wrong, so nothing alarming
    CALM = (44, 72, 94)
    TEXT = (255, 255, 255)
    #: the width kept at the right for the ×, pixels (big enough for a finger)
    CLOSE = 32

    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self._font = font
        self._cache: tuple[tuple[str, int, int, str], pygame.Surface] | None = None
        #: where the banner is on the screen (None: no banner shown)
        self.rect: pygame.Rect | None = None

    def draw(self, surface: pygame.Surface, scene: Scene) -> None:
        if not scene.banner or scene.banner_opacity <= 0:
            self.rect = None
            return
        _, _, vw, vh = scene.camera.viewport
        width = max(40 + self.CLOSE, vw - 2 * self.PADDING)
        key = (scene.banner, width, vh, scene.banner_kind)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._image(scene.banner, scene.banner_kind, width, vh))
        image = self._cache[1]
        image.set_alpha(round(255 * min(1.0, scene.banner_opacity)))
        self.rect = least_covering(scene.camera.viewport, image.get_size(), bodies_box(scene), self.PADDING)
        surface.blit(image, self.rect)

    def _image(self, words: str, kind: str, width: int, room: int) -> pygame.Surface:
        font = self._font or pygame.font.Font(None, 22)
        inner = width - 2 * self.PADDING - self.CLOSE
        text = font.render(words, True, self.TEXT, None, inner)
        height = min(room - 2 * self.PADDING, max(self.CLOSE, text.get_height() + 2 * self.PADDING))
        image = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        paint.box(image, self.CALM if kind in ("done", "info") else self.BACKGROUND, image.get_rect(), radius=5)
        image.blit(text, (self.PADDING, self.PADDING), pygame.Rect(0, 0, inner, height - 2 * self.PADDING))
        # the ×: two strokes in the top right corner
        cx, cy, arm = width - self.CLOSE // 2 - 2, min(height, self.CLOSE) // 2 + 1, 6
        paint.line(image, self.TEXT, (cx - arm, cy - arm), (cx + arm, cy + arm), width=3)
        paint.line(image, self.TEXT, (cx - arm, cy + arm), (cx + arm, cy - arm), width=3)
        return image

    def close_at(self, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` (pixels) is on the banner as last drawn: the box and its × close it."""
        return self.rect is not None and self.rect.collidepoint(pos)
