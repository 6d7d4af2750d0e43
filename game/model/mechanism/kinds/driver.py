"""``<DRIVER>id|P1|P2|angle</DRIVER>``: a motor that turns the direction P1→P2 to an angle given
as a function of t (SPEC §7.5); its reaction is the motor's torque."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ....expr import SourceError
from ....messages import msg
from ..elements import OF_TIME, Cell, Element, ident, point


class Driver(Element):
    tag: ClassVar[str] = "DRIVER"
    cells: ClassVar[tuple[Cell, ...]] = (ident(), point("P1"), point("P2"),
                                         Cell("angle", OF_TIME, word="mechanism.the_angle"))
    required: ClassVar[int] = 4
    layout_key: ClassVar[str | None] = "mechanism.layout_driver"
    constrains: ClassVar[bool] = True

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
