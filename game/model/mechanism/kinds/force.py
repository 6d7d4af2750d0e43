"""``<FORCE>P|Fx|Fy</FORCE>``: a force applied at free point P (SPEC §7.5), its components
expressions of the parameters, the coordinates, the velocities and t. It has no id: messages
name it by its point."""

from __future__ import annotations

from typing import ClassVar

from ....expr import SourceError
from ....messages import msg
from ..elements import OF_MOTION, Cell, Element, point


class Force(Element):
    tag: ClassVar[str] = "FORCE"
    cells: ClassVar[tuple[Cell, ...]] = (point("P"), Cell("Fx", OF_MOTION, word="mechanism.the_fx"),
                                         Cell("Fy", OF_MOTION, word="mechanism.the_fy"))
    required: ClassVar[int] = 3

    @property
    def cited(self) -> str:
        return f"{self.tag} {self.points[0]}"

    def joins(self, free: set[str]) -> SourceError | None:
        if self.points[0] not in free:
            return SourceError(msg("mechanism.force_on_fixed", point=self.points[0]), self.point_locations[0])
        return None
