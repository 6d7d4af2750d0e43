"""Small motions about an equilibrium (SPEC §7.6; seed 004 §12).

Conservative (no damping, no gyroscopic term): K·v = ω²·M·v with K = −Gq (∂²Ep/∂q² for a fixed
support), M = T(q*), solved as a symmetric problem through the Cholesky factor of M, so the
shapes come out M-orthonormal (vᵀ·M·v = 1), each signed so that its largest component is
positive. Otherwise: the eigenvalues s of the state-space matrix [[0, I], [M⁻¹Gq, M⁻¹C]],
complex as they are (a damped mode is s = −γ ± iω_d).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: eigenvalues below this fraction of the largest are zero (a neutral direction)
ZERO = 1e-9


class SingularMass(ArithmeticError):
    """T is singular or not positive definite at the equilibrium."""


@dataclass(frozen=True)
class Mode:
    """One mode: ``rate`` is ω (rad/s) for an oscillation, the growth rate (1/s, negative when
    it decays) for a motion that does not oscillate; ``period`` 2π/ω or None; ``shape`` the
    coordinates' components; ``eigenvalue`` s (or a Floquet multiplier μ)."""

    rate: float
    period: float | None
    shape: np.ndarray
    eigenvalue: complex
    oscillates: bool


def signed(v: np.ndarray) -> np.ndarray:
    """The sign rule: the largest component (the first of equal ones) positive."""
    k = int(np.argmax(np.abs(v) - 1e-12 * np.abs(v).max() * np.arange(len(v))))
    return -v if v[k] < 0 else v


def conservative(M: np.ndarray, K: np.ndarray) -> tuple[Mode, ...]:
    """Modes of K·v = ω²·M·v, ascending in ω² (unstable directions first)."""
    try:
        L = np.linalg.cholesky(M)
    except np.linalg.LinAlgError:
        raise SingularMass from None
    if not np.all(np.isfinite(L)) or np.min(np.abs(np.diag(L))) <= 1e-12 * np.max(np.abs(np.diag(L))):
        raise SingularMass
    Linv = np.linalg.inv(L)
    S = Linv @ K @ Linv.T
    lam, W = np.linalg.eigh((S + S.T) / 2)
    V = Linv.T @ W  # vᵀMv = wᵀw = 1
    tol = ZERO * max(float(np.max(np.abs(lam))), 1e-300)
    out = []
    for k in range(len(lam)):
        v = signed(V[:, k])
        s2 = float(lam[k])
        if s2 > tol:
            w = float(np.sqrt(s2))
            out.append(Mode(w, 2 * np.pi / w, v, complex(0.0, w), True))
        elif s2 < -tol:
            g = float(np.sqrt(-s2))
            out.append(Mode(g, None, v, complex(g, 0.0), False))
        else:
            out.append(Mode(0.0, None, v, 0j, False))
    return tuple(out)


def state_matrix(M: np.ndarray, Gq: np.ndarray, C: np.ndarray) -> np.ndarray:
    """[[0, I], [M⁻¹Gq, M⁻¹C]]: d(δq, δq̇)/dt of the linearised motion."""
    n = len(M)
    try:
        MinvG = np.linalg.solve(M, Gq)
        MinvC = np.linalg.solve(M, C)
    except np.linalg.LinAlgError:
        raise SingularMass from None
    return np.block([[np.zeros((n, n)), np.eye(n)], [MinvG, MinvC]])


def general(M: np.ndarray, Gq: np.ndarray, C: np.ndarray) -> tuple[Mode, ...]:
    """Modes from the eigenvalues of the state-space matrix: one per complex pair (the one with
    Im s > 0) and one per real eigenvalue; oscillations by ω_d = Im s, the rest by Re s."""
    _check_mass(M)
    s, V = np.linalg.eig(state_matrix(M, Gq, C))
    n = len(M)
    tol = ZERO * max(float(np.max(np.abs(s))), 1e-300)
    out = []
    for k in np.argsort(s.imag * 0 + np.abs(s), kind="stable"):
        z = complex(s[k])
        if z.imag < -tol:
            continue  # its conjugate stands for the pair
        shape = real_shape(V[:n, k], M)
        if z.imag > tol:
            out.append(Mode(z.imag, 2 * np.pi / z.imag, shape, z, True))
        else:
            out.append(Mode(z.real if abs(z.real) > tol else 0.0, None, shape, complex(z.real, 0.0), False))
    return tuple(out)


def _check_mass(M: np.ndarray) -> None:
    try:
        L = np.linalg.cholesky(M)
    except np.linalg.LinAlgError:
        raise SingularMass from None
    if np.min(np.abs(np.diag(L))) <= 1e-12 * np.max(np.abs(np.diag(L))):
        raise SingularMass


def real_shape(v: np.ndarray, M: np.ndarray) -> np.ndarray:
    """A complex shape turned real (its largest component made real and positive), M-normalised."""
    k = int(np.argmax(np.abs(v)))
    if abs(v[k]) == 0:
        return np.zeros(len(v))
    r = (v * np.conj(v[k]) / abs(v[k])).real
    size = float(np.sqrt(r @ M @ r))
    return signed(r / size if size > 0 else r)


def kind_of(modes: tuple[Mode, ...], damped_model: bool) -> str:
    """stable, unstable, neutral or damped, from the modes' eigenvalues."""
    scale = max((abs(m.eigenvalue) for m in modes), default=0.0)
    tol = ZERO * max(scale, 1e-300)
    if any(m.eigenvalue.real > tol for m in modes):
        return "unstable"
    if any(abs(m.eigenvalue) <= tol for m in modes):
        return "neutral"
    if damped_model and all(m.eigenvalue.real < -tol for m in modes):
        return "damped"
    return "stable"
