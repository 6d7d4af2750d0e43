"""Projected Gauss–Seidel over the rows of contacts: what the forces of resting contacts
(:mod:`.contacts`) and the impulses of impacts (:mod:`.impacts`) both solve first, to find
which rows hold, and the exact solve on those rows, checked against the friction cones
(:func:`exact_solution`), that both then use when it is consistent."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from .sweeps import native_sweeps


def projected_gauss_seidel(G: np.ndarray, b: np.ndarray, normal_of: Sequence[int], mu: Sequence[float],
                           sweeps: int, tolerance: float, start: np.ndarray | None = None) -> np.ndarray:
    """The f with rates a = b + G·f where a normal row (``normal_of[i] < 0``) has f ≥ 0, a ≥ 0 and
    f·a = 0, and a friction row ``i`` has |f| ≤ ``mu[i]``·f of its normal row ``normal_of[i]``, with
    a = 0 inside that bound. Row by row from ``start`` (else 0), at most ``sweeps`` times, until no
    row moves its rate by more than ``tolerance`` × (1 + the largest starting rate)."""
    m = len(b)
    rates = b + G @ start if start is not None else np.array(b, dtype=float)
    a = rates.tolist()
    size = 1.0 + max(abs(x) for x in a)
    friction_of = {n: i for i, n in enumerate(normal_of) if n >= 0}
    native = native_sweeps()
    if native is not None:  # the same sweeps, bit for bit (:mod:`.sweeps`)
        after = np.full(m, -1, dtype=np.int64)
        for n, i in friction_of.items():
            after[n] = i
        return native(np.ascontiguousarray(G, dtype=float), rates, np.zeros(m) if start is None else
                      np.array(start, dtype=float), np.array(normal_of, dtype=np.int64), after,
                      np.array(mu, dtype=float), int(sweeps), tolerance * size)
    f = [0.0] * m if start is None else start.tolist()
    g = G.tolist()

    def move(i: int, new: float) -> float:
        change = new - f[i]
        if change:
            f[i] = new
            for r in range(m):
                a[r] += g[r][i] * change
        return abs(change) * g[i][i]

    for _ in range(sweeps):
        biggest = 0.0
        for i in range(m):
            if g[i][i] <= 0:
                continue
            new = f[i] - a[i] / g[i][i]
            n = normal_of[i]
            if n < 0:
                biggest = max(biggest, move(i, max(0.0, new)))
                j = friction_of.get(i)
                if j is not None:  # the cone shrank or grew with the normal force
                    bound = mu[j] * f[i]
                    move(j, min(bound, max(-bound, f[j])))
            else:
                bound = mu[i] * f[n]
                biggest = max(biggest, move(i, min(bound, max(-bound, new))))
        if biggest <= tolerance * size:
            break
    return np.array(f)


def solve_holding(G: np.ndarray, b: np.ndarray, holding: Sequence[int],
                  edge: Mapping[int, tuple[int, float]]) -> np.ndarray | None:
    """The f with a = b + G·f = 0 on the ``holding`` rows, every other row 0 except the friction
    rows at the edge of their cone: ``edge[i] = (n, ±mu)`` puts f_i = ±mu·f_n of its normal row n
    (a column of that row, so the sign of the slip is kept). None when the rows' matrix is
    singular; whether the answer is consistent (forces ≥ 0, inside their cones) is the caller's
    to check."""
    A = G.copy()
    for i, (n, mu) in edge.items():
        A[:, n] += G[:, i] * mu
    try:
        sub = np.linalg.solve(A[np.ix_(holding, holding)], -b[holding])
    except np.linalg.LinAlgError:
        return None
    exact = np.zeros(len(b))
    exact[holding] = sub
    for i, (n, mu) in edge.items():
        exact[i] = mu * exact[n]
    return exact


def exact_solution(G: np.ndarray, b: np.ndarray, f: np.ndarray, normal_of: Sequence[int], cone: Sequence[float],
                   edge: Sequence[float], opposing: bool, slack: float = 0.0) -> np.ndarray | None:
    """The exact solution on the rows that ``f`` (the sweeps' answer) leaves holding, if it is
    consistent; else None (and None when no row holds or their matrix is singular).

    A normal row (``normal_of[i] < 0``) holds where f > 0; a friction row where |f| is inside its
    cone, below ``cone[i]`` times the f of its normal row ``normal_of[i]``. A friction row at the
    edge of its cone (its normal row pushing) slides: f = ±``edge[i]``·f of its normal row, with the
    sign of f. Consistent means: normal forces ≥ 0 with no rate below 0 (beyond round-off),
    friction inside its cone (to ``slack``), and with ``opposing``, sliding friction against the
    slip that is left."""
    m = len(f)
    holding = [i for i in range(m) if (normal_of[i] < 0 and f[i] > 0)
               or (normal_of[i] >= 0 and abs(f[i]) < cone[i] * f[normal_of[i]] * (1 - 1e-9))]
    if not holding:
        return None
    sliding = {i: (normal_of[i], math.copysign(edge[i], f[i])) for i in range(m)
               if normal_of[i] >= 0 and i not in holding and f[normal_of[i]] > 0}
    exact = solve_holding(G, b, holding, sliding)
    if exact is None:
        return None
    a = b + G @ exact
    size = 1.0 + float(np.max(np.abs(b)))
    for i in range(m):
        n = normal_of[i]
        if n < 0:
            if exact[i] < 0 or a[i] < -1e-9 * size:
                return None
        elif i in sliding:
            if opposing and exact[i] * a[i] > 1e-9 * size * abs(exact[i]):  # friction must oppose the slip left
                return None
        elif abs(exact[i]) > cone[i] * exact[n] * (1 + 1e-9) + slack:
            return None
    return exact
