"""``<FORCE>P|Fx|Fy</FORCE>``: a force applied at free point P (SPEC §7.5), its components
expressions of the parameters, the coordinates, the velocities and t. It has no id: messages
name it by its point.

Its terms: its components added to its point's generalized forces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from ....expr import Node, SourceError, evaluate
from ....expr import algebra as A
from ....messages import msg
from ..elements import OF_MOTION, Cell, Element, point
from ..terms import Engine, Gauss


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

    # -- terms -------------------------------------------------------------------------------

    def forces(self, s: Engine, Q: list[Node]) -> None:
        i = s.index[self.points[0]]
        for k, cell in enumerate(("Fx", "Fy")):
            expr = self.value(cell)
            assert expr is not None
            Q[i + k] = A.add(Q[i + k], A.bind(expr.tree, s.parameters))

    def does_work(self, parameters: Mapping[str, float]) -> bool:
        return True

    def appell(self, numbers: Any, g: Gauss) -> None:
        fx, fy = (self.value(name) for name in ("Fx", "Fy"))
        assert fx is not None and fy is not None
        g.put(g.Q, self.points[0], np.array([evaluate(fx.tree, g.env), evaluate(fy.tree, g.env)]))
