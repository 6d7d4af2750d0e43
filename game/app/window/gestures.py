"""Fingers on a touch screen, turned into what the mouse does — and a pinch. No pygame here.

One finger is a pointer: it presses, moves and releases exactly as the left mouse button
does, so bodies and arrows are dragged by the same code. A second finger turns the touch
into a pinch: the drag (if any) ends where it is, and each move of either finger gives the
ratio of the fingers' distances (> 1: apart, zoom in) about their midpoint.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True)
class Gesture:
    #: "press", "move", "release" (one finger, like the mouse), "stop" (a drag ends where it is,
    #: as a pinch begins) or "zoom" (two fingers)
    kind: str
    pos: Point
    #: zoom: the new distance between the fingers over the previous one
    factor: float = 1.0


@dataclass
class Touches:
    fingers: dict[Hashable, Point] = field(default_factory=dict)
    #: the finger acting as the mouse, or None (none down, or pinching)
    pointer: Hashable | None = None

    def down(self, finger: Hashable, pos: Point) -> list[Gesture]:
        self.fingers[finger] = pos
        if len(self.fingers) == 1:
            self.pointer = finger
            return [Gesture("press", pos)]
        if self.pointer is not None:  # a second finger: the drag ends where it is, a pinch begins
            old = self.fingers[self.pointer]
            self.pointer = None
            return [Gesture("stop", old)]
        return []

    def move(self, finger: Hashable, pos: Point) -> list[Gesture]:
        if finger not in self.fingers:
            return []
        before = self._span()
        self.fingers[finger] = pos
        if finger == self.pointer:
            return [Gesture("move", pos)]
        after = self._span()
        if before and after and len(self.fingers) == 2:
            a, b = self.fingers.values()
            return [Gesture("zoom", ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), after / before)]
        return []

    def up(self, finger: Hashable, pos: Point) -> list[Gesture]:
        if self.fingers.pop(finger, None) is None:
            return []
        if finger == self.pointer:
            self.pointer = None
            return [Gesture("release", pos)]
        return []

    def _span(self) -> float | None:
        if len(self.fingers) != 2:
            return None
        a, b = self.fingers.values()
        return math.dist(a, b) or None
