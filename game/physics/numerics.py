"""Small dense solvers the engine shares: damped least squares (the one solver behind both kinds
of drag, :func:`damped_least_squares`, and its linear steps) and a linear solve without NumPy's
checks (:func:`solve_linear`, a mechanism's stages); and whether many floats are all finite in one
sum (:func:`all_finite`, a step's result and sample)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

#: a damped least-squares iteration stops when its damping grows beyond this (no step lowers the
#: residual any more)
MOST_DAMPING = 1e6


def all_finite(values: Sequence[float]) -> bool:
    """No NaN or infinity among ``values``: one sum says so (either makes the sum one; only where
    finite values overflowed it is each value asked), in the per-step paths."""
    total = sum(values)
    return total - total == 0.0 or all(map(math.isfinite, values))


def damped_solve(B: np.ndarray, r: np.ndarray, damping: float, floor: float) -> np.ndarray:
    """The z that minimises |B·z − r|² + damping·s·|z|², s = trace(BᵀB) (at least ``floor``): the
    normal equations (BᵀB + damping·s·I)·z = Bᵀr. Exact when B·z = r can be met and ``damping``
    is tiny; the smallest z otherwise."""
    BtB = B.T @ B
    scale = max(float(np.trace(BtB)), floor)
    return np.linalg.solve(BtB + damping * scale * np.eye(len(BtB)), B.T @ r)


def damped_solve_rows(J: np.ndarray, r: np.ndarray, damping: float, floor: float) -> np.ndarray:
    """:func:`damped_solve` through the rows' normal equations, Jᵀ·(J·Jᵀ + damping·s·I)⁻¹·r with
    s = trace(J·Jᵀ): the same minimiser, solved at the size of r (a point's 2 rows, whatever the
    number of coordinates it depends on)."""
    JJt = J @ J.T
    scale = max(float(np.trace(JJt)), floor)
    return J.T @ np.linalg.solve(JJt + damping * scale * np.eye(len(JJt)), r)


def damped_solve_rows_many(J: np.ndarray, r: np.ndarray, damping: float, floor: float) -> np.ndarray:
    """:func:`damped_solve_rows` for a stack: ``J`` (c × m × n) and ``r`` (c × m), each solved on its own."""
    JJt = J @ J.transpose(0, 2, 1)
    scale = np.maximum(np.trace(JJt, axis1=1, axis2=2), floor)
    z = np.linalg.solve(JJt + (damping * scale)[:, None, None] * np.eye(JJt.shape[1]), r[:, :, None])
    return (J.transpose(0, 2, 1) @ z)[:, :, 0]


def damped_least_squares(x: np.ndarray, residual: Callable[[np.ndarray], np.ndarray | None],
                         step: Callable[[np.ndarray, np.ndarray, float], np.ndarray | None],
                         move: Callable[[np.ndarray, np.ndarray], np.ndarray | None], *, iterations: int,
                         small: float, least_damping: float, longest: float | None = None) -> np.ndarray:
    """Levenberg–Marquardt from ``x``: the x nearby whose ``residual`` (what is left to reach, a
    goal minus where x puts it) is smallest. ``residual(x)`` is None where it has no value;
    ``step(x, r, damping)`` is the damped linear step that would take r to 0 (see
    :func:`damped_solve`), None when nothing can move; ``move(x, step)`` where that step takes x
    (None: it cannot be taken there).

    A step that lowers |r|² is taken and the damping falls tenfold (down to ``least_damping``);
    one that does not is refused and the damping grows tenfold, which turns the next step toward
    steepest descent and shortens it, until :data:`MOST_DAMPING`. A step longer than ``longest``
    in any coordinate is not even tried (its linear picture is not to be trusted so far): four
    times the damping instead. It stops when |r|² < ``small`` or after ``iterations``."""
    r = residual(x)
    if r is None:
        return x
    cost = float(r @ r)
    damping = 1e-3
    for _ in range(iterations):
        if cost < small:
            break
        dx = step(x, r, damping)
        if dx is None:
            break
        if longest is not None and float(np.max(np.abs(dx))) > longest:
            damping *= 4
            continue
        trial = move(x, dx)
        new = residual(trial) if trial is not None else None
        new_cost = float(new @ new) if new is not None else math.inf
        if trial is not None and new is not None and new_cost < cost:
            x, r, cost = trial, new, new_cost
            damping = max(damping / 10, least_damping)
        else:
            damping *= 10
            if damping > MOST_DAMPING:
                break
    return x


try:  # LAPACK's gesv without numpy.linalg.solve's checks (a few µs per stage): NaN when singular
    from numpy.linalg import _umath_linalg

    def solve_linear(K: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        return _umath_linalg.solve1(K, rhs)
    def cholesky_diagonal(G: np.ndarray) -> np.ndarray:
        """The diagonal of G's Cholesky factor (LAPACK's potrf, as numpy.linalg.cholesky); NaN in
        it when G is not positive definite."""
        with np.errstate(invalid="ignore"):
            return np.diagonal(_umath_linalg.cholesky_lo(G))
except (ImportError, AttributeError):  # pragma: no cover - another numpy
    def cholesky_diagonal(G: np.ndarray) -> np.ndarray:
        try:
            return np.diag(np.linalg.cholesky(G))
        except np.linalg.LinAlgError:
            return np.full(len(G), np.nan)

    def solve_linear(K: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        try:
            return np.linalg.solve(K, rhs)
        except np.linalg.LinAlgError:
            return np.full(len(rhs), np.nan)
