"""Varied paths (seed 004 §8, §12; ex. 25.17, 25.20): S(q + ε·η) for a true path q and a
variation η that vanishes at both ends, against ε.

The path is known at its nodes with its velocities (q and q̇ from the motion): between two nodes
it is their cubic Hermite interpolant, and S is summed by three-point Gauss–Legendre on each
interval. At ε = 0 this is S of the true path to the integration's accuracy: the interpolant
differs from the path by O(h⁴) and vanishes at the nodes, and the path is stationary, so S
changes only to second order in that difference. η is applied to every coordinate.

Built-in variations: η = sin(kπt/T), k = 1, 2, …; or an expression of t (its derivative exact).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...expr import TIME, Expression, algebra, compile_trees
from .lagrangian import Lagrangian

#: Gauss–Legendre on [0, 1]: three points and their weights (exact for degree 5)
_ROOT = np.sqrt(15.0) / 10.0
GAUSS_POINTS = np.array([0.5 - _ROOT, 0.5, 0.5 + _ROOT])
GAUSS_WEIGHTS = np.array([5.0, 8.0, 5.0]) / 18.0

#: η(t) and η̇(t) for an array of times
Variation = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def sine(k: int, duration: float) -> Variation:
    """η = sin(kπt/T)."""
    w = k * np.pi / duration
    return lambda t: (np.sin(w * t), w * np.cos(w * t))


def expression(written: Expression) -> Variation:
    """η given as an expression of t (checked by the caller: it names t alone)."""
    tree = written.tree
    code = compile_trees([tree, algebra.diff(tree, TIME), algebra.ZERO], (TIME,), "variation")

    def eta(t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        with np.errstate(all="ignore"):
            value, rate, _ = code.array(t)
        return np.broadcast_to(value, t.shape).astype(float), np.broadcast_to(rate, t.shape).astype(float)

    return eta


class VariedPaths:
    """S of a path given at nodes (``times``, q and q̇ (N+1, n)) and of its variations."""

    def __init__(self, lagrangian: Lagrangian, times: np.ndarray, q: np.ndarray, qdot: np.ndarray):
        self.lagrangian = lagrangian
        h = np.diff(times)[:, None]  # (N, 1)
        s = GAUSS_POINTS[None, :]  # (1, 3)
        self.times = (times[:-1, None] + h * s).ravel()
        self.weights = (h * GAUSS_WEIGHTS[None, :]).ravel()
        # the cubic Hermite basis and its derivative at the Gauss points
        h00, h10, h01, h11 = 2 * s**3 - 3 * s**2 + 1, s**3 - 2 * s**2 + s, -2 * s**3 + 3 * s**2, s**3 - s**2
        d00, d10, d01, d11 = 6 * s**2 - 6 * s, 3 * s**2 - 4 * s + 1, -6 * s**2 + 6 * s, 3 * s**2 - 2 * s
        n = q.shape[1]
        q0, q1, v0, v1 = q[:-1, None, :], q[1:, None, :], qdot[:-1, None, :], qdot[1:, None, :]
        hh = h[:, :, None]
        self.q = (h00[..., None] * q0 + h10[..., None] * hh * v0 + h01[..., None] * q1 + h11[..., None] * hh * v1
                  ).reshape(-1, n)
        self.v = ((d00[..., None] * q0 + d01[..., None] * q1) / hh + d10[..., None] * v0 + d11[..., None] * v1
                  ).reshape(-1, n)

    def action(self, eta: Variation | None = None, eps: float = 0.0) -> float:
        """S(q + ε·η)."""
        q, v = self.q, self.v
        if eta is not None and eps:
            value, rate = eta(self.times)
            q, v = q + eps * value[:, None], v + eps * rate[:, None]
        return float(np.sum(self.weights * self.lagrangian.value(self.times, q, v)))

    def curve(self, eta: Variation, eps: np.ndarray) -> np.ndarray:
        """S(q + ε·η) for each ε."""
        return np.array([self.action(eta, float(e)) for e in eps])
