"""The action of a path given at N + 1 nodes (seed 004 §8, §12): the check of the paths shooting
finds, the Morse index, and what the window's Action view drags and relaxes.

Nodes Q₀ … Q_N at t_k = k·h, h = T/N; on each interval the midpoint rule with the straight
segment between its nodes,

    S_h(Q) = Σ_k h·L(t_k + h/2, (Q_k + Q_{k+1})/2, (Q_{k+1} − Q_k)/h),

a second-order approximation of S. Its variables are the inner nodes, and the last node of each
coordinate free at T (its natural condition p(T) = 0 comes out of the stationarity of S_h). Its
second variation is the Hessian of S_h in those variables, block-tridiagonal (each interval
couples two nodes); the number of its negative eigenvalues is the Morse index of the path: 0 a
minimum, k a saddle past k kinetic foci (seed 004 §12). Each interval's block is h·Bᵀ·H·B, with
H the Hessian of L in (q, v) at its midpoint and B the map from its two nodes to (q, v).

Cost: one evaluation of L's derivatives at N points (vectorised), then dense linear algebra in
n·N variables: O((n·N)³) for the eigenvalues and a Newton step (n = 2, N = 200: milliseconds).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .lagrangian import Lagrangian

#: Newton on S_h stops when a step moves no node by more than this fraction of the path's size
STEP_TOLERANCE = 1e-10


class DiscreteAction:
    """S_h on N intervals of [0, T] for a model's Lagrangian, with the ends given: ``start`` at
    t = 0 (every coordinate), ``end`` at t = T (a value, or None for a free coordinate)."""

    def __init__(self, lagrangian: Lagrangian, duration: float, nodes: int, start: Sequence[float] | np.ndarray,
                 end: Sequence[float | None]):
        self.lagrangian = lagrangian
        self.n = n = lagrangian.n
        self.duration, self.intervals = float(duration), int(nodes)
        self.h = self.duration / self.intervals
        self.times = np.linspace(0.0, self.duration, self.intervals + 1)
        self.middles = self.times[:-1] + 0.5 * self.h
        self.start = np.asarray(start, dtype=float)
        self.end = list(end)
        #: which entries of Q (N + 1, n) are variables: the inner nodes, and free ends at T
        self.free = np.zeros((self.intervals + 1, n), dtype=bool)
        self.free[1:-1, :] = True
        self.free[-1, :] = [e is None for e in self.end]

    # -- paths -------------------------------------------------------------------------------

    def straight(self) -> np.ndarray:
        """The straight path between the ends (a free end stays where it starts)."""
        goal = np.array([self.start[i] if e is None else e for i, e in enumerate(self.end)])
        s = (self.times / self.duration)[:, None]
        return self.start[None, :] * (1 - s) + goal[None, :] * s

    def _segments(self, Q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return 0.5 * (Q[:-1] + Q[1:]), (Q[1:] - Q[:-1]) / self.h

    # -- S_h and its derivatives ---------------------------------------------------------------

    def action(self, Q: np.ndarray) -> float:
        """S_h of the path Q (N + 1, n)."""
        mid, vel = self._segments(Q)
        return float(self.h * np.sum(self.lagrangian.value(self.middles, mid, vel)))

    def gradient(self, Q: np.ndarray) -> np.ndarray:
        """∂S_h/∂Q, (N + 1, n) (the ends' entries included)."""
        n = self.n
        mid, vel = self._segments(Q)
        g = self.lagrangian.gradient(self.middles, mid, vel)
        lq, lv = g[:, :n], g[:, n:]
        out = np.zeros_like(Q)
        out[:-1] += 0.5 * self.h * lq - lv
        out[1:] += 0.5 * self.h * lq + lv
        return out

    def hessian(self, Q: np.ndarray) -> np.ndarray:
        """∂²S_h/∂Q², ((N + 1)·n)² dense."""
        n, h = self.n, self.h
        mid, vel = self._segments(Q)
        H = self.lagrangian.hessian(self.middles, mid, vel)  # (N, 2n, 2n)
        eye = np.eye(n)
        B = np.block([[0.5 * eye, 0.5 * eye], [-eye / h, eye / h]])  # (q, v) from (Q_k, Q_{k+1})
        blocks = h * np.einsum("ai,kab,bj->kij", B, H, B)  # (N, 2n, 2n)
        size = (self.intervals + 1) * n
        out = np.zeros((size, size))
        for k in range(self.intervals):
            s = slice(k * n, (k + 2) * n)
            out[s, s] += blocks[k]
        return out

    # -- what is asked of it ---------------------------------------------------------------------

    def second_variation(self, Q: np.ndarray) -> np.ndarray:
        """The eigenvalues of the Hessian in the variables, ascending."""
        mask = self.free.ravel()
        H = self.hessian(Q)[np.ix_(mask, mask)]
        return np.linalg.eigvalsh(H)

    def index(self, Q: np.ndarray, nullity: int = 0) -> int:
        """The Morse index of the path Q: its negative eigenvalues, the ``nullity`` nearest 0 left
        out (a family's direction, whose eigenvalue is 0 up to the discretisation's error)."""
        values = self.second_variation(Q)
        if nullity:
            values = np.delete(values, np.argsort(np.abs(values))[:nullity])
        return int(np.sum(values < 0))

    def newton_step(self, Q: np.ndarray) -> np.ndarray:
        """Q moved by one Newton step on S_h's stationarity (its variables only)."""
        mask = self.free.ravel()
        H = self.hessian(Q)[np.ix_(mask, mask)]
        g = self.gradient(Q).ravel()[mask]
        try:
            step = np.linalg.solve(H, -g)
        except np.linalg.LinAlgError:  # singular: a family's direction (ex. 25.18)
            step = np.linalg.lstsq(H, -g, rcond=None)[0]
        out = Q.copy().ravel()
        out[mask] += step
        return out.reshape(Q.shape)

    def stationary(self, Q: np.ndarray, most: int = 30) -> tuple[np.ndarray, bool]:
        """Newton on S_h from Q (its ends put in place): the stationary path and whether it was
        reached. Stationary, not least: a saddle is reached as well as a minimum."""
        Q = self.placed(Q)
        scale = max(float(np.ptp(Q)), float(np.max(np.abs(Q))), 1.0)
        for _ in range(most):
            new = self.newton_step(Q)
            if not np.all(np.isfinite(new)):
                return Q, False
            moved = float(np.max(np.abs(new - Q)))
            Q = new
            if moved <= STEP_TOLERANCE * scale:
                return Q, True
        return Q, False

    def placed(self, Q: np.ndarray) -> np.ndarray:
        """Q with its fixed ends where the problem puts them."""
        Q = np.array(Q, dtype=float)
        Q[0] = self.start
        for i, e in enumerate(self.end):
            if e is not None:
                Q[-1, i] = e
        return Q
