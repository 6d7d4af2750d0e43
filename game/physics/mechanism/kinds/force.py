"""A force's terms (:class:`~game.model.mechanism.kinds.force.Force`): its components added to
its point's generalized forces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ....expr import Node, evaluate
from ....expr import algebra as A
from ....model.mechanism import Element
from ..assembly import Assembly
from .base import Gauss, Terms


class ForceTerms(Terms):
    def forces(self, e: Element, s: Assembly, Q: list[Node]) -> None:
        i = s.index[e.points[0]]
        for k, cell in enumerate(("Fx", "Fy")):
            expr = e.value(cell)
            assert expr is not None
            Q[i + k] = A.add(Q[i + k], A.bind(expr.tree, s.parameters))

    def does_work(self, e: Element, parameters: Mapping[str, float]) -> bool:
        return True

    def appell(self, e: Element, numbers: Any, g: Gauss) -> None:
        fx, fy = (e.value(name) for name in ("Fx", "Fy"))
        assert fx is not None and fy is not None
        g.put(g.Q, e.points[0], np.array([evaluate(fx.tree, g.env), evaluate(fy.tree, g.env)]))
