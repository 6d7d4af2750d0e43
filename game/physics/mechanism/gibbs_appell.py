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

Each kind writes its part (:meth:`game.model.mechanism.terms.Terms.appell`); this module sums them and
minimises S. Used by the tests to check the engine's accelerations.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ...expr import TIME, evaluate
from ...model import ModelFile
from ...model.mechanism import point_positions
from ...model.mechanism.terms import Gauss


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
        self.numbers = [e.appell_numbers(parameters, self.geometry) for e in self.elements]

    def accelerations(self, t: float, q: np.ndarray, v: np.ndarray) -> np.ndarray:
        """q̈ minimising S over the admissible accelerations at (t, q, q̇)."""
        index, n, gravity = self.index, self.n, self.gravity
        q, v = np.asarray(q, dtype=float), np.asarray(v, dtype=float)

        def names() -> dict[str, float]:
            return {**self.parameters, TIME: t, **dict(zip(self.model.coordinates, q)),
                    **dict(zip(self.model.velocities, v))}

        # S = ½·q̈ᵀ·H·q̈ − Qᵀ·q̈ + (terms without q̈), and the rows of the admissible q̈
        g = Gauss(index, self.geometry, gravity, t, q, v, names, np.zeros((n, n)), np.zeros(n))
        for e, numbers in zip(self.elements, self.numbers):
            e.appell(numbers, g)
        H, Q, rows = g.H, g.Q, g.rows
        particular, basis = _admissible(rows, n)
        if basis.shape[1] == 0:
            return particular
        z = np.linalg.solve(basis.T @ H @ basis, basis.T @ (Q - H @ particular))
        return particular + basis @ z


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
