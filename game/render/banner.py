"""The banner: a message in a box over the drawing area, wrapped to fit, with a × that closes it
(a tap anywhere on the box does too), placed at the top or the bottom, wherever it hides less of
the bodies, so a pendulum's pivot at the top stays in sight."""

from __future__ import annotations

from typing import Protocol

import pygame

from . import paint
from .placing import Scenery, bodies_box, least_covering


class Scene(Scenery, Protocol):
    """What the banner reads of a frame's :class:`game.render.layers.Scene`."""

    @property
    def banner(self) -> str | None: ...
    @property
    def banner_kind(self) -> str: ...
    @property
    def banner_opacity(self) -> float: ...

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
        vx, vy, _, vh = scene.camera.viewport
        w, h = image.get_size()
        top = pygame.Rect(vx + self.PADDING, vy + self.PADDING, w, h)
        bottom = pygame.Rect(vx + self.PADDING, vy + vh - self.PADDING - h, w, h)
        self.rect = least_covering((top, bottom), bodies_box(scene))
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
