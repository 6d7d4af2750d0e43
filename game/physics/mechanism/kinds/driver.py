"""A motor's terms (:class:`~game.model.mechanism.kinds.driver.Driver`): the direction P1→P2 kept
at its angle of t, and its torque as the reaction. It is not drawn: the bars it turns are."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ....expr import TIME, Node, compile_trees
from ....expr import algebra as A
from ....model.mechanism import Element
from ..assembly import Assembly
from .base import Gauss, Terms, cross


class DriverTerms(Terms):
    drives = True
    holds = True

    def constraint(self, e: Element, s: Assembly) -> Node | None:
        (x1, y1), (x2, y2) = (s.point(p) for p in e.points)
        angle = e.value("angle")
        assert angle is not None
        theta = A.bind(angle.tree, s.parameters)
        # the direction P1→P2 is (cos θ, sin θ): its cross product with P2 − P1 is zero
        return A.sub(A.mul(A.sub(x2, x1), A.call("sin", theta)), A.mul(A.sub(y2, y1), A.call("cos", theta)))

    def does_work(self, e: Element, parameters: Mapping[str, float]) -> bool:
        return True

    def reaction(self, e: Element, s: Assembly, q: np.ndarray) -> float:
        # the force across the direction times the distance between its points: the motor's torque
        (x1, y1), (x2, y2) = (s.where(p, q) for p in e.points)
        return math.hypot(x2 - x1, y2 - y1)

    def appell_numbers(self, e: Element, parameters: Mapping[str, float],
                       geometry: Mapping[str, tuple[float, float]]) -> Any:
        angle = e.value("angle")
        assert angle is not None
        tree = A.bind(angle.tree, parameters)
        rate = A.diff(tree, TIME)
        return compile_trees([tree, rate, A.diff(rate, TIME)], (TIME,), "angle")

    def appell(self, e: Element, numbers: Any, g: Gauss) -> None:
        p1, p2 = e.points
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
