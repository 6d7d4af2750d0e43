"""``<MASS>id|P|mass|radius</MASS>``: a point mass on point P (SPEC §7.5); its radius (left
empty: a size of the mechanism's) is only how it is drawn.

Its terms: its mass on its point, its weight, its ball (grabbed by itself, with a trail)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np

from ....expr import Node
from ....expr import algebra as A
from ...poses import BallPose, Pose
from ..elements import Cell, Element, element_number, ident, number, point
from ..terms import EYE, Drawing, Engine, Gauss, Place


class Mass(Element):
    tag: ClassVar[str] = "MASS"
    cells: ClassVar[tuple[Cell, ...]] = (ident(), point("P"), number("mass", "mechanism.the_mass"),
                                         number("radius", "mechanism.the_radius", optional=True))
    required: ClassVar[int] = 3
    layout_key: ClassVar[str | None] = "mechanism.layout_mass"
    trails = True
    drawn = True
    pose_rank = 4

    def mass(self, s: Engine, add: Callable[[str, str, float], None]) -> None:
        add(self.points[0], self.points[0], element_number(self, "mass", s.parameters, 0.0))

    def potential(self, s: Engine, gravity: float) -> Node | None:
        if not gravity:
            return None
        mass = element_number(self, "mass", s.parameters, 0.0)
        return A.mul(A.num(mass * gravity), s.point(self.points[0])[1])

    def prepare(self, d: Drawing) -> None:
        s = d.system
        d.numbers[self.id] = element_number(self, "radius", s.parameters, 0.04 * d.size)
        if self.points[0] in s.index and s.n > s.rank:  # its ball is a handle of its point
            d.handles[self.id] = self.points[0]

    def margin(self, d: Drawing) -> float:
        return d.numbers[self.id]

    def grips(self) -> tuple[str, ...]:
        return self.points

    def poses(self, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        pid = self.points[0]
        return [BallPose(self.id, *at(pid), d.numbers[self.id], *speed(pid), self.id in d.handles, True)]

    def appell_numbers(self, parameters: Mapping[str, float], geometry: Mapping[str, tuple[float, float]]) -> Any:
        return element_number(self, "mass", parameters, 0.0)

    def appell(self, numbers: Any, g: Gauss) -> None:
        pid = self.points[0]
        if pid in g.index:
            i = g.index[pid]
            g.H[i:i + 2, i:i + 2] += numbers * EYE
        g.put(g.Q, pid, np.array([0.0, -numbers * g.gravity]))
