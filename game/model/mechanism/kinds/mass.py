"""``<MASS>id|P|mass|radius</MASS>``: a point mass on point P (SPEC §7.5); its radius (left
empty: a size of the mechanism's) is only how it is drawn."""

from __future__ import annotations

from typing import ClassVar

from ..elements import Cell, Element, ident, number, point


class Mass(Element):
    tag: ClassVar[str] = "MASS"
    cells: ClassVar[tuple[Cell, ...]] = (ident(), point("P"), number("mass", "mechanism.the_mass"),
                                         number("radius", "mechanism.the_radius", optional=True))
    required: ClassVar[int] = 3
    layout_key: ClassVar[str | None] = "mechanism.layout_mass"
