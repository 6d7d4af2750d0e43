"""The builder's drawing on the scene (issue 36 item 1): the grid, bars, springs, masses, sliders'
guides, the motor and forces, and the points (a fixed one a support); a bar or spring being drawn
follows the pointer. What is drawn comes in model units (:class:`BuildMark`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from . import paint
from .camera import Camera

Point = tuple[float, float]

GRID = (207, 216, 220)
BAR = (69, 90, 100)
SPRING = (46, 125, 50)
MASS = (21, 101, 192)
MOTOR = (198, 40, 40)
POINT = (38, 50, 56)
RUBBER = (255, 143, 0)
#: pixels: a point's radius, a mass's, the least gap between grid dots shown
DOT = 5
BALL = 9
LEAST_GRID = 12


@dataclass(frozen=True)
class BuildMark:
    """The drawing as a frame shows it: the grid step, each point (x, y, fixed), each element (its
    kind and its points' places; a force's second place is its arrow's tip), the bar or spring being
    drawn (from, to), if any, the selected element (its index), and where the point dragged would
    land (the snap hint: "point", "grid", "line", "crossing" or "free", the place, the line snapped to
    and the other line of a crossing)."""

    grid: float
    points: tuple[tuple[float, float, bool], ...]
    pieces: tuple[tuple[str, tuple[Point, ...]], ...]
    rubber: tuple[Point, Point] | None = None
    selected: int | None = None
    snap: tuple[str, Point, tuple[Point, Point] | None, tuple[Point, Point] | None] | None = None


class Shown(Protocol):
    @property
    def camera(self) -> Camera: ...

    @property
    def building(self) -> BuildMark | None: ...


class BuildLayer:
    def draw(self, surface: pygame.Surface, scene: Shown) -> None:
        mark = scene.building
        if mark is None:
            return
        camera = scene.camera
        with paint.clipped(surface, camera.viewport):
            self._grid(surface, camera, mark.grid)
            for k, (kind, points) in enumerate(mark.pieces):
                px = [camera.to_pixels(x, y) for x, y in points]
                if k == mark.selected:  # a halo under it
                    paint.lines(surface, RUBBER, False, px if kind != "slider" else px[:1] * 2, 12)
                getattr(self, f"_{kind}")(surface, px)
            if mark.rubber is not None:
                a, b = (camera.to_pixels(*p) for p in mark.rubber)
                paint.line(surface, RUBBER, a, b, 3)
            for x, y, fixed in mark.points:
                p = camera.to_pixels(x, y)
                if fixed:
                    paint.polygon(surface, POINT, [p, (p[0] - 8, p[1] + 12), (p[0] + 8, p[1] + 12)])
                paint.circle(surface, (255, 255, 255), p, DOT)
                paint.circle(surface, POINT, p, DOT, width=2)
            if mark.snap is not None:
                self._snap(surface, camera, *mark.snap)

    @staticmethod
    def _snap(surface: pygame.Surface, camera: Camera, kind: str, at: Point,
              line: tuple[Point, Point] | None, across: tuple[Point, Point] | None = None) -> None:
        """The snap hint: a ring round the point it joins, a cross on the grid node, the line lit and a
        diamond on it; at a crossing, the line (and the other one) lit and a slanted cross on it."""
        x, y = camera.to_pixels(*at)
        for lit in (line, across) if kind in ("line", "crossing") else ():
            if lit is not None:
                a, b = (camera.to_pixels(*p) for p in lit)
                paint.line(surface, RUBBER, a, b, 2)
        if kind == "point":
            paint.circle(surface, RUBBER, (x, y), DOT + 6, width=3)
        elif kind == "line" and line is not None:
            paint.polygon(surface, RUBBER, [(x, y - 8), (x + 8, y), (x, y + 8), (x - 8, y)])
        elif kind == "crossing":
            paint.line(surface, RUBBER, (x - 8, y - 8), (x + 8, y + 8), 3)
            paint.line(surface, RUBBER, (x - 8, y + 8), (x + 8, y - 8), 3)
        else:
            paint.line(surface, RUBBER, (x - 7, y), (x + 7, y), 2)
            paint.line(surface, RUBBER, (x, y - 7), (x, y + 7), 2)

    @staticmethod
    def _grid(surface: pygame.Surface, camera: Camera, grid: float) -> None:
        step = grid
        while camera.length_to_pixels(step) < LEAST_GRID:
            step *= 2
        x0, y0, w, h = camera.viewport
        (mx0, my1), (mx1, my0) = camera.to_model(x0, y0), camera.to_model(x0 + w, y0 + h)
        # the grid is axis-aligned: its columns and rows in pixels once, then a dot at each crossing
        # (thousands of dots a frame while a drag is drawn: no per-dot transform or clipping in Python;
        # the rows and columns are the viewport's, so every dot is a finite pixel the surface's clip cuts)
        columns = [round(camera.to_pixels(i * step, 0.0)[0])
                   for i in range(math.floor(mx0 / step), math.ceil(mx1 / step) + 1)]
        rows = [round(camera.to_pixels(0.0, j * step)[1])
                for j in range(math.floor(my0 / step), math.ceil(my1 / step) + 1)]
        fill = surface.fill
        for y in rows:
            for x in columns:
                fill(GRID, (x, y, 2, 2))

    @staticmethod
    def _bar(surface: pygame.Surface, px: Sequence[Point]) -> None:
        paint.line(surface, BAR, px[0], px[1], 6)

    @staticmethod
    def _spring(surface: pygame.Surface, px: Sequence[Point]) -> None:
        (ax, ay), (bx, by) = px
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        zig = [(ax + ux * length * k / 16 + (-uy * 6 if k % 2 else uy * 6) * (0 < k < 16),
                ay + uy * length * k / 16 + (ux * 6 if k % 2 else -ux * 6) * (0 < k < 16)) for k in range(17)]
        paint.lines(surface, SPRING, False, zig, 2)

    @staticmethod
    def _mass(surface: pygame.Surface, px: Sequence[Point]) -> None:
        paint.circle(surface, MASS, px[0], BALL)

    @staticmethod
    def _slider(surface: pygame.Surface, px: Sequence[Point]) -> None:
        paint.line(surface, BAR, px[1], px[2], 1)
        paint.box(surface, BAR, pygame.Rect(px[0][0] - 8, px[0][1] - 6, 16, 12), radius=2, width=2)

    @staticmethod
    def _motor(surface: pygame.Surface, px: Sequence[Point]) -> None:
        paint.circle(surface, MOTOR, px[0], 14, width=3)

    @staticmethod
    def _force(surface: pygame.Surface, px: Sequence[Point]) -> None:
        (x, y), (tx, ty) = px
        length = math.hypot(tx - x, ty - y)
        if length < 1:
            return
        ux, uy = (tx - x) / length, (ty - y) / length
        paint.line(surface, MOTOR, (x, y), (tx - 8 * ux, ty - 8 * uy), 2)
        paint.polygon(surface, MOTOR, [(tx, ty), (tx - 10 * ux - 5 * uy, ty - 10 * uy + 5 * ux),
                                       (tx - 10 * ux + 5 * uy, ty - 10 * uy - 5 * ux)])
