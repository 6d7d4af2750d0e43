"""A stand-in for ``pygame.draw`` that records how large the geometry it is given is."""

from __future__ import annotations

import math

import pygame


class DrawRecorder:
    """Stands in for ``pygame.draw`` and records the largest coordinate each call gets.

    A call whose geometry lies within ``limit`` pixels of the surface is drawn for real;
    one beyond is only recorded (drawing it could take minutes), so a test can assert
    that nothing unbounded ever reaches pygame and still look at the pixels.
    """

    FUNCTIONS = ("polygon", "lines", "aalines", "line", "aaline", "circle", "aacircle", "rect")

    def __init__(self, monkeypatch, limit: float = 4000.0) -> None:
        self.limit = limit
        self.largest = 0.0
        self.calls = 0
        #: vertices handed to pygame in polylines and polygons (what a drawing costs)
        self.points = 0
        real = {name: getattr(pygame.draw, name) for name in self.FUNCTIONS}

        def numbers(value):
            if isinstance(value, (int, float)):
                yield float(value)
            elif isinstance(value, pygame.Rect):
                yield from (float(value.x), float(value.y), float(value.right), float(value.bottom))
            elif isinstance(value, (tuple, list)) or hasattr(value, "__len__"):
                for v in value:
                    yield from numbers(v)

        def recorder(name):
            def draw(surface, colour, *args, **kwargs):
                geometry = [a for a in args if not isinstance(a, bool)]
                if name in ("lines", "polygon", "circle", "aacircle", "rect") and len(geometry) > 1:
                    geometry = geometry[:1] if name in ("lines", "polygon", "rect") else geometry[:2]
                size = max((abs(v) if math.isfinite(v) else math.inf for v in numbers(geometry)), default=0.0)
                self.largest = max(self.largest, size)
                self.calls += 1
                if name in ("lines", "aalines", "polygon"):
                    self.points += len(geometry[0])
                if size <= self.limit:
                    return real[name](surface, colour, *args, **kwargs)
                return pygame.Rect(0, 0, 0, 0)
            return draw

        for name in self.FUNCTIONS:
            monkeypatch.setattr(pygame.draw, name, recorder(name))
