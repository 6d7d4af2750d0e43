"""A bar's terms (:class:`~game.model.mechanism.kinds.bar.Bar`): its mass on its two points, its
length kept, its weight at its midpoint, its axial force, its pose."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ....expr import Node
from ....expr import algebra as A
from ....model.mechanism import Element, element_number
from ....model.poses import BarPose, Pose
from ..assembly import Assembly
from .base import EYE, Drawing, Gauss, Place, Reaction, Terms, distance_of


class BarTerms(Terms):
    holds = True
    drawn = True
    pose_rank = 2

    def mass(self, e: Element, s: Assembly, add: Callable[[str, str, float], None]) -> None:
        # a bar of mass m and inertia I (about its midpoint) adds a = m/4 + I/L² on the ii and jj
        # blocks and b = m/4 − I/L² on ij and ji (seed 003)
        p1, p2 = e.points
        L = s.length(p1, p2)
        mass = element_number(e, "mass", s.parameters, 0.0)
        inertia = element_number(e, "inertia", s.parameters, mass * L * L / 12)
        a, b = mass / 4 + inertia / L**2, mass / 4 - inertia / L**2
        add(p1, p1, a)
        add(p2, p2, a)
        add(p1, p2, b)
        add(p2, p1, b)

    def constraint(self, e: Element, s: Assembly) -> Node | None:
        (x1, y1), (x2, y2) = (s.point(p) for p in e.points)
        L = s.length(*e.points)
        dx, dy = A.sub(x2, x1), A.sub(y2, y1)
        # (d² − L²)/(2L): its gradient is the unit vector along the bar, so λ is a force
        return A.div(A.sub(A.add(A.pow_(dx, A.TWO), A.pow_(dy, A.TWO)), A.num(L * L)), A.num(2 * L))

    def potential(self, e: Element, s: Assembly, gravity: float) -> Node | None:
        if not gravity:
            return None
        mass = element_number(e, "mass", s.parameters, 0.0)
        (_, y1), (_, y2) = (s.point(p) for p in e.points)
        return A.mul(A.num(mass * gravity / 2), A.add(y1, y2))

    def arrows(self, e: Element, s: Assembly, q: np.ndarray, lam: float) -> list[Reaction]:
        (x1, y1), (x2, y2) = (s.where(p, q) for p in e.points)
        L = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / L, (y2 - y1) / L
        kind = "tension" if lam >= 0 else "compression"
        return [(e.id, kind, x1, y1, lam * ux, lam * uy), (e.id, kind, x2, y2, -lam * ux, -lam * uy)]

    def reach(self, e: Element, s: Assembly) -> float | None:
        return s.length(*e.points[:2])

    def prepare(self, e: Element, d: Drawing) -> None:
        d.numbers[e.id] = element_number(e, "width", d.system.parameters, 0.0)
        d.bar_ends.append(set(e.points))

    def margin(self, e: Element, d: Drawing) -> float:
        return d.numbers[e.id] / 2

    def rigid(self, e: Element, s: Assembly) -> tuple[str, str, float] | None:
        p1, p2 = e.points
        return p1, p2, s.length(p1, p2)

    def grips(self, e: Element) -> tuple[str, ...]:
        return e.points

    def poses(self, e: Element, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        p1, p2 = e.points
        fixed = d.system.fixed
        ground = p1 in fixed and p2 in fixed
        return [BarPose(e.id, *at(p1), *at(p2), d.numbers[e.id], *speed(p1), *speed(p2), False, ground)]

    def appell_numbers(self, e: Element, parameters: Mapping[str, float],
                       geometry: Mapping[str, tuple[float, float]]) -> Any:
        rest = distance_of(e, geometry)
        mass = element_number(e, "mass", parameters, 0.0)
        return rest, mass, element_number(e, "inertia", parameters, mass * rest * rest / 12)

    def appell(self, e: Element, numbers: Any, g: Gauss) -> None:
        p1, p2 = e.points
        L, mass, inertia = numbers
        index = g.index
        d, w = g.r(p2) - g.r(p1), g.rdot(p2) - g.rdot(p1)
        # ½·m·|(a₁ + a₂)/2|²
        for a in (p1, p2):
            for b in (p1, p2):
                if a in index and b in index:
                    g.H[index[a]:index[a] + 2, index[b]:index[b] + 2] += mass / 4 * EYE
        # ½·I·α², α = (d × (a₂ − a₁))/L²
        grad = np.zeros(g.n)
        g.put(grad, p2, np.array([-d[1], d[0]]) / L**2)
        g.put(grad, p1, np.array([d[1], -d[0]]) / L**2)
        g.H += inertia * np.outer(grad, grad)
        for pid in (p1, p2):
            g.put(g.Q, pid, np.array([0.0, -mass * g.gravity / 2]))
        if p1 in index or p2 in index:
            row = np.zeros(g.n)
            g.put(row, p2, d)
            g.put(row, p1, -d)
            g.rows.append((row, -float(w @ w)))
