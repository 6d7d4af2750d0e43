"""Projected Gauss–Seidel's sweeps (:func:`~.complementarity.projected_gauss_seidel`) in native code.

A pile of balls settling, or an impact among many touching bodies, spends most of its time in the
sweeps: each row that moves updates every rate, in Python floats, millions of times a second of
motion. The same sweeps written for numba do the same operations in the same order (the same
comparisons for max and min, no fused multiply-add), so the answer is the Python one, bit for bit.
Unlike the model's own native code they do not depend on the model: compiled once in the
background (the first time any model asks), cached on disk, the Python sweeps until then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..compiled import Kernel, enabled, start_kernel

NAME = "pgs_sweeps"
SIGNATURE = "(float64[:, ::1], float64[::1], float64[::1], int64[::1], int64[::1], float64[::1], int64, float64)"

# max(x, y) in Python is y if y > x else x, and min(x, y) is y if y < x else x: written so here
TEXT = '''

def pgs_move(G, a, f, i, new):
    change = new - f[i]
    if change != 0.0:
        f[i] = new
        for r in range(a.shape[0]):
            a[r] += G[r, i] * change
    return abs(change) * G[i, i]


def pgs_sweeps(G, a, f, normal_of, friction_of, mu, sweeps, limit):
    m = a.shape[0]
    for _ in range(sweeps):
        biggest = 0.0
        for i in range(m):
            if G[i, i] <= 0:
                continue
            new = f[i] - a[i] / G[i, i]
            n = normal_of[i]
            if n < 0:
                moved = pgs_move(G, a, f, i, new if new > 0.0 else 0.0)
                biggest = moved if moved > biggest else biggest
                j = friction_of[i]
                if j >= 0:
                    bound = mu[j] * f[i]
                    low = f[j] if f[j] > -bound else -bound
                    pgs_move(G, a, f, j, low if low < bound else bound)
            else:
                bound = mu[i] * f[n]
                low = new if new > -bound else -bound
                moved = pgs_move(G, a, f, i, low if low < bound else bound)
                biggest = moved if moved > biggest else biggest
        if biggest <= limit:
            break
    return f
'''

_job: list[Kernel | None] = []


def native_sweeps() -> Callable[..., Any] | None:
    """``pgs_sweeps(G, a, f, normal_of, friction_of, mu, sweeps, limit)`` once compiled (f and a are
    changed in place, f returned); None until then, or with the compiled path off. The first call
    starts the compiling."""
    if not enabled():
        return None
    if not _job:
        _job.append(start_kernel("", ("pgs_move",), TEXT, NAME, SIGNATURE))
    job = _job[0]
    return None if job is None or not job.ready.is_set() else job.fn
