"""The legend of a mechanism's reaction arrows: what each colour is, and how long an arrow of a
round number of newtons is, in a box at a corner of the drawing area, the one where it hides least
of the bodies (the lower left when all hide as little); folded, only its title and a +."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.model.poses import ForceLegend

from . import paint
from .arrows import draw_arrow
from .camera import Camera
from .placing import least_covering
from .style import Style

#: the reference arrow is a round force (1, 2 or 5 × 10ⁿ) at most this long, at least 2/5 of it
REFERENCE_PX = 60.0
#: the short arrows beside each kind's words
SAMPLE_PX = 26.0
PADDING = 8
BOX = (255, 255, 255, 225)
EDGE = (190, 190, 190)
TEXT = (33, 33, 33)
REFERENCE = (90, 90, 90)


def round_force(length_per_force_px: float, longest: float = REFERENCE_PX) -> float:
    """The largest 1, 2 or 5 × 10ⁿ whose arrow is no longer than ``longest`` pixels (so it is
    longer than ``longest``·2/5)."""
    most = longest / length_per_force_px
    power = 10.0 ** math.floor(math.log10(most))
    return max(m * power for m in (1.0, 2.0, 5.0) if m * power <= most * (1 + 1e-12))


def force_text(value: float, unit: str) -> str:
    return f"{value:g} {unit}"


class Lettering:
    """Texts rendered once in one font and kept (a legend says the same words frame after frame)."""

    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self._font = font
        self._texts: dict[str, pygame.Surface] = {}
        self._boxes: dict[tuple[int, int], pygame.Surface] = {}

    @property
    def font(self) -> pygame.font.Font:
        if self._font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            self._font = pygame.font.Font(None, 20)
        return self._font

    def __call__(self, text: str) -> pygame.Surface:
        if text not in self._texts:
            if len(self._texts) > 64:  # words of another language, forces of another size
                self._texts.clear()
            self._texts[text] = self.font.render(text, True, TEXT)
        return self._texts[text]

    def box(self, size: tuple[int, int]) -> pygame.Surface:
        """The legend's translucent background, of this size."""
        if size not in self._boxes:
            self._boxes.clear()
            panel = pygame.Surface(size, pygame.SRCALPHA)
            paint.box(panel, BOX, panel.get_rect(), radius=6)
            self._boxes[size] = panel
        return self._boxes[size]


def draw_force_legend(surface: pygame.Surface, camera: Camera, legend: ForceLegend, style: Style,
                      lettering: Lettering | None = None, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """The legend in the corner of the viewport where it hides least of ``avoid`` (the bodies);
    where it went, or None when the scale has no size."""
    per_px = legend.length_per_force * camera.escala
    if not (math.isfinite(per_px) and per_px > 0):
        return None
    write = lettering or Lettering()
    force = round_force(per_px)
    length = force * per_px
    colours = {"tension": style.tension, "compression": style.compression, "normal": style.normal,
               "constraint": style.normal}
    title = write(legend.title)
    fold = write("+" if legend.folded else "−")  # what a click on it does: unfold, fold
    reference = write(force_text(force, legend.unit))
    words = [] if legend.folded else [(colours.get(kind, style.arrow), write(text)) for kind, text in legend.kinds]
    line = max(write.font.get_linesize(), 18)
    width = 2 * PADDING + max([title.get_width() + 12 + fold.get_width(),
                               *(() if legend.folded else (REFERENCE_PX + 8 + reference.get_width(),)),
                               *(SAMPLE_PX + 8 + w.get_width() for _, w in words)])
    height = 2 * PADDING + line * (1 if legend.folded else 2 + len(words))
    vx, vy, vw, vh = camera.viewport
    w = min(width, vw - 2 * PADDING)
    left, right, top, bottom = vx + PADDING, vx + vw - PADDING - w, vy + PADDING, vy + vh - PADDING - height
    box = least_covering([pygame.Rect(x, y, w, height) for y in (bottom, top) for x in (left, right)], avoid)
    surface.blit(write.box(box.size), box.topleft)
    paint.box(surface, EDGE, box, radius=6, width=1)
    with paint.clipped(surface, (box.x, box.y, box.w, box.h)):
        x, y = box.x + PADDING, box.y + PADDING
        surface.blit(title, (x, y))
        surface.blit(fold, (box.right - PADDING - fold.get_width(), y))
        if legend.folded:
            return box
        y += line
        middle = y + line / 2
        draw_arrow(surface, (x, middle), (x + length, middle), REFERENCE, style.arrow_width_px)
        surface.blit(reference, (x + length + 8, y + (line - reference.get_height()) / 2))
        for colour, text in words:
            y += line
            middle = y + line / 2
            draw_arrow(surface, (x, middle), (x + SAMPLE_PX, middle), colour, style.arrow_width_px)
            surface.blit(text, (x + SAMPLE_PX + 8, y + (line - text.get_height()) / 2))
    return box
