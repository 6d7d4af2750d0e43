"""Two-point problems by shooting (seed 004 §12–13): the initial velocities v whose motion from
the start reaches the end positions at T (and has p = 0 there for a coordinate free at T).

Many starts at once: every start and its 2n neighbours (v ± ε·e_j, for a Jacobian by central
differences) are integrated together, as columns of arrays, by the model's generated RK4 loop
(the batch path of ``chaosmap``); Newton then moves each start, its step at most the box's size.
Converged starts are merged when they found the same path; where the Jacobian is singular the
ends do not pin the velocities down and the paths there form a family (ex. 25.18).

Cost: each Newton round integrates starts·(2n + 1) motions over M substeps, each substep a
solve with T (n×n): O(starts·n·M·n³) arithmetic, vectorised over the starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..lagrange.system import System
from ..steppers import PIVOT_MIN

#: a row of the scaled Jacobian (J/T) this small against 1: the ends do not depend on that direction
SINGULAR = 1e-7
#: Newton rounds at most
ROUNDS = 40
#: rounds a start may go without halving its residual
PATIENCE = 6
#: a residual below this fraction of the problem's size is a solution
RESIDUAL = 1e-12
#: what may be left of the residual along a family (the integration's error times its velocities)
FAMILY_RESIDUAL = 1e-6
#: the relative step of the central differences
DIFFERENCE = 1e-6
#: solutions farther than this many box sizes from the box's centre are not believed (a Newton
#: step on a nearly singular Jacobian lands anywhere: ex. 25.19's 1/sin(π) velocities)
REACH = 10.0


@dataclass(frozen=True)
class Shot:
    """A solution of the shooting equations: its initial velocities and its scaled Jacobian."""

    velocities: np.ndarray
    jacobian: np.ndarray

    @property
    def null(self) -> np.ndarray:
        """The directions of v along which the ends do not change (n, k): empty when isolated."""
        _, s, vt = np.linalg.svd(self.jacobian)
        return vt[s < SINGULAR * max(1.0, float(s.max(initial=0.0)))].T if s.size else np.zeros((0, 0))


class Shooting:
    """The two-point problem of ``system`` over ``duration`` from ``start``: ``end`` gives each
    coordinate's position at T, or None where it is free (p(T) = 0)."""

    def __init__(self, system: System, duration: float, start: Sequence[float] | np.ndarray, end: Sequence[float | None],
                 substeps: int):
        self.system, self.code = system, system.code
        self.n = system.n
        self.duration = float(duration)
        self.start = np.asarray(start, dtype=float)
        self.end = list(end)
        self.fixed = np.array([e is not None for e in self.end])
        self.target = np.array([0.0 if e is None else e for e in self.end])
        self.substeps = int(substeps)
        self.delta = self.duration / self.substeps
        #: a free coordinate's residual is p·T/Tᵢᵢ (a length, as a fixed one's q − target)
        self.mass = self._mass_diagonal()

    def _mass_diagonal(self) -> np.ndarray:
        n = self.n
        q = [np.full(n + 1, x) for x in self.start]
        v = [np.r_[0.0, np.eye(n)[i]] for i in range(n)]
        p = np.array(self.code.momenta.array(0.0, *q, *v), dtype=float).reshape(n, n + 1)
        return np.array([abs(p[i, i + 1] - p[i, 0]) or 1.0 for i in range(n)])

    # -- motions -------------------------------------------------------------------------------

    def initial(self, v: np.ndarray) -> list[np.ndarray]:
        """(q…, p…) columns at t = 0 for initial velocities v (m, n)."""
        m = v.shape[0]
        q = [np.full(m, x) for x in self.start]
        p = self.code.momenta.array(0.0, *q, *(np.ascontiguousarray(v[:, i]) for i in range(self.n)))
        return [*q, *(np.broadcast_to(np.asarray(c, dtype=float), (m,)).copy() for c in p)]

    def advance(self, t: float, columns: list[np.ndarray], substeps: int) -> tuple[list[np.ndarray], np.ndarray]:
        """Columns (q…, p…) moved ``substeps`` substeps from t: (columns, ok)."""
        m = len(columns[0])
        with np.errstate(all="ignore"):
            out = self.code.advance.array(t, *columns, 0.0, 0.0, self.delta, substeps)
        new = [np.broadcast_to(np.asarray(c, dtype=float), (m,)).copy() for c in out[1:1 + 2 * self.n]]
        ok = np.broadcast_to(np.asarray(out[-1]) > PIVOT_MIN, (m,)).copy()
        for c in new:
            ok &= np.isfinite(c)
        return new, ok

    def residual(self, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(m, n) residuals of initial velocities v (m, n), and which rows could be integrated."""
        end, ok = self.advance(0.0, self.initial(v), self.substeps)
        q = np.column_stack(end[: self.n])
        p = np.column_stack(end[self.n:])
        r = np.where(self.fixed, q - self.target, p * self.duration / self.mass)
        return r, ok

    def linearised(self, v: np.ndarray, box: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Residuals (m, n), Jacobians (m, n, n) by central differences, and ok (m,)."""
        m, n = v.shape
        eps = DIFFERENCE * box
        trial = np.repeat(v[:, None, :], 2 * n + 1, axis=1)  # (m, 2n+1, n)
        for j in range(n):
            trial[:, 1 + 2 * j, j] += eps[j]
            trial[:, 2 + 2 * j, j] -= eps[j]
        r, each_ok = self.residual(trial.reshape(-1, n))
        r = r.reshape(m, 2 * n + 1, n)
        ok = np.asarray(each_ok.reshape(m, 2 * n + 1).all(axis=1))
        J = np.stack([(r[:, 1 + 2 * j] - r[:, 2 + 2 * j]) / (2 * eps[j]) for j in range(n)], axis=2)
        return r[:, 0], J, ok

    # -- Newton from many starts -----------------------------------------------------------------

    def solve(self, starts: np.ndarray, centre: np.ndarray, box: np.ndarray, tolerance: float = RESIDUAL
              ) -> tuple[list[Shot], bool]:
        """Newton from each start (m, n): the distinct solutions (residual within ``tolerance`` of
        the problem's size), and whether the ends were out of reach from every start (the
        Jacobian singular at each: ex. 25.19). A start whose residual has not halved in
        :data:`PATIENCE` rounds is given up."""
        size = max(1.0, float(np.max(np.abs(self.target))), float(np.max(np.abs(self.start))))
        v = np.array(starts, dtype=float)
        best = np.full(len(v), np.inf)
        waited = np.zeros(len(v), dtype=int)
        done: list[Shot] = []
        singular_everywhere = True
        for _ in range(ROUNDS):
            if not len(v):
                break
            r, J, ok = self.linearised(v, box)
            scaled = J / self.duration
            with np.errstate(all="ignore"):
                s = np.linalg.svd(np.where(ok[:, None, None], scaled, 0.0), compute_uv=False)
            singular_everywhere &= bool(np.all(~ok | (s[:, -1] < SINGULAR * np.maximum(1.0, s[:, 0]))))
            size_r = np.max(np.abs(r), axis=1)
            step = -np.einsum("mij,mj->mi", _pseudo_inverse(scaled), r) / self.duration
            # along a family's direction (a singular Jacobian) no step can lower what is left: the
            # ends are met up to the integration's error all along it (ex. 25.18)
            stuck = np.all(np.abs(step) <= 1e-9 * box, axis=1) & (size_r <= FAMILY_RESIDUAL * size)
            converged = ok & ((size_r <= tolerance * size) | stuck)
            for k in np.nonzero(converged)[0]:
                done.append(Shot(v[k].copy(), scaled[k]))
            better = size_r < 0.5 * best
            best = np.where(better, size_r, best)
            waited = np.where(better, 0, waited + 1)
            keep = ok & ~converged & (waited < PATIENCE)
            v, step, best, waited = v[keep], step[keep], best[keep], waited[keep]
            if not len(v):
                break
            v = v + np.clip(step, -box, box)  # no farther than the box in one round
            believable = np.all(np.abs(v - centre) <= REACH * box, axis=1) & np.all(np.isfinite(v), axis=1)
            v, best, waited = v[believable], best[believable], waited[believable]
        return merged(done, centre, box), singular_everywhere and not done

    # -- one path, node by node ---------------------------------------------------------------------

    def along(self, velocities: np.ndarray, nodes: int, box: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The motions from initial velocities (k, n) at nodes + 1 times, all at once: q and q̇
        (k, N+1, n), and the Jacobi fields ∂q(t)/∂q̇(0) there (k, N+1, n, n), by the same
        central differences."""
        n, k = self.n, len(velocities)
        eps = DIFFERENCE * box
        width = 2 * n + 1
        trial = np.repeat(np.asarray(velocities, dtype=float)[:, None, :], width, axis=1)
        for j in range(n):
            trial[:, 1 + 2 * j, j] += eps[j]
            trial[:, 2 + 2 * j, j] -= eps[j]
        columns = self.initial(trial.reshape(-1, n))
        per = self.substeps // nodes
        qs, vs, js = [], [], []
        t = 0.0
        for step in range(nodes + 1):
            if step:
                columns, _ = self.advance(t, columns, per)
                t = step * per * self.delta
            q = np.column_stack(columns[:n]).reshape(k, width, n)
            rates = self.code.rhs.array(t, *columns)
            v = np.column_stack([np.broadcast_to(rates[i], (k * width,)) for i in range(n)]).reshape(k, width, n)
            qs.append(q[:, 0])
            vs.append(v[:, 0])
            js.append(np.stack([(q[:, 1 + 2 * j] - q[:, 2 + 2 * j]) / (2 * eps[j]) for j in range(n)], axis=2))
        return np.stack(qs, axis=1), np.stack(vs, axis=1), np.stack(js, axis=1)


def _pseudo_inverse(J: np.ndarray) -> np.ndarray:
    """Each scaled Jacobian's pseudo-inverse (m, n, n), its singular directions left out."""
    with np.errstate(all="ignore"):
        u, s, vt = np.linalg.svd(np.nan_to_num(J))
    cut = SINGULAR * np.maximum(1.0, s[:, :1])
    inverse = np.where(s > cut, 1.0 / np.where(s > cut, s, 1.0), 0.0)
    return np.einsum("mji,mj,mkj->mik", vt, inverse, u)


def merged(shots: list[Shot], centre: np.ndarray, box: np.ndarray) -> list[Shot]:
    """One shot per path: those within a millionth of the box of another are the same path, and
    those of a family (a singular Jacobian) that differ only along its null directions are one,
    the one nearest the centre of the box."""
    out: list[Shot] = []
    for shot in sorted(shots, key=lambda s: float(np.max(np.abs((s.velocities - centre) / box)))):
        same = False
        for kept in out:
            gap = shot.velocities - kept.velocities
            null = kept.null
            if null.size:
                gap = gap - null @ (null.T @ gap)  # what is left across the family
            if np.max(np.abs(gap / box)) <= 1e-6:
                same = True
                break
        if not same:
            out.append(shot)
    return out
