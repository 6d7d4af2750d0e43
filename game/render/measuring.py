"""The measuring tools on the scene (issue 36): a ruler with its ticks, a protractor's arc from the
vertical to its bar, a period timer's line, each with a readout box and its buttons. What they are
comes in model units (:class:`ToolMark`); the layer remembers where it drew each handle and button,
so the window knows what a press is on (:attr:`ToolsLayer.hits`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from ..model.steps import step_at_least
from . import paint
from .camera import Camera
from .legend import Lettering

Point = tuple[float, float]

#: the tools' ink, a deep orange none of the bodies or arrows use, and the readout box's
INK = (191, 54, 12)
BOX = (255, 255, 255, 235)
BUTTON = (255, 224, 178)
TEXT = (38, 50, 56)
#: pixels: a handle's radius (and how near a press is on it), the protractor's arc, half a period line
HANDLE = 7
REACH = 12
ARC = 46
HALF_LINE = 70
PAD = 6


@dataclass(frozen=True)
class ToolMark:
    """One tool as a frame shows it: ``points`` in model units (a ruler's ends; a protractor's pivot
    and its bar's other end; a period timer's point; the stopwatch's place)."""

    key: int
    kind: str
    points: tuple[Point, ...]
    lines: tuple[str, ...]
    #: its buttons: (name, words)
    buttons: tuple[tuple[str, str], ...] = ()
    #: a period timer's line: its unit normal (None: a coordinate's timer, no line)
    normal: Point | None = None


@dataclass(frozen=True)
class Hit:
    """Where the last frame drew a part of a tool: a handle (its index) or a button (its name)."""

    key: int
    part: str
    rect: pygame.Rect
    handle: int = 0


class Shown(Protocol):
    """What the layer reads of a frame's :class:`~game.render.layers.Scene` (which imports this module)."""

    @property
    def camera(self) -> Camera: ...

    @property
    def tools(self) -> Sequence[ToolMark]: ...


def tick_step(pixels_per_unit: float, least: float = 8.0) -> float:
    """A round step of model units (1, 2 or 5 × 10ᵏ) whose ticks are at least ``least`` pixels apart."""
    if pixels_per_unit <= 0 or not math.isfinite(pixels_per_unit):
        return 1.0
    return step_at_least(least / pixels_per_unit)


class ToolsLayer:
    def __init__(self, font: pygame.font.Font | None = None) -> None:
        self._lettering = Lettering(font)
        #: the handles and buttons drawn last frame, topmost last
        self.hits: list[Hit] = []

    def draw(self, surface: pygame.Surface, scene: Shown) -> None:
        self.hits = []
        tools: Sequence[ToolMark] = scene.tools
        if not tools:
            return
        camera: Camera = scene.camera
        with paint.clipped(surface, camera.viewport):
            for tool in tools:
                px = [camera.to_pixels(x, y) for x, y in tool.points]
                getattr(self, f"_{tool.kind}")(surface, camera, tool, px)
                for k, p in enumerate(px if tool.kind != "protractor" else px[:1]):
                    if tool.kind != "stopwatch":
                        paint.circle(surface, INK, p, HANDLE, width=2)
                        self.hits.append(Hit(tool.key, "handle", pygame.Rect(p[0] - REACH, p[1] - REACH,
                                                                             2 * REACH, 2 * REACH), k))
                self._readout(surface, tool, px)

    def _ruler(self, surface: pygame.Surface, camera: Camera, tool: ToolMark, px: list[Point]) -> None:
        (ax, ay), (bx, by) = px
        paint.line(surface, INK, (ax, ay), (bx, by), 3)
        length = math.hypot(bx - ax, by - ay)
        if length < 1:
            return
        ux, uy = (bx - ax) / length, (by - ay) / length
        scale = camera.length_to_pixels(1.0)
        step = tick_step(scale)
        for k in range(int(length / (step * scale)) + 1):
            d = k * step * scale
            size = 10 if k % 5 == 0 else 5
            x, y = ax + ux * d, ay + uy * d
            paint.line(surface, INK, (x, y), (x - uy * size, y + ux * size), 1)

    def _protractor(self, surface: pygame.Surface, camera: Camera, tool: ToolMark, px: list[Point]) -> None:
        (cx, cy), (fx, fy) = px
        paint.lines(surface, INK, False, [(cx + ARC * math.cos(a), cy + ARC * math.sin(a))
                                          for a in (math.pi * i / 36 for i in range(37))], 1)
        paint.line(surface, INK, (cx, cy), (cx, cy + ARC + 10), 1)  # the vertical it reads from
        angle = math.atan2(fx - cx, fy - cy)  # from the downward vertical, counter-clockwise on screen too
        steps = max(2, int(abs(angle) / 0.05))
        paint.lines(surface, INK, False, [(cx + 0.7 * ARC * math.sin(angle * i / steps),
                                           cy + 0.7 * ARC * math.cos(angle * i / steps)) for i in range(steps + 1)], 3)

    def _period(self, surface: pygame.Surface, camera: Camera, tool: ToolMark, px: list[Point]) -> None:
        if tool.normal is None:
            return
        (x, y), (nx, ny) = px[0], tool.normal
        dx, dy = ny, nx  # along the line, in pixels (y flipped: the normal (nx, ny) is (nx, −ny) there)
        for k in range(-HALF_LINE, HALF_LINE, 10):
            paint.line(surface, INK, (x + dx * k, y + dy * k), (x + dx * (k + 6), y + dy * (k + 6)), 2)

    def _stopwatch(self, surface: pygame.Surface, camera: Camera, tool: ToolMark, px: list[Point]) -> None:
        pass  # the box is the stopwatch

    def _readout(self, surface: pygame.Surface, tool: ToolMark, px: list[Point]) -> None:
        texts = [self._lettering(line) for line in tool.lines]
        labels = [self._lettering(words) for _, words in tool.buttons]
        row = max((t.get_height() for t in labels), default=0) + 6
        width = max([t.get_width() for t in texts] + [sum(t.get_width() + 16 for t in labels)]) + 2 * PAD
        height = sum(t.get_height() for t in texts) + (row + 4 if labels else 0) + 2 * PAD
        x, y = _corner(tool.kind, px, width, height)
        vx, vy, vw, vh = surface.get_clip()
        x, y = min(max(x, vx), vx + vw - width), min(max(y, vy), vy + vh - height)  # kept in the view
        surface.blit(self._lettering.box((width, height)), (x, y))
        paint.box(surface, INK, pygame.Rect(x, y, width, height), radius=6, width=1)
        if tool.kind == "stopwatch":  # held by its box
            self.hits.append(Hit(tool.key, "handle", pygame.Rect(x, y, width, height)))
        ty = y + PAD
        for t in texts:
            surface.blit(t, (x + PAD, ty))
            ty += t.get_height()
        bx = x + PAD
        for (name, _), label in zip(tool.buttons, labels):
            rect = pygame.Rect(bx, ty + 4, label.get_width() + 12, row)
            paint.box(surface, BUTTON, rect, radius=4)
            surface.blit(label, (bx + 6, ty + 7))
            self.hits.append(Hit(tool.key, name, rect))
            bx += rect.width + 4

    def hit(self, pos: Point) -> Hit | None:
        """The button or handle under ``pos`` (a button before a handle: they sit on the box)."""
        found = [h for h in self.hits if h.rect.collidepoint(pos)]
        return next((h for h in reversed(found) if h.part != "handle"), None) or (found[-1] if found else None)


def _corner(kind: str, px: list[Point], width: int, height: int) -> tuple[int, int]:
    """Where a tool's readout box goes (its top left corner), clear of what the tool shows: beside a
    ruler's middle, on the side away from it; left of a protractor's arc; under a period timer's point."""
    (x, y) = px[0]
    if kind == "ruler":
        (bx, by) = px[1]
        mx, my = (x + bx) / 2, (y + by) / 2
        length = math.hypot(bx - x, by - y) or 1.0
        nx, ny = (by - y) / length, -(bx - x) / length  # across the ruler
        if ny > 0:
            nx, ny = -nx, -ny  # above it
        reach = 16 + abs(nx) * width / 2 + abs(ny) * height / 2
        return round(mx + nx * reach - width / 2), round(my + ny * reach - height / 2)
    if kind == "protractor":
        return round(x - ARC - 12 - width), round(y - height / 2)
    if kind == "stopwatch":
        return round(x), round(y)
    return round(x + 14), round(y + 14)
