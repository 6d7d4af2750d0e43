"""The impulses of one instant of impact (SPEC §7.3), for :meth:`Contacts.resolve`.

The touching contacts that approach at one instant get their impulses together, as one
problem (a linear complementarity problem, LCP), so a ball that strikes two others at once
pushes both alike whatever order the rows are written in. With R the rows J = ∂gap/∂q of the
contacts and S = ∂slip/∂q̇ of those with friction, G = R·T⁻¹·Rᵀ and impulses f, Δp = Rᵀ·f:

- a normal impulse Pn ≥ 0 leaves the normal rate at least −e times what it was, and is 0
  where it leaves it faster than that (Newton's law, contact by contact);
- a friction impulse Pt stops the slip if |Pt| ≤ mu_s·Pn (sticking), else it slides:
  Pt = ∓mu_k·Pn against the slip that is left.

Without friction the kinetic energy changes by ½·Σ (1 − e_k)·Pn_k·vn_k ≤ 0 (vn_k < 0 before,
Pn_k ≥ 0): never a gain, and none lost with e = 1. Friction that would add energy is weakened
until it does not. Contacts that start to approach only because of these impulses (the next
ball of a Newton's cradle) are the next problem, so the impulse runs along a chain of touching
bodies and as many balls leave as came in.

Projected Gauss–Seidel finds which impulses act; they are then solved exactly on that set, so
the result does not depend on the order of the rows beyond round-off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .complementarity import exact_solution, projected_gauss_seidel
from .terms import dot, tolerance

#: projected Gauss–Seidel sweeps at most (the exact solve on the set they find does the rest)
SWEEPS = 500


@dataclass(frozen=True)
class ImpactRow:
    """One touching contact during an impact, in numbers at that instant."""

    J: np.ndarray
    WJ: np.ndarray  # T⁻¹·Jᵀ
    #: the normal rate's part that does not come from q̇ (a moving surface)
    gt: float
    restitution: float
    #: an approach slower than this is inelastic (it would bounce for fewer than a few substeps)
    resting_speed: float
    #: a normal speed below this is none
    tolerance: float
    #: friction: S, T⁻¹·Sᵀ, the slip's part that does not come from q̇, mu_s and mu_k (None: none)
    S: np.ndarray | None = None
    WS: np.ndarray | None = None
    s0: float = 0.0
    static: float = 0.0
    kinetic: float = 0.0
    a: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "a", float(self.J @ self.WJ))

    def normal_rate(self, v: np.ndarray) -> float:
        return float(self.J @ v) + self.gt

    def approaches(self, v: np.ndarray) -> bool:
        return self.a > 0 and self.normal_rate(v) < -self.tolerance


@dataclass(frozen=True)
class Impulse:
    """What one contact's impulse does: Δq̇, Δp and its normal impulse Pn."""

    dv: np.ndarray
    dp: np.ndarray
    normal: float


def simultaneous(rows: Sequence[ImpactRow], v: np.ndarray, inelastic: bool) -> list[Impulse]:
    """The impulses of ``rows`` together (see the module docstring), at velocities ``v``.
    ``inelastic``: every e taken as 0 (and a contact that parts is only kept from approaching)."""
    normal: list[np.ndarray] = []  # constraint rows, then the pushes T⁻¹·rowᵀ
    pushes: list[np.ndarray] = []
    b: list[float] = []  # what each row's rate must reach 0 from: (1 + e)·vn, or the slip
    kinds: list[tuple[int, float, float]] = []  # (normal row of the contact, mu_s, mu_k); mu < 0: a normal row
    for row in rows:
        vn = row.normal_rate(v)
        e = 0.0 if inelastic or -vn <= row.resting_speed else row.restitution
        normal.append(row.J)
        pushes.append(row.WJ)
        b.append((1.0 + e) * vn if vn < 0 else vn)
        kinds.append((len(kinds), -1.0, -1.0))
    for i, row in enumerate(rows):
        if row.S is not None and row.WS is not None:
            normal.append(row.S)
            pushes.append(row.WS)
            b.append(float(row.S @ v) + row.s0)
            kinds.append((i, row.static, row.kinetic))
    R, W = np.array(normal), np.array(pushes)
    G, rhs = R @ W.T, np.array(b)
    f = _impulses(G, rhs, kinds, 1.0)
    if any(k[1] > 0 for k in kinds) and _rise(R, W, f, v) > 0.0:
        # friction that would add kinetic energy is weakened until it does not (without it, none)
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = 0.5 * (lo + hi)
            if _rise(R, W, _impulses(G, rhs, kinds, mid), v) > 0.0:
                hi = mid
            else:
                lo = mid
        f = _impulses(G, rhs, kinds, lo)
    out = []
    count = len(rows)
    for i in range(count):
        dv, dp = f[i] * W[i], f[i] * R[i]
        for j in range(count, len(kinds)):
            if kinds[j][0] == i:
                dv, dp = dv + f[j] * W[j], dp + f[j] * R[j]
        out.append(Impulse(dv, dp, float(f[i])))
    return out


def struck_alone(J: Sequence[float], WJ: Sequence[float], v: Sequence[float], rate: float, resting_speed: float,
                 restitution: float) -> float | None:
    """The normal impulse Pn of one touching contact without friction, alone at its instant, in
    floats: what :func:`simultaneous` gives for its one row (Newton's law in closed form), 0 if it
    does not approach; None if it would still approach after that impulse (round-off): the
    rounds of :meth:`~.contacts.Contacts.resolve` then take it. ``rate`` is its normal rate,
    ``resting_speed`` the approach below which it is inelastic."""
    a = dot(J, WJ)
    along = rate - dot(J, v)  # the normal rate's part that does not come from q̇ (a moving surface)
    if not (a > 0 and rate < -tolerance(J, v)):
        return 0.0
    e = 0.0 if -rate <= resting_speed else restitution
    impulse = -(1.0 + e) * rate / a
    after = [x + impulse * w for x, w in zip(v, WJ)]
    return None if dot(J, after) + along < -tolerance(J, after) else impulse


def _rise(R: np.ndarray, W: np.ndarray, f: np.ndarray, v: np.ndarray) -> float:
    """How much ½·q̇ᵀTq̇ would rise (beyond round-off): Δpᵀ·(q̇ + Δq̇/2)."""
    dp, dv = R.T @ f, W.T @ f
    return float(dp @ (v + 0.5 * dv)) - 1e-13 * abs(float(dp @ v))


def _impulses(G: np.ndarray, b: np.ndarray, kinds: Sequence[tuple[int, float, float]], scale: float) -> np.ndarray:
    """The impulses f with rates a = b + G·f as the module docstring says, with friction
    coefficients times ``scale``."""
    m = len(b)
    if m == 1:  # one contact without friction: in closed form
        return np.array([max(0.0, -b[0] / G[0, 0])])
    f = _sweeps(G, b, kinds, scale)
    normal_of = [n if mu_s >= 0 else -1 for n, mu_s, _ in kinds]
    cone = [scale * mu_s for _, mu_s, _ in kinds]
    # friction at the edge of its static cone slides with mu_k, or with mu_s if that is no answer
    for edge in ([scale * mu_k for _, _, mu_k in kinds], cone):
        exact = exact_solution(G, b, f, normal_of, cone, edge, opposing=True, slack=1e-300)
        if exact is not None:
            return exact
    return f


def _sweeps(G: np.ndarray, b: np.ndarray, kinds: Sequence[tuple[int, float, float]], scale: float) -> np.ndarray:
    """Projected Gauss–Seidel: normal impulses ≥ 0, friction inside the static cone."""
    normal_of = [n if mu >= 0 else -1 for n, mu, _ in kinds]
    return projected_gauss_seidel(G, b, normal_of, [scale * max(mu, 0.0) for _, mu, _ in kinds], SWEEPS, 1e-12)
