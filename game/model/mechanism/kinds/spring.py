"""``<SPRING>id|P1|P2|k|length|damping</SPRING>``: a spring of stiffness k between P1 and P2
(SPEC §7.5), its natural length left empty the distance the file puts them at, with a damper
along it when damping is given."""

from __future__ import annotations

from typing import ClassVar

from ....expr import SourceError
from ....messages import msg
from ..elements import Cell, Element, ident, number, point


class Spring(Element):
    tag: ClassVar[str] = "SPRING"
    cells: ClassVar[tuple[Cell, ...]] = (
        ident(), point("P1"), point("P2"), number("k", "mechanism.the_k"),
        number("length", "mechanism.the_length", optional=True), number("damping", "mechanism.the_damping", optional=True))
    required: ClassVar[int] = 4
    layout_key: ClassVar[str | None] = "mechanism.layout_spring"
    energy: ClassVar[str | None] = "Σ ½·k·(d − L)²"

    def joins(self, free: set[str]) -> SourceError | None:
        if self.points[0] == self.points[1]:
            return SourceError(msg("mechanism.joins_itself", element=self.label, point=self.points[0]),
                               self.point_locations[1])
        return None
