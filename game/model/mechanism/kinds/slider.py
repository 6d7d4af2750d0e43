"""``<SLIDER>id|P|A|B</SLIDER>``: point P kept on the line through A and B (SPEC §7.5): a block
on a guide, or a collar on a bar between A and B."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ....expr import SourceError
from ....messages import msg
from ..elements import Cell, Element, ident, point


class Slider(Element):
    tag: ClassVar[str] = "SLIDER"
    cells: ClassVar[tuple[Cell, ...]] = (ident(), point("P"), point("A"), point("B"))
    required: ClassVar[int] = 4
    constrains: ClassVar[bool] = True

    def joins(self, free: set[str]) -> SourceError | None:
        p, a, b = self.points
        if a == b:
            return SourceError(msg("mechanism.slider_same_points", element=self.label, a=a, b=b),
                               self.point_locations[2])
        if p in (a, b):
            return SourceError(msg("mechanism.slider_own_line", element=self.label, point=p), self.point_locations[0])
        return None

    def degenerate(self, distance: Callable[[str, str], float], tiny: Callable[..., float]) -> SourceError | None:
        _, a, b = self.points
        if distance(a, b) <= tiny(a, b):
            return SourceError(msg("mechanism.slider_no_line", element=self.label, a=a, b=b), self.location)
        return None
