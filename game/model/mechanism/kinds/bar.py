"""``<BAR>id|P1|P2|mass|inertia|width</BAR>``: a rigid bar that keeps P1 and P2 at the distance
the file puts them (SPEC §7.5). Massless when its mass is left empty; its inertia about its
midpoint, left empty, a uniform rod's m·L²/12; its width only how it is drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ....expr import SourceError
from ....messages import msg
from ..elements import Cell, Element, ident, number, point


class Bar(Element):
    tag: ClassVar[str] = "BAR"
    cells: ClassVar[tuple[Cell, ...]] = (
        ident(), point("P1"), point("P2"), number("mass", "mechanism.the_mass", optional=True),
        number("inertia", "mechanism.the_inertia", optional=True), number("width", "mechanism.the_width", optional=True))
    required: ClassVar[int] = 3
    layout_key: ClassVar[str | None] = "mechanism.layout_bar"
    constrains: ClassVar[bool] = True

    def joins(self, free: set[str]) -> SourceError | None:
        if self.points[0] == self.points[1]:
            return SourceError(msg("mechanism.joins_itself", element=self.label, point=self.points[0]),
                               self.point_locations[1])
        return None

    def degenerate(self, distance: Callable[[str, str], float], tiny: Callable[..., float]) -> SourceError | None:
        if distance(*self.points) <= tiny(*self.points):
            return SourceError(msg("mechanism.zero_length", element=self.label, p1=self.points[0], p2=self.points[1]),
                               self.location)
        return None
