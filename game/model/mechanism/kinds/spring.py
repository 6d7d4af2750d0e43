"""``<SPRING>id|P1|P2|k|length|damping</SPRING>``: a spring of stiffness k between P1 and P2
(SPEC §7.5), its natural length left empty the distance the file puts them at, with a damper
along it when damping is given.

Its terms: its elastic energy, its damper along it, its zigzag."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from ....expr import Node, SourceError
from ....expr import algebra as A
from ....messages import msg
from ...poses import Pose, SpringPose
from ..elements import Cell, Element, element_number, ident, number, point
from ..terms import Drawing, Engine, Gauss, Place, distance_of


class Spring(Element):
    tag: ClassVar[str] = "SPRING"
    cells: ClassVar[tuple[Cell, ...]] = (
        ident(), point("P1"), point("P2"), number("k", "mechanism.the_k"),
        number("length", "mechanism.the_length", optional=True), number("damping", "mechanism.the_damping", optional=True))
    required: ClassVar[int] = 4
    layout_key: ClassVar[str | None] = "mechanism.layout_spring"
    energy: ClassVar[str | None] = "Σ ½·k·(d − L)²"
    holds = True
    drawn = True
    pose_rank = 1

    def joins(self, free: set[str]) -> SourceError | None:
        if self.points[0] == self.points[1]:
            return SourceError(msg("mechanism.joins_itself", element=self.label, point=self.points[0]),
                               self.point_locations[1])
        return None

    # -- terms -------------------------------------------------------------------------------

    def potential(self, s: Engine, gravity: float) -> Node | None:
        k = element_number(self, "k", s.parameters, 0.0)
        rest = element_number(self, "length", s.parameters, s.length(*self.points))
        return A.mul(A.num(k / 2), A.pow_(A.sub(self._distance(s), A.num(rest)), A.TWO))

    def forces(self, s: Engine, Q: list[Node]) -> None:
        c = element_number(self, "damping", s.parameters, 0.0)
        if c:  # a damper pulls against the rate the length changes at, along the spring
            d = self._distance(s)
            rate = s.rate(d)
            for i, name in enumerate(s.coordinates):
                Q[i] = A.sub(Q[i], A.mul(A.mul(A.num(c), rate), A.diff(d, name)))

    def does_work(self, parameters: Mapping[str, float]) -> bool:
        return element_number(self, "damping", parameters, 0.0) > 0

    def reach(self, s: Engine) -> float | None:
        return s.length(*self.points[:2])

    def prepare(self, d: Drawing) -> None:
        d.numbers[self.id] = element_number(self, "length", d.system.parameters, d.system.length(*self.points))

    def margin(self, d: Drawing) -> float:
        return 0.04 * d.size

    def grips(self) -> tuple[str, ...]:
        return self.points[-1:]  # the end drawn as its handle

    def poses(self, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        return [SpringPose(self.id, *at(self.points[0]), *at(self.points[1]), 0.08 * d.size, d.numbers[self.id])]

    def appell_numbers(self, parameters: Mapping[str, float], geometry: Mapping[str, tuple[float, float]]) -> Any:
        rest = distance_of(self.points[0], self.points[1], geometry)
        return (element_number(self, "k", parameters, 0.0), element_number(self, "damping", parameters, 0.0),
                element_number(self, "length", parameters, rest))

    def appell(self, numbers: Any, g: Gauss) -> None:
        k, c, rest = numbers
        p1, p2 = self.points
        d = g.r(p2) - g.r(p1)
        length = math.hypot(*d)
        unit = d / length
        pull = k * (length - rest) + c * float(unit @ (g.rdot(p2) - g.rdot(p1)))
        g.put(g.Q, p2, -pull * unit)
        g.put(g.Q, p1, pull * unit)

    def _distance(self, s: Engine) -> Node:
        (x1, y1), (x2, y2) = (s.point(p) for p in self.points[:2])
        return A.call("sqrt", A.add(A.pow_(A.sub(x2, x1), A.TWO), A.pow_(A.sub(y2, y1), A.TWO)))
