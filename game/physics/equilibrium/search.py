"""Finding every zero of the generalized force at rest G(q) the model has (SPEC §7.6).

Damped Gauss–Newton (Levenberg–Marquardt) from many starts at once, vectorised over them with
NumPy: a lattice over the coordinates' ranges (angles over one turn, so that 0 and π are
among the starts), random starts, and the file's own conditions. A periodically driven model
asks G to vanish at several instants of its period together (stacked residuals). What converges
is polished by plain Newton steps, angles are wrapped to (−π, π], and duplicates are merged.

A continuum of equilibria (a free translation, a plane where the forces balance everywhere)
would give thousands of points: where Gq is singular and G stays zero along its null
directions, the equilibrium is a family, one point is kept (the one nearest the file's
conditions) and its flat directions are reported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

#: the lattice of starts holds at most this many points (k values per coordinate, kⁿ ≤ this)
LATTICE = 400
#: random starts added to the lattice
RANDOM_STARTS = 96
#: Levenberg–Marquardt iterations (the damping is divided by 4 at each success)
ITERATIONS = 80
#: a residual this small relative to the forces met at the starts is an equilibrium
CONVERGED = 1e-10
#: two equilibria closer than this (relative to each coordinate's scale) are one
SAME_POINT = 1e-6
#: ... or closer than this, with no force between them either
NEAR = 1e-3
#: singular values of Gq below this fraction of the largest span its flat directions
FLAT = 1e-9

#: (t, q (m, n)) → (G (m, r), Gq (m, r, n)): the residual and its Jacobian at m points
Residual = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class Found:
    """The equilibria found (one row each, angles wrapped), and the flat directions of each
    that is one point of a family (columns of an n×k matrix; k = 0 for an isolated one)."""

    points: np.ndarray
    flat: tuple[np.ndarray, ...]
    starts: int
    #: how big the forces were at the starts (the scale a residual is judged by)
    force_scale: float
    #: no start could be computed (NaN everywhere)
    none_computed: bool


def wrap(q: np.ndarray, angle: np.ndarray) -> np.ndarray:
    """Angles into (−π, π], the rest as they are."""
    out = np.array(q, dtype=float, copy=True)
    a = np.remainder(out[..., angle] + np.pi, 2 * np.pi) - np.pi  # [−π, π)
    out[..., angle] = np.where(a <= -np.pi, a + 2 * np.pi, a)
    return out


def starts(centre: np.ndarray, scale: np.ndarray, angle: np.ndarray, seed: int = 0,
           ranges: np.ndarray | None = None) -> np.ndarray:
    """Where the search starts: a lattice with an even number of values per coordinate (so 0 and
    π for angles), random points over the same ranges, the file's conditions and their zeros. A
    coordinate with a ``range: LO:HI`` in its file (a row of ``ranges``, NaN without one) is
    searched over that range instead, its lattice an odd number of values from LO to HI."""
    n = len(centre)
    given = np.zeros(n, dtype=bool) if ranges is None else np.all(np.isfinite(ranges), axis=1)
    k = int(LATTICE ** (1 / n)) if n else 0
    k = min(8, k - k % 2)
    low = np.where(angle, -np.pi, centre - scale)
    span = np.where(angle, 2 * np.pi, 2 * scale)
    if ranges is not None:
        low = np.where(given, ranges[:, 0], low)
        span = np.where(given, ranges[:, 1] - ranges[:, 0], span)
    rows = [centre, np.where(angle, 0.0, centre)]
    if k >= 2:
        # angles: −π + 2π(j+1)/k; lengths: centre ± scale, evenly; a range: LO to HI, evenly
        grid = [lo + sp * np.linspace(0, 1, k + 1) if g else
                np.where(a, -np.pi + 2 * np.pi * (np.arange(k) + 1) / k, c + s * np.linspace(-1, 1, k))
                for a, c, s, g, lo, sp in zip(angle, centre, scale, given, low, span)]
        mesh = np.stack(np.meshgrid(*grid, indexing="ij"), axis=-1).reshape(-1, n)
        rows.extend(mesh)
    else:  # many coordinates: every angle down, every angle up
        rows.append(np.where(angle, np.pi, centre))
    rng = np.random.default_rng(seed)
    rows.extend(low + span * rng.random((RANDOM_STARTS, n)))
    return np.array(rows, dtype=float)


def solve(residual: Residual, q0: np.ndarray, step: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Levenberg–Marquardt from each row of ``q0`` at once; ``step`` caps each coordinate's move
    per iteration (a trust region: a start near a maximum does not leap across the range).
    Returns the points, their residual norms, and the typical force at the starts (at the random
    ones, the last rows: the lattice may hold nothing but equilibria)."""
    q = np.array(q0, dtype=float, copy=True)
    r, J = residual(q)
    norm = _norms(r)
    generic = norm[-RANDOM_STARTS:]
    finite = generic[np.isfinite(generic) & (generic > 0)]
    scale = float(np.median(finite)) if len(finite) else 1.0
    lam = np.full(len(q), 1e-3)
    done = ~np.isfinite(norm) | (norm <= CONVERGED * 1e-3 * scale)
    for _ in range(ITERATIONS):
        live = ~done
        if not np.any(live):
            break
        dq = _step(r[live], J[live], lam[live], step)
        trial = q[live] + dq
        r_new, J_new = residual(trial)
        new = _norms(r_new)
        better = np.isfinite(new) & (new < norm[live])
        idx = np.flatnonzero(live)
        good, bad = idx[better], idx[~better]
        q[good], r[good], J[good], norm[good] = trial[better], r_new[better], J_new[better], new[better]
        lam[good] = np.maximum(lam[good] / 4, 1e-12)
        lam[bad] *= 8
        small = np.max(np.abs(dq) / step, axis=1) < 1e-13
        done[good[small[better]]] = True
        done[bad[(lam[bad] > 1e12) | small[~better]]] = True
        done[idx] |= norm[idx] <= CONVERGED * 1e-4 * scale
    return q, norm, scale


def _norms(r: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.sqrt(np.sum(r * r, axis=1))


def _step(r: np.ndarray, J: np.ndarray, lam: np.ndarray, cap: np.ndarray) -> np.ndarray:
    """One damped Gauss–Newton step per row: (JᵀJ + λ·diag(JᵀJ) + λ·ε)·Δq = −Jᵀr, capped."""
    JtJ = np.einsum("mri,mrj->mij", J, J)
    g = np.einsum("mri,mr->mi", J, r)
    diag = np.einsum("mii->mi", JtJ)
    floor = 1e-12 * np.maximum(np.max(diag, axis=1, keepdims=True), 1e-300)
    M = JtJ + (lam[:, None] * (diag + floor))[:, :, None] * np.eye(J.shape[2])
    with np.errstate(all="ignore"):
        try:
            dq = -np.linalg.solve(M, g[..., None])[..., 0]
        except np.linalg.LinAlgError:
            dq = -np.einsum("mij,mj->mi", np.linalg.pinv(M), g)
    dq = np.where(np.isfinite(dq), dq, 0.0)
    worst = np.max(np.abs(dq) / cap, axis=1, keepdims=True)
    return dq / np.maximum(worst, 1.0)


def distinct(points: np.ndarray, scale: np.ndarray, angle: np.ndarray, residual: Residual | None = None,
             tolerance: float = 0.0) -> np.ndarray:
    """The points without repeats: closer than SAME_POINT in every coordinate's scale (angles
    compared around the circle), or, with ``residual``, closer than NEAR with the force at their
    midpoint within ``tolerance`` too (a degenerate equilibrium, where Newton crawls, is reached
    from each side at a slightly different place)."""
    kept = np.zeros((0, points.shape[1]))
    for p in points:
        d = np.abs(wrap(kept - p, angle)) / scale
        if np.any(np.all(d <= SAME_POINT, axis=1)):
            continue
        near = np.flatnonzero(np.all(d <= NEAR, axis=1))
        if residual is not None and len(near):
            middle = p + wrap(kept[near] - p, angle) / 2
            if np.any(_norms(residual(middle)[0]) <= tolerance):
                continue
        kept = np.vstack([kept, p])
    return kept


def snapped(q: np.ndarray, scale: np.ndarray, angle: np.ndarray) -> np.ndarray:
    """Roundoff left by the search taken off: 0 for a coordinate within 1e-12 of its scale of it,
    π for an angle as near ±π (so the table reads 0 and π, not 1.8e-15 and −3.14159265358979)."""
    out = np.where(np.abs(q) <= 1e-12 * scale, 0.0, q)
    return np.where(angle & (np.abs(np.abs(out) - np.pi) <= 1e-12), np.pi, out)


def flat_directions(residual: Residual, q: np.ndarray, scale: np.ndarray, force_scale: float) -> np.ndarray:
    """The directions along which G stays zero (a family of equilibria), as columns (n×k, in the
    coordinates' own units, each of unit length in their scales)."""
    _, J = residual(q[None, :])
    n = len(q)
    Js = J[0] * scale  # in each coordinate's scale, so a metre and a radian weigh alike
    if not np.all(np.isfinite(Js)):
        return np.zeros((n, 0))
    _, s, vt = np.linalg.svd(Js)
    top = s[0] if len(s) else 0.0
    rank = int(np.sum(s > FLAT * top)) if top > 0 else 0
    candidates = vt[rank:].T if rank < n else np.zeros((n, 0))
    kept = []
    for v in candidates.T:
        d = v * scale
        probes = np.array([q + 0.05 * d, q - 0.05 * d, q + 0.3 * d])
        r, _ = residual(probes)
        if np.all(_norms(r) <= 1e-9 * max(force_scale, 1e-300)):
            kept.append(d / np.linalg.norm(v))
    return np.array(kept).T.reshape(n, len(kept))


def representative(q: np.ndarray, flat: np.ndarray, centre: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The point of a (linear) family nearest the file's conditions, in the coordinates' scales."""
    if flat.shape[1] == 0:
        return q
    B = flat / scale[:, None]
    coef, *_ = np.linalg.lstsq(B, (centre - q) / scale, rcond=None)
    return q + flat @ coef


def in_family(p: np.ndarray, q: np.ndarray, flat: np.ndarray, scale: np.ndarray, angle: np.ndarray) -> bool:
    """``p`` lies on the family through ``q`` (its difference is along the flat directions)."""
    d = wrap(p - q, angle) / scale
    B = flat / scale[:, None]
    coef, *_ = np.linalg.lstsq(B, d, rcond=None)
    return bool(np.linalg.norm(d - B @ coef) <= 1e-5 * max(1.0, float(np.linalg.norm(d))))


def search(residual: Residual, centre: np.ndarray, scale: np.ndarray, angle: np.ndarray,
           ranges: np.ndarray | None = None) -> Found:
    """Every equilibrium the starts lead to (see the module's docstring; ``ranges`` as :func:`starts`)."""
    q0 = starts(centre, scale, angle, ranges=ranges)
    step = np.where(angle, 0.5, 0.25 * scale)
    q, norm, force_scale = solve(residual, q0, step)
    if not np.any(np.isfinite(norm)):
        return Found(np.zeros((0, len(centre))), (), len(q0), force_scale, True)
    ok = np.isfinite(norm) & (norm <= CONVERGED * force_scale)
    order = np.argsort(norm[ok], kind="stable")  # the best converged first: they are kept
    points = distinct(snapped(wrap(q[ok][order], angle), scale, angle), scale, angle, residual,
                      CONVERGED * force_scale)
    out: list[np.ndarray] = []
    flats: list[np.ndarray] = []
    for p in points:
        if any(in_family(p, k, f, scale, angle) for k, f in zip(out, flats) if f.shape[1]):
            continue
        p = snapped(wrap(_polish(residual, p), angle), scale, angle)
        flat = flat_directions(residual, p, scale, force_scale)
        if flat.shape[1]:
            p = snapped(wrap(_polish(residual, representative(p, flat, centre, scale)), angle), scale, angle)
            if any(in_family(p, k, f, scale, angle) for k, f in zip(out, flats) if f.shape[1]):
                continue
        out.append(p)
        flats.append(flat)
    # points found before the family they belong to was known
    keep = [k for k, p in enumerate(out) if not any(
        j != k and flats[j].shape[1] and not flats[k].shape[1] and in_family(p, out[j], flats[j], scale, angle)
        for j in range(len(out)))]
    return Found(np.array([out[k] for k in keep]).reshape(-1, len(centre)), tuple(flats[k] for k in keep),
                 len(q0), force_scale, False)


def _polish(residual: Residual, q: np.ndarray, steps: int = 4) -> np.ndarray:
    """Plain (least-squares) Newton steps from q, kept while they lower the residual."""
    best = q
    r, J = residual(q[None, :])
    for _ in range(steps):
        if not (np.all(np.isfinite(J)) and np.all(np.isfinite(r))):
            break
        dq, *_ = np.linalg.lstsq(J[0], -r[0], rcond=None)
        trial = best + dq
        r_new, J_new = residual(trial[None, :])
        if not np.all(np.isfinite(r_new)) or _norms(r_new)[0] >= _norms(r)[0]:
            break
        best, r, J = trial, r_new, J_new
    return best
