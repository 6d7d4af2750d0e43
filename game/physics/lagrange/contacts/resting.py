"""The forces of resting contacts (SPEC §7.3), as :meth:`~.contacts.Contacts.forces` solves them:
one contact with friction that may stick in closed form (:func:`stick`); several as a small
linear complementarity problem (:func:`resting_forces`): normal forces λ ≥ 0 keeping gap¨ ≥ 0 with
λ·gap¨ = 0, friction inside its cone or at its edge, found by projected Gauss–Seidel and then
solved exactly on the rows that hold (RK4 needs the forces to round-off); and the touching
contacts put back on their constraints, round-off taken out (:func:`settle`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from .complementarity import exact_solution, projected_gauss_seidel
from .terms import Batch, BoundContact, Mode, Rest

#: projected Gauss–Seidel sweeps for resting forces at most
FORCE_SWEEPS = 300


class Plan:
    """What the LCP of some resting modes needs that does not change with the state."""

    def __init__(self, modes: Sequence[Mode], rows: tuple[int, ...], items: Sequence[BoundContact]):
        self.index = np.array(rows, dtype=np.intp)
        self._in_order = tuple(rows) == tuple(range(len(rows)))
        chosen = [items[m.contact] for m in modes]
        #: (mode index, 0 normal / 1 tangent, mu) of each normal row
        self.kinds = [(i, 0, item.friction) for i, item in enumerate(chosen)]
        slide = [m.sliding * item.kinetic if item.rubs else 0.0 for m, item in zip(modes, chosen)]
        #: sliding·mu_k of each mode, None if none slides
        self.slide = np.array(slide) if any(slide) else None
        #: the modes that may have a sticking row (friction, not sliding)
        self.may_stick = [i for i, (m, item) in enumerate(zip(modes, chosen)) if item.rubs and m.sliding == 0]
        self.key = tuple((m.contact, m.sliding) for m in modes)
        #: what resting_forces reads of the normal rows (the same at every stage)
        self.rows = RowKinds.of(self.kinds)

    def every_row(self, count: int) -> bool:
        """The modes are the batch's ``count`` rows, in order (its arrays serve as they are)."""
        return self._in_order and len(self.index) == count


def stick(a_n: float, a_t: float, g_nn: float, g_ns: float, g_ss: float, mu_s: float, mu: float
          ) -> tuple[float, float]:
    """(λ, φ) of one contact with friction that may stick: no normal or slip acceleration if
    the cone |φ| ≤ mu_s·λ allows it, else sliding with |φ| = mu·λ (mu_k), else released."""
    det = g_nn * g_ss - g_ns * g_ns
    if det > 1e-14 * g_nn * g_ss:
        lam = (-a_n * g_ss + a_t * g_ns) / det
        phi = (-a_t * g_nn + a_n * g_ns) / det
        if lam > 0 and abs(phi) <= mu_s * lam:
            return lam, phi
        sign = math.copysign(1.0, phi) if lam > 0 else -math.copysign(1.0, a_t)
    else:
        sign = -math.copysign(1.0, a_t)
    edge = g_nn + sign * mu * g_ns
    if edge <= 0:
        return max(0.0, -a_n / g_nn), 0.0
    lam = max(0.0, -a_n / edge)
    return lam, sign * mu * lam


class RowKinds(NamedTuple):
    """The rows of a resting LCP as :func:`resting_forces` reads them: each row's normal row (−1: it is
    one), each row's mu, and whether every row is a normal one."""

    normal_of: list[int]
    mu: list[float]
    normal_only: bool

    @classmethod
    def of(cls, kinds: Sequence[tuple[int, int, float]]) -> RowKinds:
        return cls([mode if kind == 1 else -1 for mode, kind, _ in kinds], [mu for _, _, mu in kinds],
                   all(kind == 0 for _, kind, _ in kinds))


def needed(item: BoundContact, mode: Mode, r: Rest) -> float:
    """The normal force contact ``mode`` (``item``) alone would need to stay shut (negative: it
    would have to pull), times J·T⁻¹·Jᵀ: an acceleration, 0 where the contact lets go."""
    if item.rubs and mode.sliding == 0:
        det = r.gnn * r.gss - r.gns * r.gns
        if det > 1e-14 * r.gnn * r.gss:
            return (-r.an * r.gss + r.at * r.gns) / det * r.gnn
    return -r.an


def resting_forces(G: np.ndarray, a_free: np.ndarray, kinds: Sequence[tuple[int, int, float]],
                     start: np.ndarray | None = None, rows: RowKinds | None = None) -> np.ndarray:
    """Forces f with a = a_free + G·f: normal rows λ ≥ 0, a ≥ 0, λ·a = 0; sticking rows a = 0
    unless |φ| would pass mu·λ of their contact. Projected Gauss–Seidel (from ``start``, the
    forces a moment ago) finds which rows hold; the equalities on those are then solved
    exactly (RK4 needs the forces to round-off, not to the sweeps' tolerance). ``rows``: what
    ``kinds`` says (:class:`RowKinds`), if it is known already."""
    rows = rows or RowKinds.of(kinds)
    if start is not None and start.any():
        # the same rows as a moment ago, solved exactly: the answer if it is consistent
        exact = _polish(G, a_free, start, rows)
        if exact is not start:
            return exact
    # to 1e-10 of the rates: the exact solve does the rest
    f = projected_gauss_seidel(G, a_free, rows.normal_of, rows.mu, FORCE_SWEEPS, 1e-10, start)
    return _polish(G, a_free, f, rows)


def _polish(G: np.ndarray, a_free: np.ndarray, f: np.ndarray, rows: RowKinds) -> np.ndarray:
    """The exact solution on the rows the sweeps left holding (and friction at the edge
    of its cone, φ = ±mu·λ, folded into its normal row), if it is consistent; else the sweeps' f."""
    if rows.normal_only:
        return _polish_normal(G, a_free, f)
    exact = exact_solution(G, a_free, f, rows.normal_of, rows.mu, rows.mu, opposing=False)
    return f if exact is None else exact


def _polish_normal(G: np.ndarray, a_free: np.ndarray, f: np.ndarray) -> np.ndarray:
    """:func:`_polish` when every row is a normal one (no friction sticks)."""
    holding = f > 0
    if not holding.any():
        return f
    A, b = G[holding][:, holding], -a_free[holding]
    try:
        sub = np.linalg.solve(A, b)
    except np.linalg.LinAlgError:
        sub = None
    if sub is None or not (sub >= 0).all():
        # rows that depend on each other (a pile held by the walls: statically indeterminate)
        # have many exact solutions: one near the forces f (the change that makes f exact, with
        # a tiny Tikhonov term that keeps it out of the null space; checked below)
        shift = 1e-12 * float(np.trace(A)) / len(A)
        try:
            sub = f[holding] + np.linalg.solve(A + shift * np.eye(len(A)), b - A @ f[holding])
        except np.linalg.LinAlgError:
            return f
    exact = np.zeros(len(f))
    exact[holding] = sub
    a = a_free + G @ exact
    tolerance = 1e-9 * (1.0 + float(np.abs(a_free).max()))
    if not (sub >= 0).all() or (a < -tolerance).any() or (np.abs(a[holding]) > tolerance).any():
        return f
    return exact


def settle(b: Batch, resting: Sequence[int], q: np.ndarray, p: np.ndarray,
           reacted: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The touching contacts of ``b`` back on their constraints, all together: every gap ≥ 0,
    and no normal speed at the ``resting`` ones (rows of ``b``). On the gaps and rates made
    linear (the corrections are round-off sized), mass-weighted so the lightest body moves;
    putting one contact back moves the others' gaps too. The rates are one linear solve;
    the gaps (an inequality each), and the rates if their rows are dependent, Gauss–Seidel."""
    if len(b.gap) == 1 and not resting:
        return gap_back(float(b.gap[0]), b.J[0].tolist(), b.WJ[0].tolist(), q, p)
    rests = np.zeros(len(b.gap), dtype=bool)
    rests[list(resting)] = True
    g, r = b.gap.copy(), np.where(rests, b.rate, 0.0)
    # (as closely as the sweeps below put them back: a gap at the round-off of a square root,
    # −1e-16, cannot be put closer to 0)
    low, moving = bool((g < -1e-15).any()), bool((np.abs(r) > 1e-15).any())
    if not low and not moving:
        return q, p
    J, WJ = b.J, b.WJ
    coupling = J @ WJ.T  # how moving along one contact's W·Jᵀ changes each gap
    q, p = q.copy(), p.copy()
    if moving:
        held = np.flatnonzero(rests)
        C = coupling[held][:, held]
        try:
            push = np.linalg.solve(C, -r[held])
        except np.linalg.LinAlgError:
            push = None
        # rows that depend on each other (a row of balls wedged wall to wall) make C singular
        # or nearly so: then the sweeps below, which take the smallest correction
        if push is not None and np.all(np.isfinite(push)) \
                and np.abs(C @ push + r[held]).max() <= 1e-9 * np.abs(r[held]).max() \
                and np.abs(push).max() * np.diag(C).max() <= 1e3 * np.abs(r[held]).max():
            p += reacted(q, J[held].T @ push)
            r[:] = 0.0
    if not low and not (np.abs(r) > 1e-15).any():
        return q, p
    for _ in range(50):
        moved = False
        for i in range(len(g)):
            a = coupling[i, i]
            if a <= 0:
                continue
            if g[i] < 0:
                step = -g[i] / a
                q += step * WJ[i]
                g += step * coupling[:, i]
                moved = True
            if rests[i] and r[i] != 0.0:
                push_i = -r[i] / a
                p += reacted(q, push_i * J[i])
                r += push_i * coupling[:, i]
                r[~rests] = 0.0
                moved = True
        if not moved or (np.all(g >= -1e-15) and not np.any(np.abs(r[rests]) > 1e-15)):
            break
    return q, p


def gap_back(gap: float, J: Sequence[float], WJ: Sequence[float], q: np.ndarray, p: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`settle` for one touching contact that does not rest (a ball just struck, parting), in
    floats: only its gap back to ≥ 0, the same steps along W·Jᵀ (after an impact, every time)."""
    if not gap < -1e-15:
        return q, p
    a = math.fsum(x * y for x, y in zip(J, WJ))
    if a <= 0:
        return q, p
    q, push = q.copy(), np.array(WJ)
    for _ in range(50):
        step = -gap / a
        q += step * push
        gap += step * a
        if gap >= -1e-15:
            break
    return q, p.copy()
