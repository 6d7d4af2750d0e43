"""``<DRIVER>id|P1|P2|angle</DRIVER>``: a motor that turns the direction P1→P2 to an angle given
as a function of t (SPEC §7.5); its reaction is the motor's torque.

Its terms: the direction P1→P2 kept at its angle of t, and its torque as the reaction. It is not
drawn: the bars it turns are."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np

from ....expr import TIME, Node, SourceError, compile_trees
from ....expr import algebra as A
from ....messages import msg
from ..elements import OF_TIME, Cell, Element, ident, point
from ..terms import Engine, Gauss, cross


class Driver(Element):
    tag: ClassVar[str] = "DRIVER"
    cells: ClassVar[tuple[Cell, ...]] = (ident(), point("P1"), point("P2"),
                                         Cell("angle", OF_TIME, word="mechanism.the_angle"))
    required: ClassVar[int] = 4
    layout_key: ClassVar[str | None] = "mechanism.layout_driver"
    constrains: ClassVar[bool] = True
    drives = True
    holds = True

    # -- checks ------------------------------------------------------------------------------

    def joins(self, free: set[str]) -> SourceError | None:
        if self.points[0] == self.points[1]:
            return SourceError(msg("mechanism.joins_itself", element=self.label, point=self.points[0]),
                               self.point_locations[1])
        if not free & set(self.points):
            return SourceError(msg("mechanism.driver_fixed", element=self.label), self.point_locations[0])
        return None

    def degenerate(self, distance: Callable[[str, str], float], tiny: Callable[..., float]) -> SourceError | None:
        if distance(*self.points) <= tiny(*self.points):
            return SourceError(msg("mechanism.driver_no_direction", element=self.label, p1=self.points[0],
                                   p2=self.points[1]), self.location)
        return None

    # -- terms -------------------------------------------------------------------------------

    def constraint(self, s: Engine) -> Node | None:
        (x1, y1), (x2, y2) = (s.point(p) for p in self.points)
        angle = self.value("angle")
        assert angle is not None
        theta = A.bind(angle.tree, s.parameters)
        # the direction P1→P2 is (cos θ, sin θ): its cross product with P2 − P1 is zero
        return A.sub(A.mul(A.sub(x2, x1), A.call("sin", theta)), A.mul(A.sub(y2, y1), A.call("cos", theta)))

    def does_work(self, parameters: Mapping[str, float]) -> bool:
        return True

    def reaction(self, s: Engine, q: np.ndarray) -> float:
        # the force across the direction times the distance between its points: the motor's torque
        (x1, y1), (x2, y2) = (s.where(p, q) for p in self.points)
        return math.hypot(x2 - x1, y2 - y1)

    def appell_numbers(self, parameters: Mapping[str, float], geometry: Mapping[str, tuple[float, float]]) -> Any:
        angle = self.value("angle")
        assert angle is not None
        tree = A.bind(angle.tree, parameters)
        rate = A.diff(tree, TIME)
        return compile_trees([tree, rate, A.diff(rate, TIME)], (TIME,), "angle")

    def appell(self, numbers: Any, g: Gauss) -> None:
        p1, p2 = self.points
        theta, dtheta, ddtheta = numbers(g.t)
        along = np.array([math.cos(theta), math.sin(theta)])
        across = np.array([-math.sin(theta), math.cos(theta)])
        d, dd = g.r(p2) - g.r(p1), g.rdot(p2) - g.rdot(p1)
        # (e × d)'' = e × d̈ + 2·ė × ḋ + ë × d = 0, ė = θ̇·n, ë = θ̈·n − θ̇²·e
        row = np.zeros(g.n)
        g.put(row, p2, np.array([-along[1], along[0]]))
        g.put(row, p1, np.array([along[1], -along[0]]))
        rhs = -2 * dtheta * cross(across, dd) - ddtheta * cross(across, d) + dtheta**2 * cross(along, d)
        g.rows.append((row, rhs))
