"""Equilibria and modes of a mechanism (SPEC §7.5, §7.6; issue 30 item 1): on its constraints.

The coordinates q are the natural ones (x, y of the free points), tied by Φ(q) = 0. A
configuration is at rest when the forces the constraints can carry balance the rest: with
G(q) = ∂Ep/∂q − Q(q, 0) (Q: dampers and FORCE rows at rest),

    G(q) + Φqᵀ·λ = 0,    Φ(q) = 0,

λ the multipliers (a bar's is its tension). Newton (damped, :func:`.search.solve`) on that
system in (q, λ), from starts spread over the mechanism's free motions and over a box about it,
each first assembled onto Φ = 0 and given the λ of least squares; what converges is
deduplicated by q. Every derivative is exact: Ep, Q and each Φ_i are the system's own trees
(:meth:`MechanismSystem.rest_trees`), differentiated here.

Small motions stay on the constraints: with N an orthonormal basis of the null space of
Φq(q*) (its SVD), δq = N·u and

    K_r = Nᵀ·(∂G/∂q + Σ λ_i·∇²Φ_i)·N,    M_r = Nᵀ·M·N,    C_r = Nᵀ·∂Q/∂q̇·N,

whose modes (:mod:`.linear`) are mapped back, v = N·u: M-normalised because u is M_r-normalised,
then signed by the SPEC's rule on the natural coordinates. The reactions at q* are the
system's own (a bar's tension, a slider's normal force, at rest).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

import numpy as np

from ...expr import TIME, Expression, Node, algebra, names_in
from ...messages import msg, number
from ...model import ModelFile, ModelFileError, condition_values
from ..mechanism import MechanismSystem
from ..state import SimulationError, State
from . import linear, search
from .linear import Mode, SingularMass
from .rest import SparseTrees
from .results import Analysis, Equilibrium, EquilibriumError

A = algebra

#: the random starts fill a box this many times the mechanism's size about its assembled points
BOX = 1.5
#: the lattice of starts along the free motions reaches this many times the size each way
REACH = 2.0


class ConstrainedRest:
    """G, Φ and their derivatives of a mechanism at rest, compiled for batches of points."""

    def __init__(self, system: MechanismSystem):
        potential, forces, phis = system.rest_trees()
        coords = system.coordinates
        n, m = system.n, system.m
        at_rest = dict.fromkeys(system.velocities_names, A.ZERO)
        rest_forces = [A.substitute(f, at_rest) for f in forces]
        G = [A.sub(A.diff(potential, c), f) for c, f in zip(coords, rest_forces)]
        args = (TIME, *coords)
        self.n, self.m = n, m
        #: the rest equations read t (a driver's angle, a FORCE row or a spring that changes)
        self.reads_time = any(TIME in names_in(tree) for tree in (potential, *rest_forces, *phis))
        self._G = SparseTrees.of((n,), {(i,): g for i, g in enumerate(G)}, args, "mechanism_rest_force")
        self._Gq = SparseTrees.of((n, n), {(i, j): A.diff(g, c) for i, g in enumerate(G) for j, c in enumerate(coords)},
                                  args, "mechanism_rest_stiffness")
        self._phi = SparseTrees.of((m,), {(k,): p for k, p in enumerate(phis)}, args, "mechanism_rest_phi")
        jac: dict[tuple[int, ...], Node] = {(k, j): A.diff(p, c) for k, p in enumerate(phis) for j, c in enumerate(coords)}
        self._J = SparseTrees.of((m, n), jac, args, "mechanism_rest_jacobian")
        self._H = SparseTrees.of((m, n, n), {(k, i, j): A.diff(jac[k, i], c) for k in range(m) for i in range(n)
                                             for j, c in enumerate(coords)}, args, "mechanism_rest_curvature")
        damping: dict[tuple[int, ...], Node] = {(i, j): A.substitute(A.diff(f, v), at_rest)
                   for i, f in enumerate(forces) for j, v in enumerate(system.velocities_names)}
        self._D = SparseTrees.of((n, n), damping, args, "mechanism_rest_damping")
        self.damped = self._D.code is not None
        self._Ep = SparseTrees.of((1,), {(0,): potential}, args, "mechanism_rest_potential")

    @staticmethod
    def _columns(q: np.ndarray) -> list[np.ndarray]:
        return [np.ascontiguousarray(q[:, k]) for k in range(q.shape[1])]

    def force(self, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """G (k, n) and Φq (k, m, n) at each row of q."""
        cols = self._columns(q)
        return self._G(0.0, cols), self._J(0.0, cols)

    def residual(self, x: np.ndarray, force_scale: float, length_scale: float) -> tuple[np.ndarray, np.ndarray]:
        """[(G + Φqᵀλ)/force_scale; Φ/length_scale] and its Jacobian in (q, λ), at each row of x = (q, λ)."""
        n, m = self.n, self.m
        q, lam = x[:, :n], x[:, n:]
        cols = self._columns(q)
        G, Gq, phi, J, H = (f(0.0, cols) for f in (self._G, self._Gq, self._phi, self._J, self._H))
        r = np.concatenate([(G + np.einsum("kmi,km->ki", J, lam)) / force_scale, phi / length_scale], axis=1)
        top = np.concatenate([Gq + np.einsum("km,kmij->kij", lam, H), np.transpose(J, (0, 2, 1))], axis=2)
        bottom = np.concatenate([J, np.zeros((len(x), m, m))], axis=2)
        return r, np.concatenate([top / force_scale, bottom / length_scale], axis=1)

    def at(self, q: np.ndarray, lam: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """At one point: ∂G/∂q + Σλ_i∇²Φ_i, Φq, ∂Q/∂q̇ and Ep."""
        cols = [np.array([float(v)]) for v in q]
        K = self._Gq(0.0, cols)[0] + np.einsum("m,mij->ij", lam, self._H(0.0, cols)[0])
        return K, self._J(0.0, cols)[0], self._D(0.0, cols)[0], float(self._Ep(0.0, cols)[0, 0])


def analyse_mechanism(model: ModelFile, parameters: Mapping[str, float],
                      conditions: Mapping[str, Expression] | None = None) -> Analysis:
    """Every equilibrium of a mechanism the search finds, classified, with its modes and reactions;
    an EquilibriumError that says why when there are none to give."""
    try:
        system = MechanismSystem(model, parameters)
        rest = ConstrainedRest(system)
    except ModelFileError as exc:
        raise EquilibriumError(msg("modes.cannot_build", reason=str(exc.problems[0].message))) from None
    except (RecursionError, MemoryError, ValueError) as exc:
        raise EquilibriumError(msg("modes.cannot_build", reason=str(exc) or type(exc).__name__)) from None
    n = system.n
    if system.rank >= n:
        drivers = ", ".join(system.constraints[k].element.id for k in system.drivers)
        raise EquilibriumError(msg("modes.locked", drivers=drivers))
    if rest.reads_time:
        raise EquilibriumError(msg("modes.mechanism_time"))
    values = condition_values(model, parameters, conditions)
    guess = np.array([values[c] for c in system.coordinates], dtype=float)
    try:
        reference = system.assemble_from(guess, 0.0)
    except SimulationError as exc:
        raise EquilibriumError(msg("modes.cannot_build", reason=exc.why)) from None
    size = max(system.size, 1e-300)
    q0 = _starts(system, reference, size)
    if not len(q0):
        raise EquilibriumError(msg("modes.cannot_compute"))
    G, J = rest.force(q0)
    lam0 = -np.einsum("kmi,ki->km", np.linalg.pinv(np.transpose(J, (0, 2, 1))), G)
    tangential = np.linalg.norm(G + np.einsum("kmi,km->ki", J, lam0), axis=1)
    finite = tangential[np.isfinite(tangential)]
    if not len(finite):
        raise EquilibriumError(msg("modes.cannot_compute"))
    force_scale = float(np.median(finite[-search.RANDOM_STARTS:]))
    if force_scale <= 1e-12 * max(float(np.max(np.linalg.norm(G[np.all(np.isfinite(G), axis=1)], axis=1),
                                                initial=0.0)), 1e-300):
        raise EquilibriumError(msg("modes.everywhere"))

    def residual(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return rest.residual(x, force_scale, size)

    step = np.concatenate([np.full(n, 0.25 * size), np.full(system.m, np.inf)])
    x, norm, scale = search.solve(residual, np.concatenate([q0, lam0], axis=1), step)
    ok = np.isfinite(norm) & (norm <= search.CONVERGED * scale)
    order = np.argsort(norm[ok], kind="stable")
    none = np.zeros(n, dtype=bool)
    lengths = np.full(n, size)
    points = search.distinct(search.snapped(x[ok][order][:, :n], lengths, none), lengths, none)
    equilibria = []
    for q in points:
        q = _polish(rest, q, force_scale, size)
        if q is None:
            continue
        equilibria.append(_judge(system, rest, search.snapped(q, lengths, none)))
    kept = [e for k, e in enumerate(equilibria)
            if not any(np.all(np.abs(e.q - f.q) <= search.SAME_POINT * size) for f in equilibria[:k])]
    if not kept:
        raise EquilibriumError(msg("modes.none", starts=len(q0)))
    kept.sort(key=lambda e: (round(e.potential, 9), *np.round(e.q, 9)))
    return Analysis(system.coordinates, tuple(kept), "still", None, len(q0), system.reaction_ids)


def _starts(system: MechanismSystem, reference: np.ndarray, size: float) -> np.ndarray:
    """Assembled starts: the file's points, a lattice along the free motions there (REACH times
    the size each way) and random points in a box about them (BOX times the size), each pulled
    onto Φ = 0 (those that cannot be are left out); the random ones last (:func:`.search.solve`
    judges the forces by them)."""
    n = system.n
    N = system.motions(reference, 0.0)
    N = N / np.max(np.abs(N), axis=0)
    f = N.shape[1]
    k = min(8, int(search.LATTICE ** (1 / f)))
    grid = np.stack(np.meshgrid(*[np.linspace(-REACH, REACH, k)] * f, indexing="ij"), axis=-1).reshape(-1, f)
    rng = np.random.default_rng(0)
    guesses = [reference, *(reference + size * (N @ s) for s in grid),
               *(reference + BOX * size * (2 * rng.random((search.RANDOM_STARTS, n)) - 1))]
    out = []
    for g in guesses:
        try:
            q = system.assemble(g, 0.0)
        except SimulationError:
            continue
        if np.all(np.isfinite(q)):
            out.append(q)
    return np.array(out).reshape(-1, n)


def _polish(rest: ConstrainedRest, q: np.ndarray, force_scale: float, size: float, steps: int = 6) -> np.ndarray | None:
    """Newton steps (least squares) on G + Φqᵀλ = 0, Φ = 0 from q with λ of least squares, kept
    while they lower the residual; None if the point is not finite."""
    G, J = rest.force(q[None, :])
    if not (np.all(np.isfinite(G)) and np.all(np.isfinite(J))):
        return None
    x = np.concatenate([q, -np.linalg.pinv(J[0].T) @ G[0]])
    r, Jx = rest.residual(x[None, :], force_scale, size)
    for _ in range(steps):
        dx, *_ = np.linalg.lstsq(Jx[0], -r[0], rcond=None)
        trial = x + dx
        r_new, J_new = rest.residual(trial[None, :], force_scale, size)
        if not np.all(np.isfinite(r_new)) or np.linalg.norm(r_new) >= np.linalg.norm(r):
            break
        x, r, Jx = trial, r_new, J_new
    return x[:rest.n]


def _judge(system: MechanismSystem, rest: ConstrainedRest, q: np.ndarray) -> Equilibrium:
    """The kind, modes and reactions of the equilibrium at q."""
    n = system.n
    G, J = rest.force(q[None, :])
    lam = -np.linalg.pinv(J[0].T) @ G[0]
    K, Jq, D, ep = rest.at(q, lam)
    where = ", ".join(f"{c} = {number(x)}" for c, x in zip(system.coordinates, q))
    N = np.linalg.svd(Jq)[2][system.rank:].T  # the null space of Φq (rows past the nominal rank)
    Mr, Kr, Cr = N.T @ system.mass @ N, N.T @ K @ N, N.T @ D @ N
    if not (np.all(np.isfinite(Kr)) and np.all(np.isfinite(Cr))):
        raise EquilibriumError(msg("modes.not_finite", where=where))
    symmetric = np.allclose(Kr, Kr.T, rtol=1e-9, atol=1e-12 * max(float(np.max(np.abs(Kr), initial=0.0)), 1e-300))
    try:
        if np.any(Cr != 0) or not symmetric:
            reduced = linear.general(Mr, -Kr, Cr)
        else:
            reduced = linear.conservative(Mr, (Kr + Kr.T) / 2)
    except SingularMass:
        raise EquilibriumError(msg("modes.singular_mass", where=where)) from None
    modes: tuple[Mode, ...] = tuple(replace(m, shape=_clean(linear.signed(N @ m.shape))) for m in reduced)
    kind = linear.kind_of(modes, damped_model=bool(np.any(Cr != 0)))
    try:
        reactions = system.reactions(State(0.0, q, np.zeros(n)))
    except SimulationError:
        reactions = np.full(system.m, math.nan)
    return Equilibrium(q, ep, kind, modes, np.zeros((n, 0)), tuple(float(r) for r in _clean(reactions)))


def _clean(values: np.ndarray) -> np.ndarray:
    """Roundoff taken off: a component below 1e-12 of the largest is 0 (and −0 is 0), so a shape
    reads P_y = 0, not 3.9e-16."""
    finite = values[np.isfinite(values)]
    top = float(np.max(np.abs(finite), initial=0.0))
    return np.where(np.abs(values) <= 1e-12 * top, 0.0, values)

