"""``<BAR>id|P1|P2|mass|inertia|width</BAR>``: a rigid bar that keeps P1 and P2 at the distance
the file puts them (SPEC §7.5). Massless when its mass is left empty; its inertia about its
midpoint, left empty, a uniform rod's m·L²/12; its width only how it is drawn.

Its terms: its mass on its two points, its length kept, its weight at its midpoint, its axial
force, its pose."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import numpy as np

from ....expr import Node, SourceError
from ....expr import algebra as A
from ....messages import msg
from ...poses import BarPose, Pose
from ..elements import Cell, Element, element_number, ident, number, point
from ..terms import EYE, Drawing, Engine, Gauss, Place, Reaction, distance_of


class Bar(Element):
    tag: ClassVar[str] = "BAR"
    cells: ClassVar[tuple[Cell, ...]] = (
        ident(), point("P1"), point("P2"), number("mass", "mechanism.the_mass", optional=True),
        number("inertia", "mechanism.the_inertia", optional=True), number("width", "mechanism.the_width", optional=True))
    required: ClassVar[int] = 3
    layout_key: ClassVar[str | None] = "mechanism.layout_bar"
    constrains: ClassVar[bool] = True
    holds = True
    drawn = True
    pose_rank = 2

    # -- checks ------------------------------------------------------------------------------

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

    # -- terms -------------------------------------------------------------------------------

    def mass(self, s: Engine, add: Callable[[str, str, float], None]) -> None:
        # a bar of mass m and inertia I (about its midpoint) adds a = m/4 + I/L² on the ii and jj
        # blocks and b = m/4 − I/L² on ij and ji (seed 003)
        p1, p2 = self.points
        L = s.length(p1, p2)
        mass = element_number(self, "mass", s.parameters, 0.0)
        inertia = element_number(self, "inertia", s.parameters, mass * L * L / 12)
        a, b = mass / 4 + inertia / L**2, mass / 4 - inertia / L**2
        add(p1, p1, a)
        add(p2, p2, a)
        add(p1, p2, b)
        add(p2, p1, b)

    def constraint(self, s: Engine) -> Node | None:
        (x1, y1), (x2, y2) = (s.point(p) for p in self.points)
        L = s.length(*self.points)
        dx, dy = A.sub(x2, x1), A.sub(y2, y1)
        # (d² − L²)/(2L): its gradient is the unit vector along the bar, so λ is a force
        return A.div(A.sub(A.add(A.pow_(dx, A.TWO), A.pow_(dy, A.TWO)), A.num(L * L)), A.num(2 * L))

    def potential(self, s: Engine, gravity: float) -> Node | None:
        if not gravity:
            return None
        mass = element_number(self, "mass", s.parameters, 0.0)
        (_, y1), (_, y2) = (s.point(p) for p in self.points)
        return A.mul(A.num(mass * gravity / 2), A.add(y1, y2))

    def arrows(self, s: Engine, q: np.ndarray, lam: float) -> list[Reaction]:
        (x1, y1), (x2, y2) = (s.where(p, q) for p in self.points)
        L = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / L, (y2 - y1) / L
        kind = "tension" if lam >= 0 else "compression"
        return [(self.id, kind, x1, y1, lam * ux, lam * uy), (self.id, kind, x2, y2, -lam * ux, -lam * uy)]

    def reach(self, s: Engine) -> float | None:
        return s.length(*self.points[:2])

    def prepare(self, d: Drawing) -> None:
        d.numbers[self.id] = element_number(self, "width", d.system.parameters, 0.0)
        d.bar_ends.append(set(self.points))

    def margin(self, d: Drawing) -> float:
        return d.numbers[self.id] / 2

    def rigid(self, s: Engine) -> tuple[str, str, float] | None:
        p1, p2 = self.points
        return p1, p2, s.length(p1, p2)

    def grips(self) -> tuple[str, ...]:
        return self.points

    def poses(self, d: Drawing, at: Place, speed: Place) -> list[Pose]:
        p1, p2 = self.points
        fixed = d.system.fixed
        ground = p1 in fixed and p2 in fixed
        return [BarPose(self.id, *at(p1), *at(p2), d.numbers[self.id], *speed(p1), *speed(p2), False, ground)]

    def appell_numbers(self, parameters: Mapping[str, float], geometry: Mapping[str, tuple[float, float]]) -> Any:
        rest = distance_of(self.points[0], self.points[1], geometry)
        mass = element_number(self, "mass", parameters, 0.0)
        return rest, mass, element_number(self, "inertia", parameters, mass * rest * rest / 12)

    def appell(self, numbers: Any, g: Gauss) -> None:
        p1, p2 = self.points
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
