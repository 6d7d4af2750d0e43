"""A spring's terms (:class:`~game.model.mechanism.kinds.spring.Spring`): its elastic energy,
its damper along it, its zigzag."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ....expr import Node
from ....expr import algebra as A
from ....model.mechanism import Element, element_number
from ....model.poses import Pose, SpringPose
from ..assembly import Assembly
from .base import Drawing, Gauss, Place, Terms, distance_of


class SpringTerms(Terms):
    holds = True
    drawn = True
    pose_rank = 1

    def potential(self, e: Element, s: Assembly, gravity: float) -> Node | None:
        k = element_number(e, "k", s.parameters, 0.0)
        rest = element_number(e, "length", s.parameters, s.length(*e.points))
        return A.mul(A.num(k / 2), A.pow_(A.sub(_distance(e, s), A.num(rest)), A.TWO))

    def forces(self, e: Element, s: Assembly, Q: list[Node]) -> None:
        c = element_number(e, "damping", s.parameters, 0.0)
        if c:  # a damper pulls against the rate the length changes at, along the spring
            d = _distance(e, s)
            rate = s.rate(d)
            for i, name in enumerate(s.coordinates):
                Q[i] = A.sub(Q[i], A.mul(A.mul(A.num(c), rate), A.diff(d, name)))

    def does_work(self, e: Element, parameters: Mapping[str, float]) -> bool:
        return element_number(e, "damping", parameters, 0.0) > 0

    def reach(self, e: Element, s: Assembly) -> float | None:
        return s.length(*e.points[:2])

    def prepare(self, e: Element, d: Drawing) -> None:
        d.numbers[e.id] = element_number(e, "length", d.system.parameters, d.system.length(*e.points))

    def margin(self, e: Element, d: Drawing) -> float:
        return 0.04 * d.size

    def grips(self, e: Element) -> tuple[str, ...]:
        return e.points[-1:]  # the end drawn as its handle

    def poses(self, e: Element, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        return [SpringPose(e.id, *at(e.points[0]), *at(e.points[1]), 0.08 * d.size, d.numbers[e.id])]

    def appell_numbers(self, e: Element, parameters: Mapping[str, float],
                       geometry: Mapping[str, tuple[float, float]]) -> Any:
        rest = distance_of(e, geometry)
        return (element_number(e, "k", parameters, 0.0), element_number(e, "damping", parameters, 0.0),
                element_number(e, "length", parameters, rest))

    def appell(self, e: Element, numbers: Any, g: Gauss) -> None:
        k, c, rest = numbers
        p1, p2 = e.points
        d = g.r(p2) - g.r(p1)
        length = math.hypot(*d)
        unit = d / length
        pull = k * (length - rest) + c * float(unit @ (g.rdot(p2) - g.rdot(p1)))
        g.put(g.Q, p2, -pull * unit)
        g.put(g.Q, p1, pull * unit)


def _distance(e: Element, s: Assembly) -> Node:
    (x1, y1), (x2, y2) = (s.point(p) for p in e.points[:2])
    return A.call("sqrt", A.add(A.pow_(A.sub(x2, x1), A.TWO), A.pow_(A.sub(y2, y1), A.TWO)))
