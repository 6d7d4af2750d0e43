"""A ``<MECHANISM>`` block as data (SPEC §7.5): gravity, the points and the elements between them."""

from __future__ import annotations

from dataclasses import dataclass

from ...expr import Expression, Location
from .elements import Element
from .kinds.point import Point


@dataclass(frozen=True)
class Mechanism:
    gravity: Expression | None
    points: tuple[Point, ...]
    elements: tuple[Element, ...]
    location: Location

    @property
    def free_points(self) -> tuple[Point, ...]:
        return tuple(p for p in self.points if not p.fixed)

    def point(self, pid: str) -> Point:
        for p in self.points:
            if p.id == pid:
                return p
        raise KeyError(pid)

    @property
    def energies(self) -> tuple[str, ...]:
        """What Ep is made of, as the Values panel writes it: gravity on every mass, and what the
        elements add (springs)."""
        own = dict.fromkeys(e.energy for e in self.elements if e.energy is not None)
        return (*(("Σ m·g·y",) if self.gravity is not None else ()), *own)
