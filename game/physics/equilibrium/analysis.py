"""Equilibria, their stability and their modes, for a model file (SPEC §7.6).

How the model depends on t decides how it is judged: not at all (or through a steady frame,
ex. 25.11: the rest equations read t but their numbers do not change with it) — the equilibria
of G(q) = 0 and their modes; periodically, with a period given — the points where G vanishes at
every instant of the period, judged by the Floquet multipliers of the linearised motion over
one period (its monodromy matrix, by RK4); otherwise, or when nothing can be found, an
:class:`EquilibriumError` that says why.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from ...expr import Expression, ExpressionError
from ...messages import msg, number
from ...model import ModelFile, condition_values, period_value, range_values
from . import linear, search
from .constrained import analyse_mechanism
from .linear import Mode, SingularMass
from .rest import RestEquations
from .results import Analysis, Equilibrium, EquilibriumError

#: instants of the period at which a driven equilibrium must be at rest
INSTANTS = 8
#: RK4 steps over one period for the monodromy matrix
FLOQUET_STEPS = 4000
#: a multiplier this much above 1 in size grows
FLOQUET_TOLERANCE = 1e-6
#: times at which the rest equations are compared, to tell a steady frame from a changing one
PROBE_TIMES = (0.0, 0.37, 1.3, 2.9, 7.1, 31.0)


def analyse(model: ModelFile, parameters: Mapping[str, float], period: float | None = None,
            conditions: Mapping[str, Expression] | None = None) -> Analysis:
    """Every equilibrium of ``model`` the search finds, classified, with its modes. The search is
    centred on the file's conditions (or ``conditions``, overriding them by name)."""
    if model.mechanism is not None:
        return analyse_mechanism(model, parameters, conditions)
    if period is not None and not (math.isfinite(period) and period > 0):
        raise EquilibriumError(msg("modes.period_value", value=number(period)))
    if period is None:
        period = period_value(model, parameters)  # the file's periodo= (an ExpressionError at it)
    try:
        rest = RestEquations(model, parameters)
        centre = _centre(model, parameters, rest, conditions)
    except (ExpressionError, RecursionError, MemoryError, SyntaxError, ValueError) as exc:
        raise EquilibriumError(msg("modes.cannot_build", reason=str(exc) or type(exc).__name__)) from None
    ranges = _ranges(model, parameters, rest.coordinates)
    scale = _scales(model, centre, rest.angle, ranges)
    time = _how_time_enters(rest, centre, scale, period)
    times = np.array([0.0]) if time != "periodic" else np.arange(INSTANTS) * (period or 0.0) / INSTANTS

    def residual(q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        parts = [rest.force_and_stiffness(float(t), q) for t in times]
        return np.concatenate([g for g, _ in parts], axis=1), np.concatenate([j for _, j in parts], axis=1)

    found = search.search(residual, centre, scale, rest.angle, ranges)
    if found.none_computed:
        raise EquilibriumError(msg("modes.cannot_compute"))
    points, flats = found.points, found.flat
    if len(points) and rest.gaps(0.0, points) is not None:
        gaps = rest.gaps(0.0, points)
        assert gaps is not None
        clear = np.all(gaps > 1e-9 * float(np.max(scale)), axis=1)
        if not np.any(clear):
            raise EquilibriumError(msg("modes.none_clear", count=len(points)))
        points, flats = points[clear], tuple(f for f, c in zip(flats, clear) if c)
    if not len(points):
        key = "modes.none_driven" if time == "periodic" else "modes.none"
        raise EquilibriumError(msg(key, starts=found.starts))
    out = [_judge(rest, q, flat, time, period) for q, flat in zip(points, flats)]
    out.sort(key=lambda e: (round(e.potential, 9), *np.round(e.q, 9)))
    return Analysis(rest.coordinates, tuple(out), time, period if time == "periodic" else None, found.starts)


def _centre(model: ModelFile, parameters: Mapping[str, float], rest: RestEquations,
            conditions: Mapping[str, Expression] | None) -> np.ndarray:
    values = condition_values(model, parameters, conditions)
    return np.array([values[c] for c in rest.coordinates], dtype=float)


def _ranges(model: ModelFile, parameters: Mapping[str, float], coordinates: tuple[str, ...]) -> np.ndarray:
    """Each coordinate's ``range: LO:HI`` from its CI row, as rows (NaN, NaN) where it gives none."""
    given = range_values(model, parameters)
    return np.array([given.get(c, (math.nan, math.nan)) for c in coordinates], dtype=float).reshape(-1, 2)


def _scales(model: ModelFile, centre: np.ndarray, angle: np.ndarray, ranges: np.ndarray) -> np.ndarray:
    """How far a coordinate is searched from the file's value: one turn for an angle; for a length,
    half its range when its row gives one, else about the half-height of the picture in model
    units, or twice its value if that is more."""
    seen = 400.0 / model.general.escala if model.general.escala > 0 else 1.0
    guessed = np.where(angle, 1.0, np.maximum(seen, 2 * np.abs(centre)))
    return np.where(np.isfinite(ranges[:, 0]) & ~angle, (ranges[:, 1] - ranges[:, 0]) / 2, guessed)


def _how_time_enters(rest: RestEquations, centre: np.ndarray, scale: np.ndarray, period: float | None) -> str:
    """still, steady or periodic (with ``period``); EquilibriumError when the rest equations change
    with t otherwise."""
    if not rest.reads_time:
        return "still"
    rng = np.random.default_rng(1)
    q = centre + scale * (rng.random((4, len(centre))) - 0.5)

    def equations(t: float) -> np.ndarray:
        G, Gq = rest.force_and_stiffness(t, q)
        T, _, C = rest.matrices(t, q[0])
        return np.concatenate([G.ravel(), Gq.ravel(), T.ravel(), C.ravel()])

    base = equations(0.0)
    size = max(float(np.max(np.abs(base[np.isfinite(base)]), initial=0.0)), 1e-300)
    if all(np.allclose(equations(t), base, rtol=1e-10, atol=1e-12 * size, equal_nan=True) for t in PROBE_TIMES):
        return "steady"
    if period is None:
        raise EquilibriumError(msg("modes.time_dependent"))
    for t in (0.31 * period, 0.77 * period, 1.9):
        if not np.allclose(equations(t + period), equations(t), rtol=1e-8, atol=1e-10 * size, equal_nan=True):
            raise EquilibriumError(msg("modes.not_periodic", period=number(period)))
    return "periodic"


def _judge(rest: RestEquations, q: np.ndarray, flat: np.ndarray, time: str, period: float | None) -> Equilibrium:
    ep = rest.potential(0.0, q)
    where = ", ".join(f"{c} = {number(x)}" for c, x in zip(rest.coordinates, q))
    try:
        if time == "periodic":
            assert period is not None
            modes = floquet(rest, q, period)
            grows = any(abs(m.eigenvalue) > 1 + FLOQUET_TOLERANCE for m in modes)
            kind = "driven-unstable" if grows else "driven-stable"
        else:
            T, Gq, C = (x[0] for x in rest.matrices(0.0, q))
            if not np.all(np.isfinite(T)) or not np.all(np.isfinite(Gq)) or not np.all(np.isfinite(C)):
                raise EquilibriumError(msg("modes.not_finite", where=where))
            symmetric = np.allclose(Gq, Gq.T, rtol=1e-9, atol=1e-12 * max(float(np.max(np.abs(Gq))), 1e-300))
            if (rest.has_velocity_terms and np.any(C != 0)) or not symmetric:
                modes = linear.general(T, Gq, C)
            else:
                modes = linear.conservative(T, -Gq)
            kind = linear.kind_of(modes, damped_model=bool(np.any(C != 0)))
    except SingularMass:
        raise EquilibriumError(msg("modes.singular_mass", where=where)) from None
    return Equilibrium(q, ep, kind, modes, flat)


def floquet(rest: RestEquations, q: np.ndarray, period: float, steps: int = FLOQUET_STEPS) -> tuple[Mode, ...]:
    """The Floquet multipliers μ of the motion linearised about q over one period (the eigenvalues
    of its monodromy matrix, by RK4 with ``steps`` steps): a mode per multiplier (one per complex
    pair): the growth rate ln|μ|/period when |μ| > 1; else ω = |arg μ|/period when μ turns, or
    the rate ln|μ|/period (≤ 0) when it is real and positive."""
    n = len(q)
    h = period / steps
    times = np.arange(2 * steps + 1) * (h / 2)
    T, Gq, C = rest.matrices(times, q)
    if not (np.all(np.isfinite(T)) and np.all(np.isfinite(Gq)) and np.all(np.isfinite(C))):
        raise SingularMass
    try:
        lower = np.concatenate([np.linalg.solve(T, Gq), np.linalg.solve(T, C)], axis=2)
    except np.linalg.LinAlgError:
        raise SingularMass from None
    J = np.zeros((len(times), 2 * n, 2 * n))
    J[:, :n, n:] = np.eye(n)
    J[:, n:, :] = lower
    Phi = np.eye(2 * n)
    for k in range(steps):
        a, b, c = J[2 * k], J[2 * k + 1], J[2 * k + 2]
        k1 = a @ Phi
        k2 = b @ (Phi + (h / 2) * k1)
        k3 = b @ (Phi + (h / 2) * k2)
        k4 = c @ (Phi + h * k3)
        Phi = Phi + (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4)
    mu, V = np.linalg.eig(Phi)
    M = T[0]
    out = []
    for k in np.argsort(-np.abs(mu), kind="stable"):
        z = complex(mu[k])
        if z.imag < -1e-12:
            continue
        shape = linear.real_shape(V[:n, k], M)
        size = abs(z)
        if size > 1 + FLOQUET_TOLERANCE:  # grows: by its rate, whatever its turning
            out.append(Mode(math.log(size) / period, None, shape, z, False))
        elif abs(z.imag) <= 1e-12 and z.real > 0:  # neither grows nor turns: decays, or stays
            rate = math.log(size) / period if size < 1 - FLOQUET_TOLERANCE else 0.0
            out.append(Mode(rate, None, shape, z, False))
        else:
            w = abs(math.atan2(z.imag, z.real)) / period
            out.append(Mode(w, 2 * math.pi / w, shape, z, True))
    return tuple(out)
