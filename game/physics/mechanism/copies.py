"""Many copies of a mechanism's motion stepped together (the chaos control's ensemble, issue 33).

The same steps :class:`~.system.MechanismSystem` takes for one state — RK4 substeps whose stages
solve the KKT system, then the positions and velocities pulled back onto the constraints — taken
for K states at once: the generated code evaluated on arrays (one column per copy), the K KKT
systems solved as one stack by LAPACK, the projections' normal equations likewise. A copy's
numbers are the single run's to round-off (the same operations in the same order, a few of them
grouped differently by BLAS).

With redundant constraints each copy solves with the rows of Φq chosen where it is (Gram–Schmidt
with pivoting, on the stack): all the rows stay in the stack's matrices, a row not in use replaced
by the identity's (its multiplier is 0 and it moves nothing), so every copy has the same shape.

A copy whose step cannot be taken (a dead point, arithmetic without a value) is marked failed; its
row holds whatever came out and is not looked at again.
"""

from __future__ import annotations

import contextlib
from typing import Any

import numpy as np

from ..numerics import solve_linear
from .assembly import ASSEMBLED, SINGULAR
from .native import KERNEL, SIGNATURE, kernel_text

#: M's condition number below which a stage goes through M⁻¹ (the shipped mechanisms': 1 to 9)
WELL_CONDITIONED = 1e6


class MechanismCopies:
    """The batch step of one mechanism (built once per system: where the generated values go)."""

    def __init__(self, system: Any):  # a MechanismSystem (its module imports this one)
        self.system = s = system
        n, m, k = s.n, s.m, s._n_jac
        size = n + m
        self.size = size
        template = np.zeros((size, size))
        template[:n, :n] = s.mass
        self.template = template
        rows, cols = n + s._rows, s._cols
        #: where Φq's entries and their transposes go in a flattened KKT matrix, and which row each is of
        self.kkt_flat = np.concatenate([rows * size + cols, cols * size + rows])
        self.entries = np.concatenate([np.arange(k), np.arange(k)])
        self.entry_row = np.concatenate([s._rows, s._rows])
        self.q_source = np.arange(k + m, k + m + n)  # Q
        self.gamma_source = np.arange(k, k + m)
        self.power_source = k + m + n
        self.phi_t_source = k + m + n + 1 + np.arange(m)
        self.diagonal = n + np.arange(m)
        #: M⁻¹ when M is far from singular: then a stage solves J·M⁻¹·Jᵀ·λ = J·M⁻¹·Q − γ (m × m, a
        #: quarter of the KKT system's work for Jansen's linkage) and q̈ = M⁻¹·(Q − Jᵀ·λ)
        self.inverse_mass = s._copies_inverse()
        #: the substeps in machine code (:mod:`.native`), compiled in the background when the system
        #: has a compiler (:attr:`~.system.MechanismSystem.compile_kernel`); arrays until it is ready
        self.native: Any = None
        if s.compile_kernel is not None and self.inverse_mass is not None:
            self.native = s.compile_kernel(s._dynamics.source, (s.dynamics_name, "mechanism_stage", "mechanism_substep"),
                                           kernel_text(s.dynamics_name, n, m, k, s._dynamics.n_outputs),
                                           KERNEL, SIGNATURE)

    # -- one step of dt --------------------------------------------------------------------------

    def step(self, t: float, Y: np.ndarray, work: np.ndarray) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
        """One step of dt for states one per row (q…, q̇…): N substeps then a projection. Returns
        (t, Y, work of forces, dampers and drivers, ok)."""
        s = self.system
        n, h = s.n, s.delta
        count = len(Y)
        with np.errstate(all="ignore"):
            active, ok = self.rows_in_use(t, Y[:, :n])
            y = np.concatenate([Y, np.asarray(work, dtype=float).reshape(count, 1), np.zeros((count, 1))], axis=1)
            kernel = self.native.fn if self.native is not None else None
            if kernel is not None:
                y = kernel(t, h, s.substeps, y, active.astype(float), self.inverse_mass, s._rows, s._cols)
            else:
                for i in range(s.substeps):
                    y = self.substep(t + i * h, h, y, active)
            t_end = t + s.substeps * h
            ok &= np.isfinite(y.sum(axis=1))
            q, v, ok = self.project(t_end, y[:, :n], y[:, n:2 * n], active, ok)
        return t_end, np.concatenate([q, v], axis=1), y[:, 2 * n] + y[:, 2 * n + 1], ok

    def substep(self, t: float, h: float, y: np.ndarray, active: np.ndarray) -> np.ndarray:
        """One classic RK4 substep of length h on y = (q, q̇, W, W of drivers), one copy per row."""
        f = self.derivative
        k1 = f(t, y, active)
        k2 = f(t + h / 2, y + (h / 2) * k1, active)
        k3 = f(t + h / 2, y + (h / 2) * k2, active)
        k4 = f(t + h, y + h * k3, active)
        return y + (h / 6) * (k1 + 2 * (k2 + k3) + k4)

    def derivative(self, t: float, y: np.ndarray, active: np.ndarray) -> np.ndarray:
        s = self.system
        n, m = s.n, s.m
        values = self.values(t, y[:, :2 * n])
        acc, lam = self.accelerations(values, active) if self.inverse_mass is not None else self.kkt(values, active)
        dy = np.empty_like(y)
        dy[:, :n] = y[:, n:2 * n]
        dy[:, n:2 * n] = acc
        dy[:, 2 * n] = values[:, self.power_source]
        dy[:, 2 * n + 1] = np.sum(lam * values[:, self.phi_t_source], axis=1) if s.drivers and m else 0.0
        return dy

    def accelerations(self, values: np.ndarray, active: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """q̈ and λ of each copy through M⁻¹ (the Schur complement of M in the KKT matrix)."""
        s = self.system
        count, k = len(values), s._n_jac
        inverse = self.inverse_mass
        assert inverse is not None
        J = np.zeros((count, s.m, s.n))
        J[:, s._rows, s._cols] = np.where(active[:, s._rows], values[:, :k], 0.0)
        free = values[:, self.q_source] @ inverse  # M⁻¹·Q (M symmetric)
        JM = J @ inverse
        A = JM @ np.swapaxes(J, 1, 2)
        A[:, np.arange(s.m), np.arange(s.m)] += ~active
        rhs = np.einsum("kij,kj->ki", J, free) - np.where(active, values[:, self.gamma_source], 0.0)
        lam = solve_linear(A, rhs)
        return free - np.einsum("ki,kij->kj", lam, JM), lam

    def kkt(self, values: np.ndarray, active: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """q̈ and λ of each copy from its whole KKT system (M singular or nearly: massless points)."""
        n = self.system.n
        count = len(values)
        K = np.broadcast_to(self.template, (count, self.size, self.size)).copy()
        used = active[:, self.entry_row]
        K.reshape(count, -1)[:, self.kkt_flat] = np.where(used, values[:, self.entries], 0.0)
        K[:, self.diagonal, self.diagonal] += ~active  # a row not in use: λ = 0 for it
        rhs = np.concatenate([values[:, self.q_source], np.where(active, values[:, self.gamma_source], 0.0)], axis=1)
        solution = solve_linear(K, rhs)
        return solution[:, :n], solution[:, n:]

    def values(self, t: float, y: np.ndarray) -> np.ndarray:
        """The generated code's values (Φq's entries, γ, Q, powers, Φt), one row per copy."""
        out = self.system._dynamics.array(t, *y.T)
        return _stacked(out, len(y))

    # -- the constraints --------------------------------------------------------------------------

    def geometry(self, t: float, q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Φ, Φq and Φt of each copy: (K, m), (K, m, n), (K, m)."""
        s = self.system
        m = s.m
        out = s._geometry.array(t, *q.T)
        values = _stacked(out if isinstance(out, tuple) else (out,), len(q))
        J = np.zeros((len(q), m, s.n))
        J[:, s._rows, s._cols] = values[:, m:m + s._n_jac]
        return values[:, :m], J, values[:, m + s._n_jac:]

    def rows_in_use(self, t: float, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each copy's rows of Φq in use (all of them, or with redundant constraints the ``rank``
        rows chosen as :meth:`~.assembly.Assembly._select_rows` chooses them), and whether it could."""
        s = self.system
        count = len(q)
        ok = np.ones(count, dtype=bool)
        if not s.redundant:
            return np.ones((count, s.m), dtype=bool), ok
        rest = self.geometry(t, q)[1]
        scale = np.max(np.einsum("kij,kij->ki", rest, rest), axis=1)
        chosen = np.zeros((count, s.m), dtype=bool)
        every = np.arange(count)
        for _ in range(s.rank):
            left = np.einsum("kij,kij->ki", rest, rest)
            left[chosen] = -1.0
            i = np.argmax(left, axis=1)
            best = left[every, i]
            ok &= best > (SINGULAR ** 2) * scale
            unit = rest[every, i] / np.sqrt(np.where(ok, best, 1.0))[:, None]
            rest = rest - np.einsum("ki,kj->kij", np.einsum("kij,kj->ki", rest, unit), unit)
            chosen[every, i] = True
        return chosen, ok

    def project(self, t: float, q: np.ndarray, v: np.ndarray, active: np.ndarray, ok: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Positions then velocities pulled back onto the constraints, as :meth:`~.assembly.Assembly.project`."""
        s = self.system
        if not s.m:
            return q, v, ok
        tolerance = ASSEMBLED * s.size
        met = np.zeros(len(q), dtype=bool)
        for _ in range(4):
            phi, J, _ = self.geometry(t, q)
            met |= np.max(np.abs(phi), axis=1) <= tolerance
            moving = ~met & ok
            if not moving.any():
                break
            step, fine = self.correction(J[moving], -phi[moving], active[moving])
            q[moving] += step
            ok[np.flatnonzero(moving)[~fine]] = False
        ok &= met
        active, chosen = self.rows_in_use(t, q)
        ok &= chosen
        _, J, phi_t = self.geometry(t, q)
        step, fine = self.correction(J, -(np.einsum("kij,kj->ki", J, v) + phi_t), active)
        return q, v + step, ok & fine

    def correction(self, J: np.ndarray, rhs: np.ndarray, active: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each copy's Δq of least mass-metric norm with J_S·Δq = rhs_S (rows S in use), by the
        normal equations, and whether its rows were independent enough (as
        :meth:`~.assembly.Assembly._correction`)."""
        s = self.system
        inv = s._metric_factor_inv
        scaled = np.where(active[:, :, None], J @ inv, 0.0)
        G = scaled @ np.swapaxes(scaled, 1, 2)
        G[:, np.arange(s.m), np.arange(s.m)] += ~active
        diagonal = _cholesky_diagonal(G)
        largest = np.max(np.where(active, diagonal, 0.0), axis=1)
        smallest = np.min(np.where(active, diagonal, np.inf), axis=1)
        fine = smallest > SINGULAR * np.maximum(largest, 1e-300)
        x = solve_linear(G, np.where(active, rhs, 0.0))
        return np.einsum("ij,kj->ki", inv, np.einsum("kji,kj->ki", scaled, x)), fine


def _stacked(out: tuple, count: int) -> np.ndarray:
    """The generated code's outputs on arrays (arrays, or floats for constants) as one row per copy."""
    values = np.empty((count, len(out)))
    for j, column in enumerate(out):
        values[:, j] = column
    return values


def _cholesky_diagonal(G: np.ndarray) -> np.ndarray:
    """The diagonal of each matrix's Cholesky factor; zeros for one that is not positive definite."""
    try:
        return np.diagonal(np.linalg.cholesky(G), axis1=1, axis2=2)
    except np.linalg.LinAlgError:
        out = np.zeros(G.shape[:2])
        for k, g in enumerate(G):
            with contextlib.suppress(np.linalg.LinAlgError):  # not positive definite: zeros, singular
                out[k] = np.diag(np.linalg.cholesky(g))
        return out
