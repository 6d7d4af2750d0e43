"""The pictures of the action (SPEC §7.7): paths in (t, coordinate) and the curve S(ε), each in a
rectangle with its axes — what ``action --png`` writes and what the window's Action view shows.

A :class:`Frame` maps the values of a box to the pixels of a rectangle (y up); :func:`draw_frame`
draws its axes and ticks; :func:`draw_curve` and :func:`draw_points` draw on it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from . import paint
from .plots import Axis
from .style import Colour

INK: Colour = (40, 40, 48)
GRID: Colour = (222, 222, 216)
PAPER: Colour = (252, 252, 250)
#: the colours of paths, in order (the first: the true path, or the least action)
PATH_COLOURS: tuple[Colour, ...] = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
                                    (230, 159, 0), (120, 120, 120))
#: room for the tick labels, left and below (pixels)
MARGIN_LEFT, MARGIN_BOTTOM, MARGIN_TOP = 58, 34, 26


def _noto() -> Path | None:
    """The interface's font (pygame_gui's Noto Sans, which has ∫ − ε η π), found without importing it."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "data" / "NotoSans-Regular.ttf"
    return path if path.exists() else None


_NOTO = _noto()


#: the fonts made, by size: the Action view asks for some every frame (the TTF read each time else)
_FONTS: dict[int, pygame.font.Font] = {}


def font(size: int = 18) -> pygame.font.Font:
    """A font of about ``size`` pixels: the interface's, else pygame's own; made once, and again
    after pygame's fonts were shut down and started (tests do; a font made before is unusable)."""
    if not pygame.font.get_init():
        pygame.font.init()
    made = _FONTS.get(size)
    if made is None or not _usable(made):
        made = _FONTS[size] = pygame.font.Font(str(_NOTO), size - 4) if _NOTO else pygame.font.Font(None, size)
    return made


def _usable(made: pygame.font.Font) -> bool:
    try:
        made.get_height()  # pygame raises for a font of an earlier start of its font module
    except pygame.error:
        return False
    return True


@dataclass(frozen=True)
class Frame:
    """A box of values (x0, x1) × (y0, y1) drawn in the pixel rectangle ``rect`` (its plot area)."""

    rect: pygame.Rect
    x: Axis
    y: Axis

    @classmethod
    def around(cls, where: tuple[int, int, int, int], xs: np.ndarray, ys: np.ndarray) -> Frame:
        x, y, w, h = where
        area = pygame.Rect(x + MARGIN_LEFT, y + MARGIN_TOP, max(10, w - MARGIN_LEFT - 10),
                           max(10, h - MARGIN_TOP - MARGIN_BOTTOM))
        xs, ys = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
        ys = ys[np.isfinite(ys)]
        low, high = (float(np.min(ys)), float(np.max(ys))) if ys.size else (0.0, 1.0)
        return cls(area, Axis.around(float(np.min(xs)), float(np.max(xs))), Axis.around(low, high))

    def pixels(self, xs: Sequence[float] | np.ndarray, ys: Sequence[float] | np.ndarray) -> np.ndarray:
        """(m, 2) pixel points of values."""
        r = self.rect
        px = r.left + (np.asarray(xs, dtype=float) - self.x.lo) / (self.x.hi - self.x.lo) * r.width
        py = r.bottom - (np.asarray(ys, dtype=float) - self.y.lo) / (self.y.hi - self.y.lo) * r.height
        return np.column_stack([px, py])

    def values(self, point: tuple[float, float]) -> tuple[float, float]:
        """The values at a pixel."""
        r = self.rect
        return (self.x.lo + (point[0] - r.left) / r.width * (self.x.hi - self.x.lo),
                self.y.lo + (r.bottom - point[1]) / r.height * (self.y.hi - self.y.lo))


def draw_frame(surface: pygame.Surface, frame: Frame, title: str, x_label: str) -> None:
    """The plot area, its grid, ticks and the label of x, and the title above (which names y)."""
    r = frame.rect
    paint.fill(surface, PAPER, (r.x, r.y, r.width, r.height))
    small = font(16)
    for value, label in frame.x.ticks():
        (px, _), = frame.pixels([value], [frame.y.lo])
        paint.line(surface, GRID, (px, r.top), (px, r.bottom))
        text = small.render(label, True, INK)
        surface.blit(text, (px - text.get_width() / 2, r.bottom + 4))
    for value, label in frame.y.ticks():
        (_, py), = frame.pixels([frame.x.lo], [value])
        paint.line(surface, GRID, (r.left, py), (r.right, py))
        text = small.render(label, True, INK)
        surface.blit(text, (r.left - text.get_width() - 5, py - text.get_height() / 2))
    paint.box(surface, INK, r, width=1)
    big = font(20)
    surface.blit(big.render(title, True, INK), (r.left, r.top - 20))
    xlabel = small.render(x_label, True, INK)
    surface.blit(xlabel, (r.right - xlabel.get_width(), r.bottom + 18))


def draw_curve(surface: pygame.Surface, frame: Frame, xs: np.ndarray, ys: np.ndarray, colour: Colour,
               width: int = 2) -> None:
    points = frame.pixels(xs, ys)
    keep = np.all(np.isfinite(points), axis=1)
    with paint.clipped(surface, (frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height)):
        paint.lines(surface, colour, False, [tuple(p) for p in points[keep]], width)


def draw_points(surface: pygame.Surface, frame: Frame, xs: np.ndarray, ys: np.ndarray, colour: Colour,
                radius: float) -> None:
    with paint.clipped(surface, (frame.rect.x, frame.rect.y, frame.rect.width, frame.rect.height)):
        paint.discs(surface, colour, frame.pixels(xs, ys), radius)


def draw_legend(surface: pygame.Surface, frame: Frame, labels: Sequence[str], colours: Sequence[Colour]) -> None:
    small = font(16)
    y = frame.rect.top + 6
    for label, colour in zip(labels, colours):
        text = small.render(label, True, INK)
        x = frame.rect.right - text.get_width() - 8
        paint.line(surface, colour, (x - 24, y + text.get_height() / 2), (x - 6, y + text.get_height() / 2), 3)
        surface.blit(text, (x, y))
        y += text.get_height() + 4
