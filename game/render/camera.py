"""The one place where model units become pixels and back.

Model space has y pointing up (physics convention); screen pixels have y pointing
down. The flip happens here and nowhere else, so every other module can think in
one convention at a time. This module deliberately does not import pygame: the
dragging code (which works in model units) can use :meth:`Camera.to_model`
without a display.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

# Works on plain floats and on numpy arrays alike (trails convert thousands of
# points per frame in one vectorised call).
Num = TypeVar("Num", float, np.ndarray)


@dataclass(frozen=True)
class Camera:
    """Maps model coordinates (y up) to pixel coordinates (y down).

    Attributes:
        escala: pixels per model unit (the model file's ``escala``).
        ox: horizontal shift of the model origin in pixels from the centre of
            the viewport; positive moves it right (the model file's ``Ox``).
        oy: vertical shift of the model origin in pixels from the centre of the
            viewport; positive moves it DOWN (the model file's ``Oy``).
        viewport: ``(x, y, w, h)`` of the drawing area in window pixels: the
            window minus the top and bottom bars.
    """

    escala: float
    ox: float = 0.0
    oy: float = 0.0
    viewport: tuple[int, int, int, int] = (0, 0, 800, 600)

    def __post_init__(self) -> None:
        # A zero or negative scale would make to_model divide by zero or mirror
        # the world; a model file with such a value is an error upstream.
        if not (math.isfinite(self.escala) and self.escala > 0):
            raise ValueError(f"escala must be a positive finite number, got {self.escala!r}")
        if self.viewport[2] < 0 or self.viewport[3] < 0:
            raise ValueError(f"viewport size must not be negative, got {self.viewport!r}")

    @property
    def origin_px(self) -> tuple[float, float]:
        """Pixel position of the model origin (0, 0)."""
        x, y, w, h = self.viewport
        return (x + w / 2 + self.ox, y + h / 2 + self.oy)

    def to_pixels(self, x: Num, y: Num) -> tuple[Num, Num]:
        """Model point(s) to pixel point(s); floats or numpy arrays (not rounded)."""
        cx, cy = self.origin_px
        return (cx + x * self.escala, cy - y * self.escala)

    def to_model(self, px: Num, py: Num) -> tuple[Num, Num]:
        """Pixel point(s) to model point(s); the inverse of :meth:`to_pixels`."""
        cx, cy = self.origin_px
        return ((px - cx) / self.escala, (cy - py) / self.escala)

    def length_to_pixels(self, length: float) -> float:
        """A model-unit length (radius, width) in pixels."""
        return length * self.escala

    def length_to_model(self, pixels: float) -> float:
        """A pixel length in model units (e.g. a hit radius for dragging)."""
        return pixels / self.escala
