"""A point mass's terms (:class:`~game.model.mechanism.kinds.mass.Mass`): its mass on its point,
its weight, its ball (grabbed by itself, with a trail)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ....expr import Node
from ....expr import algebra as A
from ....model.mechanism import Element, element_number
from ....model.poses import BallPose, Pose
from ..assembly import Assembly
from .base import EYE, Drawing, Gauss, Place, Terms


class MassTerms(Terms):
    trails = True
    drawn = True
    pose_rank = 4

    def mass(self, e: Element, s: Assembly, add: Callable[[str, str, float], None]) -> None:
        add(e.points[0], e.points[0], element_number(e, "mass", s.parameters, 0.0))

    def potential(self, e: Element, s: Assembly, gravity: float) -> Node | None:
        if not gravity:
            return None
        mass = element_number(e, "mass", s.parameters, 0.0)
        return A.mul(A.num(mass * gravity), s.point(e.points[0])[1])

    def prepare(self, e: Element, d: Drawing) -> None:
        s = d.system
        d.numbers[e.id] = element_number(e, "radius", s.parameters, 0.04 * d.size)
        if e.points[0] in s.index and s.n > s.rank:  # its ball is a handle of its point
            d.handles[e.id] = e.points[0]

    def margin(self, e: Element, d: Drawing) -> float:
        return d.numbers[e.id]

    def grips(self, e: Element) -> tuple[str, ...]:
        return e.points

    def poses(self, e: Element, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        pid = e.points[0]
        return [BallPose(e.id, *at(pid), d.numbers[e.id], *speed(pid), e.id in d.handles, True)]

    def appell_numbers(self, e: Element, parameters: Mapping[str, float],
                       geometry: Mapping[str, tuple[float, float]]) -> Any:
        return element_number(e, "mass", parameters, 0.0)

    def appell(self, e: Element, numbers: Any, g: Gauss) -> None:
        pid = e.points[0]
        if pid in g.index:
            i = g.index[pid]
            g.H[i:i + 2, i:i + 2] += numbers * EYE
        g.put(g.Q, pid, np.array([0.0, -numbers * g.gravity]))
