"""A Lagrangian model at rest, from its own expression trees (SPEC §7.6, seed 004 §4).

With p = ∂Ek/∂q̇ = T(q, t)·q̇ + b(q, t) (see :mod:`..lagrange.mechanics`), Lagrange's equations
read T·q̈ = ∂L/∂q + Q − (∂T/∂q·q̇)·q̇ − ∂T/∂t·q̇ − ∂b/∂q·q̇ − ∂b/∂t. At rest (q̇ = 0) what is
left is the generalized force at rest

    G(q, t) = ∂Ek₀/∂q − ∂Ep/∂q + Q(q, 0, t) − ∂b/∂t,      Ek₀ = Ek at q̇ = 0,

which is −∂Ep/∂q + Q for a fixed support and holds the frame's inertial force for a moving one
(ex. 25.11). An equilibrium is a zero of G. Linearised about it, T·δq̈ = Gq·δq + C·δq̇ with

    Cᵢⱼ = ∂bⱼ/∂qᵢ − ∂bᵢ/∂qⱼ − ∂Tᵢⱼ/∂t + ∂Qᵢ/∂q̇ⱼ      (at q̇ = 0):

the gyroscopic part (antisymmetric), the damping, and what a changing T does. Every
derivative is exact (:func:`game.expr.algebra.diff`); the trees are compiled once, for arrays,
so a batch of starts is evaluated in one call.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from ...expr import TIME, Node, algebra, compile_trees, names_in
from ...expr.codegen import CompiledFunction
from ...model import ModelFile
from ...model.angles import angle_coordinates
from ..lagrange.contacts.terms import bind_contacts
from ..lagrange.mechanics import build_mechanics

A = algebra


@dataclass(frozen=True)
class SparseTrees:
    """Trees of a matrix compiled together, its zero entries left out (they stay zero)."""

    shape: tuple[int, ...]
    places: tuple[tuple[int, ...], ...]
    code: CompiledFunction | None

    @classmethod
    def of(cls, shape: tuple[int, ...], trees: Mapping[tuple[int, ...], Node], args: tuple[str, ...],
           name: str) -> SparseTrees:
        kept = {k: v for k, v in trees.items() if not A.is_zero(v)}
        places = tuple(kept)
        # two outputs at least, so the generated function always returns a tuple
        code = compile_trees([*kept.values(), A.ZERO], args, name) if kept else None
        return cls(shape, places, code)

    def __call__(self, t: float | np.ndarray, columns: list[np.ndarray]) -> np.ndarray:
        """The matrix at each of m points (columns of length m; ``t`` a number or m times):
        shape (m, *shape)."""
        m = len(columns[0]) if columns else np.size(t)
        out = np.zeros((m, *self.shape))
        if self.code is None:
            return out
        with np.errstate(all="ignore"):
            values = self.code.array(t, *columns)
        flat = out.reshape(m, -1)  # a view: each entry at its index in the flattened matrix
        for place, value in zip(self.places, values):
            flat[:, int(np.ravel_multi_index(place, self.shape))] = value
        return out


class RestEquations:
    """G, its Jacobian Gq, T, C and Ep of a Lagrangian model with numbers for its parameters."""

    def __init__(self, model: ModelFile, parameters: Mapping[str, float]):
        mech = build_mechanics(model, parameters)
        self.coordinates = mech.coordinates
        self.n = n = mech.n
        angles = angle_coordinates(model)
        #: which coordinates are angles (searched over one turn, shown in (−π, π])
        self.angle = np.array([c in angles for c in self.coordinates])
        coords, vels = mech.coordinates, mech.velocities
        at_rest = dict.fromkeys(vels, A.ZERO)
        kinetic_at_rest = A.substitute(mech.kinetic, at_rest)
        G: list[Node] = []
        for i, q in enumerate(coords):
            g = A.sub(A.diff(kinetic_at_rest, q), A.diff(mech.potential, q))
            g = A.add(g, A.substitute(mech.forces[i], at_rest))
            G.append(A.sub(g, A.diff(mech.b[i], TIME)))
        T: dict[tuple[int, ...], Node] = {(i, j): mech.T[i][j] if not A.is_zero(mech.T[i][j]) else mech.T[j][i]
             for i in range(n) for j in range(n)}
        C: dict[tuple[int, ...], Node] = {}
        for i in range(n):
            for j in range(n):
                c = A.sub(A.diff(mech.b[j], coords[i]), A.diff(mech.b[i], coords[j]))
                c = A.sub(c, A.diff(T[i, j], TIME))
                C[i, j] = A.add(c, A.substitute(A.diff(mech.forces[i], vels[j]), at_rest))
        args = (TIME, *coords)
        self._G = SparseTrees.of((n,), {(i,): g for i, g in enumerate(G)}, args, "rest_force")
        self._Gq = SparseTrees.of((n, n), {(i, j): A.diff(G[i], coords[j]) for i in range(n) for j in range(n)},
                              args, "rest_stiffness")
        self._T = SparseTrees.of((n, n), dict(T), args, "rest_mass")
        self._C = SparseTrees.of((n, n), C, args, "rest_velocity_terms")
        self._Ep = SparseTrees.of((1,), {(0,): mech.potential}, args, "rest_potential")
        gaps = [c.gap for c in bind_contacts(model, parameters)]
        self._gaps = SparseTrees.of((len(gaps),), {(k,): g for k, g in enumerate(gaps)}, args, "rest_gaps") if gaps else None
        trees = [*G, *T.values(), *C.values(), mech.potential]
        #: some tree of the motion at rest reads t (whether the numbers change with it is asked numerically)
        self.reads_time = any(TIME in names_in(tree) for tree in trees)
        #: the model has damping or gyroscopic terms: its modes come from the state-space matrix
        self.has_velocity_terms = self._C.code is not None

    # -- batches of points (one per row of q) --------------------------------------------------

    @staticmethod
    def _columns(q: np.ndarray) -> list[np.ndarray]:
        return [np.ascontiguousarray(q[:, k]) for k in range(q.shape[1])]

    def force(self, t: float, q: np.ndarray) -> np.ndarray:
        """G at each row of q: shape (m, n)."""
        return self._G(t, self._columns(q))

    def force_and_stiffness(self, t: float, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """G (m, n) and Gq (m, n, n) at each row of q."""
        cols = self._columns(q)
        return self._G(t, cols), self._Gq(t, cols)

    def gaps(self, t: float, q: np.ndarray) -> np.ndarray | None:
        """The contacts' gaps at each row of q (m, contacts), None without contacts."""
        return None if self._gaps is None else self._gaps(t, self._columns(q))

    # -- one point, at one time or many --------------------------------------------------------

    def matrices(self, t: float | np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """T, Gq and C at the point q, at each time of ``t``: each (k, n, n) for k times."""
        times = np.atleast_1d(np.asarray(t, dtype=float))
        cols = [np.full(len(times), float(x)) for x in q]
        return self._T(times, cols), self._Gq(times, cols), self._C(times, cols)

    def potential(self, t: float, q: np.ndarray) -> float:
        return float(self._Ep(t, [np.array([float(x)]) for x in q])[0, 0])
