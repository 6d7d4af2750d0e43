"""A mechanism's accelerations computed a second, independent way: the Gibbs–Appell
equations (seed 002), that is Gauss's principle of least constraint.

Of all the accelerations the constraints allow, the motion takes the one that
minimises the Gibbs function S(q̈) = Σ ½·∫|a|² dm − Qᵀ·q̈. Nothing of the engine
(:mod:`game.physics.mechanism.system`: its expression trees, constant mass matrix, KKT
solve and SVD) is used; everything is written again from the elements:

- S of a bar is ½·m·|a_G|² + ½·I·α², with a_G = (a₁ + a₂)/2 its midpoint's
  acceleration and α = (d × (a₂ − a₁))/L² its angular acceleration (the rest of
  ∫|a|²dm, ½·I·ω⁴, does not depend on the accelerations); of a point mass ½·m·|a|²;
- the admissible accelerations are those that keep each element's condition
  at second order (a bar: d·(a₂ − a₁) = −|v₂ − v₁|²; a slider, a driver: the
  second derivative of their cross products), a linear system solved by
  Gauss–Jordan elimination with full pivoting — its free variables span the
  admissible set, and redundant rows drop out as zero rows;
- Q: gravity at each mass (a bar's at its midpoint), springs and dampers along
  their line, the FORCE rows evaluated with the plain evaluator.

Used by the tests to check the engine's accelerations.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from ...expr import TIME, CompiledFunction, algebra, compile_trees, evaluate
from ...model import ModelFile
from ...model.mechanism import Element, element_number, point_positions


class GibbsAppell:
    """A mechanism's accelerations by Gauss's principle, for one model with bound parameters."""

    def __init__(self, model: ModelFile, parameters: Mapping[str, float]):
        mech = model.mechanism
        assert mech is not None
        self.model = model
        self.parameters = dict(parameters)
        self.elements = mech.elements
        self.geometry = point_positions(mech, parameters)
        self.index = {p.id: 2 * k for k, p in enumerate(mech.free_points)}
        self.n = 2 * len(self.index)
        self.gravity = evaluate(mech.gravity.tree, parameters) if mech.gravity is not None else 0.0
        # each element's numbers, once
        self.numbers: dict[int, dict[str, float]] = {}
        for k, e in enumerate(self.elements):
            rest = self._distance(e)
            mass = element_number(e, "mass", parameters, 0.0) if e.kind in ("BAR", "MASS") else 0.0
            self.numbers[k] = {
                "L": rest, "mass": mass,
                "inertia": element_number(e, "inertia", parameters, mass * rest * rest / 12) if e.kind == "BAR" else 0.0,
                "k": element_number(e, "k", parameters, 0.0) if e.kind == "SPRING" else 0.0,
                "c": element_number(e, "damping", parameters, 0.0) if e.kind == "SPRING" else 0.0,
                "rest": element_number(e, "length", parameters, rest) if e.kind == "SPRING" else 0.0,
            }
        self.forces = any(e.kind == "FORCE" for e in self.elements)
        self.angles: dict[int, CompiledFunction] = {}
        for k, e in enumerate(self.elements):
            if e.kind == "DRIVER":
                angle = e.value("angle")
                assert angle is not None
                tree = algebra.bind(angle.tree, parameters)
                rate = algebra.diff(tree, TIME)
                self.angles[k] = compile_trees([tree, rate, algebra.diff(rate, TIME)], (TIME,), "angle")

    def _distance(self, e: Element) -> float:
        if e.kind not in ("BAR", "SPRING", "DRIVER"):
            return 0.0
        (x1, y1), (x2, y2) = (self.geometry[p] for p in e.points[:2])
        return math.hypot(x2 - x1, y2 - y1)

    def accelerations(self, t: float, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """q̈ minimising S over the admissible accelerations at (t, q, q̇)."""
        index, n, gravity = self.index, self.n, self.gravity
        q, v = np.asarray(q, dtype=float), np.asarray(v, dtype=float)
        env: dict[str, float] = {}
        if self.forces:
            env = {**self.parameters, TIME: t, **dict(zip(self.model.coordinates, q)),
                   **dict(zip(self.model.velocities, v))}

        def r(pid: str) -> np.ndarray:
            return q[index[pid]:index[pid] + 2] if pid in index else np.array(self.geometry[pid], dtype=float)

        def rdot(pid: str) -> np.ndarray:
            return v[index[pid]:index[pid] + 2] if pid in index else np.zeros(2)

        def put(vector: np.ndarray, pid: str, value) -> None:
            if pid in index:
                vector[index[pid]:index[pid] + 2] += value

        H = np.zeros((n, n))  # S = ½·q̈ᵀ·H·q̈ − Qᵀ·q̈ + (terms without q̈)
        Q = np.zeros(n)
        rows: list[tuple[np.ndarray, float]] = []
        for k, e in enumerate(self.elements):
            num = self.numbers[k]
            if e.kind == "BAR":
                p1, p2 = e.points
                L, mass, inertia = num["L"], num["mass"], num["inertia"]
                d, w = r(p2) - r(p1), rdot(p2) - rdot(p1)
                # ½·m·|(a₁ + a₂)/2|²
                for a in (p1, p2):
                    for b in (p1, p2):
                        if a in index and b in index:
                            H[index[a]:index[a] + 2, index[b]:index[b] + 2] += mass / 4 * _EYE
                # ½·I·α², α = (d × (a₂ − a₁))/L²
                grad = np.zeros(n)
                put(grad, p2, np.array([-d[1], d[0]]) / L**2)
                put(grad, p1, np.array([d[1], -d[0]]) / L**2)
                H += inertia * np.outer(grad, grad)
                for pid in (p1, p2):
                    put(Q, pid, np.array([0.0, -mass * gravity / 2]))
                if p1 in index or p2 in index:
                    row = np.zeros(n)
                    put(row, p2, d)
                    put(row, p1, -d)
                    rows.append((row, -float(w @ w)))
            elif e.kind == "MASS":
                pid = e.points[0]
                if pid in index:
                    H[index[pid]:index[pid] + 2, index[pid]:index[pid] + 2] += num["mass"] * _EYE
                put(Q, pid, np.array([0.0, -num["mass"] * gravity]))
            elif e.kind == "SLIDER":
                p, a, b = e.points
                u, w = r(p) - r(a), r(b) - r(a)
                du, dw = rdot(p) - rdot(a), rdot(b) - rdot(a)
                # (u × w)'' = ü × w + 2·u̇ × ẇ + u × ẅ = 0
                row = np.zeros(n)
                put(row, p, np.array([w[1], -w[0]]))
                put(row, b, np.array([-u[1], u[0]]))
                put(row, a, -np.array([w[1], -w[0]]) - np.array([-u[1], u[0]]))
                if set(e.points) & set(index):
                    rows.append((row, -2 * _cross(du, dw)))
            elif e.kind == "DRIVER":
                p1, p2 = e.points
                theta, dtheta, ddtheta = self.angles[k](t)
                along = np.array([math.cos(theta), math.sin(theta)])
                across = np.array([-math.sin(theta), math.cos(theta)])
                d, dd = r(p2) - r(p1), rdot(p2) - rdot(p1)
                # (e × d)'' = e × d̈ + 2·ė × ḋ + ë × d = 0, ė = θ̇·n, ë = θ̈·n − θ̇²·e
                row = np.zeros(n)
                put(row, p2, np.array([-along[1], along[0]]))
                put(row, p1, np.array([along[1], -along[0]]))
                rhs = -2 * dtheta * _cross(across, dd) - ddtheta * _cross(across, d) + dtheta**2 * _cross(along, d)
                rows.append((row, rhs))
            elif e.kind == "SPRING":
                p1, p2 = e.points
                d = r(p2) - r(p1)
                length = math.hypot(*d)
                unit = d / length
                pull = num["k"] * (length - num["rest"]) + num["c"] * float(unit @ (rdot(p2) - rdot(p1)))
                put(Q, p2, -pull * unit)
                put(Q, p1, pull * unit)
            elif e.kind == "FORCE":
                fx, fy = (e.value(name) for name in ("Fx", "Fy"))
                assert fx is not None and fy is not None
                put(Q, e.points[0], np.array([evaluate(fx.tree, env), evaluate(fy.tree, env)]))
        particular, basis = _admissible(rows, n)
        if basis.shape[1] == 0:
            return particular
        z = np.linalg.solve(basis.T @ H @ basis, basis.T @ (Q - H @ particular))
        return particular + basis @ z


_EYE = np.eye(2)


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def _admissible(rows: list[tuple[np.ndarray, float]], n: int) -> tuple[np.ndarray, np.ndarray]:
    """A solution of C·x = b and a basis of C's null space, by Gauss–Jordan elimination
    with full pivoting (rows that become zero are redundant and dropped)."""
    if not rows:
        return np.zeros(n), np.eye(n)
    C = np.array([row for row, _ in rows], dtype=float)
    b = np.array([rhs for _, rhs in rows], dtype=float)
    tolerance = 1e-10 * max(float(np.abs(C).max()), 1e-300)
    pivots: list[int] = []
    free = list(range(n))
    rank = 0
    while rank < len(C) and free:
        sub = np.abs(C[rank:][:, free])
        i, j = np.unravel_index(int(np.argmax(sub)), sub.shape)
        if sub[i, j] <= tolerance:
            break
        pivot = rank + int(i)
        col = free.pop(int(j))
        swap = [pivot, rank]
        C[[rank, pivot]], b[[rank, pivot]] = C[swap], b[swap]
        b[rank] /= C[rank, col]
        C[rank] /= C[rank, col]
        factors = C[:, col].copy()
        factors[rank] = 0.0
        b -= factors * b[rank]  # eliminate the column from every other row at once
        C -= np.outer(factors, C[rank])
        pivots.append(col)
        rank += 1
    x = np.zeros(n)
    for row, col in enumerate(pivots):
        x[col] = b[row]
    basis = np.zeros((n, len(free)))
    for k, f in enumerate(free):
        basis[f, k] = 1.0
        for row, col in enumerate(pivots):
            basis[col, k] = -C[row, f]
    return x, basis
